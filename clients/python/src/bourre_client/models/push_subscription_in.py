from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.push_keys import PushKeys


T = TypeVar("T", bound="PushSubscriptionIn")


@_attrs_define
class PushSubscriptionIn:
    """A browser's `PushSubscription`, as `JSON.stringify(subscription)` gives it.

    Attributes:
        endpoint (str): The push service's URL for this browser: `https://` (`http://` only with
            `BOURRE_WEBHOOK_ALLOW_HTTP=1`), not a loopback, private, link-local or metadata
            address unless `BOURRE_WEBHOOK_ALLOW_PRIVATE=1` (checked again after DNS at each
            push, as for webhooks).
        keys (PushKeys): A subscription's keys, as the browser's `PushSubscription.toJSON()` gives them.
        expiration_time (float | None | Unset): When the browser says the subscription ends (milliseconds), if it does;
            not used.
    """

    endpoint: str
    keys: PushKeys
    expiration_time: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        endpoint = self.endpoint

        keys = self.keys.to_dict()

        expiration_time: float | None | Unset
        if isinstance(self.expiration_time, Unset):
            expiration_time = UNSET
        else:
            expiration_time = self.expiration_time

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "endpoint": endpoint,
                "keys": keys,
            }
        )
        if expiration_time is not UNSET:
            field_dict["expirationTime"] = expiration_time

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.push_keys import PushKeys

        d = dict(src_dict)
        endpoint = d.pop("endpoint")

        keys = PushKeys.from_dict(d.pop("keys"))

        def _parse_expiration_time(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        expiration_time = _parse_expiration_time(d.pop("expirationTime", UNSET))

        push_subscription_in = cls(
            endpoint=endpoint,
            keys=keys,
            expiration_time=expiration_time,
        )

        push_subscription_in.additional_properties = d
        return push_subscription_in

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
