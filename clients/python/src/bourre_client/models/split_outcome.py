from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.split_outcome_type import SplitOutcomeType

T = TypeVar("T", bound="SplitOutcome")


@_attrs_define
class SplitOutcome:
    """A tie for most tricks (R10b).

    Attributes:
        seats (list[int]): The seats tied for most tricks.
        type_ (SplitOutcomeType):
    """

    seats: list[int]
    type_: SplitOutcomeType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seats": seats,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seats = cast(list[int], d.pop("seats"))

        type_ = SplitOutcomeType(d.pop("type"))

        split_outcome = cls(
            seats=seats,
            type_=type_,
        )

        split_outcome.additional_properties = d
        return split_outcome

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
