from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.play_action_type import PlayActionType

T = TypeVar("T", bound="PlayAction")


@_attrs_define
class PlayAction:
    """Play a card.

    Attributes:
        card (str): A rank (2-10, J, Q, K, A) and a suit (C, D, H, S), such as `10H` or `AS` (also read in lower case,
            and with T for 10)
        type_ (PlayActionType):
    """

    card: str
    type_: PlayActionType

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        card = d.pop("card")

        type_ = PlayActionType(d.pop("type"))

        play_action = cls(
            card=card,
            type_=type_,
        )

        return play_action
