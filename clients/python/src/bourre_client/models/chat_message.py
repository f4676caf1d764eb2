from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChatMessage")


@_attrs_define
class ChatMessage:
    """A message said at a table.

    Attributes:
        after_version (int): The table's version when it was said: it comes after that event.
        created_at (datetime.datetime): When it was said.
        display_name (None | str): Their display name, if they chose one (and the reader did not block them).
        hand_no (int): The hand it was said in (0 before the first).
        id (int): Increasing at each table: the `after` of the next page is the last one's.
        player_id (UUID): Who said it.
        table_id (UUID): The table.
        username (str): Their username.
        phrase (str | Unset): A phrase's key (see `GET /v1/chat/phrases`); absent for free text.
        text (str | Unset): Free text; absent for a phrase.
    """

    after_version: int
    created_at: datetime.datetime
    display_name: None | str
    hand_no: int
    id: int
    player_id: UUID
    table_id: UUID
    username: str
    phrase: str | Unset = UNSET
    text: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        after_version = self.after_version

        created_at = self.created_at.isoformat()

        display_name: None | str
        display_name = self.display_name

        hand_no = self.hand_no

        id = self.id

        player_id = str(self.player_id)

        table_id = str(self.table_id)

        username = self.username

        phrase = self.phrase

        text = self.text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "after_version": after_version,
                "created_at": created_at,
                "display_name": display_name,
                "hand_no": hand_no,
                "id": id,
                "player_id": player_id,
                "table_id": table_id,
                "username": username,
            }
        )
        if phrase is not UNSET:
            field_dict["phrase"] = phrase
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        after_version = d.pop("after_version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        hand_no = d.pop("hand_no")

        id = d.pop("id")

        player_id = UUID(d.pop("player_id"))

        table_id = UUID(d.pop("table_id"))

        username = d.pop("username")

        phrase = d.pop("phrase", UNSET)

        text = d.pop("text", UNSET)

        chat_message = cls(
            after_version=after_version,
            created_at=created_at,
            display_name=display_name,
            hand_no=hand_no,
            id=id,
            player_id=player_id,
            table_id=table_id,
            username=username,
            phrase=phrase,
            text=text,
        )

        chat_message.additional_properties = d
        return chat_message

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
