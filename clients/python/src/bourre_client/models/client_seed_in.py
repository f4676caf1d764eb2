from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClientSeedIn")


@_attrs_define
class ClientSeedIn:
    """
    Attributes:
        seed (str): 1 to 64 characters: letters, digits, `_` or `-`.
    """

    seed: str

    def to_dict(self) -> dict[str, Any]:
        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seed": seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seed = d.pop("seed")

        client_seed_in = cls(
            seed=seed,
        )

        return client_seed_in
