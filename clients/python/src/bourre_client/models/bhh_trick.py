from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bhh_play import BhhPlay


T = TypeVar("T", bound="BhhTrick")


@_attrs_define
class BhhTrick:
    """A trick (R9).

    Attributes:
        cards (list[BhhPlay]): The cards in the order played, the leader's first.
        leader (int): The seat that led.
        number (int): The trick's number in the hand, from 1.
        winner (int): The seat that took the trick (R9e).
    """

    cards: list[BhhPlay]
    leader: int
    number: int
    winner: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.to_dict()
            cards.append(cards_item)

        leader = self.leader

        number = self.number

        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "leader": leader,
                "number": number,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bhh_play import BhhPlay

        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = BhhPlay.from_dict(cards_item_data)

            cards.append(cards_item)

        leader = d.pop("leader")

        number = d.pop("number")

        winner = d.pop("winner")

        bhh_trick = cls(
            cards=cards,
            leader=leader,
            number=number,
            winner=winner,
        )

        bhh_trick.additional_properties = d
        return bhh_trick

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
