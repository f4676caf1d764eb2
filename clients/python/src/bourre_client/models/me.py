from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.avatar import Avatar
from ..models.locale import Locale

if TYPE_CHECKING:
    from ..models.league_balance import LeagueBalance


T = TypeVar("T", bound="Me")


@_attrs_define
class Me:
    """
    Attributes:
        avatar (Avatar | None): Their avatar; null when they chose none.
        display_name (None | str): The name they chose to be shown by; null when they chose none (the username shows).
        email (None | str): Their email (`PUT /v1/players/me/email`); null when they gave none.
        email_verified (bool): Whether `email` was confirmed with the code mailed to it (a password reset reaches
            verified addresses only).
        guest (bool): A guest: no password yet (`POST /v1/players/me/upgrade` gives it one).
        has_password (bool): Whether the account has a password; without one (a guest, or an account signed in by
            providers only), `POST /v1/players/me/upgrade` gives it a username and password.
        id (UUID): The caller's player id.
        leagues (list[LeagueBalance]): Their leagues, each with their role and balance.
        locale (Locale | None): The language they read; null when they chose none (English for notifications).
        member_since (datetime.datetime): When the account was made.
        time_zone (None | str): Their IANA time zone; null when they chose none (UTC for notifications).
        username (str): Their username.
    """

    avatar: Avatar | None
    display_name: None | str
    email: None | str
    email_verified: bool
    guest: bool
    has_password: bool
    id: UUID
    leagues: list[LeagueBalance]
    locale: Locale | None
    member_since: datetime.datetime
    time_zone: None | str
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avatar: None | str
        if isinstance(self.avatar, Avatar):
            avatar = self.avatar.value
        else:
            avatar = self.avatar

        display_name: None | str
        display_name = self.display_name

        email: None | str
        email = self.email

        email_verified = self.email_verified

        guest = self.guest

        has_password = self.has_password

        id = str(self.id)

        leagues = []
        for leagues_item_data in self.leagues:
            leagues_item = leagues_item_data.to_dict()
            leagues.append(leagues_item)

        locale: None | str
        if isinstance(self.locale, Locale):
            locale = self.locale.value
        else:
            locale = self.locale

        member_since = self.member_since.isoformat()

        time_zone: None | str
        time_zone = self.time_zone

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatar": avatar,
                "display_name": display_name,
                "email": email,
                "email_verified": email_verified,
                "guest": guest,
                "has_password": has_password,
                "id": id,
                "leagues": leagues,
                "locale": locale,
                "member_since": member_since,
                "time_zone": time_zone,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.league_balance import LeagueBalance

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

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        email_verified = d.pop("email_verified")

        guest = d.pop("guest")

        has_password = d.pop("has_password")

        id = UUID(d.pop("id"))

        leagues = []
        _leagues = d.pop("leagues")
        for leagues_item_data in _leagues:
            leagues_item = LeagueBalance.from_dict(leagues_item_data)

            leagues.append(leagues_item)

        def _parse_locale(data: object) -> Locale | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                locale_type_0 = Locale(data)

                return locale_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Locale | None, data)

        locale = _parse_locale(d.pop("locale"))

        member_since = datetime.datetime.fromisoformat(d.pop("member_since"))

        def _parse_time_zone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        time_zone = _parse_time_zone(d.pop("time_zone"))

        username = d.pop("username")

        me = cls(
            avatar=avatar,
            display_name=display_name,
            email=email,
            email_verified=email_verified,
            guest=guest,
            has_password=has_password,
            id=id,
            leagues=leagues,
            locale=locale,
            member_since=member_since,
            time_zone=time_zone,
            username=username,
        )

        me.additional_properties = d
        return me

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
