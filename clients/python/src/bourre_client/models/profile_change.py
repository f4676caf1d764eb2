from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.avatar import Avatar
from ..models.locale import Locale
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProfileChange")


@_attrs_define
class ProfileChange:
    """
    Attributes:
        avatar (Avatar | None | Unset): An avatar of the built-in set; null clears it.
        display_name (None | str | Unset): 1 to 32 characters once trimmed and NFC-normalised, shown beside (or in place
            of) the
            username; null clears it. At least one letter or digit, and nothing invisible: no
            line or paragraph separator, format, private-use or default-ignorable character
            (variation selectors, joiners, fillers), nor more than 3 combining marks in a row
            (422 `invalid_display_name`).
        locale (Locale | None | Unset): The language notifications (and the web client) use; null clears it.
        time_zone (None | str | Unset): An IANA time zone name (`America/Chicago`); null clears it. Example:
            America/Chicago.
    """

    avatar: Avatar | None | Unset = UNSET
    display_name: None | str | Unset = UNSET
    locale: Locale | None | Unset = UNSET
    time_zone: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        avatar: None | str | Unset
        if isinstance(self.avatar, Unset):
            avatar = UNSET
        elif isinstance(self.avatar, Avatar):
            avatar = self.avatar.value
        else:
            avatar = self.avatar

        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        elif isinstance(self.locale, Locale):
            locale = self.locale.value
        else:
            locale = self.locale

        time_zone: None | str | Unset
        if isinstance(self.time_zone, Unset):
            time_zone = UNSET
        else:
            time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if avatar is not UNSET:
            field_dict["avatar"] = avatar
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
        if locale is not UNSET:
            field_dict["locale"] = locale
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_avatar(data: object) -> Avatar | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                avatar_type_0 = Avatar(data)

                return avatar_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Avatar | None | Unset, data)

        avatar = _parse_avatar(d.pop("avatar", UNSET))

        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))

        def _parse_locale(data: object) -> Locale | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                locale_type_0 = Locale(data)

                return locale_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Locale | None | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))

        def _parse_time_zone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        time_zone = _parse_time_zone(d.pop("time_zone", UNSET))

        profile_change = cls(
            avatar=avatar,
            display_name=display_name,
            locale=locale,
            time_zone=time_zone,
        )

        return profile_change
