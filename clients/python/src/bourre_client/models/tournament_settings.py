from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.recurrence import Recurrence
    from ..models.table_rules import TableRules
    from ..models.table_size import TableSize


T = TypeVar("T", bound="TournamentSettings")


@_attrs_define
class TournamentSettings:
    """A tournament's settings: the create request's fields but its `name` and `starts_at`.

    Attributes:
        buy_in (int): Chips each entry puts in the pool (held in the ledger until the prizes are paid); 0
            for a free tournament.
        hands_per_round (int): Hands each table plays in a round, 1 to 100.
        max_entries (int | None): Most entries, 2 to 1,000 (the default).
        prizes (list[int]): The pool's percentages by place, best first: each 1 to 100, adding up to 100.
        recurrence (None | Recurrence): Makes the next night when this one starts.
        round_interval_seconds (int | None): Rounds start at `starts_at` plus this many seconds times the round's number
            less one
            (one round a day: 86,400), or when the round before ends if that is later; none: each
            round starts as soon as the one before ends.
        rounds (int): Rounds played, 1 to 20.
        rules (None | TableRules): The tables' rules (`TableRules`, `ante` 1 when not given); their `max_players` is
            `table_size.max` and their `turn_timeout_secs` `turn_seconds`, whatever is sent.
        table_size (TableSize): How many players a table seats.
        turn_seconds (int): Each turn's time at the tournament's tables, 5 to 604,800 seconds.
        late_registration_rounds (int | Unset): Rounds after the start during which players may still enter (seated from
            the next
            round); 0: entries close at the start. Less than `rounds`.
        lead_seconds (int | Unset): How long before the start `tournament.starting` is announced, 0 to 604,800 seconds.
            Default: 900.
    """

    buy_in: int
    hands_per_round: int
    max_entries: int | None
    prizes: list[int]
    recurrence: None | Recurrence
    round_interval_seconds: int | None
    rounds: int
    rules: None | TableRules
    table_size: TableSize
    turn_seconds: int
    late_registration_rounds: int | Unset = UNSET
    lead_seconds: int | Unset = 900
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.recurrence import Recurrence
        from ..models.table_rules import TableRules

        buy_in = self.buy_in

        hands_per_round = self.hands_per_round

        max_entries: int | None
        max_entries = self.max_entries

        prizes = self.prizes

        recurrence: dict[str, Any] | None
        if isinstance(self.recurrence, Recurrence):
            recurrence = self.recurrence.to_dict()
        else:
            recurrence = self.recurrence

        round_interval_seconds: int | None
        round_interval_seconds = self.round_interval_seconds

        rounds = self.rounds

        rules: dict[str, Any] | None
        if isinstance(self.rules, TableRules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        table_size = self.table_size.to_dict()

        turn_seconds = self.turn_seconds

        late_registration_rounds = self.late_registration_rounds

        lead_seconds = self.lead_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "buy_in": buy_in,
                "hands_per_round": hands_per_round,
                "max_entries": max_entries,
                "prizes": prizes,
                "recurrence": recurrence,
                "round_interval_seconds": round_interval_seconds,
                "rounds": rounds,
                "rules": rules,
                "table_size": table_size,
                "turn_seconds": turn_seconds,
            }
        )
        if late_registration_rounds is not UNSET:
            field_dict["late_registration_rounds"] = late_registration_rounds
        if lead_seconds is not UNSET:
            field_dict["lead_seconds"] = lead_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.recurrence import Recurrence
        from ..models.table_rules import TableRules
        from ..models.table_size import TableSize

        d = dict(src_dict)
        buy_in = d.pop("buy_in")

        hands_per_round = d.pop("hands_per_round")

        def _parse_max_entries(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_entries = _parse_max_entries(d.pop("max_entries"))

        prizes = cast(list[int], d.pop("prizes"))

        def _parse_recurrence(data: object) -> None | Recurrence:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                recurrence_type_0 = Recurrence.from_dict(data)

                return recurrence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Recurrence, data)

        recurrence = _parse_recurrence(d.pop("recurrence"))

        def _parse_round_interval_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_interval_seconds = _parse_round_interval_seconds(
            d.pop("round_interval_seconds")
        )

        rounds = d.pop("rounds")

        def _parse_rules(data: object) -> None | TableRules:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = TableRules.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TableRules, data)

        rules = _parse_rules(d.pop("rules"))

        table_size = TableSize.from_dict(d.pop("table_size"))

        turn_seconds = d.pop("turn_seconds")

        late_registration_rounds = d.pop("late_registration_rounds", UNSET)

        lead_seconds = d.pop("lead_seconds", UNSET)

        tournament_settings = cls(
            buy_in=buy_in,
            hands_per_round=hands_per_round,
            max_entries=max_entries,
            prizes=prizes,
            recurrence=recurrence,
            round_interval_seconds=round_interval_seconds,
            rounds=rounds,
            rules=rules,
            table_size=table_size,
            turn_seconds=turn_seconds,
            late_registration_rounds=late_registration_rounds,
            lead_seconds=lead_seconds,
        )

        tournament_settings.additional_properties = d
        return tournament_settings

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
