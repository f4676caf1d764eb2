from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AuthorizationIn")


@_attrs_define
class AuthorizationIn:
    """
    Attributes:
        code_challenge (str): The PKCE challenge (S256): the base64url SHA-256 of a verifier the browser made and
            keeps to itself until `POST /v1/auth/oidc/exchange`. Example: E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM.
        provider (str): One of `GET /v1/auth/oidc/providers`. Example: google.
        redirect_uri (str): Where the provider sends the browser back, with `code` and `state`: an absolute URL
            without a fragment that the provider knows as one of the web client's (the web
            client served here uses `<origin>/oidc`). Example: https://bourre.example.com/oidc.
    """

    code_challenge: str
    provider: str
    redirect_uri: str

    def to_dict(self) -> dict[str, Any]:
        code_challenge = self.code_challenge

        provider = self.provider

        redirect_uri = self.redirect_uri

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code_challenge": code_challenge,
                "provider": provider,
                "redirect_uri": redirect_uri,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code_challenge = d.pop("code_challenge")

        provider = d.pop("provider")

        redirect_uri = d.pop("redirect_uri")

        authorization_in = cls(
            code_challenge=code_challenge,
            provider=provider,
            redirect_uri=redirect_uri,
        )

        return authorization_in
