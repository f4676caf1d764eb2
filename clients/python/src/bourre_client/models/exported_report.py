from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExportedReport")


@_attrs_define
class ExportedReport:
    """A report the player made.

    Attributes:
        created_at (datetime.datetime): When it was made.
        id (int): The report's id.
        kind (str): `message`, `player`, `table` or `league`.
        note (None | str): The note given (erased with the account).
        reason (str): Why, as given.
        status (str): `open`, `dismissed`, `hidden`, `muted` or `removed`.
        target (str): The id reported.
    """

    created_at: datetime.datetime
    id: int
    kind: str
    note: None | str
    reason: str
    status: str
    target: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = self.id

        kind = self.kind

        note: None | str
        note = self.note

        reason = self.reason

        status = self.status

        target = self.target

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "kind": kind,
                "note": note,
                "reason": reason,
                "status": status,
                "target": target,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        kind = d.pop("kind")

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        reason = d.pop("reason")

        status = d.pop("status")

        target = d.pop("target")

        exported_report = cls(
            created_at=created_at,
            id=id,
            kind=kind,
            note=note,
            reason=reason,
            status=status,
            target=target,
        )

        exported_report.additional_properties = d
        return exported_report

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
