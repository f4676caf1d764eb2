from enum import StrEnum


class SeedRevealedType(StrEnum):
    SEED_REVEALED = "seed_revealed"

    def __str__(self) -> str:
        return str(self.value)
