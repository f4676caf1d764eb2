from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EmailOut")


@_attrs_define
class EmailOut:
    """
    Attributes:
        code_expires_at (datetime.datetime | None): When the code mailed to it stops working; null once verified.
        email (str): The caller's email, lower-cased.
        verified (bool): Whether it was confirmed with the code mailed to it.
    """

    code_expires_at: datetime.datetime | None
    email: str
    verified: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code_expires_at: None | str
        if isinstance(self.code_expires_at, datetime.datetime):
            code_expires_at = self.code_expires_at.isoformat()
        else:
            code_expires_at = self.code_expires_at

        email = self.email

        verified = self.verified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code_expires_at": code_expires_at,
                "email": email,
                "verified": verified,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_code_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return code_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        code_expires_at = _parse_code_expires_at(d.pop("code_expires_at"))

        email = d.pop("email")

        verified = d.pop("verified")

        email_out = cls(
            code_expires_at=code_expires_at,
            email=email,
            verified=verified,
        )

        email_out.additional_properties = d
        return email_out

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
