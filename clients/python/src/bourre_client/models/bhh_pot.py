from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.bhh_outcome import BhhOutcome

if TYPE_CHECKING:
    from ..models.bhh_chips import BhhChips
    from ..models.bhh_tricks import BhhTricks


T = TypeVar("T", bound="BhhPot")


@_attrs_define
class BhhPot:
    """The hand's pot.

    Attributes:
        amount (int): What the pot held: carried chips, antes and extra antes.
        bourre (list[BhhChips]): What each bourré seat paid into the next hand's pot (R10c).
        carried (int): What the table's pot holds for the next hand.
        outcome (BhhOutcome): How a hand's pot ended (R8, R10).
        tricks (list[BhhTricks]): Tricks taken by each seat that played.
        won (list[BhhChips]): Who took what of the pot.
    """

    amount: int
    bourre: list[BhhChips]
    carried: int
    outcome: BhhOutcome
    tricks: list[BhhTricks]
    won: list[BhhChips]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        bourre = []
        for bourre_item_data in self.bourre:
            bourre_item = bourre_item_data.to_dict()
            bourre.append(bourre_item)

        carried = self.carried

        outcome = self.outcome.value

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        won = []
        for won_item_data in self.won:
            won_item = won_item_data.to_dict()
            won.append(won_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "bourre": bourre,
                "carried": carried,
                "outcome": outcome,
                "tricks": tricks,
                "won": won,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bhh_chips import BhhChips
        from ..models.bhh_tricks import BhhTricks

        d = dict(src_dict)
        amount = d.pop("amount")

        bourre = []
        _bourre = d.pop("bourre")
        for bourre_item_data in _bourre:
            bourre_item = BhhChips.from_dict(bourre_item_data)

            bourre.append(bourre_item)

        carried = d.pop("carried")

        outcome = BhhOutcome(d.pop("outcome"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = BhhTricks.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        won = []
        _won = d.pop("won")
        for won_item_data in _won:
            won_item = BhhChips.from_dict(won_item_data)

            won.append(won_item)

        bhh_pot = cls(
            amount=amount,
            bourre=bourre,
            carried=carried,
            outcome=outcome,
            tricks=tricks,
            won=won,
        )

        bhh_pot.additional_properties = d
        return bhh_pot

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
