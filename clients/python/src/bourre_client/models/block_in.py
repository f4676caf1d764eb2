from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="BlockIn")


@_attrs_define
class BlockIn:
    """Whom to block.

    Attributes:
        player_id (UUID): A player who shares a league with the caller.
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

        block_in = cls(
            player_id=player_id,
        )

        return block_in
