from enum import StrEnum


class Reason(StrEnum):
    ANTE = "ante"
    BOURRE = "bourre"
    EXTRA_ANTE = "extra_ante"
    GRANT = "grant"
    MEMBER_REMOVED = "member_removed"
    POT_RETURNED = "pot_returned"
    POT_WON = "pot_won"
    STARTING_BALANCE = "starting_balance"

    def __str__(self) -> str:
        return str(self.value)
