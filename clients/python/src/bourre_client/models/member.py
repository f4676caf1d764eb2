from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.avatar import Avatar
from ..models.role import Role

T = TypeVar("T", bound="Member")


@_attrs_define
class Member:
    """A member of a league.

    Attributes:
        avatar (Avatar | None): Their avatar; null when they chose none or the caller blocked them.
        balance (int): Their chips in the league.
        display_name (None | str): The name they chose to be shown by; null when they chose none or the caller blocked
            them (show the username).
        player_id (UUID): The member's player id.
        role (Role): A member's role in a league.
        seat (int | None): Their seat at `table_id`, 0-7; null when they sit nowhere.
        table_id (None | UUID): The table where they sit in this league, if any.
        username (str): Their username.
    """

    avatar: Avatar | None
    balance: int
    display_name: None | str
    player_id: UUID
    role: Role
    seat: int | None
    table_id: None | UUID
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avatar: None | str
        if isinstance(self.avatar, Avatar):
            avatar = self.avatar.value
        else:
            avatar = self.avatar

        balance = self.balance

        display_name: None | str
        display_name = self.display_name

        player_id = str(self.player_id)

        role = self.role.value

        seat: int | None
        seat = self.seat

        table_id: None | str
        if isinstance(self.table_id, UUID):
            table_id = str(self.table_id)
        else:
            table_id = self.table_id

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatar": avatar,
                "balance": balance,
                "display_name": display_name,
                "player_id": player_id,
                "role": role,
                "seat": seat,
                "table_id": table_id,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_avatar(data: object) -> Avatar | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                avatar_type_0 = Avatar(data)

                return avatar_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Avatar | None, data)

        avatar = _parse_avatar(d.pop("avatar"))

        balance = d.pop("balance")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        player_id = UUID(d.pop("player_id"))

        role = Role(d.pop("role"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_table_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                table_id_type_0 = UUID(data)

                return table_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        table_id = _parse_table_id(d.pop("table_id"))

        username = d.pop("username")

        member = cls(
            avatar=avatar,
            balance=balance,
            display_name=display_name,
            player_id=player_id,
            role=role,
            seat=seat,
            table_id=table_id,
            username=username,
        )

        member.additional_properties = d
        return member

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
