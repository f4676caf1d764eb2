from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExportedLoginFailures")


@_attrs_define
class ExportedLoginFailures:
    """
    Attributes:
        address (str): The client address (IPv6 by its /64).
        failures (int): Failed logins of the account from this address, as counted now.
        last_failed_at (datetime.datetime): When the last of them failed.
    """

    address: str
    failures: int
    last_failed_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        failures = self.failures

        last_failed_at = self.last_failed_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "failures": failures,
                "last_failed_at": last_failed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        address = d.pop("address")

        failures = d.pop("failures")

        last_failed_at = datetime.datetime.fromisoformat(d.pop("last_failed_at"))

        exported_login_failures = cls(
            address=address,
            failures=failures,
            last_failed_at=last_failed_at,
        )

        exported_login_failures.additional_properties = d
        return exported_login_failures

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
