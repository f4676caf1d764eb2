from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.phrase_kind import PhraseKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.phrase_text import PhraseText


T = TypeVar("T", bound="Phrase")


@_attrs_define
class Phrase:
    """One entry of the catalogue.

    Attributes:
        key (str): Its stable key: what a table's chat sends and stores.
        kind (PhraseKind): Whether a catalogue entry is said in words or shown as a glyph.
        text (PhraseText): An entry's words in each language the server speaks.
        glyph (str | Unset): An emote's glyph; absent for a phrase.
    """

    key: str
    kind: PhraseKind
    text: PhraseText
    glyph: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        kind = self.kind.value

        text = self.text.to_dict()

        glyph = self.glyph

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "kind": kind,
                "text": text,
            }
        )
        if glyph is not UNSET:
            field_dict["glyph"] = glyph

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.phrase_text import PhraseText

        d = dict(src_dict)
        key = d.pop("key")

        kind = PhraseKind(d.pop("kind"))

        text = PhraseText.from_dict(d.pop("text"))

        glyph = d.pop("glyph", UNSET)

        phrase = cls(
            key=key,
            kind=kind,
            text=text,
            glyph=glyph,
        )

        phrase.additional_properties = d
        return phrase

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
