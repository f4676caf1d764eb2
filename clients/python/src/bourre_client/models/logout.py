from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Logout")


@_attrs_define
class Logout:
    """
    Attributes:
        all_ (bool | Unset): End every session of the player, not only this one.
    """

    all_: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        all_ = self.all_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if all_ is not UNSET:
            field_dict["all"] = all_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        all_ = d.pop("all", UNSET)

        logout = cls(
            all_=all_,
        )

        return logout
