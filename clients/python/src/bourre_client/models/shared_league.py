from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SharedLeague")


@_attrs_define
class SharedLeague:
    """One league the caller shares with a player, and how the player does there.

    Attributes:
        balance (int): The player's chips there now.
        hands_played (int): Hands they were dealt into that ended there (all time).
        league_id (UUID): The league.
        name (str): Its name.
        pots_won (int): Hands whose pot they took there (all time).
        rating (float): Their Weng-Lin rating there (mu), 25 to start.
    """

    balance: int
    hands_played: int
    league_id: UUID
    name: str
    pots_won: int
    rating: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        hands_played = self.hands_played

        league_id = str(self.league_id)

        name = self.name

        pots_won = self.pots_won

        rating = self.rating

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "hands_played": hands_played,
                "league_id": league_id,
                "name": name,
                "pots_won": pots_won,
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        balance = d.pop("balance")

        hands_played = d.pop("hands_played")

        league_id = UUID(d.pop("league_id"))

        name = d.pop("name")

        pots_won = d.pop("pots_won")

        rating = d.pop("rating")

        shared_league = cls(
            balance=balance,
            hands_played=hands_played,
            league_id=league_id,
            name=name,
            pots_won=pots_won,
            rating=rating,
        )

        shared_league.additional_properties = d
        return shared_league

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
