from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExportedSeat")


@_attrs_define
class ExportedSeat:
    """
    Attributes:
        league_id (UUID): The table's league.
        sat_at (datetime.datetime): When they sat down.
        seat (int): The seat, 0-7.
        table_id (UUID): The table.
    """

    league_id: UUID
    sat_at: datetime.datetime
    seat: int
    table_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        league_id = str(self.league_id)

        sat_at = self.sat_at.isoformat()

        seat = self.seat

        table_id = str(self.table_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "league_id": league_id,
                "sat_at": sat_at,
                "seat": seat,
                "table_id": table_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        league_id = UUID(d.pop("league_id"))

        sat_at = datetime.datetime.fromisoformat(d.pop("sat_at"))

        seat = d.pop("seat")

        table_id = UUID(d.pop("table_id"))

        exported_seat = cls(
            league_id=league_id,
            sat_at=sat_at,
            seat=seat,
            table_id=table_id,
        )

        exported_seat.additional_properties = d
        return exported_seat

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
