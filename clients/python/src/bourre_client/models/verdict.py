from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Verdict")


@_attrs_define
class Verdict:
    """One check and its outcome.

    Attributes:
        check (str): `hash_chain`, `commitment`, `deck`, `replay` or `public_log`.
        detail (str): What the check found, or what failed.
        first_bad_seq (int | None): On failure, the first event at fault.
        ok (bool): Whether the check passed.
    """

    check: str
    detail: str
    first_bad_seq: int | None
    ok: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        check = self.check

        detail = self.detail

        first_bad_seq: int | None
        first_bad_seq = self.first_bad_seq

        ok = self.ok

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "check": check,
                "detail": detail,
                "first_bad_seq": first_bad_seq,
                "ok": ok,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        check = d.pop("check")

        detail = d.pop("detail")

        def _parse_first_bad_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        first_bad_seq = _parse_first_bad_seq(d.pop("first_bad_seq"))

        ok = d.pop("ok")

        verdict = cls(
            check=check,
            detail=detail,
            first_bad_seq=first_bad_seq,
            ok=ok,
        )

        verdict.additional_properties = d
        return verdict

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
