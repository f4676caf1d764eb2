from enum import StrEnum


class SplitOutcomeType(StrEnum):
    SPLIT = "split"

    def __str__(self) -> str:
        return str(self.value)
