from enum import StrEnum


class HandEndedType(StrEnum):
    HAND_ENDED = "hand_ended"

    def __str__(self) -> str:
        return str(self.value)
