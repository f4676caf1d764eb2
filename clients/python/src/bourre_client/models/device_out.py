from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.platform import Platform

T = TypeVar("T", bound="DeviceOut")


@_attrs_define
class DeviceOut:
    """One of the caller's devices (never its whole token).

    Attributes:
        created_at (datetime.datetime): When it was registered.
        id (UUID): The device's id, for `DELETE /v1/players/me/devices/{device_id}`.
        last_used_at (datetime.datetime | None): When a push last reached its push service; null before the first.
        platform (Platform): A device's push service.
        token_end (str): The token's last 6 characters, to tell devices apart.
    """

    created_at: datetime.datetime
    id: UUID
    last_used_at: datetime.datetime | None
    platform: Platform
    token_end: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = str(self.id)

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        platform = self.platform.value

        token_end = self.token_end

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "last_used_at": last_used_at,
                "platform": platform,
                "token_end": token_end,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = UUID(d.pop("id"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        platform = Platform(d.pop("platform"))

        token_end = d.pop("token_end")

        device_out = cls(
            created_at=created_at,
            id=id,
            last_used_at=last_used_at,
            platform=platform,
            token_end=token_end,
        )

        device_out.additional_properties = d
        return device_out

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
