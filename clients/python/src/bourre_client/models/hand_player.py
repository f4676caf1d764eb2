from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.avatar import Avatar

T = TypeVar("T", bound="HandPlayer")


@_attrs_define
class HandPlayer:
    """A player dealt into a hand, as shown now.

    Attributes:
        avatar (Avatar | None): Their avatar; null when they chose none or the caller blocked them.
        bot (bool): A server-side bot.
        display_name (None | str): The name they chose to be shown by; null when they chose none or the caller blocked
            them (show the username).
        player_id (UUID): The player.
        seat (int): Their seat in the hand, 0-7.
        username (str): Their username ("deleted player" once the account is deleted).
    """

    avatar: Avatar | None
    bot: bool
    display_name: None | str
    player_id: UUID
    seat: int
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avatar: None | str
        if isinstance(self.avatar, Avatar):
            avatar = self.avatar.value
        else:
            avatar = self.avatar

        bot = self.bot

        display_name: None | str
        display_name = self.display_name

        player_id = str(self.player_id)

        seat = self.seat

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatar": avatar,
                "bot": bot,
                "display_name": display_name,
                "player_id": player_id,
                "seat": seat,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_avatar(data: object) -> Avatar | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                avatar_type_0 = Avatar(data)

                return avatar_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Avatar | None, data)

        avatar = _parse_avatar(d.pop("avatar"))

        bot = d.pop("bot")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        player_id = UUID(d.pop("player_id"))

        seat = d.pop("seat")

        username = d.pop("username")

        hand_player = cls(
            avatar=avatar,
            bot=bot,
            display_name=display_name,
            player_id=player_id,
            seat=seat,
            username=username,
        )

        hand_player.additional_properties = d
        return hand_player

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
