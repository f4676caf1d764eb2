from enum import StrEnum


class DeclaredType(StrEnum):
    DECLARED = "declared"

    def __str__(self) -> str:
        return str(self.value)
