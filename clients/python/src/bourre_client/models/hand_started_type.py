from enum import StrEnum


class HandStartedType(StrEnum):
    HAND_STARTED = "hand_started"

    def __str__(self) -> str:
        return str(self.value)
