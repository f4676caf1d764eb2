from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Entrant")


@_attrs_define
class Entrant:
    """A seated player dealt into the hand, with what they paid to enter (R3).

    Attributes:
        ante (int): The ante paid (0 when exempt, R10c/R10d).
        seat (int): The seat dealt in, 0-7.
        stack (int): Chips left to the player after the ante.
    """

    ante: int
    seat: int
    stack: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        seat = self.seat

        stack = self.stack

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ante": ante,
                "seat": seat,
                "stack": stack,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ante = d.pop("ante")

        seat = d.pop("seat")

        stack = d.pop("stack")

        entrant = cls(
            ante=ante,
            seat=seat,
            stack=stack,
        )

        entrant.additional_properties = d
        return entrant

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
