from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chat_message import ChatMessage
    from ..models.event_out import EventOut
    from ..models.table_view import TableView


T = TypeVar("T", bound="Updates")


@_attrs_define
class Updates:
    """A table's events after a point and, when they reach its version, the caller's view of
    the table after them: a long-poll client follows a table from these alone.

        Attributes:
            events (list[EventOut]): The caller's events, redacted for them, oldest first (as `GET .../events`).
            chat (list[ChatMessage] | Unset): With `chat_after`: the table's chat messages after it said after `events` at
                the
                latest (each follows the event `after_version`), oldest first, as the caller may
                hear them (not hidden, nor the free text of players they blocked).
            view (TableView | Unset): A table as the caller sees it.
    """

    events: list[EventOut]
    chat: list[ChatMessage] | Unset = UNSET
    view: TableView | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        chat: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.chat, Unset):
            chat = []
            for chat_item_data in self.chat:
                chat_item = chat_item_data.to_dict()
                chat.append(chat_item)

        view: dict[str, Any] | Unset = UNSET
        if not isinstance(self.view, Unset):
            view = self.view.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
            }
        )
        if chat is not UNSET:
            field_dict["chat"] = chat
        if view is not UNSET:
            field_dict["view"] = view

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_message import ChatMessage
        from ..models.event_out import EventOut
        from ..models.table_view import TableView

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventOut.from_dict(events_item_data)

            events.append(events_item)

        _chat = d.pop("chat", UNSET)
        chat: list[ChatMessage] | Unset = UNSET
        if _chat is not UNSET:
            chat = []
            for chat_item_data in _chat:
                chat_item = ChatMessage.from_dict(chat_item_data)

                chat.append(chat_item)

        _view = d.pop("view", UNSET)
        view: TableView | Unset
        if isinstance(_view, Unset):
            view = UNSET
        else:
            view = TableView.from_dict(_view)

        updates = cls(
            events=events,
            chat=chat,
            view=view,
        )

        updates.additional_properties = d
        return updates

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
