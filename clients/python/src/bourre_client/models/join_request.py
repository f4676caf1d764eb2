from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="JoinRequest")


@_attrs_define
class JoinRequest:
    """A request to join, waiting for an admin.

    Attributes:
        league_id (UUID): The league asked to join.
        player_id (UUID): The player who asks.
        requested_at (datetime.datetime): When they asked.
        username (str): Their username.
    """

    league_id: UUID
    player_id: UUID
    requested_at: datetime.datetime
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        league_id = str(self.league_id)

        player_id = str(self.player_id)

        requested_at = self.requested_at.isoformat()

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "league_id": league_id,
                "player_id": player_id,
                "requested_at": requested_at,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        league_id = UUID(d.pop("league_id"))

        player_id = UUID(d.pop("player_id"))

        requested_at = datetime.datetime.fromisoformat(d.pop("requested_at"))

        username = d.pop("username")

        join_request = cls(
            league_id=league_id,
            player_id=player_id,
            requested_at=requested_at,
            username=username,
        )

        join_request.additional_properties = d
        return join_request

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
