from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.recurrence import Recurrence
    from ..models.table_rules import TableRules
    from ..models.table_size import TableSize


T = TypeVar("T", bound="NewTournament")


@_attrs_define
class NewTournament:
    """A new tournament: its name, start and [`TournamentSettings`].

    Attributes:
        buy_in (int): Chips each entry puts in the pool; 0 for a free tournament.
        hands_per_round (int): Hands each table plays in a round, 1 to 100.
        name (str): 1 to 60 characters, not all spaces.
        prizes (list[int]): The pool's percentages by place, best first: each 1 to 100, adding up to 100.
        rounds (int): Rounds played, 1 to 20.
        starts_at (datetime.datetime): When it starts: entries close then (but for late registration) and the first
            round
            is seated. In the future.
        table_size (TableSize): How many players a table seats.
        turn_seconds (int): Each turn's time at the tournament's tables, in seconds.
        late_registration_rounds (int | Unset): Rounds after the start during which players may still enter; less than
            `rounds`.
        lead_seconds (int | None | Unset): How long before the start `tournament.starting` is announced (default 900).
            Default: 900.
        max_entries (int | None | Unset): Most entries (default 1,000).
        recurrence (None | Recurrence | Unset): Makes the next night when this one starts.
        round_interval_seconds (int | None | Unset): Round `n` starts no sooner than `starts_at` plus `n - 1` times
            this; none: at once.
        rules (None | TableRules | Unset): The tables' rules (`ante` 1 when not given; `max_players` and
            `turn_timeout_secs`
            are the tournament's).
    """

    buy_in: int
    hands_per_round: int
    name: str
    prizes: list[int]
    rounds: int
    starts_at: datetime.datetime
    table_size: TableSize
    turn_seconds: int
    late_registration_rounds: int | Unset = UNSET
    lead_seconds: int | None | Unset = 900
    max_entries: int | None | Unset = UNSET
    recurrence: None | Recurrence | Unset = UNSET
    round_interval_seconds: int | None | Unset = UNSET
    rules: None | TableRules | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.recurrence import Recurrence
        from ..models.table_rules import TableRules

        buy_in = self.buy_in

        hands_per_round = self.hands_per_round

        name = self.name

        prizes = self.prizes

        rounds = self.rounds

        starts_at = self.starts_at.isoformat()

        table_size = self.table_size.to_dict()

        turn_seconds = self.turn_seconds

        late_registration_rounds = self.late_registration_rounds

        lead_seconds: int | None | Unset
        if isinstance(self.lead_seconds, Unset):
            lead_seconds = UNSET
        else:
            lead_seconds = self.lead_seconds

        max_entries: int | None | Unset
        if isinstance(self.max_entries, Unset):
            max_entries = UNSET
        else:
            max_entries = self.max_entries

        recurrence: dict[str, Any] | None | Unset
        if isinstance(self.recurrence, Unset):
            recurrence = UNSET
        elif isinstance(self.recurrence, Recurrence):
            recurrence = self.recurrence.to_dict()
        else:
            recurrence = self.recurrence

        round_interval_seconds: int | None | Unset
        if isinstance(self.round_interval_seconds, Unset):
            round_interval_seconds = UNSET
        else:
            round_interval_seconds = self.round_interval_seconds

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, TableRules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "buy_in": buy_in,
                "hands_per_round": hands_per_round,
                "name": name,
                "prizes": prizes,
                "rounds": rounds,
                "starts_at": starts_at,
                "table_size": table_size,
                "turn_seconds": turn_seconds,
            }
        )
        if late_registration_rounds is not UNSET:
            field_dict["late_registration_rounds"] = late_registration_rounds
        if lead_seconds is not UNSET:
            field_dict["lead_seconds"] = lead_seconds
        if max_entries is not UNSET:
            field_dict["max_entries"] = max_entries
        if recurrence is not UNSET:
            field_dict["recurrence"] = recurrence
        if round_interval_seconds is not UNSET:
            field_dict["round_interval_seconds"] = round_interval_seconds
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.recurrence import Recurrence
        from ..models.table_rules import TableRules
        from ..models.table_size import TableSize

        d = dict(src_dict)
        buy_in = d.pop("buy_in")

        hands_per_round = d.pop("hands_per_round")

        name = d.pop("name")

        prizes = cast(list[int], d.pop("prizes"))

        rounds = d.pop("rounds")

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        table_size = TableSize.from_dict(d.pop("table_size"))

        turn_seconds = d.pop("turn_seconds")

        late_registration_rounds = d.pop("late_registration_rounds", UNSET)

        def _parse_lead_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        lead_seconds = _parse_lead_seconds(d.pop("lead_seconds", UNSET))

        def _parse_max_entries(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_entries = _parse_max_entries(d.pop("max_entries", UNSET))

        def _parse_recurrence(data: object) -> None | Recurrence | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                recurrence_type_0 = Recurrence.from_dict(data)

                return recurrence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Recurrence | Unset, data)

        recurrence = _parse_recurrence(d.pop("recurrence", UNSET))

        def _parse_round_interval_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        round_interval_seconds = _parse_round_interval_seconds(
            d.pop("round_interval_seconds", UNSET)
        )

        def _parse_rules(data: object) -> None | TableRules | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = TableRules.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TableRules | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        new_tournament = cls(
            buy_in=buy_in,
            hands_per_round=hands_per_round,
            name=name,
            prizes=prizes,
            rounds=rounds,
            starts_at=starts_at,
            table_size=table_size,
            turn_seconds=turn_seconds,
            late_registration_rounds=late_registration_rounds,
            lead_seconds=lead_seconds,
            max_entries=max_entries,
            recurrence=recurrence,
            round_interval_seconds=round_interval_seconds,
            rules=rules,
        )

        return new_tournament
