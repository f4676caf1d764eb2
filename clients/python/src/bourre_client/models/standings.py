from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.standing import Standing


T = TypeVar("T", bound="Standings")


@_attrs_define
class Standings:
    """
    Attributes:
        bots (list[Standing]): Its server-side bots seated now, ranked apart.
        from_ (datetime.datetime | None): When the season began; null for all time.
        rows (list[Standing]): The league's players.
        season (int | None): The season asked for; null for all time.
        until (datetime.datetime | None): When the season closed; null for the running season and for all time.
    """

    bots: list[Standing]
    from_: datetime.datetime | None
    rows: list[Standing]
    season: int | None
    until: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.to_dict()
            bots.append(bots_item)

        from_: None | str
        if isinstance(self.from_, datetime.datetime):
            from_ = self.from_.isoformat()
        else:
            from_ = self.from_

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        season: int | None
        season = self.season

        until: None | str
        if isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bots": bots,
                "from": from_,
                "rows": rows,
                "season": season,
                "until": until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.standing import Standing

        d = dict(src_dict)
        bots = []
        _bots = d.pop("bots")
        for bots_item_data in _bots:
            bots_item = Standing.from_dict(bots_item_data)

            bots.append(bots_item)

        def _parse_from_(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                from_type_0 = datetime.datetime.fromisoformat(data)

                return from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        from_ = _parse_from_(d.pop("from"))

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = Standing.from_dict(rows_item_data)

            rows.append(rows_item)

        def _parse_season(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        season = _parse_season(d.pop("season"))

        def _parse_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                until_type_0 = datetime.datetime.fromisoformat(data)

                return until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        until = _parse_until(d.pop("until"))

        standings = cls(
            bots=bots,
            from_=from_,
            rows=rows,
            season=season,
            until=until,
        )

        standings.additional_properties = d
        return standings

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
