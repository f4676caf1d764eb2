from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="QuietHours")


@_attrs_define
class QuietHours:
    """Quiet hours: from `start` to `end` in the player's time zone (the profile's
    `time_zone`; none apply until it is set), over midnight when `end` comes first.

        Attributes:
            end (str): A time of day to the minute, `HH:MM` (24-hour). Example: 22:00.
            start (str): A time of day to the minute, `HH:MM` (24-hour). Example: 22:00.
    """

    end: str
    start: str

    def to_dict(self) -> dict[str, Any]:
        end = self.end

        start = self.start

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "end": end,
                "start": start,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        end = d.pop("end")

        start = d.pop("start")

        quiet_hours = cls(
            end=end,
            start=start,
        )

        return quiet_hours
