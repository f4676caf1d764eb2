from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BhhDraw")


@_attrs_define
class BhhDraw:
    """A discard and its replacements (R6).

    Attributes:
        discard (list[str]): The cards discarded (none: the seat stands pat).
        drawn (list[str]): The replacements, as many as discarded.
        reshuffled (bool): The stock ran short and was rebuilt from the dead cards for this draw (R6).
        seat (int): The seat that drew, 0-7.
        timed_out (bool | Unset): The seat's time ran out and the server drew for it.
    """

    discard: list[str]
    drawn: list[str]
    reshuffled: bool
    seat: int
    timed_out: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        discard = self.discard

        drawn = self.drawn

        reshuffled = self.reshuffled

        seat = self.seat

        timed_out = self.timed_out

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discard": discard,
                "drawn": drawn,
                "reshuffled": reshuffled,
                "seat": seat,
            }
        )
        if timed_out is not UNSET:
            field_dict["timed_out"] = timed_out

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        discard = cast(list[str], d.pop("discard"))

        drawn = cast(list[str], d.pop("drawn"))

        reshuffled = d.pop("reshuffled")

        seat = d.pop("seat")

        timed_out = d.pop("timed_out", UNSET)

        bhh_draw = cls(
            discard=discard,
            drawn=drawn,
            reshuffled=reshuffled,
            seat=seat,
            timed_out=timed_out,
        )

        bhh_draw.additional_properties = d
        return bhh_draw

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
