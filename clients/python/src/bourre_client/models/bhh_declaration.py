from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BhhDeclaration")


@_attrs_define
class BhhDeclaration:
    """A declaration (R5).

    Attributes:
        extra_ante (int): The extra ante paid for playing with `double_ante` (R3a); 0 otherwise.
        play (bool): `true`: the seat plays; `false`: it passes.
        seat (int): The seat that declared, 0-7.
        timed_out (bool | Unset): The seat's time ran out and the server declared for it.
    """

    extra_ante: int
    play: bool
    seat: int
    timed_out: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        extra_ante = self.extra_ante

        play = self.play

        seat = self.seat

        timed_out = self.timed_out

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extra_ante": extra_ante,
                "play": play,
                "seat": seat,
            }
        )
        if timed_out is not UNSET:
            field_dict["timed_out"] = timed_out

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        extra_ante = d.pop("extra_ante")

        play = d.pop("play")

        seat = d.pop("seat")

        timed_out = d.pop("timed_out", UNSET)

        bhh_declaration = cls(
            extra_ante=extra_ante,
            play=play,
            seat=seat,
            timed_out=timed_out,
        )

        bhh_declaration.additional_properties = d
        return bhh_declaration

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
