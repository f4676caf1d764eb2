from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="MemberRef")


@_attrs_define
class MemberRef:
    """
    Attributes:
        player_id (UUID): The member to make an admin.
    """

    player_id: UUID

    def to_dict(self) -> dict[str, Any]:
        player_id = str(self.player_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player_id = UUID(d.pop("player_id"))

        member_ref = cls(
            player_id=player_id,
        )

        return member_ref
