from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_summary import TournamentSummary


T = TypeVar("T", bound="TournamentsPage")


@_attrs_define
class TournamentsPage:
    """A page of a league's tournaments.

    Attributes:
        next_cursor (None | str): The `after` of the next page; null when this page is not full (the last).
        tournaments (list[TournamentSummary]): The latest start first.
    """

    next_cursor: None | str
    tournaments: list[TournamentSummary]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        next_cursor: None | str
        next_cursor = self.next_cursor

        tournaments = []
        for tournaments_item_data in self.tournaments:
            tournaments_item = tournaments_item_data.to_dict()
            tournaments.append(tournaments_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "next_cursor": next_cursor,
                "tournaments": tournaments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tournament_summary import TournamentSummary

        d = dict(src_dict)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        tournaments = []
        _tournaments = d.pop("tournaments")
        for tournaments_item_data in _tournaments:
            tournaments_item = TournamentSummary.from_dict(tournaments_item_data)

            tournaments.append(tournaments_item)

        tournaments_page = cls(
            next_cursor=next_cursor,
            tournaments=tournaments,
        )

        tournaments_page.additional_properties = d
        return tournaments_page

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
