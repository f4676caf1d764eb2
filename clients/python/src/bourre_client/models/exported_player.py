from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.avatar import Avatar
from ..models.locale import Locale

T = TypeVar("T", bound="ExportedPlayer")


@_attrs_define
class ExportedPlayer:
    """
    Attributes:
        avatar (Avatar | None): Their avatar, if they chose one.
        created_at (datetime.datetime): When the account was created.
        display_name (None | str): Their display name, if they set one.
        email (None | str): Their email, if they gave one.
        email_verified_at (datetime.datetime | None): When they confirmed it with the code mailed to it.
        guest (bool): A guest (no password yet).
        id (UUID): The player's id.
        locale (Locale | None): Their language, if they chose one.
        seen_at (datetime.datetime): When they last signed in or refreshed a session.
        time_zone (None | str): Their time zone, if they set one.
        username (str): Their username.
    """

    avatar: Avatar | None
    created_at: datetime.datetime
    display_name: None | str
    email: None | str
    email_verified_at: datetime.datetime | None
    guest: bool
    id: UUID
    locale: Locale | None
    seen_at: datetime.datetime
    time_zone: None | str
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avatar: None | str
        if isinstance(self.avatar, Avatar):
            avatar = self.avatar.value
        else:
            avatar = self.avatar

        created_at = self.created_at.isoformat()

        display_name: None | str
        display_name = self.display_name

        email: None | str
        email = self.email

        email_verified_at: None | str
        if isinstance(self.email_verified_at, datetime.datetime):
            email_verified_at = self.email_verified_at.isoformat()
        else:
            email_verified_at = self.email_verified_at

        guest = self.guest

        id = str(self.id)

        locale: None | str
        if isinstance(self.locale, Locale):
            locale = self.locale.value
        else:
            locale = self.locale

        seen_at = self.seen_at.isoformat()

        time_zone: None | str
        time_zone = self.time_zone

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatar": avatar,
                "created_at": created_at,
                "display_name": display_name,
                "email": email,
                "email_verified_at": email_verified_at,
                "guest": guest,
                "id": id,
                "locale": locale,
                "seen_at": seen_at,
                "time_zone": time_zone,
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

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        def _parse_email_verified_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                email_verified_at_type_0 = datetime.datetime.fromisoformat(data)

                return email_verified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        email_verified_at = _parse_email_verified_at(d.pop("email_verified_at"))

        guest = d.pop("guest")

        id = UUID(d.pop("id"))

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

        seen_at = datetime.datetime.fromisoformat(d.pop("seen_at"))

        def _parse_time_zone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        time_zone = _parse_time_zone(d.pop("time_zone"))

        username = d.pop("username")

        exported_player = cls(
            avatar=avatar,
            created_at=created_at,
            display_name=display_name,
            email=email,
            email_verified_at=email_verified_at,
            guest=guest,
            id=id,
            locale=locale,
            seen_at=seen_at,
            time_zone=time_zone,
            username=username,
        )

        exported_player.additional_properties = d
        return exported_player

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
