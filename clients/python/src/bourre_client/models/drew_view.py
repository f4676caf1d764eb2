from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.drew_view_type import DrewViewType

if TYPE_CHECKING:
    from ..models.draw_view import DrawView


T = TypeVar("T", bound="DrewView")


@_attrs_define
class DrewView:
    """
    Attributes:
        draw (DrawView): A draw as others see it: how many cards changed hands.
        seat (int): The seat that drew.
        type_ (DrewViewType):
    """

    draw: DrawView
    seat: int
    type_: DrewViewType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        draw = self.draw.to_dict()

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "draw": draw,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.draw_view import DrawView

        d = dict(src_dict)
        draw = DrawView.from_dict(d.pop("draw"))

        seat = d.pop("seat")

        type_ = DrewViewType(d.pop("type"))

        drew_view = cls(
            draw=draw,
            seat=seat,
            type_=type_,
        )

        drew_view.additional_properties = d
        return drew_view

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
