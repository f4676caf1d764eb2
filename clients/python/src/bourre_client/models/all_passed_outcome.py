from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.all_passed_outcome_type import AllPassedOutcomeType

T = TypeVar("T", bound="AllPassedOutcome")


@_attrs_define
class AllPassedOutcome:
    """Every player passed a simultaneous declaration (R5a): the pot carries over.

    Attributes:
        type_ (AllPassedOutcomeType):
    """

    type_: AllPassedOutcomeType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = AllPassedOutcomeType(d.pop("type"))

        all_passed_outcome = cls(
            type_=type_,
        )

        all_passed_outcome.additional_properties = d
        return all_passed_outcome

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
