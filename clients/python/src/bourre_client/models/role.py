from enum import StrEnum


class Role(StrEnum):
    ADMIN = "admin"
    BOT = "bot"
    MEMBER = "member"

    def __str__(self) -> str:
        return str(self.value)
