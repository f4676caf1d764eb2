from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Kinds")


@_attrs_define
class Kinds:
    """The kinds pushed on one channel.

    Attributes:
        hand_ended (bool): `hand.ended`: a hand they were dealt in is over, with what it did to their chips
            (not pushed while they watch the table).
        turn_reminder (bool): `turn.reminder`: their turn ends soon (`BOURRE_REMINDER_SECS` before its deadline).
        turn_started (bool): `turn.started`: it is the player's turn (not pushed while they watch the table).
        tournaments (bool | Unset): `tournament.starting`, `tournament.round_started` and `tournament.finished`: a
            tournament they entered starts soon, seats them (their table, or a bye), or ends
            (their place and prize). On when not sent. Default: True.
    """

    hand_ended: bool
    turn_reminder: bool
    turn_started: bool
    tournaments: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        hand_ended = self.hand_ended

        turn_reminder = self.turn_reminder

        turn_started = self.turn_started

        tournaments = self.tournaments

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand_ended": hand_ended,
                "turn_reminder": turn_reminder,
                "turn_started": turn_started,
            }
        )
        if tournaments is not UNSET:
            field_dict["tournaments"] = tournaments

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        hand_ended = d.pop("hand_ended")

        turn_reminder = d.pop("turn_reminder")

        turn_started = d.pop("turn_started")

        tournaments = d.pop("tournaments", UNSET)

        kinds = cls(
            hand_ended=hand_ended,
            turn_reminder=turn_reminder,
            turn_started=turn_started,
            tournaments=tournaments,
        )

        return kinds
