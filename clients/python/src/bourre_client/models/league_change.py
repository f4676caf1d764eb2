from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.chat_policy import ChatPolicy
from ..types import UNSET, Unset

T = TypeVar("T", bound="LeagueChange")


@_attrs_define
class LeagueChange:
    """A change to a league's settings: what is left out stays as it is.

    Attributes:
        chat (ChatPolicy | Unset): What a league's tables may say.
        watchers_chat (bool | Unset): Whether members watching a table (not seated at it) may talk at it too.
    """

    chat: ChatPolicy | Unset = UNSET
    watchers_chat: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        chat: str | Unset = UNSET
        if not isinstance(self.chat, Unset):
            chat = self.chat.value

        watchers_chat = self.watchers_chat

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if chat is not UNSET:
            field_dict["chat"] = chat
        if watchers_chat is not UNSET:
            field_dict["watchers_chat"] = watchers_chat

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _chat = d.pop("chat", UNSET)
        chat: ChatPolicy | Unset
        if isinstance(_chat, Unset):
            chat = UNSET
        else:
            chat = ChatPolicy(_chat)

        watchers_chat = d.pop("watchers_chat", UNSET)

        league_change = cls(
            chat=chat,
            watchers_chat=watchers_chat,
        )

        return league_change
