from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.declare_action import DeclareAction
    from ..models.draw_action import DrawAction
    from ..models.play_action import PlayAction


T = TypeVar("T", bound="ActIn")


@_attrs_define
class ActIn:
    """
    Attributes:
        action (DeclareAction | DrawAction | PlayAction): An action (docs/rules.md, R5-R9).
        expected_version (int | None | Unset): The table version the client saw; a stale one gets 409
            `version_conflict`.
    """

    action: DeclareAction | DrawAction | PlayAction
    expected_version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.declare_action import DeclareAction
        from ..models.draw_action import DrawAction

        action: dict[str, Any]
        if isinstance(self.action, DeclareAction) or isinstance(
            self.action, DrawAction
        ):
            action = self.action.to_dict()
        else:
            action = self.action.to_dict()

        expected_version: int | None | Unset
        if isinstance(self.expected_version, Unset):
            expected_version = UNSET
        else:
            expected_version = self.expected_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
            }
        )
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.declare_action import DeclareAction
        from ..models.draw_action import DrawAction
        from ..models.play_action import PlayAction

        d = dict(src_dict)

        def _parse_action(data: object) -> DeclareAction | DrawAction | PlayAction:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_in_type_0 = DeclareAction.from_dict(data)

                return componentsschemas_action_in_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_in_type_1 = DrawAction.from_dict(data)

                return componentsschemas_action_in_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_action_in_type_2 = PlayAction.from_dict(data)

            return componentsschemas_action_in_type_2

        action = _parse_action(d.pop("action"))

        def _parse_expected_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expected_version = _parse_expected_version(d.pop("expected_version", UNSET))

        act_in = cls(
            action=action,
            expected_version=expected_version,
        )

        return act_in
