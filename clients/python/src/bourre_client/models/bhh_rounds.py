from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bhh_deal import BhhDeal
    from ..models.bhh_declaration import BhhDeclaration
    from ..models.bhh_draw import BhhDraw
    from ..models.bhh_trick import BhhTrick


T = TypeVar("T", bound="BhhRounds")


@_attrs_define
class BhhRounds:
    """The hand's actions, by kind, each list in the order the actions were made.

    Attributes:
        deal (BhhDeal): The deal (R3, R4).
        declarations (list[BhhDeclaration]): Play or pass, seat by seat (R5); with `simultaneous_declare`, in the order
            they were
            sent (R5a).
        draws (list[BhhDraw]): Discards and replacements (R6), in the order drawn: a seat that plays in sequential
            declaration draws right after declaring.
        tricks (list[BhhTrick]): The tricks (R9), none when the hand ended before play.
    """

    deal: BhhDeal
    declarations: list[BhhDeclaration]
    draws: list[BhhDraw]
    tricks: list[BhhTrick]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        declarations = []
        for declarations_item_data in self.declarations:
            declarations_item = declarations_item_data.to_dict()
            declarations.append(declarations_item)

        draws = []
        for draws_item_data in self.draws:
            draws_item = draws_item_data.to_dict()
            draws.append(draws_item)

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deal": deal,
                "declarations": declarations,
                "draws": draws,
                "tricks": tricks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bhh_deal import BhhDeal
        from ..models.bhh_declaration import BhhDeclaration
        from ..models.bhh_draw import BhhDraw
        from ..models.bhh_trick import BhhTrick

        d = dict(src_dict)
        deal = BhhDeal.from_dict(d.pop("deal"))

        declarations = []
        _declarations = d.pop("declarations")
        for declarations_item_data in _declarations:
            declarations_item = BhhDeclaration.from_dict(declarations_item_data)

            declarations.append(declarations_item)

        draws = []
        _draws = d.pop("draws")
        for draws_item_data in _draws:
            draws_item = BhhDraw.from_dict(draws_item_data)

            draws.append(draws_item)

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = BhhTrick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        bhh_rounds = cls(
            deal=deal,
            declarations=declarations,
            draws=draws,
            tricks=tricks,
        )

        bhh_rounds.additional_properties = d
        return bhh_rounds

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
