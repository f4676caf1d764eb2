from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.block import Block
    from ..models.chat_message import ChatMessage
    from ..models.device_out import DeviceOut
    from ..models.exported_identity import ExportedIdentity
    from ..models.exported_join_request import ExportedJoinRequest
    from ..models.exported_key import ExportedKey
    from ..models.exported_ledger_entry import ExportedLedgerEntry
    from ..models.exported_login_failures import ExportedLoginFailures
    from ..models.exported_membership import ExportedMembership
    from ..models.exported_player import ExportedPlayer
    from ..models.exported_push_subscription import ExportedPushSubscription
    from ..models.exported_report import ExportedReport
    from ..models.exported_seat import ExportedSeat
    from ..models.notification_settings import NotificationSettings
    from ..models.session_row import SessionRow


T = TypeVar("T", bound="PlayerExport")


@_attrs_define
class PlayerExport:
    """Everything stored about a player.

    Attributes:
        blocks (list[Block]): The players they blocked, newest first.
        chat (list[ChatMessage]): What the player said at tables (kept `BOURRE_CHAT_RETENTION_DAYS`), oldest first.
        devices (list[DeviceOut]): The player's devices (native apps' push tokens), oldest first; tokens end-only, as
            listed.
        exported_at (datetime.datetime): When the export was made.
        idempotency_keys (list[ExportedKey]): Replies stored under the player's idempotency keys (kept 24 hours).
        identities (list[ExportedIdentity]): The player's identities at OpenID providers, oldest first.
        join_requests (list[ExportedJoinRequest]): Their requests to join leagues, still waiting for an admin.
        ledger (list[ExportedLedgerEntry]): Every ledger entry to or from the player, in every league, oldest first.
        login_failures (list[ExportedLoginFailures]): Failed logins of the account being counted (see the login
            throttle).
        memberships (list[ExportedMembership]): The player's leagues.
        notification_settings (NotificationSettings): What the player is pushed, per channel, and when not.
        player (ExportedPlayer):
        push_subscriptions (list[ExportedPushSubscription]): The player's push subscriptions, oldest first.
        reports (list[ExportedReport]): The reports they made, oldest first.
        seats (list[ExportedSeat]): The seats where they sit now.
        sessions (list[SessionRow]): The player's sessions (sign-ins), oldest first; refresh tokens are stored hashed
            only, and not exported.
    """

    blocks: list[Block]
    chat: list[ChatMessage]
    devices: list[DeviceOut]
    exported_at: datetime.datetime
    idempotency_keys: list[ExportedKey]
    identities: list[ExportedIdentity]
    join_requests: list[ExportedJoinRequest]
    ledger: list[ExportedLedgerEntry]
    login_failures: list[ExportedLoginFailures]
    memberships: list[ExportedMembership]
    notification_settings: NotificationSettings
    player: ExportedPlayer
    push_subscriptions: list[ExportedPushSubscription]
    reports: list[ExportedReport]
    seats: list[ExportedSeat]
    sessions: list[SessionRow]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        blocks = []
        for blocks_item_data in self.blocks:
            blocks_item = blocks_item_data.to_dict()
            blocks.append(blocks_item)

        chat = []
        for chat_item_data in self.chat:
            chat_item = chat_item_data.to_dict()
            chat.append(chat_item)

        devices = []
        for devices_item_data in self.devices:
            devices_item = devices_item_data.to_dict()
            devices.append(devices_item)

        exported_at = self.exported_at.isoformat()

        idempotency_keys = []
        for idempotency_keys_item_data in self.idempotency_keys:
            idempotency_keys_item = idempotency_keys_item_data.to_dict()
            idempotency_keys.append(idempotency_keys_item)

        identities = []
        for identities_item_data in self.identities:
            identities_item = identities_item_data.to_dict()
            identities.append(identities_item)

        join_requests = []
        for join_requests_item_data in self.join_requests:
            join_requests_item = join_requests_item_data.to_dict()
            join_requests.append(join_requests_item)

        ledger = []
        for ledger_item_data in self.ledger:
            ledger_item = ledger_item_data.to_dict()
            ledger.append(ledger_item)

        login_failures = []
        for login_failures_item_data in self.login_failures:
            login_failures_item = login_failures_item_data.to_dict()
            login_failures.append(login_failures_item)

        memberships = []
        for memberships_item_data in self.memberships:
            memberships_item = memberships_item_data.to_dict()
            memberships.append(memberships_item)

        notification_settings = self.notification_settings.to_dict()

        player = self.player.to_dict()

        push_subscriptions = []
        for push_subscriptions_item_data in self.push_subscriptions:
            push_subscriptions_item = push_subscriptions_item_data.to_dict()
            push_subscriptions.append(push_subscriptions_item)

        reports = []
        for reports_item_data in self.reports:
            reports_item = reports_item_data.to_dict()
            reports.append(reports_item)

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        sessions = []
        for sessions_item_data in self.sessions:
            sessions_item = sessions_item_data.to_dict()
            sessions.append(sessions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "blocks": blocks,
                "chat": chat,
                "devices": devices,
                "exported_at": exported_at,
                "idempotency_keys": idempotency_keys,
                "identities": identities,
                "join_requests": join_requests,
                "ledger": ledger,
                "login_failures": login_failures,
                "memberships": memberships,
                "notification_settings": notification_settings,
                "player": player,
                "push_subscriptions": push_subscriptions,
                "reports": reports,
                "seats": seats,
                "sessions": sessions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.block import Block
        from ..models.chat_message import ChatMessage
        from ..models.device_out import DeviceOut
        from ..models.exported_identity import ExportedIdentity
        from ..models.exported_join_request import ExportedJoinRequest
        from ..models.exported_key import ExportedKey
        from ..models.exported_ledger_entry import ExportedLedgerEntry
        from ..models.exported_login_failures import ExportedLoginFailures
        from ..models.exported_membership import ExportedMembership
        from ..models.exported_player import ExportedPlayer
        from ..models.exported_push_subscription import ExportedPushSubscription
        from ..models.exported_report import ExportedReport
        from ..models.exported_seat import ExportedSeat
        from ..models.notification_settings import NotificationSettings
        from ..models.session_row import SessionRow

        d = dict(src_dict)
        blocks = []
        _blocks = d.pop("blocks")
        for blocks_item_data in _blocks:
            blocks_item = Block.from_dict(blocks_item_data)

            blocks.append(blocks_item)

        chat = []
        _chat = d.pop("chat")
        for chat_item_data in _chat:
            chat_item = ChatMessage.from_dict(chat_item_data)

            chat.append(chat_item)

        devices = []
        _devices = d.pop("devices")
        for devices_item_data in _devices:
            devices_item = DeviceOut.from_dict(devices_item_data)

            devices.append(devices_item)

        exported_at = datetime.datetime.fromisoformat(d.pop("exported_at"))

        idempotency_keys = []
        _idempotency_keys = d.pop("idempotency_keys")
        for idempotency_keys_item_data in _idempotency_keys:
            idempotency_keys_item = ExportedKey.from_dict(idempotency_keys_item_data)

            idempotency_keys.append(idempotency_keys_item)

        identities = []
        _identities = d.pop("identities")
        for identities_item_data in _identities:
            identities_item = ExportedIdentity.from_dict(identities_item_data)

            identities.append(identities_item)

        join_requests = []
        _join_requests = d.pop("join_requests")
        for join_requests_item_data in _join_requests:
            join_requests_item = ExportedJoinRequest.from_dict(join_requests_item_data)

            join_requests.append(join_requests_item)

        ledger = []
        _ledger = d.pop("ledger")
        for ledger_item_data in _ledger:
            ledger_item = ExportedLedgerEntry.from_dict(ledger_item_data)

            ledger.append(ledger_item)

        login_failures = []
        _login_failures = d.pop("login_failures")
        for login_failures_item_data in _login_failures:
            login_failures_item = ExportedLoginFailures.from_dict(
                login_failures_item_data
            )

            login_failures.append(login_failures_item)

        memberships = []
        _memberships = d.pop("memberships")
        for memberships_item_data in _memberships:
            memberships_item = ExportedMembership.from_dict(memberships_item_data)

            memberships.append(memberships_item)

        notification_settings = NotificationSettings.from_dict(
            d.pop("notification_settings")
        )

        player = ExportedPlayer.from_dict(d.pop("player"))

        push_subscriptions = []
        _push_subscriptions = d.pop("push_subscriptions")
        for push_subscriptions_item_data in _push_subscriptions:
            push_subscriptions_item = ExportedPushSubscription.from_dict(
                push_subscriptions_item_data
            )

            push_subscriptions.append(push_subscriptions_item)

        reports = []
        _reports = d.pop("reports")
        for reports_item_data in _reports:
            reports_item = ExportedReport.from_dict(reports_item_data)

            reports.append(reports_item)

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = ExportedSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        sessions = []
        _sessions = d.pop("sessions")
        for sessions_item_data in _sessions:
            sessions_item = SessionRow.from_dict(sessions_item_data)

            sessions.append(sessions_item)

        player_export = cls(
            blocks=blocks,
            chat=chat,
            devices=devices,
            exported_at=exported_at,
            idempotency_keys=idempotency_keys,
            identities=identities,
            join_requests=join_requests,
            ledger=ledger,
            login_failures=login_failures,
            memberships=memberships,
            notification_settings=notification_settings,
            player=player,
            push_subscriptions=push_subscriptions,
            reports=reports,
            seats=seats,
            sessions=sessions,
        )

        player_export.additional_properties = d
        return player_export

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
