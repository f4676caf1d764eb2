from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.declared_type import DeclaredType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.draw import Draw


T = TypeVar("T", bound="Declared")


@_attrs_define
class Declared:
    """A declaration. `extra_ante` is R3a's; `draw` is present when a player plays in
    sequential declaration. With `simultaneous_declare` it stays secret until `Revealed`.

        Attributes:
            extra_ante (int): Chips paid on declaring play with `double_ante` (R3a); 0 otherwise, and always 0
                with `simultaneous_declare` (`revealed` carries those).
            play (bool): `true`: the seat plays; `false`: it passes (R5).
            seat (int): The seat that declared.
            type_ (DeclaredType):
            draw (Draw | None | Unset): The discard and its replacements of a seat that plays in sequential declaration;
                absent for a pass and with `simultaneous_declare` (then `drew` follows).
    """

    extra_ante: int
    play: bool
    seat: int
    type_: DeclaredType
    draw: Draw | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.draw import Draw

        extra_ante = self.extra_ante

        play = self.play

        seat = self.seat

        type_ = self.type_.value

        draw: dict[str, Any] | None | Unset
        if isinstance(self.draw, Unset):
            draw = UNSET
        elif isinstance(self.draw, Draw):
            draw = self.draw.to_dict()
        else:
            draw = self.draw

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extra_ante": extra_ante,
                "play": play,
                "seat": seat,
                "type": type_,
            }
        )
        if draw is not UNSET:
            field_dict["draw"] = draw

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.draw import Draw

        d = dict(src_dict)
        extra_ante = d.pop("extra_ante")

        play = d.pop("play")

        seat = d.pop("seat")

        type_ = DeclaredType(d.pop("type"))

        def _parse_draw(data: object) -> Draw | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                draw_type_0 = Draw.from_dict(data)

                return draw_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Draw | None | Unset, data)

        draw = _parse_draw(d.pop("draw", UNSET))

        declared = cls(
            extra_ante=extra_ante,
            play=play,
            seat=seat,
            type_=type_,
            draw=draw,
        )

        declared.additional_properties = d
        return declared

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
