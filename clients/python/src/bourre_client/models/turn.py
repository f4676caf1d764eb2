from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Turn")


@_attrs_define
class Turn:
    """
    Attributes:
        deadline (datetime.datetime): When the turn times out (the table's time to act after the turn began).
        hand_no (int): The hand in play.
        league_id (UUID): The table's league.
        name (str): The table's name.
        table_id (UUID): The table.
        version (int): The table's version (the seq of its last event), for `expected_version`.
    """

    deadline: datetime.datetime
    hand_no: int
    league_id: UUID
    name: str
    table_id: UUID
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deadline = self.deadline.isoformat()

        hand_no = self.hand_no

        league_id = str(self.league_id)

        name = self.name

        table_id = str(self.table_id)

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deadline": deadline,
                "hand_no": hand_no,
                "league_id": league_id,
                "name": name,
                "table_id": table_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        deadline = datetime.datetime.fromisoformat(d.pop("deadline"))

        hand_no = d.pop("hand_no")

        league_id = UUID(d.pop("league_id"))

        name = d.pop("name")

        table_id = UUID(d.pop("table_id"))

        version = d.pop("version")

        turn = cls(
            deadline=deadline,
            hand_no=hand_no,
            league_id=league_id,
            name=name,
            table_id=table_id,
            version=version,
        )

        turn.additional_properties = d
        return turn

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
