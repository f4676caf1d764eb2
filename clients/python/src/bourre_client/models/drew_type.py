from enum import StrEnum


class DrewType(StrEnum):
    DREW = "drew"

    def __str__(self) -> str:
        return str(self.value)
