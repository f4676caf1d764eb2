from enum import StrEnum


class JoinPolicy(StrEnum):
    APPROVAL = "approval"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
