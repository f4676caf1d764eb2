from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seed_revealed_type import SeedRevealedType

T = TypeVar("T", bound="SeedRevealed")


@_attrs_define
class SeedRevealed:
    """After `hand_ended`: this hand's seed, and the commitment to the next hand's.

    Attributes:
        hand_no (int): The hand that ended, whose seed this is.
        next_commitment (str): SHA-256 of the next hand's server seed, hex, published before that hand.
        server_seed (str): That hand's server seed, hex: its SHA-256 is the hand's `commitment`.
        type_ (SeedRevealedType):
    """

    hand_no: int
    next_commitment: str
    server_seed: str
    type_: SeedRevealedType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hand_no = self.hand_no

        next_commitment = self.next_commitment

        server_seed = self.server_seed

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hand_no": hand_no,
                "next_commitment": next_commitment,
                "server_seed": server_seed,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        hand_no = d.pop("hand_no")

        next_commitment = d.pop("next_commitment")

        server_seed = d.pop("server_seed")

        type_ = SeedRevealedType(d.pop("type"))

        seed_revealed = cls(
            hand_no=hand_no,
            next_commitment=next_commitment,
            server_seed=server_seed,
            type_=type_,
        )

        seed_revealed.additional_properties = d
        return seed_revealed

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
