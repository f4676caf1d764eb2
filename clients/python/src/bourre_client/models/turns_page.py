from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.turn import Turn


T = TypeVar("T", bound="TurnsPage")


@_attrs_define
class TurnsPage:
    """A page of the caller's turns.

    Attributes:
        next_cursor (None | str): The `after` of the next page; null on the last.
        turns (list[Turn]): The tables where the caller is to act, oldest deadline first.
    """

    next_cursor: None | str
    turns: list[Turn]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        next_cursor: None | str
        next_cursor = self.next_cursor

        turns = []
        for turns_item_data in self.turns:
            turns_item = turns_item_data.to_dict()
            turns.append(turns_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "next_cursor": next_cursor,
                "turns": turns,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.turn import Turn

        d = dict(src_dict)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        turns = []
        _turns = d.pop("turns")
        for turns_item_data in _turns:
            turns_item = Turn.from_dict(turns_item_data)

            turns.append(turns_item)

        turns_page = cls(
            next_cursor=next_cursor,
            turns=turns,
        )

        turns_page.additional_properties = d
        return turns_page

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
