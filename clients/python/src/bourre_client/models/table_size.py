from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TableSize")


@_attrs_define
class TableSize:
    """How many players a table seats.

    Attributes:
        max_ (int): Most players at a table, `min` to 8.
        min_ (int): Fewest players at a table, 2 to 8.
    """

    max_: int
    min_: int

    def to_dict(self) -> dict[str, Any]:
        max_ = self.max_

        min_ = self.min_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "max": max_,
                "min": min_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        max_ = d.pop("max")

        min_ = d.pop("min")

        table_size = cls(
            max_=max_,
            min_=min_,
        )

        return table_size
