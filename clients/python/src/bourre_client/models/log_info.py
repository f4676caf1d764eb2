from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LogInfo")


@_attrs_define
class LogInfo:
    """The log as a client first meets it.

    Attributes:
        origin (str): The log's name, the first line of its checkpoints (and its key's name).
        size (int): Hands in the log now.
        verifier_key (str): The key checkpoints are signed with, as a signed-note verifier key
            (`<name>+<key id>+<base64 Ed25519 key>`).
    """

    origin: str
    size: int
    verifier_key: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        origin = self.origin

        size = self.size

        verifier_key = self.verifier_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "origin": origin,
                "size": size,
                "verifier_key": verifier_key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        origin = d.pop("origin")

        size = d.pop("size")

        verifier_key = d.pop("verifier_key")

        log_info = cls(
            origin=origin,
            size=size,
            verifier_key=verifier_key,
        )

        log_info.additional_properties = d
        return log_info

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
