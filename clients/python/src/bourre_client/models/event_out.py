from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_kind import EventKind

if TYPE_CHECKING:
    from ..models.client_seed_set import ClientSeedSet
    from ..models.declared_view import DeclaredView
    from ..models.drew_view import DrewView
    from ..models.hand_dealt_view import HandDealtView
    from ..models.hand_ended import HandEnded
    from ..models.hand_started_view import HandStartedView
    from ..models.played import Played
    from ..models.revealed import Revealed
    from ..models.seat_left import SeatLeft
    from ..models.seat_taken import SeatTaken
    from ..models.seed_revealed import SeedRevealed
    from ..models.table_closed import TableClosed
    from ..models.table_created import TableCreated
    from ..models.trick_won import TrickWon
    from ..models.turn_timed_out import TurnTimedOut


T = TypeVar("T", bound="EventOut")


@_attrs_define
class EventOut:
    """One event of the log as the caller may see it.

    Attributes:
        created_at (datetime.datetime): When the event was written.
        data (ClientSeedSet | DeclaredView | DrewView | HandDealtView | HandEnded | HandStartedView | Played | Revealed
            | SeatLeft | SeatTaken | SeedRevealed | TableClosed | TableCreated | TrickWon | TurnTimedOut): An event as the
            caller may see it: redacted for them while its hand is in play, whole once it has ended.
        hand_no (int): The last hand dealt when the event was written (0 before the first hand).
        kind (EventKind): The kind of an event: its `type`.
        seq (int): The event's place in the table's log (1, 2, ...): the table's version once it was
            written.
    """

    created_at: datetime.datetime
    data: (
        ClientSeedSet
        | DeclaredView
        | DrewView
        | HandDealtView
        | HandEnded
        | HandStartedView
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
    hand_no: int
    kind: EventKind
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.client_seed_set import ClientSeedSet
        from ..models.declared_view import DeclaredView
        from ..models.drew_view import DrewView
        from ..models.hand_dealt_view import HandDealtView
        from ..models.hand_started_view import HandStartedView
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

        data: dict[str, Any]
        if (
            isinstance(self.data, TableCreated)
            or isinstance(self.data, SeatTaken)
            or isinstance(self.data, SeatLeft)
            or isinstance(self.data, ClientSeedSet)
            or isinstance(self.data, TurnTimedOut)
            or isinstance(self.data, SeedRevealed)
            or isinstance(self.data, TableClosed)
            or isinstance(self.data, HandDealtView)
            or isinstance(self.data, HandStartedView)
            or isinstance(self.data, DeclaredView)
            or isinstance(self.data, Revealed)
            or isinstance(self.data, DrewView)
            or isinstance(self.data, Played)
            or isinstance(self.data, TrickWon)
        ):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        hand_no = self.hand_no

        kind = self.kind.value

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "data": data,
                "hand_no": hand_no,
                "kind": kind,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.client_seed_set import ClientSeedSet
        from ..models.declared_view import DeclaredView
        from ..models.drew_view import DrewView
        from ..models.hand_dealt_view import HandDealtView
        from ..models.hand_ended import HandEnded
        from ..models.hand_started_view import HandStartedView
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

        def _parse_data(
            data: object,
        ) -> (
            ClientSeedSet
            | DeclaredView
            | DrewView
            | HandDealtView
            | HandEnded
            | HandStartedView
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
                componentsschemas_event_data_type_0 = TableCreated.from_dict(data)

                return componentsschemas_event_data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_1 = SeatTaken.from_dict(data)

                return componentsschemas_event_data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_2 = SeatLeft.from_dict(data)

                return componentsschemas_event_data_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_3 = ClientSeedSet.from_dict(data)

                return componentsschemas_event_data_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_4 = TurnTimedOut.from_dict(data)

                return componentsschemas_event_data_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_5 = SeedRevealed.from_dict(data)

                return componentsschemas_event_data_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_6 = TableClosed.from_dict(data)

                return componentsschemas_event_data_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_7 = HandDealtView.from_dict(data)

                return componentsschemas_event_data_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_8 = HandStartedView.from_dict(data)

                return componentsschemas_event_data_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_9 = DeclaredView.from_dict(data)

                return componentsschemas_event_data_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_10 = Revealed.from_dict(data)

                return componentsschemas_event_data_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_11 = DrewView.from_dict(data)

                return componentsschemas_event_data_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_12 = Played.from_dict(data)

                return componentsschemas_event_data_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_data_type_13 = TrickWon.from_dict(data)

                return componentsschemas_event_data_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_event_data_type_14 = HandEnded.from_dict(data)

            return componentsschemas_event_data_type_14

        data = _parse_data(d.pop("data"))

        hand_no = d.pop("hand_no")

        kind = EventKind(d.pop("kind"))

        seq = d.pop("seq")

        event_out = cls(
            created_at=created_at,
            data=data,
            hand_no=hand_no,
            kind=kind,
            seq=seq,
        )

        event_out.additional_properties = d
        return event_out

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
