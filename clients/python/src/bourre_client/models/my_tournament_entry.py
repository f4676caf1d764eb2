from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.entry_state import EntryState

T = TypeVar("T", bound="MyTournamentEntry")


@_attrs_define
class MyTournamentEntry:
    """The caller's entry.

    Attributes:
        entered_at (datetime.datetime): When the caller entered.
        first_round (int): The first round they are seated in.
        state (EntryState): Where an entrant is in the tournament.
        table_id (None | UUID): Their table in the round in play, if seated there.
    """

    entered_at: datetime.datetime
    first_round: int
    state: EntryState
    table_id: None | UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        entered_at = self.entered_at.isoformat()

        first_round = self.first_round

        state = self.state.value

        table_id: None | str
        if isinstance(self.table_id, UUID):
            table_id = str(self.table_id)
        else:
            table_id = self.table_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entered_at": entered_at,
                "first_round": first_round,
                "state": state,
                "table_id": table_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entered_at = datetime.datetime.fromisoformat(d.pop("entered_at"))

        first_round = d.pop("first_round")

        state = EntryState(d.pop("state"))

        def _parse_table_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                table_id_type_0 = UUID(data)

                return table_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        table_id = _parse_table_id(d.pop("table_id"))

        my_tournament_entry = cls(
            entered_at=entered_at,
            first_round=first_round,
            state=state,
            table_id=table_id,
        )

        my_tournament_entry.additional_properties = d
        return my_tournament_entry

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
