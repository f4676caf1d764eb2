from enum import StrEnum


class ClientSeedSetType(StrEnum):
    CLIENT_SEED_SET = "client_seed_set"

    def __str__(self) -> str:
        return str(self.value)
