from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.verdict import Verdict


T = TypeVar("T", bound="AuditReport")


@_attrs_define
class AuditReport:
    """The audit of one hand.

    Attributes:
        fair (bool): Verified and dealt from a committed random seed (never true for a fixed deck).
        hand_no (int): The hand audited.
        table_id (UUID): The table.
        verdicts (list[Verdict]): One per check, in this order: `hash_chain`, `commitment`, `deck`, `replay`, and
            `public_log` when the record carries its proof and the log's key is known.
        verified (bool): Every check passed.
    """

    fair: bool
    hand_no: int
    table_id: UUID
    verdicts: list[Verdict]
    verified: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fair = self.fair

        hand_no = self.hand_no

        table_id = str(self.table_id)

        verdicts = []
        for verdicts_item_data in self.verdicts:
            verdicts_item = verdicts_item_data.to_dict()
            verdicts.append(verdicts_item)

        verified = self.verified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fair": fair,
                "hand_no": hand_no,
                "table_id": table_id,
                "verdicts": verdicts,
                "verified": verified,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.verdict import Verdict

        d = dict(src_dict)
        fair = d.pop("fair")

        hand_no = d.pop("hand_no")

        table_id = UUID(d.pop("table_id"))

        verdicts = []
        _verdicts = d.pop("verdicts")
        for verdicts_item_data in _verdicts:
            verdicts_item = Verdict.from_dict(verdicts_item_data)

            verdicts.append(verdicts_item)

        verified = d.pop("verified")

        audit_report = cls(
            fair=fair,
            hand_no=hand_no,
            table_id=table_id,
            verdicts=verdicts,
            verified=verified,
        )

        audit_report.additional_properties = d
        return audit_report

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
