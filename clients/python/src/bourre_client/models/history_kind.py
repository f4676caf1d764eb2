from enum import StrEnum


class HistoryKind(StrEnum):
    ADMIN_HANDED_ON = "admin_handed_on"
    ADMIN_PROMOTED = "admin_promoted"
    CHAT_POLICY_CHANGED = "chat_policy_changed"
    LEAGUE_CLOSED = "league_closed"
    MEMBER_DELETED = "member_deleted"
    MEMBER_REMOVED = "member_removed"
    REPORT_RESOLVED = "report_resolved"
    WEBHOOK_TAKEN_OVER = "webhook_taken_over"

    def __str__(self) -> str:
        return str(self.value)
