from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.phase import Phase
from ..models.table_status import TableStatus

if TYPE_CHECKING:
    from ..models.legal_out import LegalOut
    from ..models.seat_amount import SeatAmount
    from ..models.seat_out import SeatOut
    from ..models.settlement import Settlement
    from ..models.table_rules import TableRules
    from ..models.to_act_out import ToActOut
    from ..models.trick_out import TrickOut
    from ..models.trump_out import TrumpOut


T = TypeVar("T", bound="TableView")


@_attrs_define
class TableView:
    """A table as the caller sees it.

    Attributes:
        current_trick (None | TrickOut): The trick being played, in the `play` phase; null otherwise.
        dealer_seat (int | None): The dealer of the hand in play, or of the last one (R2a); null before the first hand.
        fixed_decks (bool): Whether the table deals fixed decks (never called fair).
        hand_no (int): The hand in play, or the last one played (0 before the first).
        id (UUID): The table's id.
        last_hand (None | Settlement): The previous hand's settlement: outcome, tricks, payouts, bourré payments,
            exemptions.
        last_hand_chips (list[SeatAmount]): Once the hand in play has ended, until the next is dealt: each seat dealt
            in, in seat
            order, with the chips it won (positive) or lost in that hand: its share of the pot
            less its ante, extra ante (R3a) and bourré payment (R10c). Empty otherwise.
        league_id (UUID): The league the table belongs to.
        legal (LegalOut | None): What the caller may do now; null when it is not their turn.
        my_declaration (bool | None): The caller's own secret simultaneous declaration before the reveal.
        my_discards (list[str]): The cards the caller discarded in the hand in play; empty between hands and when they
            were not dealt in.
        my_hand (list[str]): The caller's cards in the hand in play; empty between hands and when they were not dealt
            in.
        my_seat (int | None): The caller's seat; null when they do not sit here.
        name (str): The table's name.
        phase (None | Phase): `complete` once the last hand ended; null before any hand.
        pot (int): Chips in the pot: this hand's, or what waits for the next hand.
        rules (TableRules): The options a table is created with (docs/rules.md, "Table options").
        seats (list[SeatOut]): The seated players, in seat order.
        status (TableStatus): Where a table stands.
        stock_count (int | None): Cards left in the stock while a hand is in play; null between hands.
        to_act (None | ToActOut): The seat to act (the first of them during simultaneous declarations).
        to_act_all (list[ToActOut]): Every seat that must act now.
        tricks (list[TrickOut]): The finished tricks of the hand in play, in order, or of the last hand until the next
            one is dealt.
        trump (None | TrumpOut): The trump suit of the hand in play, or of the last one, with the face-up card while the
            dealer holds it (R4); null before the first hand.
        version (int): The table's version: the seq of its last event.
    """

    current_trick: None | TrickOut
    dealer_seat: int | None
    fixed_decks: bool
    hand_no: int
    id: UUID
    last_hand: None | Settlement
    last_hand_chips: list[SeatAmount]
    league_id: UUID
    legal: LegalOut | None
    my_declaration: bool | None
    my_discards: list[str]
    my_hand: list[str]
    my_seat: int | None
    name: str
    phase: None | Phase
    pot: int
    rules: TableRules
    seats: list[SeatOut]
    status: TableStatus
    stock_count: int | None
    to_act: None | ToActOut
    to_act_all: list[ToActOut]
    tricks: list[TrickOut]
    trump: None | TrumpOut
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.legal_out import LegalOut
        from ..models.settlement import Settlement
        from ..models.to_act_out import ToActOut
        from ..models.trick_out import TrickOut
        from ..models.trump_out import TrumpOut

        current_trick: dict[str, Any] | None
        if isinstance(self.current_trick, TrickOut):
            current_trick = self.current_trick.to_dict()
        else:
            current_trick = self.current_trick

        dealer_seat: int | None
        dealer_seat = self.dealer_seat

        fixed_decks = self.fixed_decks

        hand_no = self.hand_no

        id = str(self.id)

        last_hand: dict[str, Any] | None
        if isinstance(self.last_hand, Settlement):
            last_hand = self.last_hand.to_dict()
        else:
            last_hand = self.last_hand

        last_hand_chips = []
        for last_hand_chips_item_data in self.last_hand_chips:
            last_hand_chips_item = last_hand_chips_item_data.to_dict()
            last_hand_chips.append(last_hand_chips_item)

        league_id = str(self.league_id)

        legal: dict[str, Any] | None
        if isinstance(self.legal, LegalOut):
            legal = self.legal.to_dict()
        else:
            legal = self.legal

        my_declaration: bool | None
        my_declaration = self.my_declaration

        my_discards = self.my_discards

        my_hand = self.my_hand

        my_seat: int | None
        my_seat = self.my_seat

        name = self.name

        phase: None | str
        if isinstance(self.phase, Phase):
            phase = self.phase.value
        else:
            phase = self.phase

        pot = self.pot

        rules = self.rules.to_dict()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        status = self.status.value

        stock_count: int | None
        stock_count = self.stock_count

        to_act: dict[str, Any] | None
        if isinstance(self.to_act, ToActOut):
            to_act = self.to_act.to_dict()
        else:
            to_act = self.to_act

        to_act_all = []
        for to_act_all_item_data in self.to_act_all:
            to_act_all_item = to_act_all_item_data.to_dict()
            to_act_all.append(to_act_all_item)

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        trump: dict[str, Any] | None
        if isinstance(self.trump, TrumpOut):
            trump = self.trump.to_dict()
        else:
            trump = self.trump

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current_trick": current_trick,
                "dealer_seat": dealer_seat,
                "fixed_decks": fixed_decks,
                "hand_no": hand_no,
                "id": id,
                "last_hand": last_hand,
                "last_hand_chips": last_hand_chips,
                "league_id": league_id,
                "legal": legal,
                "my_declaration": my_declaration,
                "my_discards": my_discards,
                "my_hand": my_hand,
                "my_seat": my_seat,
                "name": name,
                "phase": phase,
                "pot": pot,
                "rules": rules,
                "seats": seats,
                "status": status,
                "stock_count": stock_count,
                "to_act": to_act,
                "to_act_all": to_act_all,
                "tricks": tricks,
                "trump": trump,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.legal_out import LegalOut
        from ..models.seat_amount import SeatAmount
        from ..models.seat_out import SeatOut
        from ..models.settlement import Settlement
        from ..models.table_rules import TableRules
        from ..models.to_act_out import ToActOut
        from ..models.trick_out import TrickOut
        from ..models.trump_out import TrumpOut

        d = dict(src_dict)

        def _parse_current_trick(data: object) -> None | TrickOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                current_trick_type_0 = TrickOut.from_dict(data)

                return current_trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TrickOut, data)

        current_trick = _parse_current_trick(d.pop("current_trick"))

        def _parse_dealer_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dealer_seat = _parse_dealer_seat(d.pop("dealer_seat"))

        fixed_decks = d.pop("fixed_decks")

        hand_no = d.pop("hand_no")

        id = UUID(d.pop("id"))

        def _parse_last_hand(data: object) -> None | Settlement:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_hand_type_0 = Settlement.from_dict(data)

                return last_hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Settlement, data)

        last_hand = _parse_last_hand(d.pop("last_hand"))

        last_hand_chips = []
        _last_hand_chips = d.pop("last_hand_chips")
        for last_hand_chips_item_data in _last_hand_chips:
            last_hand_chips_item = SeatAmount.from_dict(last_hand_chips_item_data)

            last_hand_chips.append(last_hand_chips_item)

        league_id = UUID(d.pop("league_id"))

        def _parse_legal(data: object) -> LegalOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                legal_type_0 = LegalOut.from_dict(data)

                return legal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LegalOut | None, data)

        legal = _parse_legal(d.pop("legal"))

        def _parse_my_declaration(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        my_declaration = _parse_my_declaration(d.pop("my_declaration"))

        my_discards = cast(list[str], d.pop("my_discards"))

        my_hand = cast(list[str], d.pop("my_hand"))

        def _parse_my_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        my_seat = _parse_my_seat(d.pop("my_seat"))

        name = d.pop("name")

        def _parse_phase(data: object) -> None | Phase:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                phase_type_0 = Phase(data)

                return phase_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Phase, data)

        phase = _parse_phase(d.pop("phase"))

        pot = d.pop("pot")

        rules = TableRules.from_dict(d.pop("rules"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatOut.from_dict(seats_item_data)

            seats.append(seats_item)

        status = TableStatus(d.pop("status"))

        def _parse_stock_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        stock_count = _parse_stock_count(d.pop("stock_count"))

        def _parse_to_act(data: object) -> None | ToActOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                to_act_type_0 = ToActOut.from_dict(data)

                return to_act_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToActOut, data)

        to_act = _parse_to_act(d.pop("to_act"))

        to_act_all = []
        _to_act_all = d.pop("to_act_all")
        for to_act_all_item_data in _to_act_all:
            to_act_all_item = ToActOut.from_dict(to_act_all_item_data)

            to_act_all.append(to_act_all_item)

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = TrickOut.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        def _parse_trump(data: object) -> None | TrumpOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trump_type_0 = TrumpOut.from_dict(data)

                return trump_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TrumpOut, data)

        trump = _parse_trump(d.pop("trump"))

        version = d.pop("version")

        table_view = cls(
            current_trick=current_trick,
            dealer_seat=dealer_seat,
            fixed_decks=fixed_decks,
            hand_no=hand_no,
            id=id,
            last_hand=last_hand,
            last_hand_chips=last_hand_chips,
            league_id=league_id,
            legal=legal,
            my_declaration=my_declaration,
            my_discards=my_discards,
            my_hand=my_hand,
            my_seat=my_seat,
            name=name,
            phase=phase,
            pot=pot,
            rules=rules,
            seats=seats,
            status=status,
            stock_count=stock_count,
            to_act=to_act,
            to_act_all=to_act_all,
            tricks=tricks,
            trump=trump,
            version=version,
        )

        table_view.additional_properties = d
        return table_view

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
