from enum import StrEnum


class ListLeagueTablesStatus(StrEnum):
    CLOSED = "closed"
    OPEN = "open"
    PLAYING = "playing"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
