from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.history_kind import HistoryKind

if TYPE_CHECKING:
    from ..models.history_entry_data import HistoryEntryData


T = TypeVar("T", bound="HistoryEntry")


@_attrs_define
class HistoryEntry:
    """An entry of a league's history.

    Attributes:
        at (datetime.datetime): When it happened.
        by_player_id (None | UUID): Who did it; absent when the server did, on its own.
        data (HistoryEntryData): The kind's details (see [`HistoryKind`]).
        id (int): Increasing; the `after` of the next page is the last entry's.
        kind (HistoryKind): What an entry says happened.
        player_id (None | UUID): Whom the entry is about, if anyone.
        username (None | str): Their username now ("deleted player" once their account is deleted).
    """

    at: datetime.datetime
    by_player_id: None | UUID
    data: HistoryEntryData
    id: int
    kind: HistoryKind
    player_id: None | UUID
    username: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        by_player_id: None | str
        if isinstance(self.by_player_id, UUID):
            by_player_id = str(self.by_player_id)
        else:
            by_player_id = self.by_player_id

        data = self.data.to_dict()

        id = self.id

        kind = self.kind.value

        player_id: None | str
        if isinstance(self.player_id, UUID):
            player_id = str(self.player_id)
        else:
            player_id = self.player_id

        username: None | str
        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "by_player_id": by_player_id,
                "data": data,
                "id": id,
                "kind": kind,
                "player_id": player_id,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_entry_data import HistoryEntryData

        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        def _parse_by_player_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                by_player_id_type_0 = UUID(data)

                return by_player_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        by_player_id = _parse_by_player_id(d.pop("by_player_id"))

        data = HistoryEntryData.from_dict(d.pop("data"))

        id = d.pop("id")

        kind = HistoryKind(d.pop("kind"))

        def _parse_player_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                player_id_type_0 = UUID(data)

                return player_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        player_id = _parse_player_id(d.pop("player_id"))

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))

        history_entry = cls(
            at=at,
            by_player_id=by_player_id,
            data=data,
            id=id,
            kind=kind,
            player_id=player_id,
            username=username,
        )

        history_entry.additional_properties = d
        return history_entry

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
