from enum import StrEnum


class ListReportsState(StrEnum):
    OPEN = "open"
    RESOLVED = "resolved"

    def __str__(self) -> str:
        return str(self.value)
