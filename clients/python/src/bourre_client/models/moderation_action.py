from enum import StrEnum


class ModerationAction(StrEnum):
    DISMISS = "dismiss"
    HIDE = "hide"
    MUTE = "mute"
    REMOVE = "remove"

    def __str__(self) -> str:
        return str(self.value)
