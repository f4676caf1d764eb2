from enum import StrEnum


class DrewViewType(StrEnum):
    DREW = "drew"

    def __str__(self) -> str:
        return str(self.value)
