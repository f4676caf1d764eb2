from enum import StrEnum


class RevealedType(StrEnum):
    REVEALED = "revealed"

    def __str__(self) -> str:
        return str(self.value)
