from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.round_table import RoundTable


T = TypeVar("T", bound="TournamentRound")


@_attrs_define
class TournamentRound:
    """One round: its draw and how it went.

    Attributes:
        absent (list[UUID]): Players who took none of their turns (they forfeit the rest).
        away (list[UUID]): Players left out because they sat in a hand at another table of the league.
        byes (list[UUID]): Players with a bye this round.
        commitment (str): SHA-256 (hex) of the seed of the round's draw, published from the tournament's making.
        draw_order (list[UUID]): The players the draw took, in its order: by entry for the first round, by standing
            for later ones.
        ended_at (datetime.datetime | None): Null while it is played.
        round_ (int): The round's number, from 1.
        seed (str): The seed (hex), revealed once the round is seated: with `draw_order` it gives the
            tables (docs/guide/tournaments.md says how).
        started_at (datetime.datetime): When it was seated.
        tables (list[RoundTable]): Its tables, in the draw's order (the leaders' first after the first round).
    """

    absent: list[UUID]
    away: list[UUID]
    byes: list[UUID]
    commitment: str
    draw_order: list[UUID]
    ended_at: datetime.datetime | None
    round_: int
    seed: str
    started_at: datetime.datetime
    tables: list[RoundTable]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        absent = []
        for absent_item_data in self.absent:
            absent_item = str(absent_item_data)
            absent.append(absent_item)

        away = []
        for away_item_data in self.away:
            away_item = str(away_item_data)
            away.append(away_item)

        byes = []
        for byes_item_data in self.byes:
            byes_item = str(byes_item_data)
            byes.append(byes_item)

        commitment = self.commitment

        draw_order = []
        for draw_order_item_data in self.draw_order:
            draw_order_item = str(draw_order_item_data)
            draw_order.append(draw_order_item)

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        round_ = self.round_

        seed = self.seed

        started_at = self.started_at.isoformat()

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "absent": absent,
                "away": away,
                "byes": byes,
                "commitment": commitment,
                "draw_order": draw_order,
                "ended_at": ended_at,
                "round": round_,
                "seed": seed,
                "started_at": started_at,
                "tables": tables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_table import RoundTable

        d = dict(src_dict)
        absent = []
        _absent = d.pop("absent")
        for absent_item_data in _absent:
            absent_item = UUID(absent_item_data)

            absent.append(absent_item)

        away = []
        _away = d.pop("away")
        for away_item_data in _away:
            away_item = UUID(away_item_data)

            away.append(away_item)

        byes = []
        _byes = d.pop("byes")
        for byes_item_data in _byes:
            byes_item = UUID(byes_item_data)

            byes.append(byes_item)

        commitment = d.pop("commitment")

        draw_order = []
        _draw_order = d.pop("draw_order")
        for draw_order_item_data in _draw_order:
            draw_order_item = UUID(draw_order_item_data)

            draw_order.append(draw_order_item)

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

        round_ = d.pop("round")

        seed = d.pop("seed")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = RoundTable.from_dict(tables_item_data)

            tables.append(tables_item)

        tournament_round = cls(
            absent=absent,
            away=away,
            byes=byes,
            commitment=commitment,
            draw_order=draw_order,
            ended_at=ended_at,
            round_=round_,
            seed=seed,
            started_at=started_at,
            tables=tables,
        )

        tournament_round.additional_properties = d
        return tournament_round

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
