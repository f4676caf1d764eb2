from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="IdTokenIn")


@_attrs_define
class IdTokenIn:
    """
    Attributes:
        id_token (str): The ID token the provider issued to the app (its SDK's, or
            `POST /v1/auth/oidc/exchange`'s), a signed JWT.
        provider (str): One of `GET /v1/auth/oidc/providers`. Example: google.
        nonce (None | str | Unset): The nonce the app sent the provider, when it sent one: the token must carry it (or,
            as Apple's SDKs send it, its SHA-256 in lower-case hex).
    """

    id_token: str
    provider: str
    nonce: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id_token = self.id_token

        provider = self.provider

        nonce: None | str | Unset
        if isinstance(self.nonce, Unset):
            nonce = UNSET
        else:
            nonce = self.nonce

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id_token": id_token,
                "provider": provider,
            }
        )
        if nonce is not UNSET:
            field_dict["nonce"] = nonce

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

        id_token_in = cls(
            id_token=id_token,
            provider=provider,
            nonce=nonce,
        )

        return id_token_in
