from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AuthorizationOut")


@_attrs_define
class AuthorizationOut:
    """
    Attributes:
        authorization_url (str): Where to send the browser: the provider's authorization endpoint, with the
            provider's first client id, `state`, a nonce and the PKCE challenge (S256).
        expires_at (datetime.datetime): When the sign-in must be finished by (ten minutes).
        state (str): What comes back with the code; `POST /v1/auth/oidc/exchange` takes it.
    """

    authorization_url: str
    expires_at: datetime.datetime
    state: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        authorization_url = self.authorization_url

        expires_at = self.expires_at.isoformat()

        state = self.state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "authorization_url": authorization_url,
                "expires_at": expires_at,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        authorization_url = d.pop("authorization_url")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        state = d.pop("state")

        authorization_out = cls(
            authorization_url=authorization_url,
            expires_at=expires_at,
            state=state,
        )

        authorization_out.additional_properties = d
        return authorization_out

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
