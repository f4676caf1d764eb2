from enum import StrEnum


class HandStartedViewType(StrEnum):
    HAND_STARTED = "hand_started"

    def __str__(self) -> str:
        return str(self.value)
