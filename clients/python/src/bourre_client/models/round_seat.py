from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RoundSeat")


@_attrs_define
class RoundSeat:
    """A player at a round's table.

    Attributes:
        player_id (UUID): Who sits there.
        seat (int): The seat, 0 to 7.
        username (str): Their username.
    """

    player_id: UUID
    seat: int
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = str(self.player_id)

        seat = self.seat

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player_id": player_id,
                "seat": seat,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player_id = UUID(d.pop("player_id"))

        seat = d.pop("seat")

        username = d.pop("username")

        round_seat = cls(
            player_id=player_id,
            seat=seat,
            username=username,
        )

        round_seat.additional_properties = d
        return round_seat

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
