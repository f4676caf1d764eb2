from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StreamTicket")


@_attrs_define
class StreamTicket:
    """A stream ticket and when it stops opening streams.

    Attributes:
        expires_at (datetime.datetime): When the ticket stops opening streams: 5 minutes after it was made, or when the
            token it
            was made with expires, if sooner.
        ticket (str): For `GET /v1/tables/{table_id}/stream?ticket=...`.
    """

    expires_at: datetime.datetime
    ticket: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expires_at = self.expires_at.isoformat()

        ticket = self.ticket

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "expires_at": expires_at,
                "ticket": ticket,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        ticket = d.pop("ticket")

        stream_ticket = cls(
            expires_at=expires_at,
            ticket=ticket,
        )

        stream_ticket.additional_properties = d
        return stream_ticket

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
