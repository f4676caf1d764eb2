from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Granted")


@_attrs_define
class Granted:
    """A grant done: the member's balance after it.

    Attributes:
        amount (int): The chips granted (negative: taken back).
        balance (int): The member's balance after the grant.
        player_id (UUID): The member.
    """

    amount: int
    balance: int
    player_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        balance = self.balance

        player_id = str(self.player_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "balance": balance,
                "player_id": player_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        balance = d.pop("balance")

        player_id = UUID(d.pop("player_id"))

        granted = cls(
            amount=amount,
            balance=balance,
            player_id=player_id,
        )

        granted.additional_properties = d
        return granted

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
