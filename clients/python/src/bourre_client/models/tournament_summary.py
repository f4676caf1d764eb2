from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_status import TournamentStatus

if TYPE_CHECKING:
    from ..models.tournament_settings import TournamentSettings


T = TypeVar("T", bound="TournamentSummary")


@_attrs_define
class TournamentSummary:
    """A tournament in a list.

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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tournament_settings import TournamentSettings

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

        tournament_summary = cls(
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
        )

        tournament_summary.additional_properties = d
        return tournament_summary

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
