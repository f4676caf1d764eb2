from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExchangeIn")


@_attrs_define
class ExchangeIn:
    """
    Attributes:
        code (str): The `code` the browser came back with.
        code_verifier (str): The PKCE verifier whose challenge started the sign-in.
        state (str): The `state` the browser came back with.
    """

    code: str
    code_verifier: str
    state: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        code_verifier = self.code_verifier

        state = self.state

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "code_verifier": code_verifier,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        code_verifier = d.pop("code_verifier")

        state = d.pop("state")

        exchange_in = cls(
            code=code,
            code_verifier=code_verifier,
            state=state,
        )

        return exchange_in
