from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.client_seed_set import ClientSeedSet
    from ..models.declared import Declared
    from ..models.drew import Drew
    from ..models.hand_dealt import HandDealt
    from ..models.hand_ended import HandEnded
    from ..models.hand_started import HandStarted
    from ..models.played import Played
    from ..models.revealed import Revealed
    from ..models.seat_left import SeatLeft
    from ..models.seat_taken import SeatTaken
    from ..models.seed_revealed import SeedRevealed
    from ..models.table_closed import TableClosed
    from ..models.table_created import TableCreated
    from ..models.trick_won import TrickWon
    from ..models.turn_timed_out import TurnTimedOut


T = TypeVar("T", bound="RecordRow")


@_attrs_define
class RecordRow:
    """One event row as exported in a hand record.

    Attributes:
        created_at (datetime.datetime): When the event was written.
        hand_no (int): The last hand dealt when the event was written (0 before the first hand).
        hash_ (str): SHA-256 of `prev_hash|seq|kind|payload`, hex, the payload as JSON with sorted keys and
            no whitespace.
        kind (str): The event's `type`.
        payload (ClientSeedSet | Declared | Drew | HandDealt | HandEnded | HandStarted | Played | Revealed | SeatLeft |
            SeatTaken | SeedRevealed | TableClosed | TableCreated | TrickWon | TurnTimedOut): One row of the event log.
        prev_hash (str): The `hash` of the table's previous event (64 zeros for its first).
        seq (int): The event's place in the table's log (1, 2, ...).
    """

    created_at: datetime.datetime
    hand_no: int
    hash_: str
    kind: str
    payload: (
        ClientSeedSet
        | Declared
        | Drew
        | HandDealt
        | HandEnded
        | HandStarted
        | Played
        | Revealed
        | SeatLeft
        | SeatTaken
        | SeedRevealed
        | TableClosed
        | TableCreated
        | TrickWon
        | TurnTimedOut
    )
    prev_hash: str
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.client_seed_set import ClientSeedSet
        from ..models.declared import Declared
        from ..models.drew import Drew
        from ..models.hand_dealt import HandDealt
        from ..models.hand_started import HandStarted
        from ..models.played import Played
        from ..models.revealed import Revealed
        from ..models.seat_left import SeatLeft
        from ..models.seat_taken import SeatTaken
        from ..models.seed_revealed import SeedRevealed
        from ..models.table_closed import TableClosed
        from ..models.table_created import TableCreated
        from ..models.trick_won import TrickWon
        from ..models.turn_timed_out import TurnTimedOut

        created_at = self.created_at.isoformat()

        hand_no = self.hand_no

        hash_ = self.hash_

        kind = self.kind

        payload: dict[str, Any]
        if (
            isinstance(self.payload, TableCreated)
            or isinstance(self.payload, SeatTaken)
            or isinstance(self.payload, SeatLeft)
            or isinstance(self.payload, HandDealt)
            or isinstance(self.payload, ClientSeedSet)
            or isinstance(self.payload, TurnTimedOut)
            or isinstance(self.payload, SeedRevealed)
            or isinstance(self.payload, TableClosed)
            or isinstance(self.payload, HandStarted)
            or isinstance(self.payload, Declared)
            or isinstance(self.payload, Revealed)
            or isinstance(self.payload, Drew)
            or isinstance(self.payload, Played)
            or isinstance(self.payload, TrickWon)
        ):
            payload = self.payload.to_dict()
        else:
            payload = self.payload.to_dict()

        prev_hash = self.prev_hash

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "hand_no": hand_no,
                "hash": hash_,
                "kind": kind,
                "payload": payload,
                "prev_hash": prev_hash,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.client_seed_set import ClientSeedSet
        from ..models.declared import Declared
        from ..models.drew import Drew
        from ..models.hand_dealt import HandDealt
        from ..models.hand_ended import HandEnded
        from ..models.hand_started import HandStarted
        from ..models.played import Played
        from ..models.revealed import Revealed
        from ..models.seat_left import SeatLeft
        from ..models.seat_taken import SeatTaken
        from ..models.seed_revealed import SeedRevealed
        from ..models.table_closed import TableClosed
        from ..models.table_created import TableCreated
        from ..models.trick_won import TrickWon
        from ..models.turn_timed_out import TurnTimedOut

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        hand_no = d.pop("hand_no")

        hash_ = d.pop("hash")

        kind = d.pop("kind")

        def _parse_payload(
            data: object,
        ) -> (
            ClientSeedSet
            | Declared
            | Drew
            | HandDealt
            | HandEnded
            | HandStarted
            | Played
            | Revealed
            | SeatLeft
            | SeatTaken
            | SeedRevealed
            | TableClosed
            | TableCreated
            | TrickWon
            | TurnTimedOut
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_0 = TableCreated.from_dict(data)

                return componentsschemas_table_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_1 = SeatTaken.from_dict(data)

                return componentsschemas_table_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_2 = SeatLeft.from_dict(data)

                return componentsschemas_table_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_3 = HandDealt.from_dict(data)

                return componentsschemas_table_event_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_4 = ClientSeedSet.from_dict(data)

                return componentsschemas_table_event_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_5 = TurnTimedOut.from_dict(data)

                return componentsschemas_table_event_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_6 = SeedRevealed.from_dict(data)

                return componentsschemas_table_event_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_7 = TableClosed.from_dict(data)

                return componentsschemas_table_event_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_8 = HandStarted.from_dict(data)

                return componentsschemas_table_event_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_9 = Declared.from_dict(data)

                return componentsschemas_table_event_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_10 = Revealed.from_dict(data)

                return componentsschemas_table_event_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_11 = Drew.from_dict(data)

                return componentsschemas_table_event_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_12 = Played.from_dict(data)

                return componentsschemas_table_event_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_event_type_13 = TrickWon.from_dict(data)

                return componentsschemas_table_event_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_table_event_type_14 = HandEnded.from_dict(data)

            return componentsschemas_table_event_type_14

        payload = _parse_payload(d.pop("payload"))

        prev_hash = d.pop("prev_hash")

        seq = d.pop("seq")

        record_row = cls(
            created_at=created_at,
            hand_no=hand_no,
            hash_=hash_,
            kind=kind,
            payload=payload,
            prev_hash=prev_hash,
            seq=seq,
        )

        record_row.additional_properties = d
        return record_row

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
