from enum import StrEnum


class SplitPot(StrEnum):
    CARRY = "carry"
    SHARE = "share"

    def __str__(self) -> str:
        return str(self.value)
