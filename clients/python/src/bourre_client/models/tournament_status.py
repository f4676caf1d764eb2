from enum import StrEnum


class TournamentStatus(StrEnum):
    CANCELLED = "cancelled"
    FINISHED = "finished"
    RUNNING = "running"
    SCHEDULED = "scheduled"

    def __str__(self) -> str:
        return str(self.value)
