from enum import StrEnum


class DrawActionType(StrEnum):
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
