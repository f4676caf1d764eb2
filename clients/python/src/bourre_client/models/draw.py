from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Draw")


@_attrs_define
class Draw:
    """A discard and its replacements (R5, R6).

    Attributes:
        discard (list[str]):
        drawn (list[str]):
        reshuffled (bool): Whether the stock ran short and was rebuilt from dead cards for this draw (R6).
    """

    discard: list[str]
    drawn: list[str]
    reshuffled: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        discard = self.discard

        drawn = self.drawn

        reshuffled = self.reshuffled

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discard": discard,
                "drawn": drawn,
                "reshuffled": reshuffled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        discard = cast(list[str], d.pop("discard"))

        drawn = cast(list[str], d.pop("drawn"))

        reshuffled = d.pop("reshuffled")

        draw = cls(
            discard=discard,
            drawn=drawn,
            reshuffled=reshuffled,
        )

        draw.additional_properties = d
        return draw

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
