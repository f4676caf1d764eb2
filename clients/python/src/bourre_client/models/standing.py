from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.avatar import Avatar

T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """One member's line.

    Attributes:
        avatar (Avatar | None): Their avatar; null when they chose none or the caller blocked them.
        balance (int): Their chips in the league now (whatever the season).
        bourres (int): Hands in which they were bourré (R10c).
        display_name (None | str): The name they chose to be shown by; null when they chose none or the caller blocked
            them (show the username).
        grants (int): Chips granted by admins (negative when taken back).
        hands_played (int): Hands they were dealt into that ended.
        net (int): Chips won or lost in play (all time: balance minus starting balance minus grants).
        player_id (UUID): The player.
        pots_won (int): Hands whose pot they took, with most tricks or uncontested (R10a, R8).
        rating (float): Weng-Lin rating (mu), 25 to start.
        rating_uncertainty (float): The Weng-Lin rating's uncertainty (sigma), 25/3 to start.
        split_pots (int): Hands they tied for most tricks (R10b).
        tricks (int): Tricks they took.
        username (str): Their username.
    """

    avatar: Avatar | None
    balance: int
    bourres: int
    display_name: None | str
    grants: int
    hands_played: int
    net: int
    player_id: UUID
    pots_won: int
    rating: float
    rating_uncertainty: float
    split_pots: int
    tricks: int
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avatar: None | str
        if isinstance(self.avatar, Avatar):
            avatar = self.avatar.value
        else:
            avatar = self.avatar

        balance = self.balance

        bourres = self.bourres

        display_name: None | str
        display_name = self.display_name

        grants = self.grants

        hands_played = self.hands_played

        net = self.net

        player_id = str(self.player_id)

        pots_won = self.pots_won

        rating = self.rating

        rating_uncertainty = self.rating_uncertainty

        split_pots = self.split_pots

        tricks = self.tricks

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatar": avatar,
                "balance": balance,
                "bourres": bourres,
                "display_name": display_name,
                "grants": grants,
                "hands_played": hands_played,
                "net": net,
                "player_id": player_id,
                "pots_won": pots_won,
                "rating": rating,
                "rating_uncertainty": rating_uncertainty,
                "split_pots": split_pots,
                "tricks": tricks,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_avatar(data: object) -> Avatar | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                avatar_type_0 = Avatar(data)

                return avatar_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Avatar | None, data)

        avatar = _parse_avatar(d.pop("avatar"))

        balance = d.pop("balance")

        bourres = d.pop("bourres")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        grants = d.pop("grants")

        hands_played = d.pop("hands_played")

        net = d.pop("net")

        player_id = UUID(d.pop("player_id"))

        pots_won = d.pop("pots_won")

        rating = d.pop("rating")

        rating_uncertainty = d.pop("rating_uncertainty")

        split_pots = d.pop("split_pots")

        tricks = d.pop("tricks")

        username = d.pop("username")

        standing = cls(
            avatar=avatar,
            balance=balance,
            bourres=bourres,
            display_name=display_name,
            grants=grants,
            hands_played=hands_played,
            net=net,
            player_id=player_id,
            pots_won=pots_won,
            rating=rating,
            rating_uncertainty=rating_uncertainty,
            split_pots=split_pots,
            tricks=tricks,
            username=username,
        )

        standing.additional_properties = d
        return standing

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
