from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PasswordResetConfirm")


@_attrs_define
class PasswordResetConfirm:
    """
    Attributes:
        code (str): The six digits mailed. Example: 042917.
        email (str): The account's verified email. Example: ann@example.com.
        new_password (str): 8 to 128 characters, no control characters.
    """

    code: str
    email: str
    new_password: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        email = self.email

        new_password = self.new_password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "email": email,
                "new_password": new_password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        email = d.pop("email")

        new_password = d.pop("new_password")

        password_reset_confirm = cls(
            code=code,
            email=email,
            new_password=new_password,
        )

        return password_reset_confirm
