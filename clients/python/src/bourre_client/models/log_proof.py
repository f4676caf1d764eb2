from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LogProof")


@_attrs_define
class LogProof:
    """The proof that a hand is in the log: its leaf, the inclusion path, and the signed
    checkpoint the path leads to.

        Attributes:
            checkpoint (str): The signed checkpoint (C2SP tlog-checkpoint in a signed note) whose root the path
                leads to.
            index (int): The leaf's index in the log, from 0.
            leaf (str): The leaf's bytes, base64 (docs/guide/public-log.md: six lines naming the table, the
                hand, the seq and hash of its `seed_revealed` row and its commitment).
            proof (list[str]): The inclusion path (RFC 9162 2.1.3), each hash base64, nearest the leaf first.
            tree_size (int): The size of the tree the proof is against (the checkpoint's).
    """

    checkpoint: str
    index: int
    leaf: str
    proof: list[str]
    tree_size: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checkpoint = self.checkpoint

        index = self.index

        leaf = self.leaf

        proof = self.proof

        tree_size = self.tree_size

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checkpoint": checkpoint,
                "index": index,
                "leaf": leaf,
                "proof": proof,
                "tree_size": tree_size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        checkpoint = d.pop("checkpoint")

        index = d.pop("index")

        leaf = d.pop("leaf")

        proof = cast(list[str], d.pop("proof"))

        tree_size = d.pop("tree_size")

        log_proof = cls(
            checkpoint=checkpoint,
            index=index,
            leaf=leaf,
            proof=proof,
            tree_size=tree_size,
        )

        log_proof.additional_properties = d
        return log_proof

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
