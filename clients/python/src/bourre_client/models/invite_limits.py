from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InviteLimits")


@_attrs_define
class InviteLimits:
    """What a new invite code is good for (each unlimited when left out).

    Attributes:
        expires_in_secs (int | None | Unset): Seconds the code works for.
        max_uses (int | None | Unset): Joins the code works for (1: a single-use invite).
    """

    expires_in_secs: int | None | Unset = UNSET
    max_uses: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expires_in_secs: int | None | Unset
        if isinstance(self.expires_in_secs, Unset):
            expires_in_secs = UNSET
        else:
            expires_in_secs = self.expires_in_secs

        max_uses: int | None | Unset
        if isinstance(self.max_uses, Unset):
            max_uses = UNSET
        else:
            max_uses = self.max_uses

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if expires_in_secs is not UNSET:
            field_dict["expires_in_secs"] = expires_in_secs
        if max_uses is not UNSET:
            field_dict["max_uses"] = max_uses

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_expires_in_secs(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_secs = _parse_expires_in_secs(d.pop("expires_in_secs", UNSET))

        def _parse_max_uses(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_uses = _parse_max_uses(d.pop("max_uses", UNSET))

        invite_limits = cls(
            expires_in_secs=expires_in_secs,
            max_uses=max_uses,
        )

        return invite_limits
