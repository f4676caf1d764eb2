from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExportedPushSubscription")


@_attrs_define
class ExportedPushSubscription:
    """A browser subscribed to the player's pushes (its keys are not exported: they are the
    browser's).

        Attributes:
            created_at (datetime.datetime): When it was stored.
            endpoint (str): The push service's URL for the browser.
            id (UUID): The subscription's id.
            session_id (UUID): The session that made it, which it ends with.
    """

    created_at: datetime.datetime
    endpoint: str
    id: UUID
    session_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        endpoint = self.endpoint

        id = str(self.id)

        session_id = str(self.session_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "endpoint": endpoint,
                "id": id,
                "session_id": session_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        endpoint = d.pop("endpoint")

        id = UUID(d.pop("id"))

        session_id = UUID(d.pop("session_id"))

        exported_push_subscription = cls(
            created_at=created_at,
            endpoint=endpoint,
            id=id,
            session_id=session_id,
        )

        exported_push_subscription.additional_properties = d
        return exported_push_subscription

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
