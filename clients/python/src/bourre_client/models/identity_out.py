from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="IdentityOut")


@_attrs_define
class IdentityOut:
    """
    Attributes:
        email (None | str): The email the provider vouched for when it was linked; null when it gave none.
        linked_at (datetime.datetime): When it was linked.
        provider (str): The provider's name.
    """

    email: None | str
    linked_at: datetime.datetime
    provider: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email: None | str
        email = self.email

        linked_at = self.linked_at.isoformat()

        provider = self.provider

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "linked_at": linked_at,
                "provider": provider,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        linked_at = datetime.datetime.fromisoformat(d.pop("linked_at"))

        provider = d.pop("provider")

        identity_out = cls(
            email=email,
            linked_at=linked_at,
            provider=provider,
        )

        identity_out.additional_properties = d
        return identity_out

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
