from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.suit import Suit
from ..types import UNSET, Unset

T = TypeVar("T", bound="TrumpView")


@_attrs_define
class TrumpView:
    """
    Attributes:
        suit (Suit):
        card (None | str | Unset): The face-up card, while the dealer holds it.
    """

    suit: Suit
    card: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        suit = self.suit.value

        card: None | str | Unset
        if isinstance(self.card, Unset):
            card = UNSET
        else:
            card = self.card

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "suit": suit,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        suit = Suit(d.pop("suit"))

        def _parse_card(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        card = _parse_card(d.pop("card", UNSET))

        trump_view = cls(
            suit=suit,
            card=card,
        )

        trump_view.additional_properties = d
        return trump_view

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
