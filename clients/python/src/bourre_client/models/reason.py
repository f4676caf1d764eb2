from enum import StrEnum


class Reason(StrEnum):
    ANTE = "ante"
    BOURRE = "bourre"
    BUY_IN = "buy_in"
    BUY_IN_RETURNED = "buy_in_returned"
    EXTRA_ANTE = "extra_ante"
    GRANT = "grant"
    MEMBER_REMOVED = "member_removed"
    POT_RETURNED = "pot_returned"
    POT_WON = "pot_won"
    PRIZE = "prize"
    STARTING_BALANCE = "starting_balance"

    def __str__(self) -> str:
        return str(self.value)
