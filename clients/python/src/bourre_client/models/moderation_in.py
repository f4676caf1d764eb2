from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.moderation_action import ModerationAction
from ..types import UNSET, Unset

T = TypeVar("T", bound="ModerationIn")


@_attrs_define
class ModerationIn:
    """What an admin does with a report.

    Attributes:
        action (ModerationAction): What an admin does with a report.
        hours (int | None | Unset): How long a `mute` lasts, 1 to 720 hours; with `mute` only.
    """

    action: ModerationAction
    hours: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        hours: int | None | Unset
        if isinstance(self.hours, Unset):
            hours = UNSET
        else:
            hours = self.hours

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
            }
        )
        if hours is not UNSET:
            field_dict["hours"] = hours

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = ModerationAction(d.pop("action"))

        def _parse_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        hours = _parse_hours(d.pop("hours", UNSET))

        moderation_in = cls(
            action=action,
            hours=hours,
        )

        return moderation_in
