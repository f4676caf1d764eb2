from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.log_proof import LogProof
    from ..models.record_row import RecordRow


T = TypeVar("T", bound="HandRecord")


@_attrs_define
class HandRecord:
    """Everything needed to check a finished hand offline.

    Attributes:
        commitment_event (RecordRow): One event row as exported in a hand record.
        events (list[RecordRow]): The hand's events, in order, from `hand_dealt` on.
        fixed_deck (bool): A fixed-deck hand is never called fair.
        hand_no (int): The hand's number at the table, from 1.
        proof (LogProof | None): The hand's place in the public log (docs/guide/public-log.md); null until the hand is
            in it, within seconds of its end.
        table_id (UUID): The table.
    """

    commitment_event: RecordRow
    events: list[RecordRow]
    fixed_deck: bool
    hand_no: int
    proof: LogProof | None
    table_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.log_proof import LogProof

        commitment_event = self.commitment_event.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        fixed_deck = self.fixed_deck

        hand_no = self.hand_no

        proof: dict[str, Any] | None
        if isinstance(self.proof, LogProof):
            proof = self.proof.to_dict()
        else:
            proof = self.proof

        table_id = str(self.table_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commitment_event": commitment_event,
                "events": events,
                "fixed_deck": fixed_deck,
                "hand_no": hand_no,
                "proof": proof,
                "table_id": table_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.log_proof import LogProof
        from ..models.record_row import RecordRow

        d = dict(src_dict)
        commitment_event = RecordRow.from_dict(d.pop("commitment_event"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = RecordRow.from_dict(events_item_data)

            events.append(events_item)

        fixed_deck = d.pop("fixed_deck")

        hand_no = d.pop("hand_no")

        def _parse_proof(data: object) -> LogProof | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                proof_type_0 = LogProof.from_dict(data)

                return proof_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LogProof | None, data)

        proof = _parse_proof(d.pop("proof"))

        table_id = UUID(d.pop("table_id"))

        hand_record = cls(
            commitment_event=commitment_event,
            events=events,
            fixed_deck=fixed_deck,
            hand_no=hand_no,
            proof=proof,
            table_id=table_id,
        )

        hand_record.additional_properties = d
        return hand_record

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
