from enum import StrEnum


class SeatStatus(StrEnum):
    DECLARED = "declared"
    PASSED = "passed"
    PLAYING = "playing"
    SITTING_OUT = "sitting_out"
    UNDECIDED = "undecided"

    def __str__(self) -> str:
        return str(self.value)
