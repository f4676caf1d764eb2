from enum import StrEnum


class PotPenalty(StrEnum):
    POT = "pot"

    def __str__(self) -> str:
        return str(self.value)
