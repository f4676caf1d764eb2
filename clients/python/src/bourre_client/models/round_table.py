from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.round_seat import RoundSeat


T = TypeVar("T", bound="RoundTable")


@_attrs_define
class RoundTable:
    """One table of a round.

    Attributes:
        players (list[RoundSeat]): Its players, by seat.
        table_id (UUID): The table (`GET /v1/tables/{table_id}`).
    """

    players: list[RoundSeat]
    table_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        table_id = str(self.table_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "players": players,
                "table_id": table_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_seat import RoundSeat

        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = RoundSeat.from_dict(players_item_data)

            players.append(players_item)

        table_id = UUID(d.pop("table_id"))

        round_table = cls(
            players=players,
            table_id=table_id,
        )

        round_table.additional_properties = d
        return round_table

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
