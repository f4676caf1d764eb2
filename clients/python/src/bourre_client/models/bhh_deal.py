from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bhh_cards import BhhCards
    from ..models.bhh_chips import BhhChips


T = TypeVar("T", bound="BhhDeal")


@_attrs_define
class BhhDeal:
    """The deal (R3, R4).

    Attributes:
        antes (list[BhhChips]): What each seat paid to enter (0 when exempt, R10c/R10d), in seat order.
        carried (int): Chips in the pot before the antes, carried from earlier hands (R3b).
        deck (list[str]): The whole deck, top first: the cards dealt, the card turned up (the dealer's last)
            and the stock the draws come from (R4a, R6).
        hands (list[BhhCards]): The cards dealt to each seat, in seat order.
    """

    antes: list[BhhChips]
    carried: int
    deck: list[str]
    hands: list[BhhCards]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        antes = []
        for antes_item_data in self.antes:
            antes_item = antes_item_data.to_dict()
            antes.append(antes_item)

        carried = self.carried

        deck = self.deck

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "antes": antes,
                "carried": carried,
                "deck": deck,
                "hands": hands,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bhh_cards import BhhCards
        from ..models.bhh_chips import BhhChips

        d = dict(src_dict)
        antes = []
        _antes = d.pop("antes")
        for antes_item_data in _antes:
            antes_item = BhhChips.from_dict(antes_item_data)

            antes.append(antes_item)

        carried = d.pop("carried")

        deck = cast(list[str], d.pop("deck"))

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = BhhCards.from_dict(hands_item_data)

            hands.append(hands_item)

        bhh_deal = cls(
            antes=antes,
            carried=carried,
            deck=deck,
            hands=hands,
        )

        bhh_deal.additional_properties = d
        return bhh_deal

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
