from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DrawView")


@_attrs_define
class DrawView:
    """A draw as others see it: how many cards changed hands.

    Attributes:
        discard_count (int): How many cards were discarded (and drawn).
        reshuffled (bool): Whether the stock ran short and was rebuilt from dead cards for this draw (R6).
        discard (list[str] | None | Unset): Only to the drawer while the hand is in play; to everyone once it has ended.
        drawn (list[str] | None | Unset): As `discard`.
    """

    discard_count: int
    reshuffled: bool
    discard: list[str] | None | Unset = UNSET
    drawn: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        discard_count = self.discard_count

        reshuffled = self.reshuffled

        discard: list[str] | None | Unset
        if isinstance(self.discard, Unset):
            discard = UNSET
        elif isinstance(self.discard, list):
            discard = self.discard

        else:
            discard = self.discard

        drawn: list[str] | None | Unset
        if isinstance(self.drawn, Unset):
            drawn = UNSET
        elif isinstance(self.drawn, list):
            drawn = self.drawn

        else:
            drawn = self.drawn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discard_count": discard_count,
                "reshuffled": reshuffled,
            }
        )
        if discard is not UNSET:
            field_dict["discard"] = discard
        if drawn is not UNSET:
            field_dict["drawn"] = drawn

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        discard_count = d.pop("discard_count")

        reshuffled = d.pop("reshuffled")

        def _parse_discard(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                discard_type_0 = cast(list[str], data)

                return discard_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        discard = _parse_discard(d.pop("discard", UNSET))

        def _parse_drawn(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                drawn_type_0 = cast(list[str], data)

                return drawn_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        drawn = _parse_drawn(d.pop("drawn", UNSET))

        draw_view = cls(
            discard_count=discard_count,
            reshuffled=reshuffled,
            discard=discard,
            drawn=drawn,
        )

        draw_view.additional_properties = d
        return draw_view

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
