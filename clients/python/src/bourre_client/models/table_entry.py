from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_status import TableStatus

if TYPE_CHECKING:
    from ..models.seat_to_act import SeatToAct
    from ..models.table_rules import TableRules


T = TypeVar("T", bound="TableEntry")


@_attrs_define
class TableEntry:
    """A table as a list shows it.

    Attributes:
        deadline (datetime.datetime | None): When the turn times out.
        hand_no (int): The hand in play, or the last one played (0 before the first).
        league_id (UUID): The league the table belongs to.
        max_seats (int): `rules.max_players`.
        my_seat (int | None): The caller's seat here, if they sit here.
        my_turn (bool): Whether the caller is to act here.
        name (str): The table's name.
        rules (TableRules): The options a table is created with (docs/rules.md, "Table options").
        seats_taken (int): How many seats are taken now.
        status (TableStatus): Where a table stands.
        table_id (UUID): The table's id.
        to_act (list[SeatToAct]): Whose turn it is (several at a simultaneous declaration); empty between hands.
    """

    deadline: datetime.datetime | None
    hand_no: int
    league_id: UUID
    max_seats: int
    my_seat: int | None
    my_turn: bool
    name: str
    rules: TableRules
    seats_taken: int
    status: TableStatus
    table_id: UUID
    to_act: list[SeatToAct]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        hand_no = self.hand_no

        league_id = str(self.league_id)

        max_seats = self.max_seats

        my_seat: int | None
        my_seat = self.my_seat

        my_turn = self.my_turn

        name = self.name

        rules = self.rules.to_dict()

        seats_taken = self.seats_taken

        status = self.status.value

        table_id = str(self.table_id)

        to_act = []
        for to_act_item_data in self.to_act:
            to_act_item = to_act_item_data.to_dict()
            to_act.append(to_act_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deadline": deadline,
                "hand_no": hand_no,
                "league_id": league_id,
                "max_seats": max_seats,
                "my_seat": my_seat,
                "my_turn": my_turn,
                "name": name,
                "rules": rules,
                "seats_taken": seats_taken,
                "status": status,
                "table_id": table_id,
                "to_act": to_act,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat_to_act import SeatToAct
        from ..models.table_rules import TableRules

        d = dict(src_dict)

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        hand_no = d.pop("hand_no")

        league_id = UUID(d.pop("league_id"))

        max_seats = d.pop("max_seats")

        def _parse_my_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        my_seat = _parse_my_seat(d.pop("my_seat"))

        my_turn = d.pop("my_turn")

        name = d.pop("name")

        rules = TableRules.from_dict(d.pop("rules"))

        seats_taken = d.pop("seats_taken")

        status = TableStatus(d.pop("status"))

        table_id = UUID(d.pop("table_id"))

        to_act = []
        _to_act = d.pop("to_act")
        for to_act_item_data in _to_act:
            to_act_item = SeatToAct.from_dict(to_act_item_data)

            to_act.append(to_act_item)

        table_entry = cls(
            deadline=deadline,
            hand_no=hand_no,
            league_id=league_id,
            max_seats=max_seats,
            my_seat=my_seat,
            my_turn=my_turn,
            name=name,
            rules=rules,
            seats_taken=seats_taken,
            status=status,
            table_id=table_id,
            to_act=to_act,
        )

        table_entry.additional_properties = d
        return table_entry

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
