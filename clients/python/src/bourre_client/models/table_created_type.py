from enum import StrEnum


class TableCreatedType(StrEnum):
    TABLE_CREATED = "table_created"

    def __str__(self) -> str:
        return str(self.value)
