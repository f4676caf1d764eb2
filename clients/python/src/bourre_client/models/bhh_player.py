from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BhhPlayer")


@_attrs_define
class BhhPlayer:
    """A player dealt in.

    Attributes:
        bot (bool): A server-side bot.
        display_name (None | str): The name they chose to be shown by; null when they chose none or the exporter
            blocked them.
        ending_stack (int): Their chips when it ended.
        id (UUID): The player.
        name (str): Their username as it is now ("deleted player" once the account is deleted).
        seat (int): Their seat, 0-7.
        starting_stack (int): Their chips when the hand was dealt, before the ante.
    """

    bot: bool
    display_name: None | str
    ending_stack: int
    id: UUID
    name: str
    seat: int
    starting_stack: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        display_name: None | str
        display_name = self.display_name

        ending_stack = self.ending_stack

        id = str(self.id)

        name = self.name

        seat = self.seat

        starting_stack = self.starting_stack

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "display_name": display_name,
                "ending_stack": ending_stack,
                "id": id,
                "name": name,
                "seat": seat,
                "starting_stack": starting_stack,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        bot = d.pop("bot")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        ending_stack = d.pop("ending_stack")

        id = UUID(d.pop("id"))

        name = d.pop("name")

        seat = d.pop("seat")

        starting_stack = d.pop("starting_stack")

        bhh_player = cls(
            bot=bot,
            display_name=display_name,
            ending_stack=ending_stack,
            id=id,
            name=name,
            seat=seat,
            starting_stack=starting_stack,
        )

        bhh_player.additional_properties = d
        return bhh_player

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
