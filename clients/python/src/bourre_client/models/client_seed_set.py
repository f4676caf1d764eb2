from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.client_seed_set_type import ClientSeedSetType

T = TypeVar("T", bound="ClientSeedSet")


@_attrs_define
class ClientSeedSet:
    """A seat chose its client seed for the next hand.

    Attributes:
        player_id (UUID): The player sitting there.
        seat (int): The seat, 0-7.
        seed (str): The seed, mixed into the next hand's deck.
        type_ (ClientSeedSetType):
    """

    player_id: UUID
    seat: int
    seed: str
    type_: ClientSeedSetType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player_id = str(self.player_id)

        seat = self.seat

        seed = self.seed

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player_id": player_id,
                "seat": seat,
                "seed": seed,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player_id = UUID(d.pop("player_id"))

        seat = d.pop("seat")

        seed = d.pop("seed")

        type_ = ClientSeedSetType(d.pop("type"))

        client_seed_set = cls(
            player_id=player_id,
            seat=seat,
            seed=seed,
            type_=type_,
        )

        client_seed_set.additional_properties = d
        return client_seed_set

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
