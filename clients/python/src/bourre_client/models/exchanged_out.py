from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExchangedOut")


@_attrs_define
class ExchangedOut:
    """
    Attributes:
        id_token (str): Its ID token, for `POST /v1/auth/oidc` (sign in) or `POST /v1/players/me/identities`
            (link).
        nonce (str): The nonce it carries, to send with it.
        provider (str): The provider the sign-in was with.
    """

    id_token: str
    nonce: str
    provider: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id_token = self.id_token

        nonce = self.nonce

        provider = self.provider

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id_token": id_token,
                "nonce": nonce,
                "provider": provider,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id_token = d.pop("id_token")

        nonce = d.pop("nonce")

        provider = d.pop("provider")

        exchanged_out = cls(
            id_token=id_token,
            nonce=nonce,
            provider=provider,
        )

        exchanged_out.additional_properties = d
        return exchanged_out

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
