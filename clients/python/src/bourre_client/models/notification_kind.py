from enum import StrEnum


class NotificationKind(StrEnum):
    HAND_ENDED = "hand.ended"
    PLAYER_TIMED_OUT = "player.timed_out"
    REPORT_CREATED = "report.created"
    TURN_REMINDER = "turn.reminder"
    TURN_STARTED = "turn.started"

    def __str__(self) -> str:
        return str(self.value)
