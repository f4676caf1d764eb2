from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AttemptOut")


@_attrs_define
class AttemptOut:
    """One attempt at a delivery.

    Attributes:
        at (datetime.datetime): When the attempt was recorded, once it was over.
        attempt (int): The attempt's number, from 1.
        error (None | str): Why it could not be reached.
        status (int | None): The endpoint's HTTP status; null when it could not be reached.
        took_ms (int): How long the attempt took, in milliseconds.
    """

    at: datetime.datetime
    attempt: int
    error: None | str
    status: int | None
    took_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        attempt = self.attempt

        error: None | str
        error = self.error

        status: int | None
        status = self.status

        took_ms = self.took_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "attempt": attempt,
                "error": error,
                "status": status,
                "took_ms": took_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        attempt = d.pop("attempt")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status = _parse_status(d.pop("status"))

        took_ms = d.pop("took_ms")

        attempt_out = cls(
            at=at,
            attempt=attempt,
            error=error,
            status=status,
            took_ms=took_ms,
        )

        attempt_out.additional_properties = d
        return attempt_out

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
