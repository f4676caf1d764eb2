from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatToAct")


@_attrs_define
class SeatToAct:
    """A seat to act, and who sits there.

    Attributes:
        player_id (UUID): The player sitting there.
        seat (int): The seat to act, 0-7.
    """

    player_id: UUID
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = str(self.player_id)

        seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player_id": player_id,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player_id = UUID(d.pop("player_id"))

        seat = d.pop("seat")

        seat_to_act = cls(
            player_id=player_id,
            seat=seat,
        )

        seat_to_act.additional_properties = d
        return seat_to_act

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
