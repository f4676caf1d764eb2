from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.platform import Platform

T = TypeVar("T", bound="DeviceIn")


@_attrs_define
class DeviceIn:
    """
    Attributes:
        platform (Platform): A device's push service.
        token (str): The push token the platform gave the app: FCM's registration token (1 to 4096 of
            `A-Z a-z 0-9 : _ -`), or APNs' device token in hex (32 to 200 digits).
    """

    platform: Platform
    token: str

    def to_dict(self) -> dict[str, Any]:
        platform = self.platform.value

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "platform": platform,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        platform = Platform(d.pop("platform"))

        token = d.pop("token")

        device_in = cls(
            platform=platform,
            token=token,
        )

        return device_in
