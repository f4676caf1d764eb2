from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookOut")


@_attrs_define
class WebhookOut:
    """An endpoint as its league's admins see it (never its secret, but when made).

    Attributes:
        active (bool): Whether it is sent to: false once its owner is no longer an admin of the league
            (demoted, removed, or their account deleted). Then nothing is sent to it (deliveries
            still pending fail) until an admin takes it over (`POST .../take-over`) or removes
            it.
        created_at (datetime.datetime): When it was made.
        created_by (UUID): The admin who made it, or took it over last: its owner.
        events (list[str]): The kinds of notification sent to it.
        id (UUID): The endpoint's id.
        league_id (UUID): The league whose notifications it gets.
        url (str): Where the notifications are posted.
        secret (str | Unset): The signing secret (`whsec_` + base64, Standard Webhooks): in the answer that made
            the endpoint, or took it over, only.
    """

    active: bool
    created_at: datetime.datetime
    created_by: UUID
    events: list[str]
    id: UUID
    league_id: UUID
    url: str
    secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        created_at = self.created_at.isoformat()

        created_by = str(self.created_by)

        events = self.events

        id = str(self.id)

        league_id = str(self.league_id)

        url = self.url

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "active": active,
                "created_at": created_at,
                "created_by": created_by,
                "events": events,
                "id": id,
                "league_id": league_id,
                "url": url,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        active = d.pop("active")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = UUID(d.pop("created_by"))

        events = cast(list[str], d.pop("events"))

        id = UUID(d.pop("id"))

        league_id = UUID(d.pop("league_id"))

        url = d.pop("url")

        secret = d.pop("secret", UNSET)

        webhook_out = cls(
            active=active,
            created_at=created_at,
            created_by=created_by,
            events=events,
            id=id,
            league_id=league_id,
            url=url,
            secret=secret,
        )

        webhook_out.additional_properties = d
        return webhook_out

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
