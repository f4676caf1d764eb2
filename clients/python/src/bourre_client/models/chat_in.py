from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChatIn")


@_attrs_define
class ChatIn:
    """What to say: exactly one of a phrase and free text.

    Attributes:
        phrase (None | str | Unset): A phrase's key, from `GET /v1/chat/phrases`. Example: nice_hand.
        text (None | str | Unset): Free text, at most 200 characters and not all spaces, where the league's `chat` is
            `text`: something in it shows (a letter, number, punctuation or symbol); no line or
            paragraph separator, format or private-use character, filler, nor more than 3
            combining marks in a row (422 `invalid_chat_message`; stored trimmed and
            NFC-normalised).
    """

    phrase: None | str | Unset = UNSET
    text: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        phrase: None | str | Unset
        if isinstance(self.phrase, Unset):
            phrase = UNSET
        else:
            phrase = self.phrase

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if phrase is not UNSET:
            field_dict["phrase"] = phrase
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_phrase(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phrase = _parse_phrase(d.pop("phrase", UNSET))

        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text = _parse_text(d.pop("text", UNSET))

        chat_in = cls(
            phrase=phrase,
            text=text,
        )

        return chat_in
