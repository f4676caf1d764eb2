from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.chat_policy import ChatPolicy
from ..models.join_policy import JoinPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="NewLeague")


@_attrs_define
class NewLeague:
    """
    Attributes:
        name (str): At most 80 characters, not all spaces: no control characters, bidirectional
            controls or zero-width characters (surrounding spaces are trimmed).
        starting_balance (int): Chips credited to every member on joining (from the league's treasury).
        chat (ChatPolicy | Unset): What a league's tables may say.
        join_policy (JoinPolicy | Unset): Who may join a league.
    """

    name: str
    starting_balance: int
    chat: ChatPolicy | Unset = UNSET
    join_policy: JoinPolicy | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        starting_balance = self.starting_balance

        chat: str | Unset = UNSET
        if not isinstance(self.chat, Unset):
            chat = self.chat.value

        join_policy: str | Unset = UNSET
        if not isinstance(self.join_policy, Unset):
            join_policy = self.join_policy.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "starting_balance": starting_balance,
            }
        )
        if chat is not UNSET:
            field_dict["chat"] = chat
        if join_policy is not UNSET:
            field_dict["join_policy"] = join_policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        starting_balance = d.pop("starting_balance")

        _chat = d.pop("chat", UNSET)
        chat: ChatPolicy | Unset
        if isinstance(_chat, Unset):
            chat = UNSET
        else:
            chat = ChatPolicy(_chat)

        _join_policy = d.pop("join_policy", UNSET)
        join_policy: JoinPolicy | Unset
        if isinstance(_join_policy, Unset):
            join_policy = UNSET
        else:
            join_policy = JoinPolicy(_join_policy)

        new_league = cls(
            name=name,
            starting_balance=starting_balance,
            chat=chat,
            join_policy=join_policy,
        )

        return new_league
