from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bhh import Bhh


T = TypeVar("T", bound="BhhFile")


@_attrs_define
class BhhFile:
    """One hand as a file or a line of an export holds it.

    Attributes:
        bhh (Bhh): A finished hand: where and when it was played, by whom, every card and chip of it, and
            what proves it fair.
    """

    bhh: Bhh
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bhh = self.bhh.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bhh": bhh,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bhh import Bhh

        d = dict(src_dict)
        bhh = Bhh.from_dict(d.pop("bhh"))

        bhh_file = cls(
            bhh=bhh,
        )

        bhh_file.additional_properties = d
        return bhh_file

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
