from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.play_out import PlayOut


T = TypeVar("T", bound="TrickOut")


@_attrs_define
class TrickOut:
    """
    Attributes:
        leader_seat (int): The seat that led the trick (R9).
        plays (list[PlayOut]): The cards played to the trick, in order.
        winner_seat (int | None): The seat that won the trick (R9e); null while it is being played.
    """

    leader_seat: int
    plays: list[PlayOut]
    winner_seat: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        leader_seat = self.leader_seat

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        winner_seat: int | None
        winner_seat = self.winner_seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "leader_seat": leader_seat,
                "plays": plays,
                "winner_seat": winner_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.play_out import PlayOut

        d = dict(src_dict)
        leader_seat = d.pop("leader_seat")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = PlayOut.from_dict(plays_item_data)

            plays.append(plays_item)

        def _parse_winner_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner_seat = _parse_winner_seat(d.pop("winner_seat"))

        trick_out = cls(
            leader_seat=leader_seat,
            plays=plays,
            winner_seat=winner_seat,
        )

        trick_out.additional_properties = d
        return trick_out

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
