from enum import StrEnum


class TableClosedType(StrEnum):
    TABLE_CLOSED = "table_closed"

    def __str__(self) -> str:
        return str(self.value)
