from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Recurrence")


@_attrs_define
class Recurrence:
    """When the next night is: an RFC 5545 `RRULE` from this night's start, in a time zone.

    Attributes:
        rrule (str): The rule, without `DTSTART` (the night's `starts_at` is it), such as
            `FREQ=WEEKLY;BYDAY=FR`; `COUNT` is not taken (use `UNTIL`). Example: FREQ=WEEKLY;BYDAY=FR.
        time_zone (str | Unset): The IANA time zone the rule runs in (so that eight o'clock stays eight o'clock across
            daylight saving time); `UTC` when not given. Default: 'UTC'. Example: America/Chicago.
    """

    rrule: str
    time_zone: str | Unset = "UTC"

    def to_dict(self) -> dict[str, Any]:
        rrule = self.rrule

        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rrule": rrule,
            }
        )
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rrule = d.pop("rrule")

        time_zone = d.pop("time_zone", UNSET)

        recurrence = cls(
            rrule=rrule,
            time_zone=time_zone,
        )

        return recurrence
