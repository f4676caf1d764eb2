from enum import StrEnum


class AllPassedOutcomeType(StrEnum):
    ALL_PASSED = "all_passed"

    def __str__(self) -> str:
        return str(self.value)
