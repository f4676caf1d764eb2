from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """RFC 9457 problem details, with the stable `code` clients switch on.

    Attributes:
        code (str): A refusal's stable code: one of `KnownErrorCode`, or a code a later version adds, which a client
            keeps as it is and handles by the HTTP status.
        detail (str): What went wrong, for people (English); switch on `code`, not on this.
        status (int): The HTTP status code, as on the response.
        title (str): The HTTP status's reason phrase, such as `Conflict`.
        type_ (str): `urn:bourre:problem:<code>`.
        current_version (int | Unset): With `version_conflict`: the table's version now.
        request_id (str | Unset): The request's id, as in the `X-Request-Id` response header and the server's logs.
        rule (str | Unset): The rule (docs/rules.md) that refused the action, when one did.
    """

    code: str
    detail: str
    status: int
    title: str
    type_: str
    current_version: int | Unset = UNSET
    request_id: str | Unset = UNSET
    rule: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        detail = self.detail

        status = self.status

        title = self.title

        type_ = self.type_

        current_version = self.current_version

        request_id = self.request_id

        rule = self.rule

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
                "status": status,
                "title": title,
                "type": type_,
            }
        )
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if rule is not UNSET:
            field_dict["rule"] = rule

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        current_version = d.pop("current_version", UNSET)

        request_id = d.pop("request_id", UNSET)

        rule = d.pop("rule", UNSET)

        problem = cls(
            code=code,
            detail=detail,
            status=status,
            title=title,
            type_=type_,
            current_version=current_version,
            request_id=request_id,
            rule=rule,
        )

        problem.additional_properties = d
        return problem

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
