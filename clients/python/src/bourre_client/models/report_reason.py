from enum import StrEnum


class ReportReason(StrEnum):
    CHEATING = "cheating"
    HARASSMENT = "harassment"
    HATE = "hate"
    IMPERSONATION = "impersonation"
    OTHER = "other"
    SEXUAL = "sexual"
    SPAM = "spam"

    def __str__(self) -> str:
        return str(self.value)
