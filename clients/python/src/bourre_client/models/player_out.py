from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayerOut")


@_attrs_define
class PlayerOut:
    """
    Attributes:
        guest (bool): A guest (`POST /v1/auth/guest`): no password yet; `POST /v1/players/me/upgrade` gives it
            one.
        id (UUID): The player's id.
        username (str): Their username.
    """

    guest: bool
    id: UUID
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        guest = self.guest

        id = str(self.id)

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "guest": guest,
                "id": id,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        guest = d.pop("guest")

        id = UUID(d.pop("id"))

        username = d.pop("username")

        player_out = cls(
            guest=guest,
            id=id,
            username=username,
        )

        player_out.additional_properties = d
        return player_out

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
