from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_created_type import TableCreatedType

if TYPE_CHECKING:
    from ..models.table_rules import TableRules


T = TypeVar("T", bound="TableCreated")


@_attrs_define
class TableCreated:
    """
    Attributes:
        commitment (str): SHA-256 of the first hand's server seed.
        fixed_decks (bool): Whether the table was created with fixed decks (R4a): its hands are never called
            fair.
        name (str): The table's name.
        rules (TableRules): The options a table is created with (docs/rules.md, "Table options").
        type_ (TableCreatedType):
    """

    commitment: str
    fixed_decks: bool
    name: str
    rules: TableRules
    type_: TableCreatedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        fixed_decks = self.fixed_decks

        name = self.name

        rules = self.rules.to_dict()

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commitment": commitment,
                "fixed_decks": fixed_decks,
                "name": name,
                "rules": rules,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_rules import TableRules

        d = dict(src_dict)
        commitment = d.pop("commitment")

        fixed_decks = d.pop("fixed_decks")

        name = d.pop("name")

        rules = TableRules.from_dict(d.pop("rules"))

        type_ = TableCreatedType(d.pop("type"))

        table_created = cls(
            commitment=commitment,
            fixed_decks=fixed_decks,
            name=name,
            rules=rules,
            type_=type_,
        )

        table_created.additional_properties = d
        return table_created

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
