from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.revealed_type import RevealedType

if TYPE_CHECKING:
    from ..models.seat_amount import SeatAmount


T = TypeVar("T", bound="Revealed")


@_attrs_define
class Revealed:
    """All simultaneous declarations are in (R5a); `playing` seats pay their extra antes.

    Attributes:
        extra_antes (list[SeatAmount]): The extra ante each of them pays with `double_ante` (R3a); empty without it.
        playing (list[int]): The seats that declared play.
        type_ (RevealedType):
    """

    extra_antes: list[SeatAmount]
    playing: list[int]
    type_: RevealedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        extra_antes = []
        for extra_antes_item_data in self.extra_antes:
            extra_antes_item = extra_antes_item_data.to_dict()
            extra_antes.append(extra_antes_item)

        playing = self.playing

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extra_antes": extra_antes,
                "playing": playing,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat_amount import SeatAmount

        d = dict(src_dict)
        extra_antes = []
        _extra_antes = d.pop("extra_antes")
        for extra_antes_item_data in _extra_antes:
            extra_antes_item = SeatAmount.from_dict(extra_antes_item_data)

            extra_antes.append(extra_antes_item)

        playing = cast(list[int], d.pop("playing"))

        type_ = RevealedType(d.pop("type"))

        revealed = cls(
            extra_antes=extra_antes,
            playing=playing,
            type_=type_,
        )

        revealed.additional_properties = d
        return revealed

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
