from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentEntry")


@_attrs_define
class TournamentEntry:
    """An entry taken.

    Attributes:
        balance (int): The player's balance in the league after it.
        buy_in (int): The chips held in the pool for the entry.
        entered_at (datetime.datetime): When (the earlier entry breaks the last tie).
        first_round (int): The first round the player is seated in (later than 1 for a late entry).
        player_id (UUID): Who entered: the caller.
        tournament_id (UUID): The tournament entered.
    """

    balance: int
    buy_in: int
    entered_at: datetime.datetime
    first_round: int
    player_id: UUID
    tournament_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        buy_in = self.buy_in

        entered_at = self.entered_at.isoformat()

        first_round = self.first_round

        player_id = str(self.player_id)

        tournament_id = str(self.tournament_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "buy_in": buy_in,
                "entered_at": entered_at,
                "first_round": first_round,
                "player_id": player_id,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        balance = d.pop("balance")

        buy_in = d.pop("buy_in")

        entered_at = datetime.datetime.fromisoformat(d.pop("entered_at"))

        first_round = d.pop("first_round")

        player_id = UUID(d.pop("player_id"))

        tournament_id = UUID(d.pop("tournament_id"))

        tournament_entry = cls(
            balance=balance,
            buy_in=buy_in,
            entered_at=entered_at,
            first_round=first_round,
            player_id=player_id,
            tournament_id=tournament_id,
        )

        tournament_entry.additional_properties = d
        return tournament_entry

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
