from enum import StrEnum


class LegalOutAction(StrEnum):
    DECLARE = "declare"
    DRAW = "draw"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
