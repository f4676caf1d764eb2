from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.notification_kind import NotificationKind

T = TypeVar("T", bound="NewWebhook")


@_attrs_define
class NewWebhook:
    """A new endpoint.

    Attributes:
        events (list[NotificationKind]): The kinds of notification to send there (at least one; one listed twice counts
            once).
        url (str): Where to POST: `https://` (`http://` only with `BOURRE_WEBHOOK_ALLOW_HTTP=1`), not
            a loopback, private, link-local or metadata address (checked again after DNS at
            each delivery) unless `BOURRE_WEBHOOK_ALLOW_PRIVATE=1`; redirects are not followed.
    """

    events: list[NotificationKind]
    url: str

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = NotificationKind(events_item_data)

            events.append(events_item)

        url = d.pop("url")

        new_webhook = cls(
            events=events,
            url=url,
        )

        return new_webhook
