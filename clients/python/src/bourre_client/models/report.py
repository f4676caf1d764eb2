from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.report_kind import ReportKind
from ..models.report_reason import ReportReason
from ..models.report_status import ReportStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chat_message import ChatMessage


T = TypeVar("T", bound="Report")


@_attrs_define
class Report:
    """A report, as its reporter and the league's admins (or the operator) see it.

    Attributes:
        created_at (datetime.datetime): When it was made.
        id (int): The report's id (increasing).
        kind (ReportKind): What a report is about.
        reason (ReportReason): Why a player reports.
        reporter_id (UUID): Who reported.
        status (ReportStatus): Where a report stands.
        target (str): The id reported, as sent.
        league_id (UUID | Unset): The league whose admins see it; absent when it went to the operator (a report
            about a league or one of its admins).
        message (ChatMessage | Unset): A message said at a table.
        mute_hours (int | Unset): How long a `mute` lasts.
        note (str | Unset): What the reporter added (erased with their account).
        resolved_at (datetime.datetime | Unset): When it was resolved.
        resolved_by (UUID | Unset): The admin who resolved it.
        subject_id (UUID | Unset): The player the report is about (a message's author, the player, a table's
            creator); absent for a league.
        subject_username (str | Unset): Their username now.
    """

    created_at: datetime.datetime
    id: int
    kind: ReportKind
    reason: ReportReason
    reporter_id: UUID
    status: ReportStatus
    target: str
    league_id: UUID | Unset = UNSET
    message: ChatMessage | Unset = UNSET
    mute_hours: int | Unset = UNSET
    note: str | Unset = UNSET
    resolved_at: datetime.datetime | Unset = UNSET
    resolved_by: UUID | Unset = UNSET
    subject_id: UUID | Unset = UNSET
    subject_username: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = self.id

        kind = self.kind.value

        reason = self.reason.value

        reporter_id = str(self.reporter_id)

        status = self.status.value

        target = self.target

        league_id: str | Unset = UNSET
        if not isinstance(self.league_id, Unset):
            league_id = str(self.league_id)

        message: dict[str, Any] | Unset = UNSET
        if not isinstance(self.message, Unset):
            message = self.message.to_dict()

        mute_hours = self.mute_hours

        note = self.note

        resolved_at: str | Unset = UNSET
        if not isinstance(self.resolved_at, Unset):
            resolved_at = self.resolved_at.isoformat()

        resolved_by: str | Unset = UNSET
        if not isinstance(self.resolved_by, Unset):
            resolved_by = str(self.resolved_by)

        subject_id: str | Unset = UNSET
        if not isinstance(self.subject_id, Unset):
            subject_id = str(self.subject_id)

        subject_username = self.subject_username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "kind": kind,
                "reason": reason,
                "reporter_id": reporter_id,
                "status": status,
                "target": target,
            }
        )
        if league_id is not UNSET:
            field_dict["league_id"] = league_id
        if message is not UNSET:
            field_dict["message"] = message
        if mute_hours is not UNSET:
            field_dict["mute_hours"] = mute_hours
        if note is not UNSET:
            field_dict["note"] = note
        if resolved_at is not UNSET:
            field_dict["resolved_at"] = resolved_at
        if resolved_by is not UNSET:
            field_dict["resolved_by"] = resolved_by
        if subject_id is not UNSET:
            field_dict["subject_id"] = subject_id
        if subject_username is not UNSET:
            field_dict["subject_username"] = subject_username

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_message import ChatMessage

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        kind = ReportKind(d.pop("kind"))

        reason = ReportReason(d.pop("reason"))

        reporter_id = UUID(d.pop("reporter_id"))

        status = ReportStatus(d.pop("status"))

        target = d.pop("target")

        _league_id = d.pop("league_id", UNSET)
        league_id: UUID | Unset
        if isinstance(_league_id, Unset):
            league_id = UNSET
        else:
            league_id = UUID(_league_id)

        _message = d.pop("message", UNSET)
        message: ChatMessage | Unset
        if isinstance(_message, Unset):
            message = UNSET
        else:
            message = ChatMessage.from_dict(_message)

        mute_hours = d.pop("mute_hours", UNSET)

        note = d.pop("note", UNSET)

        _resolved_at = d.pop("resolved_at", UNSET)
        resolved_at: datetime.datetime | Unset
        if isinstance(_resolved_at, Unset):
            resolved_at = UNSET
        else:
            resolved_at = datetime.datetime.fromisoformat(_resolved_at)

        _resolved_by = d.pop("resolved_by", UNSET)
        resolved_by: UUID | Unset
        if isinstance(_resolved_by, Unset):
            resolved_by = UNSET
        else:
            resolved_by = UUID(_resolved_by)

        _subject_id = d.pop("subject_id", UNSET)
        subject_id: UUID | Unset
        if isinstance(_subject_id, Unset):
            subject_id = UNSET
        else:
            subject_id = UUID(_subject_id)

        subject_username = d.pop("subject_username", UNSET)

        report = cls(
            created_at=created_at,
            id=id,
            kind=kind,
            reason=reason,
            reporter_id=reporter_id,
            status=status,
            target=target,
            league_id=league_id,
            message=message,
            mute_hours=mute_hours,
            note=note,
            resolved_at=resolved_at,
            resolved_by=resolved_by,
            subject_id=subject_id,
            subject_username=subject_username,
        )

        report.additional_properties = d
        return report

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
