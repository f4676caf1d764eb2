from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SitDown")


@_attrs_define
class SitDown:
    """
    Attributes:
        seat (int | None | Unset): A free seat; the lowest free seat when absent.
    """

    seat: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        sit_down = cls(
            seat=seat,
        )

        return sit_down
