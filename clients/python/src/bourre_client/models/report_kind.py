from enum import StrEnum


class ReportKind(StrEnum):
    LEAGUE = "league"
    MESSAGE = "message"
    PLAYER = "player"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
