from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.played_type import PlayedType

T = TypeVar("T", bound="Played")


@_attrs_define
class Played:
    """
    Attributes:
        card (str): A card's code: rank (2-10, J, Q, K, A) then suit
        seat (int): The seat that played.
        type_ (PlayedType):
    """

    card: str
    seat: int
    type_: PlayedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        card = d.pop("card")

        seat = d.pop("seat")

        type_ = PlayedType(d.pop("type"))

        played = cls(
            card=card,
            seat=seat,
            type_=type_,
        )

        played.additional_properties = d
        return played

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
