from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bhh_chain_head import BhhChainHead
    from ..models.bhh_log_entry import BhhLogEntry
    from ..models.client_seed import ClientSeed


T = TypeVar("T", bound="BhhFairness")


@_attrs_define
class BhhFairness:
    """The commit-reveal of the deal and the hand's place in the table's chain and the public
    log (docs/guide/fair-shuffles.md, docs/guide/public-log.md).

        Attributes:
            chain_head (BhhChainHead): A row of the table's log.
            client_seeds (list[ClientSeed]): The seats' client seeds mixed into the deck.
            commitment (str): SHA-256 of the server seed, hex, published before the hand.
            fixed_deck (bool): The deck is the table's fixed deck, not shuffled from the seeds: never fair.
            hand_key (str): The hand key the seeds give, hex: it shuffles the deck and any short stock.
            log (BhhLogEntry | None): The hand's entry in the public log; null in the seconds before it is added.
            server_seed (str): The server seed, hex, revealed when the hand ended.
    """

    chain_head: BhhChainHead
    client_seeds: list[ClientSeed]
    commitment: str
    fixed_deck: bool
    hand_key: str
    log: BhhLogEntry | None
    server_seed: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bhh_log_entry import BhhLogEntry

        chain_head = self.chain_head.to_dict()

        client_seeds = []
        for client_seeds_item_data in self.client_seeds:
            client_seeds_item = client_seeds_item_data.to_dict()
            client_seeds.append(client_seeds_item)

        commitment = self.commitment

        fixed_deck = self.fixed_deck

        hand_key = self.hand_key

        log: dict[str, Any] | None
        if isinstance(self.log, BhhLogEntry):
            log = self.log.to_dict()
        else:
            log = self.log

        server_seed = self.server_seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "chain_head": chain_head,
                "client_seeds": client_seeds,
                "commitment": commitment,
                "fixed_deck": fixed_deck,
                "hand_key": hand_key,
                "log": log,
                "server_seed": server_seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bhh_chain_head import BhhChainHead
        from ..models.bhh_log_entry import BhhLogEntry
        from ..models.client_seed import ClientSeed

        d = dict(src_dict)
        chain_head = BhhChainHead.from_dict(d.pop("chain_head"))

        client_seeds = []
        _client_seeds = d.pop("client_seeds")
        for client_seeds_item_data in _client_seeds:
            client_seeds_item = ClientSeed.from_dict(client_seeds_item_data)

            client_seeds.append(client_seeds_item)

        commitment = d.pop("commitment")

        fixed_deck = d.pop("fixed_deck")

        hand_key = d.pop("hand_key")

        def _parse_log(data: object) -> BhhLogEntry | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                log_type_0 = BhhLogEntry.from_dict(data)

                return log_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BhhLogEntry | None, data)

        log = _parse_log(d.pop("log"))

        server_seed = d.pop("server_seed")

        bhh_fairness = cls(
            chain_head=chain_head,
            client_seeds=client_seeds,
            commitment=commitment,
            fixed_deck=fixed_deck,
            hand_key=hand_key,
            log=log,
            server_seed=server_seed,
        )

        bhh_fairness.additional_properties = d
        return bhh_fairness

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
