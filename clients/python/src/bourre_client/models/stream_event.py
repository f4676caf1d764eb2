from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stream_event_event import StreamEventEvent
from ..types import UNSET, Unset

T = TypeVar("T", bound="StreamEvent")


@_attrs_define
class StreamEvent:
    """
    Attributes:
        data (str): An event: the item of the events endpoint (`EventOut`), as JSON; `view`: the caller's `TableView`
            (as `GET /v1/tables/{table_id}` answers), as JSON; `chat`: a `ChatMessage` (as `GET /v1/tables/{table_id}/chat`
            gives), as JSON; `chat_hidden`: `{"id": <message id>}`
        event (StreamEventEvent): The event's kind, `view` for the table's view after events, `chat` for a chat message,
            or `chat_hidden` for a message an admin hid
        id (str | Unset): The event's seq; a `view`'s version (its last event's seq); none for `chat`
    """

    data: str
    event: StreamEventEvent
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event = self.event.value

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "event": event,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        data = d.pop("data")

        event = StreamEventEvent(d.pop("event"))

        id = d.pop("id", UNSET)

        stream_event = cls(
            data=data,
            event=event,
            id=id,
        )

        stream_event.additional_properties = d
        return stream_event

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
