from enum import StrEnum


class ReportStatus(StrEnum):
    DISMISSED = "dismissed"
    HIDDEN = "hidden"
    MUTED = "muted"
    OPEN = "open"
    REMOVED = "removed"

    def __str__(self) -> str:
        return str(self.value)
