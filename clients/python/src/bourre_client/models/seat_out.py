from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.avatar import Avatar
from ..models.seat_status import SeatStatus

T = TypeVar("T", bound="SeatOut")


@_attrs_define
class SeatOut:
    """
    Attributes:
        avatar (Avatar | None): Their avatar; null when they chose none or the caller blocked them.
        balance (int): League balance now.
        bot (bool): A server-side bot (`POST /v1/tables/{table_id}/bots`).
        card_count (int): Cards the player holds in the hand in play (0 once they passed); 0 between hands.
        discard_count (int): Cards the player discarded in the hand in play; 0 between hands.
        display_name (None | str): The name they chose to be shown by; null when they chose none or the caller blocked
            them (show the username).
        player_id (UUID): The player sitting there.
        seat (int): The seat, 0-7.
        state (None | SeatStatus): In the hand in play; `null` between hands.
        tricks (int): Tricks taken in the hand in play, or in the last hand until the next one starts.
        username (str): Their username.
    """

    avatar: Avatar | None
    balance: int
    bot: bool
    card_count: int
    discard_count: int
    display_name: None | str
    player_id: UUID
    seat: int
    state: None | SeatStatus
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

        bot = self.bot

        card_count = self.card_count

        discard_count = self.discard_count

        display_name: None | str
        display_name = self.display_name

        player_id = str(self.player_id)

        seat = self.seat

        state: None | str
        if isinstance(self.state, SeatStatus):
            state = self.state.value
        else:
            state = self.state

        tricks = self.tricks

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avatar": avatar,
                "balance": balance,
                "bot": bot,
                "card_count": card_count,
                "discard_count": discard_count,
                "display_name": display_name,
                "player_id": player_id,
                "seat": seat,
                "state": state,
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

        bot = d.pop("bot")

        card_count = d.pop("card_count")

        discard_count = d.pop("discard_count")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        player_id = UUID(d.pop("player_id"))

        seat = d.pop("seat")

        def _parse_state(data: object) -> None | SeatStatus:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_0 = SeatStatus(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatStatus, data)

        state = _parse_state(d.pop("state"))

        tricks = d.pop("tricks")

        username = d.pop("username")

        seat_out = cls(
            avatar=avatar,
            balance=balance,
            bot=bot,
            card_count=card_count,
            discard_count=discard_count,
            display_name=display_name,
            player_id=player_id,
            seat=seat,
            state=state,
            tricks=tricks,
            username=username,
        )

        seat_out.additional_properties = d
        return seat_out

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
