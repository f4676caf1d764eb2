from enum import StrEnum


class DeclareActionType(StrEnum):
    DECLARE = "declare"

    def __str__(self) -> str:
        return str(self.value)
