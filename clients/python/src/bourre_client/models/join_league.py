from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="JoinLeague")


@_attrs_define
class JoinLeague:
    """
    Attributes:
        invite_code (str): The league's invite code, from an admin or an invite link.
    """

    invite_code: str

    def to_dict(self) -> dict[str, Any]:
        invite_code = self.invite_code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invite_code": invite_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invite_code = d.pop("invite_code")

        join_league = cls(
            invite_code=invite_code,
        )

        return join_league
