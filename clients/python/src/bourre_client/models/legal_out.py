from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.legal_out_action import LegalOutAction

T = TypeVar("T", bound="LegalOut")


@_attrs_define
class LegalOut:
    """What the caller may do now.

    Attributes:
        action (LegalOutAction): `declare`, `draw` or `play`.
        can_pass (bool | None): Declaring: whether the caller may pass (a dealer who turned up the ace of trumps may
            not, R7); null in the other phases.
        can_play (bool | None): Declaring: whether the caller may play (not when they cannot cover the pot and hold no
            ace of trumps, R8a); null in the other phases.
        cards (list[str] | None): The legal cards to play (R9-R9d).
        max_discard (int | None): Declaring in turn, or drawing: the most cards that may be discarded
            (`rules.max_discard`, else `hand_size`; R5b); null otherwise.
        must_keep (None | str): A card that must not be discarded (the ace of trumps, R8a).
    """

    action: LegalOutAction
    can_pass: bool | None
    can_play: bool | None
    cards: list[str] | None
    max_discard: int | None
    must_keep: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        can_pass: bool | None
        can_pass = self.can_pass

        can_play: bool | None
        can_play = self.can_play

        cards: list[str] | None
        if isinstance(self.cards, list):
            cards = self.cards

        else:
            cards = self.cards

        max_discard: int | None
        max_discard = self.max_discard

        must_keep: None | str
        must_keep = self.must_keep

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "can_pass": can_pass,
                "can_play": can_play,
                "cards": cards,
                "max_discard": max_discard,
                "must_keep": must_keep,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = LegalOutAction(d.pop("action"))

        def _parse_can_pass(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        can_pass = _parse_can_pass(d.pop("can_pass"))

        def _parse_can_play(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        can_play = _parse_can_play(d.pop("can_play"))

        def _parse_cards(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_0 = cast(list[str], data)

                return cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        cards = _parse_cards(d.pop("cards"))

        def _parse_max_discard(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_discard = _parse_max_discard(d.pop("max_discard"))

        def _parse_must_keep(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        must_keep = _parse_must_keep(d.pop("must_keep"))

        legal_out = cls(
            action=action,
            can_pass=can_pass,
            can_play=can_play,
            cards=cards,
            max_discard=max_discard,
            must_keep=must_keep,
        )

        legal_out.additional_properties = d
        return legal_out

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
