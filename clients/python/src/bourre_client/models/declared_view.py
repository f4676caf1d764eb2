from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.declared_view_type import DeclaredViewType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.draw_view import DrawView


T = TypeVar("T", bound="DeclaredView")


@_attrs_define
class DeclaredView:
    """
    Attributes:
        extra_ante (int): Chips paid on declaring play with `double_ante` (R3a); 0 otherwise, and always 0
            with `simultaneous_declare` (`revealed` carries those).
        seat (int): The seat that declared.
        type_ (DeclaredViewType):
        draw (DrawView | None | Unset): The draw of a seat that plays in sequential declaration (its cards to that seat
            only
            while the hand is in play); absent for a pass and with `simultaneous_declare`.
        play (bool | None | Unset): `null` while a simultaneous declaration is secret.
    """

    extra_ante: int
    seat: int
    type_: DeclaredViewType
    draw: DrawView | None | Unset = UNSET
    play: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.draw_view import DrawView

        extra_ante = self.extra_ante

        seat = self.seat

        type_ = self.type_.value

        draw: dict[str, Any] | None | Unset
        if isinstance(self.draw, Unset):
            draw = UNSET
        elif isinstance(self.draw, DrawView):
            draw = self.draw.to_dict()
        else:
            draw = self.draw

        play: bool | None | Unset
        if isinstance(self.play, Unset):
            play = UNSET
        else:
            play = self.play

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extra_ante": extra_ante,
                "seat": seat,
                "type": type_,
            }
        )
        if draw is not UNSET:
            field_dict["draw"] = draw
        if play is not UNSET:
            field_dict["play"] = play

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.draw_view import DrawView

        d = dict(src_dict)
        extra_ante = d.pop("extra_ante")

        seat = d.pop("seat")

        type_ = DeclaredViewType(d.pop("type"))

        def _parse_draw(data: object) -> DrawView | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                draw_type_0 = DrawView.from_dict(data)

                return draw_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DrawView | None | Unset, data)

        draw = _parse_draw(d.pop("draw", UNSET))

        def _parse_play(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        play = _parse_play(d.pop("play", UNSET))

        declared_view = cls(
            extra_ante=extra_ante,
            seat=seat,
            type_=type_,
            draw=draw,
            play=play,
        )

        declared_view.additional_properties = d
        return declared_view

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
