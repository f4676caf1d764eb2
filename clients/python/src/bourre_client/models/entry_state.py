from enum import StrEnum


class EntryState(StrEnum):
    FORFEITED = "forfeited"
    PLAYING = "playing"
    WITHDRAWN = "withdrawn"

    def __str__(self) -> str:
        return str(self.value)
