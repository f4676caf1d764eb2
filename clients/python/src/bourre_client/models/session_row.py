from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SessionRow")


@_attrs_define
class SessionRow:
    """A session as exported to its player.

    Attributes:
        created_at (datetime.datetime): When it began: the sign-in.
        ended_at (datetime.datetime | None): When it was ended (see `ended_why`); null while it goes on, and when it
            only expired.
        ended_why (None | str): `logout`, `logout_all`, `password_changed`, `password_reset`, `refresh_reused` or
            `account_deleted`.
        expires_at (datetime.datetime): When its newest refresh token expires.
        id (UUID): The session's id.
    """

    created_at: datetime.datetime
    ended_at: datetime.datetime | None
    ended_why: None | str
    expires_at: datetime.datetime
    id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        ended_why: None | str
        ended_why = self.ended_why

        expires_at = self.expires_at.isoformat()

        id = str(self.id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "ended_at": ended_at,
                "ended_why": ended_why,
                "expires_at": expires_at,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        def _parse_ended_why(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ended_why = _parse_ended_why(d.pop("ended_why"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        id = UUID(d.pop("id"))

        session_row = cls(
            created_at=created_at,
            ended_at=ended_at,
            ended_why=ended_why,
            expires_at=expires_at,
            id=id,
        )

        session_row.additional_properties = d
        return session_row

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
