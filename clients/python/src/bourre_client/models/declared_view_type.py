from enum import StrEnum


class DeclaredViewType(StrEnum):
    DECLARED = "declared"

    def __str__(self) -> str:
        return str(self.value)
