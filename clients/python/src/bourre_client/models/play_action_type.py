from enum import StrEnum


class PlayActionType(StrEnum):
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
