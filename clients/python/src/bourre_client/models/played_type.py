from enum import StrEnum


class PlayedType(StrEnum):
    PLAYED = "played"

    def __str__(self) -> str:
        return str(self.value)
