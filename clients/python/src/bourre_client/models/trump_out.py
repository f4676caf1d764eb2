from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TrumpOut")


@_attrs_define
class TrumpOut:
    """
    Attributes:
        card (None | str): The face-up card while the dealer holds it (R4).
        suit (str): `C`, `D`, `H` or `S`.
    """

    card: None | str
    suit: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card: None | str
        card = self.card

        suit = self.suit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "suit": suit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        card = _parse_card(d.pop("card"))

        suit = d.pop("suit")

        trump_out = cls(
            card=card,
            suit=suit,
        )

        trump_out.additional_properties = d
        return trump_out

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
