from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.declare_action_type import DeclareActionType
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeclareAction")


@_attrs_define
class DeclareAction:
    """Pass or play; in sequential declaration a player who plays lists the discards
    (none = stand).

        Attributes:
            play (bool): `true` to play, `false` to pass (R5).
            type_ (DeclareActionType):
            discard (list[str] | None | Unset): Cards such as `10H` or `AS`, each once.
    """

    play: bool
    type_: DeclareActionType
    discard: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        play = self.play

        type_ = self.type_.value

        discard: list[str] | None | Unset
        if isinstance(self.discard, Unset):
            discard = UNSET
        elif isinstance(self.discard, list):
            discard = self.discard

        else:
            discard = self.discard

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "play": play,
                "type": type_,
            }
        )
        if discard is not UNSET:
            field_dict["discard"] = discard

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        play = d.pop("play")

        type_ = DeclareActionType(d.pop("type"))

        def _parse_discard(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                discard_type_0 = cast(list[str], data)

                return discard_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        discard = _parse_discard(d.pop("discard", UNSET))

        declare_action = cls(
            play=play,
            type_=type_,
            discard=discard,
        )

        return declare_action
