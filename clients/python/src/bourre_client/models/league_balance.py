from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.role import Role

T = TypeVar("T", bound="LeagueBalance")


@_attrs_define
class LeagueBalance:
    """
    Attributes:
        balance (int): The caller's chips there.
        league_id (UUID): The league's id.
        name (str): The league's name.
        role (Role): A member's role in a league.
    """

    balance: int
    league_id: UUID
    name: str
    role: Role
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        league_id = str(self.league_id)

        name = self.name

        role = self.role.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "league_id": league_id,
                "name": name,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        balance = d.pop("balance")

        league_id = UUID(d.pop("league_id"))

        name = d.pop("name")

        role = Role(d.pop("role"))

        league_balance = cls(
            balance=balance,
            league_id=league_id,
            name=name,
            role=role,
        )

        league_balance.additional_properties = d
        return league_balance

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
