from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.kinds import Kinds
    from ..models.quiet_hours import QuietHours


T = TypeVar("T", bound="NotificationSettings")


@_attrs_define
class NotificationSettings:
    """What the player is pushed, per channel, and when not.

    Attributes:
        devices (Kinds): The kinds pushed on one channel.
        web_push (Kinds): The kinds pushed on one channel.
        quiet_hours (None | QuietHours | Unset): When to keep quiet; null for never. During them only a turn whose
            deadline comes
            before they end is pushed; the rest waits for their end (a turn over by then, or
            whose deadline moved, is not pushed).
    """

    devices: Kinds
    web_push: Kinds
    quiet_hours: None | QuietHours | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.quiet_hours import QuietHours

        devices = self.devices.to_dict()

        web_push = self.web_push.to_dict()

        quiet_hours: dict[str, Any] | None | Unset
        if isinstance(self.quiet_hours, Unset):
            quiet_hours = UNSET
        elif isinstance(self.quiet_hours, QuietHours):
            quiet_hours = self.quiet_hours.to_dict()
        else:
            quiet_hours = self.quiet_hours

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "devices": devices,
                "web_push": web_push,
            }
        )
        if quiet_hours is not UNSET:
            field_dict["quiet_hours"] = quiet_hours

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.kinds import Kinds
        from ..models.quiet_hours import QuietHours

        d = dict(src_dict)
        devices = Kinds.from_dict(d.pop("devices"))

        web_push = Kinds.from_dict(d.pop("web_push"))

        def _parse_quiet_hours(data: object) -> None | QuietHours | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                quiet_hours_type_0 = QuietHours.from_dict(data)

                return quiet_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QuietHours | Unset, data)

        quiet_hours = _parse_quiet_hours(d.pop("quiet_hours", UNSET))

        notification_settings = cls(
            devices=devices,
            web_push=web_push,
            quiet_hours=quiet_hours,
        )

        return notification_settings
