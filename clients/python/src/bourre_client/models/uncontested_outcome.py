from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.uncontested_outcome_type import UncontestedOutcomeType

T = TypeVar("T", bound="UncontestedOutcome")


@_attrs_define
class UncontestedOutcome:
    """Everyone else passed (R8).

    Attributes:
        seat (int): The one seat that did not pass: it takes the pot and every trick.
        type_ (UncontestedOutcomeType):
    """

    seat: int
    type_: UncontestedOutcomeType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        type_ = UncontestedOutcomeType(d.pop("type"))

        uncontested_outcome = cls(
            seat=seat,
            type_=type_,
        )

        uncontested_outcome.additional_properties = d
        return uncontested_outcome

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
