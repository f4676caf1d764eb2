from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.trick_won_type import TrickWonType

T = TypeVar("T", bound="TrickWon")


@_attrs_define
class TrickWon:
    """
    Attributes:
        seat (int): The seat that won the trick (R9e).
        trick (int): The trick's number in the hand, from 1.
        type_ (TrickWonType):
    """

    seat: int
    trick: int
    type_: TrickWonType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        trick = self.trick

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "trick": trick,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        trick = d.pop("trick")

        type_ = TrickWonType(d.pop("type"))

        trick_won = cls(
            seat=seat,
            trick=trick,
            type_=type_,
        )

        trick_won.additional_properties = d
        return trick_won

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
