from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="GrantIn")


@_attrs_define
class GrantIn:
    """
    Attributes:
        amount (int): Chips from the treasury (negative takes chips back, between hands); never 0.
        player_id (UUID): The member to grant chips to.
        reason (str): Why: a rebuy, a correction, ... (shown in the ledger): at most 200 characters, not
            all spaces, no control characters, bidirectional controls or zero-width characters.
    """

    amount: int
    player_id: UUID
    reason: str

    def to_dict(self) -> dict[str, Any]:
        amount: int
        amount = self.amount

        player_id = str(self.player_id)

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "player_id": player_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_amount(data: object) -> int:
            return cast(int, data)

        amount = _parse_amount(d.pop("amount"))

        player_id = UUID(d.pop("player_id"))

        reason = d.pop("reason")

        grant_in = cls(
            amount=amount,
            player_id=player_id,
            reason=reason,
        )

        return grant_in
