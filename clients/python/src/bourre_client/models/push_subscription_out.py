from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PushSubscriptionOut")


@_attrs_define
class PushSubscriptionOut:
    """A browser's subscription, as stored.

    Attributes:
        created_at (datetime.datetime): When it was stored.
        endpoint (str): The push service's URL for the browser.
        id (UUID): For `DELETE /v1/players/me/push-subscriptions/{subscription_id}`.
        this_session (bool): Whether the session of the request made it (each subscription ends with the
            session that made it: a logout, a password change, the session's expiry).
    """

    created_at: datetime.datetime
    endpoint: str
    id: UUID
    this_session: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        endpoint = self.endpoint

        id = str(self.id)

        this_session = self.this_session

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "endpoint": endpoint,
                "id": id,
                "this_session": this_session,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        endpoint = d.pop("endpoint")

        id = UUID(d.pop("id"))

        this_session = d.pop("this_session")

        push_subscription_out = cls(
            created_at=created_at,
            endpoint=endpoint,
            id=id,
            this_session=this_session,
        )

        push_subscription_out.additional_properties = d
        return push_subscription_out

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
