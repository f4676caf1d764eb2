from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.draw_action_type import DrawActionType

T = TypeVar("T", bound="DrawAction")


@_attrs_define
class DrawAction:
    """With `simultaneous_declare`: discard and draw, in turn.

    Attributes:
        discard (list[str]): Cards such as `10H` or `AS`, each once.
        type_ (DrawActionType):
    """

    discard: list[str]
    type_: DrawActionType

    def to_dict(self) -> dict[str, Any]:
        discard = self.discard

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "discard": discard,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        discard = cast(list[str], d.pop("discard"))

        type_ = DrawActionType(d.pop("type"))

        draw_action = cls(
            discard=discard,
            type_=type_,
        )

        return draw_action
