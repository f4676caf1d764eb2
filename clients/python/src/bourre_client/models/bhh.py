from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.suit import Suit

if TYPE_CHECKING:
    from ..models.bhh_fairness import BhhFairness
    from ..models.bhh_named import BhhNamed
    from ..models.bhh_player import BhhPlayer
    from ..models.bhh_pot import BhhPot
    from ..models.bhh_rounds import BhhRounds
    from ..models.table_rules import TableRules


T = TypeVar("T", bound="Bhh")


@_attrs_define
class Bhh:
    """A finished hand: where and when it was played, by whom, every card and chip of it, and
    what proves it fair.

        Attributes:
            dealer_seat (int): The dealer's seat (R2a).
            end_time (datetime.datetime): When the hand ended and its seed was revealed (UTC).
            fairness (BhhFairness): The commit-reveal of the deal and the hand's place in the table's chain and the public
                log (docs/guide/fair-shuffles.md, docs/guide/public-log.md).
            game_number (int): The hand's number at the table, from 1.
            league (BhhNamed): A league or a table: its id and its name (as it is named now).
            players (list[BhhPlayer]): Everyone dealt in, in seat order.
            pots (list[BhhPot]): The hand's pot: what it held, who took it, who paid for being bourré. One pot: a
                list so that the format can grow.
            rounds (BhhRounds): The hand's actions, by kind, each list in the order the actions were made.
            rules (TableRules): The options a table is created with (docs/rules.md, "Table options").
            site (str): The server the hand was played on: the origin of its public log (a host and a path).
            spec_version (str): The format's version, semver (`1.0.0`); a reader ignores fields it does not know. Example:
                1.0.0.
            start_time (datetime.datetime): When the hand was dealt (UTC).
            table (BhhNamed): A league or a table: its id and its name (as it is named now).
            trump_card (str): A card's code: rank (2-10, J, Q, K, A) then suit
            trump_suit (Suit):
    """

    dealer_seat: int
    end_time: datetime.datetime
    fairness: BhhFairness
    game_number: int
    league: BhhNamed
    players: list[BhhPlayer]
    pots: list[BhhPot]
    rounds: BhhRounds
    rules: TableRules
    site: str
    spec_version: str
    start_time: datetime.datetime
    table: BhhNamed
    trump_card: str
    trump_suit: Suit
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        dealer_seat = self.dealer_seat

        end_time = self.end_time.isoformat()

        fairness = self.fairness.to_dict()

        game_number = self.game_number

        league = self.league.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        pots = []
        for pots_item_data in self.pots:
            pots_item = pots_item_data.to_dict()
            pots.append(pots_item)

        rounds = self.rounds.to_dict()

        rules = self.rules.to_dict()

        site = self.site

        spec_version = self.spec_version

        start_time = self.start_time.isoformat()

        table = self.table.to_dict()

        trump_card = self.trump_card

        trump_suit = self.trump_suit.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dealer_seat": dealer_seat,
                "end_time": end_time,
                "fairness": fairness,
                "game_number": game_number,
                "league": league,
                "players": players,
                "pots": pots,
                "rounds": rounds,
                "rules": rules,
                "site": site,
                "spec_version": spec_version,
                "start_time": start_time,
                "table": table,
                "trump_card": trump_card,
                "trump_suit": trump_suit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bhh_fairness import BhhFairness
        from ..models.bhh_named import BhhNamed
        from ..models.bhh_player import BhhPlayer
        from ..models.bhh_pot import BhhPot
        from ..models.bhh_rounds import BhhRounds
        from ..models.table_rules import TableRules

        d = dict(src_dict)
        dealer_seat = d.pop("dealer_seat")

        end_time = datetime.datetime.fromisoformat(d.pop("end_time"))

        fairness = BhhFairness.from_dict(d.pop("fairness"))

        game_number = d.pop("game_number")

        league = BhhNamed.from_dict(d.pop("league"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = BhhPlayer.from_dict(players_item_data)

            players.append(players_item)

        pots = []
        _pots = d.pop("pots")
        for pots_item_data in _pots:
            pots_item = BhhPot.from_dict(pots_item_data)

            pots.append(pots_item)

        rounds = BhhRounds.from_dict(d.pop("rounds"))

        rules = TableRules.from_dict(d.pop("rules"))

        site = d.pop("site")

        spec_version = d.pop("spec_version")

        start_time = datetime.datetime.fromisoformat(d.pop("start_time"))

        table = BhhNamed.from_dict(d.pop("table"))

        trump_card = d.pop("trump_card")

        trump_suit = Suit(d.pop("trump_suit"))

        bhh = cls(
            dealer_seat=dealer_seat,
            end_time=end_time,
            fairness=fairness,
            game_number=game_number,
            league=league,
            players=players,
            pots=pots,
            rounds=rounds,
            rules=rules,
            site=site,
            spec_version=spec_version,
            start_time=start_time,
            table=table,
            trump_card=trump_card,
            trump_suit=trump_suit,
        )

        bhh.additional_properties = d
        return bhh

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
