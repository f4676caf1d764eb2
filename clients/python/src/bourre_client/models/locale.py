from enum import StrEnum


class Locale(StrEnum):
    EN = "en"
    JA = "ja"
    TH = "th"
    ZH_HANS = "zh-Hans"

    def __str__(self) -> str:
        return str(self.value)
