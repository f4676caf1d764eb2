from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_closed_type import TableClosedType

if TYPE_CHECKING:
    from ..models.player_amount import PlayerAmount


T = TypeVar("T", bound="TableClosed")


@_attrs_define
class TableClosed:
    """The table closed; its pot went back to these players (R10e).

    Attributes:
        returned (list[PlayerAmount]): The players the pot's chips went back to, and how many each (R10e).
        type_ (TableClosedType):
    """

    returned: list[PlayerAmount]
    type_: TableClosedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        returned = []
        for returned_item_data in self.returned:
            returned_item = returned_item_data.to_dict()
            returned.append(returned_item)

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "returned": returned,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.player_amount import PlayerAmount

        d = dict(src_dict)
        returned = []
        _returned = d.pop("returned")
        for returned_item_data in _returned:
            returned_item = PlayerAmount.from_dict(returned_item_data)

            returned.append(returned_item)

        type_ = TableClosedType(d.pop("type"))

        table_closed = cls(
            returned=returned,
            type_=type_,
        )

        table_closed.additional_properties = d
        return table_closed

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
