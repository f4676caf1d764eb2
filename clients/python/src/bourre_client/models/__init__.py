"""Contains all the data models used in inputs/outputs"""

from .account_deletion import AccountDeletion
from .act_in import ActIn
from .admitted import Admitted
from .all_passed_outcome import AllPassedOutcome
from .all_passed_outcome_type import AllPassedOutcomeType
from .attempt_out import AttemptOut
from .audit_report import AuditReport
from .authorization_in import AuthorizationIn
from .authorization_out import AuthorizationOut
from .avatar import Avatar
from .bhh import Bhh
from .bhh_cards import BhhCards
from .bhh_chain_head import BhhChainHead
from .bhh_chips import BhhChips
from .bhh_deal import BhhDeal
from .bhh_declaration import BhhDeclaration
from .bhh_draw import BhhDraw
from .bhh_fairness import BhhFairness
from .bhh_file import BhhFile
from .bhh_log_entry import BhhLogEntry
from .bhh_named import BhhNamed
from .bhh_outcome import BhhOutcome
from .bhh_play import BhhPlay
from .bhh_player import BhhPlayer
from .bhh_pot import BhhPot
from .bhh_rounds import BhhRounds
from .bhh_trick import BhhTrick
from .bhh_tricks import BhhTricks
from .block import Block
from .block_in import BlockIn
from .blocks import Blocks
from .chat_in import ChatIn
from .chat_message import ChatMessage
from .chat_page import ChatPage
from .chat_policy import ChatPolicy
from .client_seed import ClientSeed
from .client_seed_in import ClientSeedIn
from .client_seed_out import ClientSeedOut
from .client_seed_set import ClientSeedSet
from .client_seed_set_type import ClientSeedSetType
from .code_in import CodeIn
from .consistency_out import ConsistencyOut
from .create_table import CreateTable
from .credentials import Credentials
from .declare_action import DeclareAction
from .declare_action_type import DeclareActionType
from .declared import Declared
from .declared_type import DeclaredType
from .declared_view import DeclaredView
from .declared_view_type import DeclaredViewType
from .deliveries_page import DeliveriesPage
from .delivery_out import DeliveryOut
from .delivery_out_body import DeliveryOutBody
from .device_in import DeviceIn
from .device_out import DeviceOut
from .draw import Draw
from .draw_action import DrawAction
from .draw_action_type import DrawActionType
from .draw_view import DrawView
from .drew import Drew
from .drew_type import DrewType
from .drew_view import DrewView
from .drew_view_type import DrewViewType
from .email_in import EmailIn
from .email_out import EmailOut
from .entrant import Entrant
from .entry_state import EntryState
from .event_kind import EventKind
from .event_out import EventOut
from .exchange_in import ExchangeIn
from .exchanged_out import ExchangedOut
from .export_league_hands_order import ExportLeagueHandsOrder
from .export_my_hands_order import ExportMyHandsOrder
from .exported_identity import ExportedIdentity
from .exported_join_request import ExportedJoinRequest
from .exported_key import ExportedKey
from .exported_ledger_entry import ExportedLedgerEntry
from .exported_login_failures import ExportedLoginFailures
from .exported_membership import ExportedMembership
from .exported_player import ExportedPlayer
from .exported_push_subscription import ExportedPushSubscription
from .exported_report import ExportedReport
from .exported_seat import ExportedSeat
from .get_standings_order import GetStandingsOrder
from .get_standings_sort import GetStandingsSort
from .grant_in import GrantIn
from .granted import Granted
from .hand_dealt import HandDealt
from .hand_dealt_type import HandDealtType
from .hand_dealt_view import HandDealtView
from .hand_dealt_view_type import HandDealtViewType
from .hand_ended import HandEnded
from .hand_ended_type import HandEndedType
from .hand_page import HandPage
from .hand_player import HandPlayer
from .hand_record import HandRecord
from .hand_started import HandStarted
from .hand_started_type import HandStartedType
from .hand_started_view import HandStartedView
from .hand_started_view_type import HandStartedViewType
from .hand_summary import HandSummary
from .health import Health
from .history_entry import HistoryEntry
from .history_entry_data import HistoryEntryData
from .history_kind import HistoryKind
from .history_page import HistoryPage
from .id_token_in import IdTokenIn
from .identities_out import IdentitiesOut
from .identity_out import IdentityOut
from .invite import Invite
from .invite_limits import InviteLimits
from .join_league import JoinLeague
from .join_policy import JoinPolicy
from .join_request import JoinRequest
from .kinds import Kinds
from .known_error_code import KnownErrorCode
from .league_balance import LeagueBalance
from .league_change import LeagueChange
from .league_detail import LeagueDetail
from .league_view import LeagueView
from .leagues_page import LeaguesPage
from .ledger_entry import LedgerEntry
from .ledger_page import LedgerPage
from .legal_out import LegalOut
from .legal_out_action import LegalOutAction
from .link_in import LinkIn
from .list_league_tables_status import ListLeagueTablesStatus
from .list_reports_state import ListReportsState
from .list_table_hands_order import ListTableHandsOrder
from .locale import Locale
from .log_info import LogInfo
from .log_proof import LogProof
from .logout import Logout
from .me import Me
from .member import Member
from .member_ref import MemberRef
from .members_page import MembersPage
from .moderation_action import ModerationAction
from .moderation_in import ModerationIn
from .my_league import MyLeague
from .my_tournament_entry import MyTournamentEntry
from .new_league import NewLeague
from .new_tournament import NewTournament
from .new_webhook import NewWebhook
from .notification_kind import NotificationKind
from .notification_settings import NotificationSettings
from .password_change import PasswordChange
from .password_reset_confirm import PasswordResetConfirm
from .phase import Phase
from .phrase import Phrase
from .phrase_kind import PhraseKind
from .phrase_text import PhraseText
from .phrases_out import PhrasesOut
from .platform import Platform
from .play_action import PlayAction
from .play_action_type import PlayActionType
from .play_out import PlayOut
from .played import Played
from .played_type import PlayedType
from .player_amount import PlayerAmount
from .player_export import PlayerExport
from .player_out import PlayerOut
from .pot_penalty import PotPenalty
from .problem import Problem
from .profile_change import ProfileChange
from .provider_out import ProviderOut
from .providers_out import ProvidersOut
from .public_profile import PublicProfile
from .push_keys import PushKeys
from .push_subscription_gone import PushSubscriptionGone
from .push_subscription_in import PushSubscriptionIn
from .push_subscription_out import PushSubscriptionOut
from .quiet_hours import QuietHours
from .reason import Reason
from .record_row import RecordRow
from .recurrence import Recurrence
from .refresh_request import RefreshRequest
from .report import Report
from .report_in import ReportIn
from .report_kind import ReportKind
from .report_page import ReportPage
from .report_reason import ReportReason
from .report_status import ReportStatus
from .revealed import Revealed
from .revealed_type import RevealedType
from .role import Role
from .round_seat import RoundSeat
from .round_table import RoundTable
from .season import Season
from .seat_amount import SeatAmount
from .seat_left import SeatLeft
from .seat_left_type import SeatLeftType
from .seat_out import SeatOut
from .seat_player import SeatPlayer
from .seat_status import SeatStatus
from .seat_taken import SeatTaken
from .seat_taken_type import SeatTakenType
from .seat_to_act import SeatToAct
from .seed_revealed import SeedRevealed
from .seed_revealed_type import SeedRevealedType
from .session_out import SessionOut
from .session_row import SessionRow
from .settlement import Settlement
from .shared_league import SharedLeague
from .sit_down import SitDown
from .split_outcome import SplitOutcome
from .split_outcome_type import SplitOutcomeType
from .split_pot import SplitPot
from .standing import Standing
from .standings import Standings
from .stream_event import StreamEvent
from .stream_event_event import StreamEventEvent
from .stream_ticket import StreamTicket
from .suit import Suit
from .table_closed import TableClosed
from .table_closed_type import TableClosedType
from .table_created import TableCreated
from .table_created_type import TableCreatedType
from .table_entry import TableEntry
from .table_rules import TableRules
from .table_size import TableSize
from .table_status import TableStatus
from .table_view import TableView
from .tables_page import TablesPage
from .to_act_out import ToActOut
from .tournament_entry import TournamentEntry
from .tournament_out import TournamentOut
from .tournament_patch import TournamentPatch
from .tournament_round import TournamentRound
from .tournament_settings import TournamentSettings
from .tournament_standing import TournamentStanding
from .tournament_status import TournamentStatus
from .tournament_summary import TournamentSummary
from .tournaments_page import TournamentsPage
from .trick_out import TrickOut
from .trick_won import TrickWon
from .trick_won_type import TrickWonType
from .trump_out import TrumpOut
from .trump_view import TrumpView
from .turn import Turn
from .turn_timed_out import TurnTimedOut
from .turn_timed_out_type import TurnTimedOutType
from .turns_page import TurnsPage
from .uncontested_outcome import UncontestedOutcome
from .uncontested_outcome_type import UncontestedOutcomeType
from .updates import Updates
from .vapid_key_out import VapidKeyOut
from .verdict import Verdict
from .webhook_out import WebhookOut
from .won_outcome import WonOutcome
from .won_outcome_type import WonOutcomeType

__all__ = (
    "AccountDeletion",
    "ActIn",
    "Admitted",
    "AllPassedOutcome",
    "AllPassedOutcomeType",
    "AttemptOut",
    "AuditReport",
    "AuthorizationIn",
    "AuthorizationOut",
    "Avatar",
    "Bhh",
    "BhhCards",
    "BhhChainHead",
    "BhhChips",
    "BhhDeal",
    "BhhDeclaration",
    "BhhDraw",
    "BhhFairness",
    "BhhFile",
    "BhhLogEntry",
    "BhhNamed",
    "BhhOutcome",
    "BhhPlay",
    "BhhPlayer",
    "BhhPot",
    "BhhRounds",
    "BhhTrick",
    "BhhTricks",
    "Block",
    "BlockIn",
    "Blocks",
    "ChatIn",
    "ChatMessage",
    "ChatPage",
    "ChatPolicy",
    "ClientSeed",
    "ClientSeedIn",
    "ClientSeedOut",
    "ClientSeedSet",
    "ClientSeedSetType",
    "CodeIn",
    "ConsistencyOut",
    "CreateTable",
    "Credentials",
    "DeclareAction",
    "DeclareActionType",
    "Declared",
    "DeclaredType",
    "DeclaredView",
    "DeclaredViewType",
    "DeliveriesPage",
    "DeliveryOut",
    "DeliveryOutBody",
    "DeviceIn",
    "DeviceOut",
    "Draw",
    "DrawAction",
    "DrawActionType",
    "DrawView",
    "Drew",
    "DrewType",
    "DrewView",
    "DrewViewType",
    "EmailIn",
    "EmailOut",
    "Entrant",
    "EntryState",
    "EventKind",
    "EventOut",
    "ExchangeIn",
    "ExchangedOut",
    "ExportLeagueHandsOrder",
    "ExportMyHandsOrder",
    "ExportedIdentity",
    "ExportedJoinRequest",
    "ExportedKey",
    "ExportedLedgerEntry",
    "ExportedLoginFailures",
    "ExportedMembership",
    "ExportedPlayer",
    "ExportedPushSubscription",
    "ExportedReport",
    "ExportedSeat",
    "GetStandingsOrder",
    "GetStandingsSort",
    "GrantIn",
    "Granted",
    "HandDealt",
    "HandDealtType",
    "HandDealtView",
    "HandDealtViewType",
    "HandEnded",
    "HandEndedType",
    "HandPage",
    "HandPlayer",
    "HandRecord",
    "HandStarted",
    "HandStartedType",
    "HandStartedView",
    "HandStartedViewType",
    "HandSummary",
    "Health",
    "HistoryEntry",
    "HistoryEntryData",
    "HistoryKind",
    "HistoryPage",
    "IdTokenIn",
    "IdentitiesOut",
    "IdentityOut",
    "Invite",
    "InviteLimits",
    "JoinLeague",
    "JoinPolicy",
    "JoinRequest",
    "Kinds",
    "KnownErrorCode",
    "LeagueBalance",
    "LeagueChange",
    "LeagueDetail",
    "LeagueView",
    "LeaguesPage",
    "LedgerEntry",
    "LedgerPage",
    "LegalOut",
    "LegalOutAction",
    "LinkIn",
    "ListLeagueTablesStatus",
    "ListReportsState",
    "ListTableHandsOrder",
    "Locale",
    "LogInfo",
    "LogProof",
    "Logout",
    "Me",
    "Member",
    "MemberRef",
    "MembersPage",
    "ModerationAction",
    "ModerationIn",
    "MyLeague",
    "MyTournamentEntry",
    "NewLeague",
    "NewTournament",
    "NewWebhook",
    "NotificationKind",
    "NotificationSettings",
    "PasswordChange",
    "PasswordResetConfirm",
    "Phase",
    "Phrase",
    "PhraseKind",
    "PhraseText",
    "PhrasesOut",
    "Platform",
    "PlayAction",
    "PlayActionType",
    "PlayOut",
    "Played",
    "PlayedType",
    "PlayerAmount",
    "PlayerExport",
    "PlayerOut",
    "PotPenalty",
    "Problem",
    "ProfileChange",
    "ProviderOut",
    "ProvidersOut",
    "PublicProfile",
    "PushKeys",
    "PushSubscriptionGone",
    "PushSubscriptionIn",
    "PushSubscriptionOut",
    "QuietHours",
    "Reason",
    "RecordRow",
    "Recurrence",
    "RefreshRequest",
    "Report",
    "ReportIn",
    "ReportKind",
    "ReportPage",
    "ReportReason",
    "ReportStatus",
    "Revealed",
    "RevealedType",
    "Role",
    "RoundSeat",
    "RoundTable",
    "Season",
    "SeatAmount",
    "SeatLeft",
    "SeatLeftType",
    "SeatOut",
    "SeatPlayer",
    "SeatStatus",
    "SeatTaken",
    "SeatTakenType",
    "SeatToAct",
    "SeedRevealed",
    "SeedRevealedType",
    "SessionOut",
    "SessionRow",
    "Settlement",
    "SharedLeague",
    "SitDown",
    "SplitOutcome",
    "SplitOutcomeType",
    "SplitPot",
    "Standing",
    "Standings",
    "StreamEvent",
    "StreamEventEvent",
    "StreamTicket",
    "Suit",
    "TableClosed",
    "TableClosedType",
    "TableCreated",
    "TableCreatedType",
    "TableEntry",
    "TableRules",
    "TableSize",
    "TableStatus",
    "TableView",
    "TablesPage",
    "ToActOut",
    "TournamentEntry",
    "TournamentOut",
    "TournamentPatch",
    "TournamentRound",
    "TournamentSettings",
    "TournamentStanding",
    "TournamentStatus",
    "TournamentSummary",
    "TournamentsPage",
    "TrickOut",
    "TrickWon",
    "TrickWonType",
    "TrumpOut",
    "TrumpView",
    "Turn",
    "TurnTimedOut",
    "TurnTimedOutType",
    "TurnsPage",
    "UncontestedOutcome",
    "UncontestedOutcomeType",
    "Updates",
    "VapidKeyOut",
    "Verdict",
    "WebhookOut",
    "WonOutcome",
    "WonOutcomeType",
)
