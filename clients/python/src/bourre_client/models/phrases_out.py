from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.phrase import Phrase


T = TypeVar("T", bound="PhrasesOut")


@_attrs_define
class PhrasesOut:
    """The catalogue, as `GET /v1/chat/phrases` gives it.

    Attributes:
        phrases (list[Phrase]): Every entry, phrases first, then emotes.
    """

    phrases: list[Phrase]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        phrases = []
        for phrases_item_data in self.phrases:
            phrases_item = phrases_item_data.to_dict()
            phrases.append(phrases_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "phrases": phrases,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.phrase import Phrase

        d = dict(src_dict)
        phrases = []
        _phrases = d.pop("phrases")
        for phrases_item_data in _phrases:
            phrases_item = Phrase.from_dict(phrases_item_data)

            phrases.append(phrases_item)

        phrases_out = cls(
            phrases=phrases,
        )

        phrases_out.additional_properties = d
        return phrases_out

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
