from enum import StrEnum


class UncontestedOutcomeType(StrEnum):
    UNCONTESTED = "uncontested"

    def __str__(self) -> str:
        return str(self.value)
