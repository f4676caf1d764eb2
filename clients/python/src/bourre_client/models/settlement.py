from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.all_passed_outcome import AllPassedOutcome
    from ..models.seat_amount import SeatAmount
    from ..models.split_outcome import SplitOutcome
    from ..models.uncontested_outcome import UncontestedOutcome
    from ..models.won_outcome import WonOutcome


T = TypeVar("T", bound="Settlement")


@_attrs_define
class Settlement:
    """Settlement of a finished hand (R10).

    Attributes:
        bourre (list[SeatAmount]): Seat to pot: the bourré payments, waiting in the pot for the next hand (R10c).
        carried (int): What the table's pot holds for the next hand.
        exempt (list[int]): Seats exempt from the next hand's ante (R10c, R10d).
        outcome (AllPassedOutcome | SplitOutcome | UncontestedOutcome | WonOutcome): How a hand ended.
        payouts (list[SeatAmount]): Pot to seat.
        pot (int): This hand's pot before it was won or carried.
        tricks (list[SeatAmount]): Tricks per seat that played (the outright winner of R8 takes them all).
    """

    bourre: list[SeatAmount]
    carried: int
    exempt: list[int]
    outcome: AllPassedOutcome | SplitOutcome | UncontestedOutcome | WonOutcome
    payouts: list[SeatAmount]
    pot: int
    tricks: list[SeatAmount]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.split_outcome import SplitOutcome
        from ..models.uncontested_outcome import UncontestedOutcome
        from ..models.won_outcome import WonOutcome

        bourre = []
        for bourre_item_data in self.bourre:
            bourre_item = bourre_item_data.to_dict()
            bourre.append(bourre_item)

        carried = self.carried

        exempt = self.exempt

        outcome: dict[str, Any]
        if (
            isinstance(self.outcome, WonOutcome)
            or isinstance(self.outcome, UncontestedOutcome)
            or isinstance(self.outcome, SplitOutcome)
        ):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome.to_dict()

        payouts = []
        for payouts_item_data in self.payouts:
            payouts_item = payouts_item_data.to_dict()
            payouts.append(payouts_item)

        pot = self.pot

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bourre": bourre,
                "carried": carried,
                "exempt": exempt,
                "outcome": outcome,
                "payouts": payouts,
                "pot": pot,
                "tricks": tricks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.all_passed_outcome import AllPassedOutcome
        from ..models.seat_amount import SeatAmount
        from ..models.split_outcome import SplitOutcome
        from ..models.uncontested_outcome import UncontestedOutcome
        from ..models.won_outcome import WonOutcome

        d = dict(src_dict)
        bourre = []
        _bourre = d.pop("bourre")
        for bourre_item_data in _bourre:
            bourre_item = SeatAmount.from_dict(bourre_item_data)

            bourre.append(bourre_item)

        carried = d.pop("carried")

        exempt = cast(list[int], d.pop("exempt"))

        def _parse_outcome(
            data: object,
        ) -> AllPassedOutcome | SplitOutcome | UncontestedOutcome | WonOutcome:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_outcome_type_0 = WonOutcome.from_dict(data)

                return componentsschemas_outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_outcome_type_1 = UncontestedOutcome.from_dict(data)

                return componentsschemas_outcome_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_outcome_type_2 = SplitOutcome.from_dict(data)

                return componentsschemas_outcome_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_outcome_type_3 = AllPassedOutcome.from_dict(data)

            return componentsschemas_outcome_type_3

        outcome = _parse_outcome(d.pop("outcome"))

        payouts = []
        _payouts = d.pop("payouts")
        for payouts_item_data in _payouts:
            payouts_item = SeatAmount.from_dict(payouts_item_data)

            payouts.append(payouts_item)

        pot = d.pop("pot")

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = SeatAmount.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        settlement = cls(
            bourre=bourre,
            carried=carried,
            exempt=exempt,
            outcome=outcome,
            payouts=payouts,
            pot=pot,
            tricks=tricks,
        )

        settlement.additional_properties = d
        return settlement

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
