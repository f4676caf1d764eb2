from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.table_rules import TableRules


T = TypeVar("T", bound="CreateTable")


@_attrs_define
class CreateTable:
    """
    Attributes:
        league_id (UUID): The league to create the table in (the caller is a member).
        name (str): At most 80 characters, not all spaces: no control characters, bidirectional
            controls or zero-width characters (surrounding spaces are trimmed).
        rules (TableRules): The options a table is created with (docs/rules.md, "Table options").
        decks (list[list[str]] | None | Unset): Fixed decks, top first (R4a), for hands 1, 2, ...; only with
            BOURRE_ALLOW_FIXED_DECK=1.
    """

    league_id: UUID
    name: str
    rules: TableRules
    decks: list[list[str]] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        league_id = str(self.league_id)

        name = self.name

        rules = self.rules.to_dict()

        decks: list[list[str]] | None | Unset
        if isinstance(self.decks, Unset):
            decks = UNSET
        elif isinstance(self.decks, list):
            decks = []
            for decks_type_0_item_data in self.decks:
                decks_type_0_item = decks_type_0_item_data

                decks.append(decks_type_0_item)

        else:
            decks = self.decks

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "league_id": league_id,
                "name": name,
                "rules": rules,
            }
        )
        if decks is not UNSET:
            field_dict["decks"] = decks

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_rules import TableRules

        d = dict(src_dict)
        league_id = UUID(d.pop("league_id"))

        name = d.pop("name")

        rules = TableRules.from_dict(d.pop("rules"))

        def _parse_decks(data: object) -> list[list[str]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                decks_type_0 = []
                _decks_type_0 = data
                for decks_type_0_item_data in _decks_type_0:
                    decks_type_0_item = cast(list[str], decks_type_0_item_data)

                    decks_type_0.append(decks_type_0_item)

                return decks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str]] | None | Unset, data)

        decks = _parse_decks(d.pop("decks", UNSET))

        create_table = cls(
            league_id=league_id,
            name=name,
            rules=rules,
            decks=decks,
        )

        return create_table
