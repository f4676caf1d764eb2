from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.role import Role

T = TypeVar("T", bound="ExportedMembership")


@_attrs_define
class ExportedMembership:
    """
    Attributes:
        joined_at (datetime.datetime): When they became a member.
        league_id (UUID): The league.
        role (Role): A member's role in a league.
    """

    joined_at: datetime.datetime
    league_id: UUID
    role: Role
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        joined_at = self.joined_at.isoformat()

        league_id = str(self.league_id)

        role = self.role.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "joined_at": joined_at,
                "league_id": league_id,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        league_id = UUID(d.pop("league_id"))

        role = Role(d.pop("role"))

        exported_membership = cls(
            joined_at=joined_at,
            league_id=league_id,
            role=role,
        )

        exported_membership.additional_properties = d
        return exported_membership

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
