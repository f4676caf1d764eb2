from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.reason import Reason

T = TypeVar("T", bound="ExportedLedgerEntry")


@_attrs_define
class ExportedLedgerEntry:
    """
    Attributes:
        amount (int): The chips moved, more than 0.
        created_at (datetime.datetime): When the entry was written.
        event_seq (int | None): The event that caused the entry.
        from_account (str): `treasury`, `player:<id>`, `pot:<table id>` or `tournament:<id>`.
        hand_no (int | None): The hand that moved them (a closing table's last hand for its returned pot); null when
            `table_id` is.
        id (int): The entry's id; ids increase as entries are written.
        note (None | str): The admin's reason, for grants.
        reason (Reason): Why chips moved.
        table_id (None | UUID): The table whose play moved the chips; null for starting balances, grants, removals and
            tournaments' buy-ins and prizes.
        to_account (str): `treasury`, `player:<id>`, `pot:<table id>` or `tournament:<id>`.
        league_id (UUID):
    """

    amount: int
    created_at: datetime.datetime
    event_seq: int | None
    from_account: str
    hand_no: int | None
    id: int
    note: None | str
    reason: Reason
    table_id: None | UUID
    to_account: str
    league_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        created_at = self.created_at.isoformat()

        event_seq: int | None
        event_seq = self.event_seq

        from_account = self.from_account

        hand_no: int | None
        hand_no = self.hand_no

        id = self.id

        note: None | str
        note = self.note

        reason = self.reason.value

        table_id: None | str
        if isinstance(self.table_id, UUID):
            table_id = str(self.table_id)
        else:
            table_id = self.table_id

        to_account = self.to_account

        league_id = str(self.league_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "created_at": created_at,
                "event_seq": event_seq,
                "from_account": from_account,
                "hand_no": hand_no,
                "id": id,
                "note": note,
                "reason": reason,
                "table_id": table_id,
                "to_account": to_account,
                "league_id": league_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_event_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        event_seq = _parse_event_seq(d.pop("event_seq"))

        from_account = d.pop("from_account")

        def _parse_hand_no(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        hand_no = _parse_hand_no(d.pop("hand_no"))

        id = d.pop("id")

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        reason = Reason(d.pop("reason"))

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

        to_account = d.pop("to_account")

        league_id = UUID(d.pop("league_id"))

        exported_ledger_entry = cls(
            amount=amount,
            created_at=created_at,
            event_seq=event_seq,
            from_account=from_account,
            hand_no=hand_no,
            id=id,
            note=note,
            reason=reason,
            table_id=table_id,
            to_account=to_account,
            league_id=league_id,
        )

        exported_ledger_entry.additional_properties = d
        return exported_ledger_entry

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
