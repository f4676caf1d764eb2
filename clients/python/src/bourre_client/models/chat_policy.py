from enum import StrEnum


class ChatPolicy(StrEnum):
    OFF = "off"
    PHRASES = "phrases"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
