from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.attempt_out import AttemptOut
    from ..models.delivery_out_body import DeliveryOutBody


T = TypeVar("T", bound="DeliveryOut")


@_attrs_define
class DeliveryOut:
    """A message to an endpoint and what became of it.

    Attributes:
        attempts (list[AttemptOut]): Every attempt so far, in order.
        body (DeliveryOutBody): The body sent: `{type, timestamp, data}`.
        created_at (datetime.datetime): When the message was queued.
        finished_at (datetime.datetime | None): When it was delivered or failed; null while pending.
        id (str): The `webhook-id` header (the same on every attempt).
        kind (str): The notification's kind. Example: turn.started.
        next_attempt_at (datetime.datetime | None): When the next attempt is due, while pending.
        state (str): `pending`, `delivered` or `failed` (after a day of retries).
    """

    attempts: list[AttemptOut]
    body: DeliveryOutBody
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    id: str
    kind: str
    next_attempt_at: datetime.datetime | None
    state: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        body = self.body.to_dict()

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        id = self.id

        kind = self.kind

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        state = self.state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "body": body,
                "created_at": created_at,
                "finished_at": finished_at,
                "id": id,
                "kind": kind,
                "next_attempt_at": next_attempt_at,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attempt_out import AttemptOut
        from ..models.delivery_out_body import DeliveryOutBody

        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = AttemptOut.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        body = DeliveryOutBody.from_dict(d.pop("body"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        id = d.pop("id")

        kind = d.pop("kind")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        state = d.pop("state")

        delivery_out = cls(
            attempts=attempts,
            body=body,
            created_at=created_at,
            finished_at=finished_at,
            id=id,
            kind=kind,
            next_attempt_at=next_attempt_at,
            state=state,
        )

        delivery_out.additional_properties = d
        return delivery_out

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
