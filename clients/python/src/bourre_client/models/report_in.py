from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.report_kind import ReportKind
from ..models.report_reason import ReportReason
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReportIn")


@_attrs_define
class ReportIn:
    """A report.

    Attributes:
        id (str): What is reported: a message's number, or the UUID of a player, a table or a league.
        kind (ReportKind): What a report is about.
        reason (ReportReason): Why a player reports.
        league_id (None | Unset | UUID): For a player: the league whose admins are to see it (one both belong to, as at
            the
            table the report is made from); without it, the report goes to the operator.
        note (None | str | Unset): What the admins should know: at most 500 characters, not all spaces, no control
            characters, bidirectional controls or zero-width characters.
    """

    id: str
    kind: ReportKind
    reason: ReportReason
    league_id: None | Unset | UUID = UNSET
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        reason = self.reason.value

        league_id: None | str | Unset
        if isinstance(self.league_id, Unset):
            league_id = UNSET
        elif isinstance(self.league_id, UUID):
            league_id = str(self.league_id)
        else:
            league_id = self.league_id

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "reason": reason,
            }
        )
        if league_id is not UNSET:
            field_dict["league_id"] = league_id
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = ReportKind(d.pop("kind"))

        reason = ReportReason(d.pop("reason"))

        def _parse_league_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                league_id_type_0 = UUID(data)

                return league_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        league_id = _parse_league_id(d.pop("league_id", UNSET))

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        report_in = cls(
            id=id,
            kind=kind,
            reason=reason,
            league_id=league_id,
            note=note,
        )

        return report_in
