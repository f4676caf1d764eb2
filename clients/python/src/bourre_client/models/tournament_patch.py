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


T = TypeVar("T", bound="TournamentPatch")


@_attrs_define
class TournamentPatch:
    """A change to a scheduled tournament: the fields sent replace those kept (`null` clears
    an optional one); the whole is checked again.

        Attributes:
            buy_in (int | None | Unset): Only while nobody has entered.
            hands_per_round (int | None | Unset): New hands per round.
            late_registration_rounds (int | None | Unset): New late registration rounds.
            lead_seconds (int | None | Unset): A new lead time.
            max_entries (int | None | Unset): A new most entries; `null`: 1,000.
            name (None | str | Unset): A new name.
            prizes (list[int] | None | Unset): New percentages by place.
            recurrence (None | Recurrence | Unset): A new recurrence; `null`: none.
            round_interval_seconds (int | None | Unset): A new round interval; `null`: rounds start at once.
            rounds (int | None | Unset): New rounds (new seeds are committed to).
            rules (None | TableRules | Unset): New table rules; `null`: the default ones.
            starts_at (datetime.datetime | None | Unset): A new start, in the future.
            table_size (None | TableSize | Unset): A new table size.
            turn_seconds (int | None | Unset): A new turn time.
    """

    buy_in: int | None | Unset = UNSET
    hands_per_round: int | None | Unset = UNSET
    late_registration_rounds: int | None | Unset = UNSET
    lead_seconds: int | None | Unset = UNSET
    max_entries: int | None | Unset = UNSET
    name: None | str | Unset = UNSET
    prizes: list[int] | None | Unset = UNSET
    recurrence: None | Recurrence | Unset = UNSET
    round_interval_seconds: int | None | Unset = UNSET
    rounds: int | None | Unset = UNSET
    rules: None | TableRules | Unset = UNSET
    starts_at: datetime.datetime | None | Unset = UNSET
    table_size: None | TableSize | Unset = UNSET
    turn_seconds: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.recurrence import Recurrence
        from ..models.table_rules import TableRules
        from ..models.table_size import TableSize

        buy_in: int | None | Unset
        if isinstance(self.buy_in, Unset):
            buy_in = UNSET
        else:
            buy_in = self.buy_in

        hands_per_round: int | None | Unset
        if isinstance(self.hands_per_round, Unset):
            hands_per_round = UNSET
        else:
            hands_per_round = self.hands_per_round

        late_registration_rounds: int | None | Unset
        if isinstance(self.late_registration_rounds, Unset):
            late_registration_rounds = UNSET
        else:
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

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        prizes: list[int] | None | Unset
        if isinstance(self.prizes, Unset):
            prizes = UNSET
        elif isinstance(self.prizes, list):
            prizes = self.prizes

        else:
            prizes = self.prizes

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

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, TableRules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        elif isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        table_size: dict[str, Any] | None | Unset
        if isinstance(self.table_size, Unset):
            table_size = UNSET
        elif isinstance(self.table_size, TableSize):
            table_size = self.table_size.to_dict()
        else:
            table_size = self.table_size

        turn_seconds: int | None | Unset
        if isinstance(self.turn_seconds, Unset):
            turn_seconds = UNSET
        else:
            turn_seconds = self.turn_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if buy_in is not UNSET:
            field_dict["buy_in"] = buy_in
        if hands_per_round is not UNSET:
            field_dict["hands_per_round"] = hands_per_round
        if late_registration_rounds is not UNSET:
            field_dict["late_registration_rounds"] = late_registration_rounds
        if lead_seconds is not UNSET:
            field_dict["lead_seconds"] = lead_seconds
        if max_entries is not UNSET:
            field_dict["max_entries"] = max_entries
        if name is not UNSET:
            field_dict["name"] = name
        if prizes is not UNSET:
            field_dict["prizes"] = prizes
        if recurrence is not UNSET:
            field_dict["recurrence"] = recurrence
        if round_interval_seconds is not UNSET:
            field_dict["round_interval_seconds"] = round_interval_seconds
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if rules is not UNSET:
            field_dict["rules"] = rules
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if table_size is not UNSET:
            field_dict["table_size"] = table_size
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.recurrence import Recurrence
        from ..models.table_rules import TableRules
        from ..models.table_size import TableSize

        d = dict(src_dict)

        def _parse_buy_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        buy_in = _parse_buy_in(d.pop("buy_in", UNSET))

        def _parse_hands_per_round(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        hands_per_round = _parse_hands_per_round(d.pop("hands_per_round", UNSET))

        def _parse_late_registration_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        late_registration_rounds = _parse_late_registration_rounds(
            d.pop("late_registration_rounds", UNSET)
        )

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

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_prizes(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                prizes_type_0 = cast(list[int], data)

                return prizes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        prizes = _parse_prizes(d.pop("prizes", UNSET))

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

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

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

        def _parse_starts_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))

        def _parse_table_size(data: object) -> None | TableSize | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                table_size_type_0 = TableSize.from_dict(data)

                return table_size_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TableSize | Unset, data)

        table_size = _parse_table_size(d.pop("table_size", UNSET))

        def _parse_turn_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds", UNSET))

        tournament_patch = cls(
            buy_in=buy_in,
            hands_per_round=hands_per_round,
            late_registration_rounds=late_registration_rounds,
            lead_seconds=lead_seconds,
            max_entries=max_entries,
            name=name,
            prizes=prizes,
            recurrence=recurrence,
            round_interval_seconds=round_interval_seconds,
            rounds=rounds,
            rules=rules,
            starts_at=starts_at,
            table_size=table_size,
            turn_seconds=turn_seconds,
        )

        return tournament_patch
