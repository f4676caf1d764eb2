from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.drew_type import DrewType

if TYPE_CHECKING:
    from ..models.draw import Draw


T = TypeVar("T", bound="Drew")


@_attrs_define
class Drew:
    """
    Attributes:
        draw (Draw): A discard and its replacements (R5, R6).
        seat (int): The seat that drew.
        type_ (DrewType):
    """

    draw: Draw
    seat: int
    type_: DrewType
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
        from ..models.draw import Draw

        d = dict(src_dict)
        draw = Draw.from_dict(d.pop("draw"))

        seat = d.pop("seat")

        type_ = DrewType(d.pop("type"))

        drew = cls(
            draw=draw,
            seat=seat,
            type_=type_,
        )

        drew.additional_properties = d
        return drew

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
