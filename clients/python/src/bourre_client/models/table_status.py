from enum import StrEnum


class TableStatus(StrEnum):
    CLOSED = "closed"
    PLAYING = "playing"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
