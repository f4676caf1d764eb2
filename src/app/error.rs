//! Why a use case refused or failed: [`AppError`], with the stable wire [`ErrorCode`] of
//! every refusal (the API writes both as `application/problem+json`).

use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::RuleError;
use crate::store::StoreError;

/// Declares [`ErrorCode`]: each code with its HTTP status and its wire name.
macro_rules! error_codes {
    ($($(#[$doc:meta])* $code:ident = ($status:literal, $name:literal),)*) => {
        /// The stable, machine-readable `code` of every refusal, snake_case on the wire.
        /// Each code has one HTTP status.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $($(#[$doc])* $code,)*
        }

        impl ErrorCode {
            /// Every code, in order of status.
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$code,)*];

            /// The wire name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$code => $name,)*
                }
            }

            /// The HTTP status of a response with this code.
            pub fn status(self) -> u16 {
                match self {
                    $(ErrorCode::$code => $status,)*
                }
            }
        }
    };
}

error_codes! {
    // 400: Malformed input.
    BodyTooLarge = (400, "body_too_large"),
    InvalidCard = (400, "invalid_card"),
    InvalidIdempotencyKey = (400, "invalid_idempotency_key"),
    InvalidInvite = (400, "invalid_invite"),
    InvalidLastEventId = (400, "invalid_last_event_id"),
    InvalidQuery = (400, "invalid_query"),
    InvalidSort = (400, "invalid_sort"),
    InvalidText = (400, "invalid_text"),
    InvalidWait = (400, "invalid_wait"),
    MalformedBody = (400, "malformed_body"),
    MalformedRequest = (400, "malformed_request"),
    UnsupportedMediaType = (400, "unsupported_media_type"),
    // 401: Missing or bad credentials.
    Unauthorized = (401, "unauthorized"),
    RefreshTokenReused = (401, "refresh_token_reused"),
    SessionEnded = (401, "session_ended"),
    // 403: Authenticated but not allowed.
    NotAMember = (403, "not_a_member"),
    NotAdmin = (403, "not_admin"),
    NotSeated = (403, "not_seated"),
    OriginNotAllowed = (403, "origin_not_allowed"),
    WrongPassword = (403, "wrong_password"),
    WrongInviteCode = (403, "wrong_invite_code"),
    // 404: Unknown id.
    BotNotFound = (404, "bot_not_found"),
    HandNotFound = (404, "hand_not_found"),
    JoinRequestNotFound = (404, "join_request_not_found"),
    LeagueNotFound = (404, "league_not_found"),
    MemberNotFound = (404, "member_not_found"),
    NotFound = (404, "not_found"),
    PushNotConfigured = (404, "push_not_configured"),
    PushSubscriptionNotFound = (404, "push_subscription_not_found"),
    SeasonNotFound = (404, "season_not_found"),
    TableNotFound = (404, "table_not_found"),
    WebhookNotFound = (404, "webhook_not_found"),
    // 405: The path exists, but not with this method.
    MethodNotAllowed = (405, "method_not_allowed"),
    // 408: The request's head did not arrive in time.
    RequestTimeout = (408, "request_timeout"),
    // 409: The request clashes with the state, or the state moved on.
    AlreadyAMember = (409, "already_a_member"),
    AlreadySeated = (409, "already_seated"),
    CannotRemoveCreator = (409, "cannot_remove_creator"),
    HandInProgress = (409, "hand_in_progress"),
    JoinRequested = (409, "join_requested"),
    LastAdmin = (409, "last_admin"),
    LeagueClosed = (409, "league_closed"),
    MemberSeated = (409, "member_seated"),
    PushEndpointTaken = (409, "push_endpoint_taken"),
    SeatTaken = (409, "seat_taken"),
    SeatedElsewhere = (409, "seated_elsewhere"),
    TableClosed = (409, "table_closed"),
    TableFull = (409, "table_full"),
    UsernameTaken = (409, "username_taken"),
    VersionConflict = (409, "version_conflict"),
    WebhookActive = (409, "webhook_active"),
    // 422: A well-formed request the rules refuse.
    CannotCoverPot = (422, "cannot_cover_pot"),
    CardNotInHand = (422, "card_not_in_hand"),
    CinchMustLeadHighestTrump = (422, "cinch_must_lead_highest_trump"),
    CinchMustPlayHighestTrump = (422, "cinch_must_play_highest_trump"),
    CinchMustWinTrick = (422, "cinch_must_win_trick"),
    DealerMustPlay = (422, "dealer_must_play"),
    InvalidDiscard = (422, "invalid_discard"),
    MustFollowSuit = (422, "must_follow_suit"),
    MustHeadTrick = (422, "must_head_trick"),
    MustOvertrump = (422, "must_overtrump"),
    MustTrump = (422, "must_trump"),
    NotInHand = (422, "not_in_hand"),
    NotYourTurn = (422, "not_your_turn"),
    WrongPhase = (422, "wrong_phase"),
    FixedDeckNotAllowed = (422, "fixed_deck_not_allowed"),
    IdempotencyKeyReused = (422, "idempotency_key_reused"),
    InsufficientBalance = (422, "insufficient_balance"),
    InvalidAmount = (422, "invalid_amount"),
    InvalidClientSeed = (422, "invalid_client_seed"),
    InvalidDeck = (422, "invalid_deck"),
    InvalidName = (422, "invalid_name"),
    InvalidPassword = (422, "invalid_password"),
    InvalidReason = (422, "invalid_reason"),
    InvalidRules = (422, "invalid_rules"),
    InvalidSeat = (422, "invalid_seat"),
    InvalidStartingBalance = (422, "invalid_starting_balance"),
    InvalidUsername = (422, "invalid_username"),
    InvalidWebhook = (422, "invalid_webhook"),
    InvalidPushSubscription = (422, "invalid_push_subscription"),
    NotEnoughPlayers = (422, "not_enough_players"),
    // 429: Too many attempts.
    QuotaExceeded = (429, "quota_exceeded"),
    RateLimited = (429, "rate_limited"),
    TooManyAttempts = (429, "too_many_attempts"),
    TooManyStreams = (429, "too_many_streams"),
    // 431: The request's head is too large.
    HeadTooLarge = (431, "head_too_large"),
    // 500: A bug: the request changed nothing.
    Internal = (500, "internal"),
    // 503: The database is away: the request changed nothing, try again.
    Unavailable = (503, "unavailable"),
    // 503: This process is shutting down (its `/readyz`): use another.
    ShuttingDown = (503, "shutting_down"),
    // 503: Every password-hashing slot stayed taken: try again after `Retry-After`.
    Busy = (503, "busy"),
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<&RuleError> for ErrorCode {
    fn from(e: &RuleError) -> ErrorCode {
        match e {
            RuleError::NotYourTurn => ErrorCode::NotYourTurn,
            RuleError::NotInHand => ErrorCode::NotInHand,
            RuleError::WrongPhase(_) => ErrorCode::WrongPhase,
            RuleError::CardNotInHand(_) => ErrorCode::CardNotInHand,
            RuleError::MustFollowSuit => ErrorCode::MustFollowSuit,
            RuleError::MustHeadTrick => ErrorCode::MustHeadTrick,
            RuleError::MustTrump => ErrorCode::MustTrump,
            RuleError::MustOvertrump => ErrorCode::MustOvertrump,
            RuleError::CinchMustLeadHighestTrump => ErrorCode::CinchMustLeadHighestTrump,
            RuleError::CinchMustPlayHighestTrump => ErrorCode::CinchMustPlayHighestTrump,
            RuleError::CinchMustWinTrick => ErrorCode::CinchMustWinTrick,
            RuleError::DealerMustPlay => ErrorCode::DealerMustPlay,
            RuleError::CannotCoverPot => ErrorCode::CannotCoverPot,
            RuleError::InvalidDiscard(_) => ErrorCode::InvalidDiscard,
        }
    }
}

/// Why a use case refused or failed. The API maps each to its status and code.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A well-formed action the rules refuse (422, the rule's code and id).
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// A refusal: `code` gives the status; with `version_conflict`, the table's version.
    #[error("{detail}")]
    Refused {
        code: ErrorCode,
        detail: String,
        current_version: Option<i64>,
    },
    /// Too many attempts (429, `code`): try again after `retry_after_secs`.
    #[error("{detail} (try again in {retry_after_secs} seconds)")]
    Throttled {
        code: ErrorCode,
        detail: String,
        retry_after_secs: u64,
    },
    /// A bug or an outage (500, or 503 while the database is away).
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("{0}")]
    Internal(String),
}

impl AppError {
    /// 401 `unauthorized`.
    pub fn unauthorized(detail: impl Into<String>) -> AppError {
        AppError::refused(ErrorCode::Unauthorized, detail)
    }

    pub fn refused(code: ErrorCode, detail: impl Into<String>) -> AppError {
        AppError::Refused {
            code,
            detail: detail.into(),
            current_version: None,
        }
    }

    /// The code of a refusal (`None` for a failure).
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            AppError::Rule(rule) => Some(rule.into()),
            AppError::Refused { code, .. } => Some(*code),
            AppError::Throttled { code, .. } => Some(*code),
            AppError::Store(_) | AppError::Internal(_) => None,
        }
    }

    /// Whether this is a refusal with `code`.
    pub fn is(&self, code: ErrorCode) -> bool {
        self.code() == Some(code)
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> AppError {
        AppError::Store(StoreError::Query(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_serialize_as_their_wire_names() {
        for code in ErrorCode::ALL {
            let wire = serde_json::to_value(code).expect("serializes");
            assert_eq!(wire, code.as_str());
            assert!((400..600).contains(&code.status()), "{code}");
        }
    }
}
