from enum import StrEnum


class GetStandingsSort(StrEnum):
    BALANCE = "balance"
    BOURRES = "bourres"
    GRANTS = "grants"
    HANDS_PLAYED = "hands_played"
    NET = "net"
    POTS_WON = "pots_won"
    RATING = "rating"
    SPLIT_POTS = "split_pots"
    TRICKS = "tricks"
    USERNAME = "username"

    def __str__(self) -> str:
        return str(self.value)
