from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Credentials")


@_attrs_define
class Credentials:
    """
    Attributes:
        password (str): 8 to 128 characters, no control characters.
        username (str): 3 to 32 characters: letters, digits, `_`, `-`, `.`.
    """

    password: str
    username: str

    def to_dict(self) -> dict[str, Any]:
        password = self.password

        username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "password": password,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        password = d.pop("password")

        username = d.pop("username")

        credentials = cls(
            password=password,
            username=username,
        )

        return credentials
