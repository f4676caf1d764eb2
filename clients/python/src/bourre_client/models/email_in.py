from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="EmailIn")


@_attrs_define
class EmailIn:
    """
    Attributes:
        email (str): One address, at most 254 characters (stored lower-cased): the caller's new email, or
            for a password reset the account's verified one. Example: ann@example.com.
    """

    email: str

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        email_in = cls(
            email=email,
        )

        return email_in
