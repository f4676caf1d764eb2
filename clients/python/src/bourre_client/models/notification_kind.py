from enum import StrEnum


class NotificationKind(StrEnum):
    HAND_ENDED = "hand.ended"
    PLAYER_TIMED_OUT = "player.timed_out"
    REPORT_CREATED = "report.created"
    TOURNAMENT_FINISHED = "tournament.finished"
    TOURNAMENT_ROUND_STARTED = "tournament.round_started"
    TOURNAMENT_STARTING = "tournament.starting"
    TURN_REMINDER = "turn.reminder"
    TURN_STARTED = "turn.started"

    def __str__(self) -> str:
        return str(self.value)
