from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkIn")


@_attrs_define
class LinkIn:
    """
    Attributes:
        id_token (str): The ID token of the provider's account to link, as `POST /v1/auth/oidc` takes it.
        provider (str): One of `GET /v1/auth/oidc/providers`. Example: google.
        nonce (None | str | Unset): The nonce sent to the provider, when one was.
        password (None | str | Unset): The caller's password, checked as a login would check it; required when the
            account
            has one, left out when it has none (a guest, or an account signed in by providers
            only).
    """

    id_token: str
    provider: str
    nonce: None | str | Unset = UNSET
    password: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id_token = self.id_token

        provider = self.provider

        nonce: None | str | Unset
        if isinstance(self.nonce, Unset):
            nonce = UNSET
        else:
            nonce = self.nonce

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id_token": id_token,
                "provider": provider,
            }
        )
        if nonce is not UNSET:
            field_dict["nonce"] = nonce
        if password is not UNSET:
            field_dict["password"] = password

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id_token = d.pop("id_token")

        provider = d.pop("provider")

        def _parse_nonce(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nonce = _parse_nonce(d.pop("nonce", UNSET))

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        link_in = cls(
            id_token=id_token,
            provider=provider,
            nonce=nonce,
            password=password,
        )

        return link_in
