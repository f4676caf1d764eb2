from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PhraseText")


@_attrs_define
class PhraseText:
    """An entry's words in each language the server speaks.

    Attributes:
        en (str): English.
        ja (str): Japanese.
        th (str): Thai.
        zh_hans (str): Simplified Chinese.
    """

    en: str
    ja: str
    th: str
    zh_hans: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        en = self.en

        ja = self.ja

        th = self.th

        zh_hans = self.zh_hans

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "en": en,
                "ja": ja,
                "th": th,
                "zh-Hans": zh_hans,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        en = d.pop("en")

        ja = d.pop("ja")

        th = d.pop("th")

        zh_hans = d.pop("zh-Hans")

        phrase_text = cls(
            en=en,
            ja=ja,
            th=th,
            zh_hans=zh_hans,
        )

        phrase_text.additional_properties = d
        return phrase_text

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
