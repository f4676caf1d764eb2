from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.hand_player import HandPlayer


T = TypeVar("T", bound="HandSummary")


@_attrs_define
class HandSummary:
    """One hand at a glance.

    Attributes:
        bot_seats (list[int]): The seats dealt in that server-side bots held.
        bourre_seats (list[int]): The seats bourré in the hand (R10c); empty while it is in play.
        dealer_seat (int): The dealer's seat (R2a).
        ended_at (datetime.datetime | None): When the hand ended; null while it is in play.
        fixed_deck (bool): Whether the hand was dealt from the table's fixed deck (never called fair).
        hand_no (int): The hand's number at the table, from 1.
        in_progress (bool): Whether the hand is still in play.
        outcome (None | str): `won`, `uncontested`, `split`, `all_passed`; null while in play.
        players (list[HandPlayer]): Who was dealt in, by seat: as they are shown now.
        pot (int | None): The pot played for (carried chips, antes and extra antes).
        split_seats (list[int]): The seats tied for most tricks in a `split` hand (R10b); empty otherwise.
        started_at (datetime.datetime): When the hand was dealt.
        trump (str): `C`, `D`, `H` or `S`.
        upcard (str): The trump card turned up.
        winner_seat (int | None): The seat that took the pot (`won` or `uncontested`); null otherwise and while in play.
    """

    bot_seats: list[int]
    bourre_seats: list[int]
    dealer_seat: int
    ended_at: datetime.datetime | None
    fixed_deck: bool
    hand_no: int
    in_progress: bool
    outcome: None | str
    players: list[HandPlayer]
    pot: int | None
    split_seats: list[int]
    started_at: datetime.datetime
    trump: str
    upcard: str
    winner_seat: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot_seats = self.bot_seats

        bourre_seats = self.bourre_seats

        dealer_seat = self.dealer_seat

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        fixed_deck = self.fixed_deck

        hand_no = self.hand_no

        in_progress = self.in_progress

        outcome: None | str
        outcome = self.outcome

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        pot: int | None
        pot = self.pot

        split_seats = self.split_seats

        started_at = self.started_at.isoformat()

        trump = self.trump

        upcard = self.upcard

        winner_seat: int | None
        winner_seat = self.winner_seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot_seats": bot_seats,
                "bourre_seats": bourre_seats,
                "dealer_seat": dealer_seat,
                "ended_at": ended_at,
                "fixed_deck": fixed_deck,
                "hand_no": hand_no,
                "in_progress": in_progress,
                "outcome": outcome,
                "players": players,
                "pot": pot,
                "split_seats": split_seats,
                "started_at": started_at,
                "trump": trump,
                "upcard": upcard,
                "winner_seat": winner_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_player import HandPlayer

        d = dict(src_dict)
        bot_seats = cast(list[int], d.pop("bot_seats"))

        bourre_seats = cast(list[int], d.pop("bourre_seats"))

        dealer_seat = d.pop("dealer_seat")

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        fixed_deck = d.pop("fixed_deck")

        hand_no = d.pop("hand_no")

        in_progress = d.pop("in_progress")

        def _parse_outcome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        outcome = _parse_outcome(d.pop("outcome"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = HandPlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_pot(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pot = _parse_pot(d.pop("pot"))

        split_seats = cast(list[int], d.pop("split_seats"))

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        trump = d.pop("trump")

        upcard = d.pop("upcard")

        def _parse_winner_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner_seat = _parse_winner_seat(d.pop("winner_seat"))

        hand_summary = cls(
            bot_seats=bot_seats,
            bourre_seats=bourre_seats,
            dealer_seat=dealer_seat,
            ended_at=ended_at,
            fixed_deck=fixed_deck,
            hand_no=hand_no,
            in_progress=in_progress,
            outcome=outcome,
            players=players,
            pot=pot,
            split_seats=split_seats,
            started_at=started_at,
            trump=trump,
            upcard=upcard,
            winner_seat=winner_seat,
        )

        hand_summary.additional_properties = d
        return hand_summary

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
