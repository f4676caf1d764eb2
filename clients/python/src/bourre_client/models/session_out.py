from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_out import PlayerOut


T = TypeVar("T", bound="SessionOut")


@_attrs_define
class SessionOut:
    """
    Attributes:
        expires_at (datetime.datetime): When `token` expires.
        player (PlayerOut):
        refresh_expires_at (datetime.datetime): When `refresh_token` expires unused (`BOURRE_REFRESH_TTL_SECS`, default
            30 days).
        refresh_token (str): For `POST /v1/auth/refresh`, once: each refresh returns the next one.
        token (str): HS256 JWT for `Authorization: Bearer`, good until `expires_at`
            (`BOURRE_TOKEN_TTL_SECS`, default 15 minutes) while the session goes on.
    """

    expires_at: datetime.datetime
    player: PlayerOut
    refresh_expires_at: datetime.datetime
    refresh_token: str
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expires_at = self.expires_at.isoformat()

        player = self.player.to_dict()

        refresh_expires_at = self.refresh_expires_at.isoformat()

        refresh_token = self.refresh_token

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "expires_at": expires_at,
                "player": player,
                "refresh_expires_at": refresh_expires_at,
                "refresh_token": refresh_token,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.player_out import PlayerOut

        d = dict(src_dict)
        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        player = PlayerOut.from_dict(d.pop("player"))

        refresh_expires_at = datetime.datetime.fromisoformat(
            d.pop("refresh_expires_at")
        )

        refresh_token = d.pop("refresh_token")

        token = d.pop("token")

        session_out = cls(
            expires_at=expires_at,
            player=player,
            refresh_expires_at=refresh_expires_at,
            refresh_token=refresh_token,
            token=token,
        )

        session_out.additional_properties = d
        return session_out

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
