from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pot_penalty import PotPenalty
from ..models.split_pot import SplitPot
from ..types import UNSET, Unset

T = TypeVar("T", bound="TableRules")


@_attrs_define
class TableRules:
    """The options a table is created with (docs/rules.md, "Table options").

    Attributes:
        ante (int): Each player's ante (R3).
        bourre_penalty (int | PotPenalty | Unset): What a bourré player pays (R10c): "pot" (the hand's pot, capped at
            `pot_limit`) or a fixed amount
        dealer_must_play_trump_ace (bool | Unset): A dealer who turns up the ace of trumps must play (R7). Default:
            True.
        double_ante (bool | Unset): Every player antes every hand, exemptions ignored, and a player who declares play
            pays
            one more ante before drawing (R3a).
        hand_size (int | Unset): Cards dealt to each player (R4). Default: 5.
        max_discard (int | None | Unset): The most cards a player may discard (R5b), at most `hand_size`; null:
            `hand_size`.
        max_players (int | Unset): Seats at the table (R2). Default: 7.
        pot_limit (int | None | Unset): The most a bourré player pays (R10c); null: no limit.
        simultaneous_declare (bool | Unset): Players declare at once, revealed together (R5a).
        split_pot (SplitPot | Unset): What happens to the pot when players tie for most tricks (R10b).
        turn_timeout_secs (int | Unset): How long a player has to act before the server acts for them. Default: 86400.
    """

    ante: int
    bourre_penalty: int | PotPenalty | Unset = UNSET
    dealer_must_play_trump_ace: bool | Unset = True
    double_ante: bool | Unset = UNSET
    hand_size: int | Unset = 5
    max_discard: int | None | Unset = UNSET
    max_players: int | Unset = 7
    pot_limit: int | None | Unset = UNSET
    simultaneous_declare: bool | Unset = UNSET
    split_pot: SplitPot | Unset = UNSET
    turn_timeout_secs: int | Unset = 86400

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        bourre_penalty: int | str | Unset
        if isinstance(self.bourre_penalty, Unset):
            bourre_penalty = UNSET
        elif isinstance(self.bourre_penalty, PotPenalty):
            bourre_penalty = self.bourre_penalty.value
        else:
            bourre_penalty = self.bourre_penalty

        dealer_must_play_trump_ace = self.dealer_must_play_trump_ace

        double_ante = self.double_ante

        hand_size = self.hand_size

        max_discard: int | None | Unset
        if isinstance(self.max_discard, Unset):
            max_discard = UNSET
        else:
            max_discard = self.max_discard

        max_players = self.max_players

        pot_limit: int | None | Unset
        if isinstance(self.pot_limit, Unset):
            pot_limit = UNSET
        else:
            pot_limit = self.pot_limit

        simultaneous_declare = self.simultaneous_declare

        split_pot: str | Unset = UNSET
        if not isinstance(self.split_pot, Unset):
            split_pot = self.split_pot.value

        turn_timeout_secs = self.turn_timeout_secs

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ante": ante,
            }
        )
        if bourre_penalty is not UNSET:
            field_dict["bourre_penalty"] = bourre_penalty
        if dealer_must_play_trump_ace is not UNSET:
            field_dict["dealer_must_play_trump_ace"] = dealer_must_play_trump_ace
        if double_ante is not UNSET:
            field_dict["double_ante"] = double_ante
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if max_discard is not UNSET:
            field_dict["max_discard"] = max_discard
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if pot_limit is not UNSET:
            field_dict["pot_limit"] = pot_limit
        if simultaneous_declare is not UNSET:
            field_dict["simultaneous_declare"] = simultaneous_declare
        if split_pot is not UNSET:
            field_dict["split_pot"] = split_pot
        if turn_timeout_secs is not UNSET:
            field_dict["turn_timeout_secs"] = turn_timeout_secs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ante = d.pop("ante")

        def _parse_bourre_penalty(data: object) -> int | PotPenalty | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_bourre_penalty_pot_penalty = PotPenalty(data)

                return componentsschemas_bourre_penalty_pot_penalty
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | PotPenalty | Unset, data)

        bourre_penalty = _parse_bourre_penalty(d.pop("bourre_penalty", UNSET))

        dealer_must_play_trump_ace = d.pop("dealer_must_play_trump_ace", UNSET)

        double_ante = d.pop("double_ante", UNSET)

        hand_size = d.pop("hand_size", UNSET)

        def _parse_max_discard(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_discard = _parse_max_discard(d.pop("max_discard", UNSET))

        max_players = d.pop("max_players", UNSET)

        def _parse_pot_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pot_limit = _parse_pot_limit(d.pop("pot_limit", UNSET))

        simultaneous_declare = d.pop("simultaneous_declare", UNSET)

        _split_pot = d.pop("split_pot", UNSET)
        split_pot: SplitPot | Unset
        if isinstance(_split_pot, Unset):
            split_pot = UNSET
        else:
            split_pot = SplitPot(_split_pot)

        turn_timeout_secs = d.pop("turn_timeout_secs", UNSET)

        table_rules = cls(
            ante=ante,
            bourre_penalty=bourre_penalty,
            dealer_must_play_trump_ace=dealer_must_play_trump_ace,
            double_ante=double_ante,
            hand_size=hand_size,
            max_discard=max_discard,
            max_players=max_players,
            pot_limit=pot_limit,
            simultaneous_declare=simultaneous_declare,
            split_pot=split_pot,
            turn_timeout_secs=turn_timeout_secs,
        )

        return table_rules
