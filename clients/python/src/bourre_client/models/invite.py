from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.join_policy import JoinPolicy

T = TypeVar("T", bound="Invite")


@_attrs_define
class Invite:
    """What an invite code opens, for the page that offers to join with it.

    Attributes:
        invited_by (str): Who made the code (the league's creator, or the admin who rotated it last).
        join_policy (JoinPolicy): Who may join a league.
        league_name (str): The league's name.
    """

    invited_by: str
    join_policy: JoinPolicy
    league_name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        invited_by = self.invited_by

        join_policy = self.join_policy.value

        league_name = self.league_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "invited_by": invited_by,
                "join_policy": join_policy,
                "league_name": league_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invited_by = d.pop("invited_by")

        join_policy = JoinPolicy(d.pop("join_policy"))

        league_name = d.pop("league_name")

        invite = cls(
            invited_by=invited_by,
            join_policy=join_policy,
            league_name=league_name,
        )

        invite.additional_properties = d
        return invite

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
