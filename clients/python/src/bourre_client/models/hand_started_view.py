from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hand_started_view_type import HandStartedViewType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.entrant import Entrant
    from ..models.table_rules import TableRules
    from ..models.trump_view import TrumpView


T = TypeVar("T", bound="HandStartedView")


@_attrs_define
class HandStartedView:
    """
    Attributes:
        carried (int): Chips already in the pot before this hand's antes (R3b).
        dealer (int): The dealer's seat (R2a).
        entrants (list[Entrant]): The seats dealt in, in seat order, with what each paid to enter (R3).
        hand_no (int): The table's hand number, from 1.
        rules (TableRules): The options a table is created with (docs/rules.md, "Table options").
        trump (TrumpView):
        type_ (HandStartedViewType):
        your_cards (list[str] | None | Unset): The viewer's own dealt cards.
    """

    carried: int
    dealer: int
    entrants: list[Entrant]
    hand_no: int
    rules: TableRules
    trump: TrumpView
    type_: HandStartedViewType
    your_cards: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        carried = self.carried

        dealer = self.dealer

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)

        hand_no = self.hand_no

        rules = self.rules.to_dict()

        trump = self.trump.to_dict()

        type_ = self.type_.value

        your_cards: list[str] | None | Unset
        if isinstance(self.your_cards, Unset):
            your_cards = UNSET
        elif isinstance(self.your_cards, list):
            your_cards = self.your_cards

        else:
            your_cards = self.your_cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "carried": carried,
                "dealer": dealer,
                "entrants": entrants,
                "hand_no": hand_no,
                "rules": rules,
                "trump": trump,
                "type": type_,
            }
        )
        if your_cards is not UNSET:
            field_dict["your_cards"] = your_cards

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entrant import Entrant
        from ..models.table_rules import TableRules
        from ..models.trump_view import TrumpView

        d = dict(src_dict)
        carried = d.pop("carried")

        dealer = d.pop("dealer")

        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in _entrants:
            entrants_item = Entrant.from_dict(entrants_item_data)

            entrants.append(entrants_item)

        hand_no = d.pop("hand_no")

        rules = TableRules.from_dict(d.pop("rules"))

        trump = TrumpView.from_dict(d.pop("trump"))

        type_ = HandStartedViewType(d.pop("type"))

        def _parse_your_cards(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                your_cards_type_0 = cast(list[str], data)

                return your_cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        your_cards = _parse_your_cards(d.pop("your_cards", UNSET))

        hand_started_view = cls(
            carried=carried,
            dealer=dealer,
            entrants=entrants,
            hand_no=hand_no,
            rules=rules,
            trump=trump,
            type_=type_,
            your_cards=your_cards,
        )

        hand_started_view.additional_properties = d
        return hand_started_view

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
