from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.entry_state import EntryState
from ..types import UNSET, Unset

T = TypeVar("T", bound="TournamentStanding")


@_attrs_define
class TournamentStanding:
    """One line of the standings.

    Attributes:
        bourres (int): Hands where they were bourré.
        chips (int): Chips won, less chips lost, at the tournament's tables.
        entered_at (datetime.datetime): When they entered (the last tie-break).
        hands_won (int): Hands where they took the pot or a share of it.
        place (int): 1 for the best; players tied on chips, hands won and bourrés share a place.
        player_id (UUID): The entrant.
        state (EntryState): Where an entrant is in the tournament.
        username (str): Their username.
        prize (int | Unset): The prize paid, once the tournament finished (0 beyond the paid places).
    """

    bourres: int
    chips: int
    entered_at: datetime.datetime
    hands_won: int
    place: int
    player_id: UUID
    state: EntryState
    username: str
    prize: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bourres = self.bourres

        chips = self.chips

        entered_at = self.entered_at.isoformat()

        hands_won = self.hands_won

        place = self.place

        player_id = str(self.player_id)

        state = self.state.value

        username = self.username

        prize = self.prize

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bourres": bourres,
                "chips": chips,
                "entered_at": entered_at,
                "hands_won": hands_won,
                "place": place,
                "player_id": player_id,
                "state": state,
                "username": username,
            }
        )
        if prize is not UNSET:
            field_dict["prize"] = prize

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        bourres = d.pop("bourres")

        chips = d.pop("chips")

        entered_at = datetime.datetime.fromisoformat(d.pop("entered_at"))

        hands_won = d.pop("hands_won")

        place = d.pop("place")

        player_id = UUID(d.pop("player_id"))

        state = EntryState(d.pop("state"))

        username = d.pop("username")

        prize = d.pop("prize", UNSET)

        tournament_standing = cls(
            bourres=bourres,
            chips=chips,
            entered_at=entered_at,
            hands_won=hands_won,
            place=place,
            player_id=player_id,
            state=state,
            username=username,
            prize=prize,
        )

        tournament_standing.additional_properties = d
        return tournament_standing

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
