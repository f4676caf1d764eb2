//! The error codes each operation answers, listed on each of its responses (`x-error-codes`,
//! and in the description client generators show), so that a client knows what to handle
//! where: a move is never refused `email_taken`. The codes every operation of a kind
//! answers are added by rule (a bearer token's, an `Idempotency-Key`'s, a JSON body's, the
//! database's); the rest are listed by operation below, traced from each handler through
//! its use cases. The test suite holds the server to them: every problem a test meets must
//! be listed on its operation's response (tests/api/support.rs).
//!
//! Codes no operation answers alone are left out: `malformed_request`, `head_too_large`,
//! `request_timeout` and `method_not_allowed` (the HTTP layer's, before any operation),
//! `origin_not_allowed` (a CORS preflight's), `not_found` for a path no operation has.

use serde_json::{Value, json};

use super::{operations, takes_key};
use crate::app::ErrorCode::{self, *};

/// The codes of every operation with a bearer token.
const AUTHENTICATED: &[ErrorCode] = &[Unauthorized, TokenExpired, SessionEnded];

/// The codes of every operation that takes an `Idempotency-Key`.
const KEYED: &[ErrorCode] = &[InvalidIdempotencyKey, IdempotencyKeyReused, QuotaExceeded];

/// The codes of every operation with a JSON body.
const BODY: &[ErrorCode] = &[BodyTooLarge, MalformedBody];

/// The operations that never reach the database: neither `internal` nor `unavailable`.
const NO_DATABASE: &[&str] = &[
    "check_health",
    "get_vapid_public_key",
    "list_chat_phrases",
    "list_oidc_providers",
];

/// `GET /readyz` answers every failure of the database `unavailable`, never `internal`.
const NEVER_INTERNAL: &str = "check_readiness";

/// The codes of each operation beyond those of its kind (sorted by operation id), as a table
/// (rustfmt would give each code a line of its own).
#[rustfmt::skip]
const ANSWERS: &[(&str, &[ErrorCode])] = &[
    ("add_bot", &[NotAMember, NotAdmin, TournamentTable, NotFound, TableNotFound, SeatTaken,
        SeatedElsewhere, TableClosed, TableFull, VersionConflict, InvalidSeat, QuotaExceeded]),
    ("add_push_subscription", &[UnsupportedMediaType, PushNotConfigured, PushEndpointTaken,
        InvalidPushSubscription, QuotaExceeded]),
    ("add_webhook", &[UnsupportedMediaType, NotAMember, NotAdmin, LeagueNotFound, NotFound,
        LeagueClosed, InvalidWebhook]),
    ("approve_join_request", &[NotAMember, NotAdmin, JoinRequestNotFound, LeagueNotFound, NotFound,
        AlreadyAMember, LeagueClosed]),
    ("block_player", &[UnsupportedMediaType, PlayerNotFound, InvalidBlock]),
    ("cancel_tournament", &[NotAMember, NotAdmin, NotFound, TournamentNotFound, TournamentEnded]),
    ("change_password", &[InvalidText, UnsupportedMediaType, GuestAccount, WrongPassword,
        InvalidPassword, TooManyAttempts, Busy]),
    ("check_health", &[]),
    ("check_readiness", &[ShuttingDown]),
    ("close_season", &[NotAMember, NotAdmin, LeagueNotFound, NotFound]),
    ("close_table", &[NotAMember, NotAdmin, TournamentTable, NotFound, TableNotFound,
        HandInProgress, TableClosed, VersionConflict]),
    ("confirm_password_reset", &[InvalidText, UnsupportedMediaType, SessionEnded,
        EmailNotConfigured, InvalidCode, InvalidEmail, InvalidPassword, RateLimited, Busy]),
    ("create_league", &[InvalidText, UnsupportedMediaType, GuestAccount, InvalidName,
        InvalidStartingBalance]),
    ("create_report", &[InvalidText, UnsupportedMediaType, ReportTargetNotFound, CannotReportSelf,
        InvalidReport, TooManyReports]),
    ("create_stream_ticket", &[NotAMember, NotFound, TableNotFound]),
    ("create_table", &[InvalidText, UnsupportedMediaType, NotAMember, LeagueNotFound, LeagueClosed,
        FixedDeckNotAllowed, InvalidDeck, InvalidName, InvalidRules]),
    ("create_tournament", &[InvalidText, UnsupportedMediaType, NotAMember, NotAdmin,
        LeagueNotFound, NotFound, LeagueClosed, InvalidName, InvalidTournament]),
    ("decline_join_request", &[NotAMember, NotAdmin, JoinRequestNotFound, LeagueNotFound, NotFound]),
    ("delete_my_account", &[InvalidText, UnsupportedMediaType, GuestAccount, WrongPassword,
        HandInProgress, TableClosed, VersionConflict, TooManyAttempts, Busy]),
    ("enter_tournament", &[NotFound, TournamentNotFound, AlreadyEntered, RegistrationClosed,
        TournamentEnded, TournamentFull, InsufficientBalance]),
    ("exchange_oidc_code", &[InvalidText, UnsupportedMediaType, AuthorizationFailed,
        UnknownProvider, ProviderUnavailable]),
    ("export_hand", &[NotAMember, HandNotFound, NotFound, TableNotFound, HandInProgress]),
    ("export_league_hands", &[InvalidQuery, NotAMember, LeagueNotFound, NotFound]),
    ("export_my_data", &[]),
    ("export_my_hands", &[InvalidQuery]),
    ("get_hand_audit", &[NotAMember, HandNotFound, NotFound, TableNotFound, HandInProgress]),
    ("get_hand_proof", &[NotAMember, HandNotFound, HandNotLogged, NotFound, TableNotFound,
        HandInProgress]),
    ("get_hand_record", &[NotAMember, HandNotFound, NotFound, TableNotFound, HandInProgress]),
    ("get_invite", &[WrongInviteCode, LeagueClosed, RateLimited]),
    ("get_league", &[NotAMember, LeagueNotFound, NotFound]),
    ("get_league_history", &[InvalidQuery, NotAMember, LeagueNotFound, NotFound]),
    ("get_league_ledger", &[InvalidQuery, NotAMember, LeagueNotFound, NotFound]),
    ("get_log", &[]),
    ("get_log_checkpoint", &[]),
    ("get_log_consistency", &[InvalidQuery, LogSizeOutOfRange]),
    ("get_log_tile", &[NotFound]),
    ("get_me", &[]),
    ("get_notification_settings", &[]),
    ("get_player", &[NotFound, PlayerNotFound]),
    ("get_standings", &[InvalidQuery, InvalidSort, NotAMember, LeagueNotFound, NotFound,
        SeasonNotFound]),
    ("get_table", &[NotAMember, NotFound, TableNotFound]),
    ("get_tournament", &[NotFound, TournamentNotFound]),
    ("get_vapid_public_key", &[PushNotConfigured]),
    ("grant_chips", &[InvalidText, UnsupportedMediaType, NotAMember, NotAdmin, LeagueNotFound,
        MemberNotFound, NotFound, HandInProgress, InsufficientBalance, InvalidAmount, InvalidReason]),
    ("join_league", &[InvalidText, UnsupportedMediaType, WrongInviteCode, LeagueNotFound, NotFound,
        AlreadyAMember, JoinRequested, LeagueClosed, RateLimited]),
    ("join_league_by_code", &[InvalidText, UnsupportedMediaType, WrongInviteCode, AlreadyAMember,
        JoinRequested, LeagueClosed, RateLimited]),
    ("leave_seat", &[NotAMember, NotSeated, TournamentTable, NotFound, TableNotFound,
        HandInProgress, VersionConflict]),
    ("link_identity", &[InvalidText, UnsupportedMediaType, InvalidIdToken, GuestAccount,
        WrongPassword, IdentityTaken, ProviderAlreadyLinked, UnknownProvider, TooManyAttempts,
        Busy, ProviderUnavailable]),
    ("list_blocks", &[]),
    ("list_chat", &[InvalidQuery, NotAMember, NotFound, TableNotFound]),
    ("list_chat_phrases", &[]),
    ("list_devices", &[]),
    ("list_join_requests", &[NotAMember, NotAdmin, LeagueNotFound, NotFound]),
    ("list_league_members", &[InvalidQuery, NotAMember, LeagueNotFound, NotFound]),
    ("list_league_tables", &[InvalidQuery, NotAMember, LeagueNotFound, NotFound]),
    ("list_league_tournaments", &[InvalidQuery, NotAMember, LeagueNotFound, NotFound]),
    ("list_my_identities", &[]),
    ("list_my_leagues", &[InvalidQuery]),
    ("list_my_tables", &[InvalidQuery]),
    ("list_my_turns", &[InvalidQuery]),
    ("list_oidc_providers", &[]),
    ("list_push_subscriptions", &[]),
    ("list_reports", &[InvalidQuery, NotAMember, NotAdmin, LeagueNotFound, NotFound]),
    ("list_table_events", &[InvalidQuery, InvalidWait, NotAMember, NotFound, TableNotFound,
        TooManyStreams]),
    ("list_table_hands", &[InvalidQuery, NotAMember, NotFound, TableNotFound]),
    ("list_table_updates", &[InvalidQuery, InvalidWait, NotAMember, NotFound, TableNotFound,
        TooManyStreams]),
    ("list_webhook_deliveries", &[InvalidQuery, NotAMember, NotAdmin, NotFound, WebhookNotFound]),
    ("list_webhooks", &[NotAMember, NotAdmin, NotFound]),
    ("log_in", &[InvalidText, UnsupportedMediaType, Unauthorized, TooManyAttempts, Busy]),
    ("log_out", &[]),
    ("moderate_report", &[UnsupportedMediaType, NotAMember, NotAdmin, LeagueNotFound,
        MemberNotFound, NotFound, ReportNotFound, CannotRemoveCreator, LastAdmin, MemberSeated,
        ReportResolved, InvalidModeration]),
    ("promote_admin", &[UnsupportedMediaType, NotAMember, NotAdmin, LeagueNotFound, MemberNotFound,
        NotFound]),
    ("refresh_session", &[UnsupportedMediaType, RefreshTokenReused, SessionEnded, Unauthorized]),
    ("register_device", &[InvalidText, UnsupportedMediaType, InvalidDeviceToken,
        PushPlatformNotConfigured, QuotaExceeded]),
    ("register_player", &[InvalidText, UnsupportedMediaType, UsernameTaken, InvalidPassword,
        InvalidUsername, RateLimited, Busy]),
    ("remove_bot", &[NotAMember, NotAdmin, NotSeated, TournamentTable, BotNotFound, NotFound,
        TableNotFound, HandInProgress, VersionConflict]),
    ("remove_device", &[DeviceNotFound, NotFound]),
    ("remove_member", &[NotAMember, NotAdmin, LeagueNotFound, MemberNotFound, NotFound,
        CannotRemoveCreator, LastAdmin, MemberSeated]),
    ("remove_push_subscription", &[NotFound, PushSubscriptionNotFound]),
    ("remove_push_subscription_by_endpoint", &[UnsupportedMediaType, PushSubscriptionNotFound,
        InvalidPushSubscription]),
    ("remove_webhook", &[NotAMember, NotAdmin, NotFound, WebhookNotFound]),
    ("request_password_reset", &[InvalidText, UnsupportedMediaType, SessionEnded,
        EmailNotConfigured, InvalidEmail, RateLimited]),
    ("rotate_invite_code", &[InvalidInvite, NotAMember, NotAdmin, LeagueNotFound, NotFound]),
    ("say_in_chat", &[InvalidText, UnsupportedMediaType, ChatMuted, ChatNotAllowed, NotAMember,
        NotSeated, NotFound, TableNotFound, InvalidChatMessage, UnknownPhrase, ChatTooFast]),
    ("set_client_seed", &[InvalidText, UnsupportedMediaType, NotAMember, NotSeated, NotFound,
        TableNotFound, HandInProgress, VersionConflict, InvalidClientSeed]),
    ("set_my_email", &[InvalidText, UnsupportedMediaType, EmailNotConfigured, InvalidEmail,
        RateLimited]),
    ("set_notification_settings", &[UnsupportedMediaType, InvalidQuietHours]),
    ("sign_in_guest", &[RateLimited]),
    ("sign_in_with_provider", &[InvalidText, UnsupportedMediaType, InvalidIdToken, SessionEnded,
        UnknownProvider, RateLimited, ProviderUnavailable]),
    ("start_hand", &[NotAMember, NotSeated, NotFound, TableNotFound, HandInProgress,
        HandLimitReached, TableClosed, VersionConflict, NotEnoughPlayers]),
    ("start_oidc_authorization", &[InvalidText, UnsupportedMediaType, InvalidCodeChallenge,
        InvalidRedirectUri, UnknownProvider, RateLimited, ProviderUnavailable]),
    ("stream_table_events", &[InvalidLastEventId, InvalidQuery, NotAMember, NotFound,
        TableNotFound, TooManyStreams]),
    ("submit_action", &[InvalidCard, UnsupportedMediaType, NotAMember, NotSeated, NotFound,
        TableNotFound, VersionConflict, CannotCoverPot, CardNotInHand, CinchMustLeadHighestTrump,
        CinchMustPlayHighestTrump, CinchMustWinTrick, DealerMustPlay, InvalidDiscard,
        MustFollowSuit, MustHeadTrick, MustOvertrump, MustTrump, NotInHand, NotYourTurn, WrongPhase]),
    ("take_over_webhook", &[NotAMember, NotAdmin, NotFound, WebhookNotFound, WebhookActive]),
    ("take_seat", &[NotAMember, TournamentTable, NotFound, TableNotFound, AlreadySeated, SeatTaken,
        SeatedElsewhere, TableClosed, TableFull, VersionConflict, InvalidSeat]),
    ("unblock_player", &[NotFound, PlayerNotFound]),
    ("unlink_identity", &[IdentityNotFound, LastSignInMethod]),
    ("update_league", &[UnsupportedMediaType, NotAMember, NotAdmin, LeagueNotFound, NotFound]),
    ("update_me", &[InvalidText, UnsupportedMediaType, InvalidDisplayName, InvalidTimeZone]),
    ("update_tournament", &[InvalidText, UnsupportedMediaType, NotAMember, NotAdmin, NotFound,
        TournamentNotFound, TournamentEnded, TournamentStarted, InvalidName, InvalidTournament]),
    ("upgrade_guest", &[InvalidText, UnsupportedMediaType, NotAGuest, UsernameTaken,
        InvalidPassword, InvalidUsername, Busy]),
    ("verify_my_email", &[InvalidText, UnsupportedMediaType, EmailNotConfigured, EmailTaken,
        InvalidCode]),
    ("withdraw_from_tournament", &[EntryNotFound, NotFound, TournamentNotFound,
        TournamentEnded]),
];

/// What a status means, before its codes.
fn title(status: u16) -> &'static str {
    match status {
        400 => "Malformed input",
        401 => "Missing, expired or bad credentials",
        403 => "Authenticated but not allowed",
        404 => "Unknown id",
        409 => {
            "The request clashes with the state, or the state moved on (with `version_conflict`, `current_version` says to what)"
        }
        422 => "A well-formed request the rules refuse (a rule's refusal names it in `rule`)",
        429 => "Too many requests: try again after `Retry-After`",
        500 => {
            "The server failed (a bug); the request changed nothing: report it with the `request_id`"
        }
        _ => "The request changed nothing: try again after `Retry-After`",
    }
}

/// Every code the operation `op` answers, by its id, `security`, parameters and body.
pub(super) fn codes_of(op: &Value) -> Vec<ErrorCode> {
    let id = op["operationId"].as_str().unwrap_or_default();
    let mut codes: Vec<ErrorCode> = ANSWERS
        .iter()
        .find(|(name, _)| *name == id)
        .map(|(_, codes)| codes.to_vec())
        .unwrap_or_default();
    let bearer = op["security"]
        .as_array()
        .is_some_and(|s| s.iter().any(|r| r.get("bearer").is_some()));
    if bearer {
        codes.extend(AUTHENTICATED);
    }
    if takes_key(op) {
        codes.extend(KEYED);
    }
    if op.get("requestBody").is_some() {
        codes.extend(BODY);
    }
    if !NO_DATABASE.contains(&id) {
        codes.push(Unavailable);
        if id != NEVER_INTERNAL {
            codes.push(Internal);
        }
    }
    codes.sort_by_key(|c| (c.status(), c.as_str()));
    codes.dedup();
    codes
}

/// The code a shared response of one code is about (its description opens with it, where
/// a response of several opens with their status's meaning).
fn sole_code(component: &Value) -> Option<&str> {
    let rest = component["description"].as_str()?.strip_prefix('`')?;
    rest.find('`').map(|end| &rest[..end])
}

/// Lists on every response of every operation the codes it answers with that status: a
/// shared response kept where it is about exactly those codes, else a response of the
/// operation's own; a refusal status the operation never answers goes.
pub(super) fn per_operation_codes(doc: &mut Value) {
    let components = doc["components"]["responses"].clone();
    for (_, _, op) in operations(doc) {
        let codes = codes_of(op);
        let Some(responses) = op["responses"].as_object_mut() else {
            continue;
        };
        responses.retain(|status, _| {
            status
                .parse::<u16>()
                .is_ok_and(|s| s < 400 || codes.iter().any(|c| c.status() == s))
        });
        let mut statuses: Vec<u16> = codes.iter().map(|c| c.status()).collect();
        statuses.dedup();
        for status in statuses {
            let here: Vec<&str> = codes
                .iter()
                .filter(|c| c.status() == status)
                .map(|c| c.as_str())
                .collect();
            let response = responses.entry(status.to_string()).or_insert(Value::Null);
            let shared = response["$ref"]
                .as_str()
                .and_then(|r| r.strip_prefix("#/components/responses/"))
                .map(|name| &components[name]);
            match shared {
                Some(component) if here == [sole_code(component).unwrap_or_default()] => {
                    continue;
                }
                Some(component) => {
                    let description = match component["description"].as_str() {
                        Some(one) if sole_code(component).is_some() => {
                            format!("{one}. Codes: {}.", quoted(&here))
                        }
                        _ => listed(status, &here),
                    };
                    *response = component.clone();
                    response["description"] = json!(description);
                }
                None if response.is_null() => {
                    let sole = components
                        .as_object()
                        .into_iter()
                        .flatten()
                        .find(|(_, c)| sole_code(c).is_some_and(|code| here == [code]));
                    *response = match sole {
                        Some((name, _)) => {
                            json!({"$ref": format!("#/components/responses/{name}")})
                        }
                        None => json!({
                            "description": listed(status, &here),
                            "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
                        }),
                    };
                    if sole.is_some() {
                        continue;
                    }
                }
                None => {}
            }
            response["x-error-codes"] = json!(here);
        }
    }
    for component in doc["components"]["responses"]
        .as_object_mut()
        .into_iter()
        .flat_map(|components| components.values_mut())
    {
        if let Some(code) = sole_code(component).map(str::to_owned) {
            component["x-error-codes"] = json!([code]);
        }
    }
    let text = doc["paths"].to_string();
    if let Some(components) = doc["components"]["responses"].as_object_mut() {
        components.retain(|name, _| text.contains(&format!("\"#/components/responses/{name}\"")));
    }
}

/// `status`'s meaning and the codes `here`, as a response's description.
fn listed(status: u16, here: &[&str]) -> String {
    format!("{}. Codes: {}.", title(status), quoted(here))
}

/// The codes `here`, each quoted as code.
fn quoted(here: &[&str]) -> String {
    let codes: Vec<String> = here.iter().map(|c| format!("`{c}`")).collect();
    codes.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One list per operation of the document, in order, and each of its refusals lists
    /// the codes it answers with that status.
    #[test]
    fn every_refusal_lists_its_operations_codes() {
        let mut doc = serde_json::to_value(super::super::super::openapi()).unwrap_or_default();
        let components = doc["components"]["responses"].clone();
        let ids: Vec<&str> = ANSWERS.iter().map(|(id, _)| *id).collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(ids, sorted, "ANSWERS in order of operation id");
        let mut seen = Vec::new();
        for (path, method, op) in operations(&mut doc) {
            let id = op["operationId"].as_str().unwrap_or_default().to_owned();
            assert!(ids.contains(&id.as_str()), "{id}: not in ANSWERS");
            seen.push(id);
            let codes = codes_of(op);
            for (status, response) in op["responses"].as_object().into_iter().flatten() {
                let status: u16 = status.parse().unwrap_or_default();
                if status < 400 {
                    continue;
                }
                let response = super::super::tests::answer(response, &components);
                let listed: Vec<&str> = response["x-error-codes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                let expected: Vec<&str> = codes
                    .iter()
                    .filter(|c| c.status() == status)
                    .map(|c| c.as_str())
                    .collect();
                assert!(!listed.is_empty(), "{method} {path} {status}: no codes");
                assert_eq!(listed, expected, "{method} {path} {status}");
                for code in &listed {
                    assert!(
                        response["description"]
                            .as_str()
                            .unwrap_or_default()
                            .contains(code),
                        "{method} {path} {status}: {code} not described"
                    );
                }
            }
        }
        assert_eq!(
            seen.len(),
            ANSWERS.len(),
            "an entry of ANSWERS without operation"
        );
        let move_codes = codes_of(&doc["paths"]["/v1/tables/{table_id}/actions"]["post"]);
        assert!(!move_codes.contains(&EmailTaken) && !move_codes.contains(&AuthorizationFailed));
        assert!(move_codes.contains(&MustFollowSuit) && move_codes.contains(&TokenExpired));
    }
}
