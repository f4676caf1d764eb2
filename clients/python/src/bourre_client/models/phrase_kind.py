from enum import StrEnum


class PhraseKind(StrEnum):
    EMOTE = "emote"
    PHRASE = "phrase"

    def __str__(self) -> str:
        return str(self.value)
