from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_status import TournamentStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.my_tournament_entry import MyTournamentEntry
    from ..models.tournament_round import TournamentRound
    from ..models.tournament_settings import TournamentSettings
    from ..models.tournament_standing import TournamentStanding


T = TypeVar("T", bound="TournamentOut")


@_attrs_define
class TournamentOut:
    """A tournament, whole.

    Attributes:
        entries (int): Entries taken (those who withdrew before the start are not counted).
        id (UUID): The tournament's id.
        league_id (UUID): Its league.
        name (str): Its name (its tables are named after it).
        pool (int): Chips in the pool: the buy-ins held.
        previous_id (None | UUID): The night this one recurs from, if any.
        registration_open (bool): Whether the caller may enter now.
        round_ (int): The round in play or last played; 0 before the start.
        settings (TournamentSettings): A tournament's settings: the create request's fields but its `name` and
            `starts_at`.
        starts_at (datetime.datetime): When it starts, or started.
        status (TournamentStatus): Where a tournament is.
        commitments (list[str]): SHA-256 (hex) of each round's seating seed, round 1 first: published before any
            entry, so no draw can be chosen after the field is known.
        created_at (datetime.datetime):
        created_by (UUID):
        prizes (list[int]): What each place would be paid from the pool now (or was paid), first place first.
        rounds (list[TournamentRound]): The rounds seated so far.
        standings (list[TournamentStanding]): Best first: live while it runs, final once it finished.
        ended_at (datetime.datetime | None | Unset): When it finished or was cancelled.
        me (MyTournamentEntry | None | Unset):
        next_id (None | Unset | UUID): The next night, once this recurring one started and made it.
    """

    entries: int
    id: UUID
    league_id: UUID
    name: str
    pool: int
    previous_id: None | UUID
    registration_open: bool
    round_: int
    settings: TournamentSettings
    starts_at: datetime.datetime
    status: TournamentStatus
    commitments: list[str]
    created_at: datetime.datetime
    created_by: UUID
    prizes: list[int]
    rounds: list[TournamentRound]
    standings: list[TournamentStanding]
    ended_at: datetime.datetime | None | Unset = UNSET
    me: MyTournamentEntry | None | Unset = UNSET
    next_id: None | Unset | UUID = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.my_tournament_entry import MyTournamentEntry

        entries = self.entries

        id = str(self.id)

        league_id = str(self.league_id)

        name = self.name

        pool = self.pool

        previous_id: None | str
        if isinstance(self.previous_id, UUID):
            previous_id = str(self.previous_id)
        else:
            previous_id = self.previous_id

        registration_open = self.registration_open

        round_ = self.round_

        settings = self.settings.to_dict()

        starts_at = self.starts_at.isoformat()

        status = self.status.value

        commitments = self.commitments

        created_at = self.created_at.isoformat()

        created_by = str(self.created_by)

        prizes = self.prizes

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        ended_at: None | str | Unset
        if isinstance(self.ended_at, Unset):
            ended_at = UNSET
        elif isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        me: dict[str, Any] | None | Unset
        if isinstance(self.me, Unset):
            me = UNSET
        elif isinstance(self.me, MyTournamentEntry):
            me = self.me.to_dict()
        else:
            me = self.me

        next_id: None | str | Unset
        if isinstance(self.next_id, Unset):
            next_id = UNSET
        elif isinstance(self.next_id, UUID):
            next_id = str(self.next_id)
        else:
            next_id = self.next_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entries": entries,
                "id": id,
                "league_id": league_id,
                "name": name,
                "pool": pool,
                "previous_id": previous_id,
                "registration_open": registration_open,
                "round": round_,
                "settings": settings,
                "starts_at": starts_at,
                "status": status,
                "commitments": commitments,
                "created_at": created_at,
                "created_by": created_by,
                "prizes": prizes,
                "rounds": rounds,
                "standings": standings,
            }
        )
        if ended_at is not UNSET:
            field_dict["ended_at"] = ended_at
        if me is not UNSET:
            field_dict["me"] = me
        if next_id is not UNSET:
            field_dict["next_id"] = next_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.my_tournament_entry import MyTournamentEntry
        from ..models.tournament_round import TournamentRound
        from ..models.tournament_settings import TournamentSettings
        from ..models.tournament_standing import TournamentStanding

        d = dict(src_dict)
        entries = d.pop("entries")

        id = UUID(d.pop("id"))

        league_id = UUID(d.pop("league_id"))

        name = d.pop("name")

        pool = d.pop("pool")

        def _parse_previous_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_id_type_0 = UUID(data)

                return previous_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        previous_id = _parse_previous_id(d.pop("previous_id"))

        registration_open = d.pop("registration_open")

        round_ = d.pop("round")

        settings = TournamentSettings.from_dict(d.pop("settings"))

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))

        status = TournamentStatus(d.pop("status"))

        commitments = cast(list[str], d.pop("commitments"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = UUID(d.pop("created_by"))

        prizes = cast(list[int], d.pop("prizes"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = TournamentRound.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = TournamentStanding.from_dict(standings_item_data)

            standings.append(standings_item)

        def _parse_ended_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        ended_at = _parse_ended_at(d.pop("ended_at", UNSET))

        def _parse_me(data: object) -> MyTournamentEntry | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_0 = MyTournamentEntry.from_dict(data)

                return me_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MyTournamentEntry | None | Unset, data)

        me = _parse_me(d.pop("me", UNSET))

        def _parse_next_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_id_type_0 = UUID(data)

                return next_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        next_id = _parse_next_id(d.pop("next_id", UNSET))

        tournament_out = cls(
            entries=entries,
            id=id,
            league_id=league_id,
            name=name,
            pool=pool,
            previous_id=previous_id,
            registration_open=registration_open,
            round_=round_,
            settings=settings,
            starts_at=starts_at,
            status=status,
            commitments=commitments,
            created_at=created_at,
            created_by=created_by,
            prizes=prizes,
            rounds=rounds,
            standings=standings,
            ended_at=ended_at,
            me=me,
            next_id=next_id,
        )

        tournament_out.additional_properties = d
        return tournament_out

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
