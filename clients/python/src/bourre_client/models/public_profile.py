from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.avatar import Avatar

if TYPE_CHECKING:
    from ..models.shared_league import SharedLeague


T = TypeVar("T", bound="PublicProfile")


@_attrs_define
class PublicProfile:
    """What members of a league see of each other.

    Attributes:
        avatar (Avatar | None): Their avatar; null when they chose none, or the caller blocked them.
        bot (bool): A server-side bot.
        display_name (None | str): The name they chose to be shown by; null when they chose none, or the caller blocked
            them (show the username).
        id (UUID): The player.
        leagues (list[SharedLeague]): The leagues the caller shares with them, first joined (by the player) first.
        member_since (datetime.datetime): When the account was made.
        username (str): Their username.
    """

    avatar: Avatar | None
    bot: bool
    display_name: None | str
    id: UUID
    leagues: list[SharedLeague]
    member_since: datetime.datetime
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

        id = str(self.id)

        leagues = []
        for leagues_item_data in self.leagues:
            leagues_item = leagues_item_data.to_dict()
            leagues.append(leagues_item)

        member_since = self.member_since.isoformat()

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatar": avatar,
                "bot": bot,
                "display_name": display_name,
                "id": id,
                "leagues": leagues,
                "member_since": member_since,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.shared_league import SharedLeague

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

        id = UUID(d.pop("id"))

        leagues = []
        _leagues = d.pop("leagues")
        for leagues_item_data in _leagues:
            leagues_item = SharedLeague.from_dict(leagues_item_data)

            leagues.append(leagues_item)

        member_since = datetime.datetime.fromisoformat(d.pop("member_since"))

        username = d.pop("username")

        public_profile = cls(
            avatar=avatar,
            bot=bot,
            display_name=display_name,
            id=id,
            leagues=leagues,
            member_since=member_since,
            username=username,
        )

        public_profile.additional_properties = d
        return public_profile

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
