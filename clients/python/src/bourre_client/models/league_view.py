from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chat_policy import ChatPolicy
from ..models.join_policy import JoinPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="LeagueView")


@_attrs_define
class LeagueView:
    """A league as a caller sees it: the invite code only if they are an admin.

    Attributes:
        chat (ChatPolicy): What a league's tables may say.
        created_at (datetime.datetime): When the league was created.
        created_by (UUID): The player who created the league.
        id (UUID): The league's id.
        join_policy (JoinPolicy): Who may join a league.
        name (str): The league's name.
        starting_balance (int): Chips credited to each new member.
        watchers_chat (bool): Whether members watching a table (not seated at it) may talk at it too (as
            `chat` allows).
        closed_at (datetime.datetime | Unset): When the league closed (its last human member's account was deleted): its
            tables
            are closed and nothing joins it any more. Absent while it is open.
        invite_code (str | Unset): Shown to admins only.
        invite_expires_at (datetime.datetime | Unset): When the invite code stops working, if it does (admins only).
        invite_uses_left (int | Unset): Joins the invite code is still good for, if limited (admins only).
    """

    chat: ChatPolicy
    created_at: datetime.datetime
    created_by: UUID
    id: UUID
    join_policy: JoinPolicy
    name: str
    starting_balance: int
    watchers_chat: bool
    closed_at: datetime.datetime | Unset = UNSET
    invite_code: str | Unset = UNSET
    invite_expires_at: datetime.datetime | Unset = UNSET
    invite_uses_left: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        chat = self.chat.value

        created_at = self.created_at.isoformat()

        created_by = str(self.created_by)

        id = str(self.id)

        join_policy = self.join_policy.value

        name = self.name

        starting_balance = self.starting_balance

        watchers_chat = self.watchers_chat

        closed_at: str | Unset = UNSET
        if not isinstance(self.closed_at, Unset):
            closed_at = self.closed_at.isoformat()

        invite_code = self.invite_code

        invite_expires_at: str | Unset = UNSET
        if not isinstance(self.invite_expires_at, Unset):
            invite_expires_at = self.invite_expires_at.isoformat()

        invite_uses_left = self.invite_uses_left

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "chat": chat,
                "created_at": created_at,
                "created_by": created_by,
                "id": id,
                "join_policy": join_policy,
                "name": name,
                "starting_balance": starting_balance,
                "watchers_chat": watchers_chat,
            }
        )
        if closed_at is not UNSET:
            field_dict["closed_at"] = closed_at
        if invite_code is not UNSET:
            field_dict["invite_code"] = invite_code
        if invite_expires_at is not UNSET:
            field_dict["invite_expires_at"] = invite_expires_at
        if invite_uses_left is not UNSET:
            field_dict["invite_uses_left"] = invite_uses_left

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        chat = ChatPolicy(d.pop("chat"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = UUID(d.pop("created_by"))

        id = UUID(d.pop("id"))

        join_policy = JoinPolicy(d.pop("join_policy"))

        name = d.pop("name")

        starting_balance = d.pop("starting_balance")

        watchers_chat = d.pop("watchers_chat")

        _closed_at = d.pop("closed_at", UNSET)
        closed_at: datetime.datetime | Unset
        if isinstance(_closed_at, Unset):
            closed_at = UNSET
        else:
            closed_at = datetime.datetime.fromisoformat(_closed_at)

        invite_code = d.pop("invite_code", UNSET)

        _invite_expires_at = d.pop("invite_expires_at", UNSET)
        invite_expires_at: datetime.datetime | Unset
        if isinstance(_invite_expires_at, Unset):
            invite_expires_at = UNSET
        else:
            invite_expires_at = datetime.datetime.fromisoformat(_invite_expires_at)

        invite_uses_left = d.pop("invite_uses_left", UNSET)

        league_view = cls(
            chat=chat,
            created_at=created_at,
            created_by=created_by,
            id=id,
            join_policy=join_policy,
            name=name,
            starting_balance=starting_balance,
            watchers_chat=watchers_chat,
            closed_at=closed_at,
            invite_code=invite_code,
            invite_expires_at=invite_expires_at,
            invite_uses_left=invite_uses_left,
        )

        league_view.additional_properties = d
        return league_view

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
