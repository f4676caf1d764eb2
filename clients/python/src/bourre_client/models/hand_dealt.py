from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hand_dealt_type import HandDealtType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.client_seed import ClientSeed
    from ..models.seat_player import SeatPlayer


T = TypeVar("T", bound="HandDealt")


@_attrs_define
class HandDealt:
    """Who plays the hand, and how its deck was made; the engine's `hand_started` follows.

    Attributes:
        commitment (str): SHA-256 of the hand's server seed, hex, as published before the hand.
        fixed_deck (bool): Whether the deck is the table's fixed deck for this hand, not shuffled from the
            seeds (never called fair).
        hand_no (int): The table's hand number, from 1.
        players (list[SeatPlayer]): The seats dealt in, and their players.
        server_seed (str): Secret until the hand ends; then `seed_revealed` repeats it.
        sitting_out (list[int]): Seated players who cannot cover their ante and sit this hand out (R3).
        type_ (HandDealtType):
        client_seeds (list[ClientSeed] | Unset): The seats' client seeds mixed into the deck.
    """

    commitment: str
    fixed_deck: bool
    hand_no: int
    players: list[SeatPlayer]
    server_seed: str
    sitting_out: list[int]
    type_: HandDealtType
    client_seeds: list[ClientSeed] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        fixed_deck = self.fixed_deck

        hand_no = self.hand_no

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        server_seed = self.server_seed

        sitting_out = self.sitting_out

        type_ = self.type_.value

        client_seeds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.client_seeds, Unset):
            client_seeds = []
            for client_seeds_item_data in self.client_seeds:
                client_seeds_item = client_seeds_item_data.to_dict()
                client_seeds.append(client_seeds_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commitment": commitment,
                "fixed_deck": fixed_deck,
                "hand_no": hand_no,
                "players": players,
                "server_seed": server_seed,
                "sitting_out": sitting_out,
                "type": type_,
            }
        )
        if client_seeds is not UNSET:
            field_dict["client_seeds"] = client_seeds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.client_seed import ClientSeed
        from ..models.seat_player import SeatPlayer

        d = dict(src_dict)
        commitment = d.pop("commitment")

        fixed_deck = d.pop("fixed_deck")

        hand_no = d.pop("hand_no")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SeatPlayer.from_dict(players_item_data)

            players.append(players_item)

        server_seed = d.pop("server_seed")

        sitting_out = cast(list[int], d.pop("sitting_out"))

        type_ = HandDealtType(d.pop("type"))

        _client_seeds = d.pop("client_seeds", UNSET)
        client_seeds: list[ClientSeed] | Unset = UNSET
        if _client_seeds is not UNSET:
            client_seeds = []
            for client_seeds_item_data in _client_seeds:
                client_seeds_item = ClientSeed.from_dict(client_seeds_item_data)

                client_seeds.append(client_seeds_item)

        hand_dealt = cls(
            commitment=commitment,
            fixed_deck=fixed_deck,
            hand_no=hand_no,
            players=players,
            server_seed=server_seed,
            sitting_out=sitting_out,
            type_=type_,
            client_seeds=client_seeds,
        )

        hand_dealt.additional_properties = d
        return hand_dealt

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
