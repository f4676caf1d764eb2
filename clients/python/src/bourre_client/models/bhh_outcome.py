from enum import StrEnum


class BhhOutcome(StrEnum):
    ALL_PASSED = "all_passed"
    SPLIT = "split"
    UNCONTESTED = "uncontested"
    WON = "won"

    def __str__(self) -> str:
        return str(self.value)
