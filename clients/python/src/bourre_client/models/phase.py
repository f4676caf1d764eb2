from enum import StrEnum


class Phase(StrEnum):
    COMPLETE = "complete"
    DECLARE = "declare"
    DRAW = "draw"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
