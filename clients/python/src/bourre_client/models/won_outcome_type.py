from enum import StrEnum


class WonOutcomeType(StrEnum):
    WON = "won"

    def __str__(self) -> str:
        return str(self.value)
