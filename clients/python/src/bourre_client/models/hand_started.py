from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hand_started_type import HandStartedType

if TYPE_CHECKING:
    from ..models.entrant import Entrant
    from ..models.table_rules import TableRules


T = TypeVar("T", bound="HandStarted")


@_attrs_define
class HandStarted:
    """Everything a hand needs to be played and replayed: the `HandStarted` event.

    Attributes:
        carried (int): Chips already in the pot before this hand's antes (R3b).
        dealer (int): The dealer's seat (R2a).
        deck (list[str]): The 52 cards, top first (R4a)
        entrants (list[Entrant]): In seat order.
        hand_no (int): The table's hand number, from 1.
        key (str): The hand key K, hex (see docs/guide/fair-shuffles.md)
        rules (TableRules): The options a table is created with (docs/rules.md, "Table options").
        type_ (HandStartedType):
    """

    carried: int
    dealer: int
    deck: list[str]
    entrants: list[Entrant]
    hand_no: int
    key: str
    rules: TableRules
    type_: HandStartedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        carried = self.carried

        dealer = self.dealer

        deck = self.deck

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        hand_no = self.hand_no

        key = self.key

        rules = self.rules.to_dict()

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "carried": carried,
                "dealer": dealer,
                "deck": deck,
                "entrants": entrants,
                "hand_no": hand_no,
                "key": key,
                "rules": rules,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entrant import Entrant
        from ..models.table_rules import TableRules

        d = dict(src_dict)
        carried = d.pop("carried")

        dealer = d.pop("dealer")

        deck = cast(list[str], d.pop("deck"))

        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = Entrant.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        hand_no = d.pop("hand_no")

        key = d.pop("key")

        rules = TableRules.from_dict(d.pop("rules"))

        type_ = HandStartedType(d.pop("type"))

        hand_started = cls(
            carried=carried,
            dealer=dealer,
            deck=deck,
            entrants=entrants,
            hand_no=hand_no,
            key=key,
            rules=rules,
            type_=type_,
        )

        hand_started.additional_properties = d
        return hand_started

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
