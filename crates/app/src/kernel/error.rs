//! Why a use case refused or failed: [`AppError`], with the stable wire [`ErrorCode`] of
//! every refusal (the API writes both as `application/problem+json`).

use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::RuleError;
use crate::store::StoreError;

/// `Some` rule id, or `None` when the entry names none.
macro_rules! rule_id {
    () => {
        None
    };
    ($rule:literal) => {
        Some($rule)
    };
}

/// Declares [`ErrorCode`]: each code with its meaning (its doc comment), its HTTP status,
/// its wire name and, for a rule's refusal, the rule's id (docs/rules.md).
macro_rules! error_codes {
    ($($(#[doc = $doc:literal])* $code:ident = ($status:literal, $name:literal $(, $rule:literal)?),)*) => {
        /// The stable, machine-readable `code` of every refusal, snake_case on the wire.
        /// Each code has one HTTP status.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $code,)*
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

            /// What the code means, as its doc comment says.
            pub fn meaning(self) -> &'static str {
                match self {
                    $(ErrorCode::$code => concat!($($doc, "\n",)*),)*
                }
            }

            /// The id of the rule a refusal with this code cites in its `rule`, if any.
            pub fn rule(self) -> Option<&'static str> {
                match self {
                    $(ErrorCode::$code => rule_id!($($rule)?),)*
                }
            }
        }
    };
}

error_codes! {
    // 400: Malformed input.
    /// The JSON request body is over 64 KiB (65,536 bytes). Send a smaller body.
    BodyTooLarge = (400, "body_too_large"),
    /// A card in the action's `card` or `discard` is not a rank then a suit (`10H`, `AS`), or
    /// `discard` lists a card twice. Fix the card text.
    InvalidCard = (400, "invalid_card"),
    /// The `Idempotency-Key` header is not 1 to 200 visible ASCII characters. Send a valid key.
    InvalidIdempotencyKey = (400, "invalid_idempotency_key"),
    /// A new invite code's `expires_in_secs` is not 60 to 2,592,000 (30 days), or its `max_uses`
    /// is not 1 to 10,000. Fix the request.
    InvalidInvite = (400, "invalid_invite"),
    /// The stream's `Last-Event-ID` header is not an event `seq` (1 to 19 digits). Send the
    /// `id` of the last event received, or no header.
    InvalidLastEventId = (400, "invalid_last_event_id"),
    /// A query parameter does not parse or is out of range (`limit`, an `after` that is not this
    /// list's `next_cursor`, an `order` other than `asc` or `desc`). Fix it as `detail` says.
    InvalidQuery = (400, "invalid_query"),
    /// The standings' `sort` is not a column they sort by; `detail` lists those. Fix the request.
    InvalidSort = (400, "invalid_sort"),
    /// A text field has control characters (such as NUL), or a name has bidirectional controls
    /// or zero-width characters. Remove them and resend.
    InvalidText = (400, "invalid_text"),
    /// The long-poll's `wait` is over 60 seconds. Ask for at most 60 and poll again.
    InvalidWait = (400, "invalid_wait"),
    /// The body is not the JSON object the operation takes: bad JSON, a missing or unknown
    /// field, or a value of the wrong type (`detail` says which). Fix the request.
    MalformedBody = (400, "malformed_body"),
    /// The request is not well-formed HTTP/1.1 (request line, URL, a header, `Content-Length` or
    /// `Transfer-Encoding`); the connection is closed. Fix the request.
    MalformedRequest = (400, "malformed_request"),
    /// A JSON body came without `Content-Type: application/json`. Send the body with that header.
    UnsupportedMediaType = (400, "unsupported_media_type"),
    // 401: Missing or bad credentials.
    /// The bearer token (or stream `ticket`) is missing, forged, malformed or of an unknown
    /// session, a stream ticket expired, or a login's username or password is wrong. Sign in
    /// again. The answer carries `WWW-Authenticate: Bearer realm="bourre"`, with
    /// `error="invalid_token"` when a bearer token was sent and refused.
    Unauthorized = (401, "unauthorized"),
    /// The bearer access token has expired (it lives `BOURRE_TOKEN_TTL_SECS`). Refresh the
    /// session with its refresh token (`POST /v1/auth/refresh`) and send the request again;
    /// the answer carries `WWW-Authenticate: Bearer realm="bourre", error="invalid_token"`.
    TokenExpired = (401, "token_expired"),
    /// An ID token (`POST /v1/auth/oidc`, `POST /v1/players/me/identities`) did not verify:
    /// not signed by a key its issuer publishes, issued by another issuer, for another
    /// audience, expired or issued in the future, or without the `nonce` sent; `detail` says
    /// which. Sign in with the provider again for a fresh token.
    InvalidIdToken = (401, "invalid_id_token"),
    /// A refresh token already exchanged came back after `BOURRE_REFRESH_REUSE_GRACE_SECS`
    /// (default 60): every token of that sign-in is revoked. Sign in again.
    RefreshTokenReused = (401, "refresh_token_reused"),
    /// The token's sign-in has ended (a logout, a password change, a reused refresh token) or
    /// its account was deleted. Sign in again: refreshing cannot revive it.
    SessionEnded = (401, "session_ended"),
    // 403: Authenticated but not allowed.
    /// The league's chat is `off`, or takes phrases only and this is free text. Say a phrase
    /// of `GET /v1/chat/phrases`, or nothing.
    ChatNotAllowed = (403, "chat_not_allowed"),
    /// A league admin muted the caller at the league's tables (a report's `mute`); `detail`
    /// says until when. Wait until then.
    ChatMuted = (403, "chat_muted"),
    /// A guest may not do this (create a league while `BOURRE_GUEST_LEAGUES_PER_DAY` is 0), nor an
    /// account without a password check or change one. Give the account a password first
    /// (`POST /v1/players/me/upgrade`).
    GuestAccount = (403, "guest_account"),
    /// The caller is not a member of the league (or of the table's league). Join the league first.
    NotAMember = (403, "not_a_member"),
    /// Only a league admin may do this (or the table's creator, to close the table or to seat and
    /// remove bots). Ask an admin.
    NotAdmin = (403, "not_admin"),
    /// The command is a seated player's (act, start a hand, set a client seed, stand up), and the
    /// caller does not sit at the table. Sit down first.
    NotSeated = (403, "not_seated"),
    /// A tournament's table: its seats are given by the tournament (nobody sits down, stands
    /// up, seats a bot or closes it by hand). Withdraw from the tournament instead.
    TournamentTable = (403, "tournament_table"),
    /// A browser's CORS preflight came from an origin not in `BOURRE_CORS_ORIGINS`. Call from an
    /// allowed origin, or have the operator add it.
    OriginNotAllowed = (403, "origin_not_allowed"),
    /// The `current_password` (password change) or `password` (account deletion) is wrong; it
    /// counts as a failed login. Ask the user for it again.
    WrongPassword = (403, "wrong_password"),
    /// The invite code opens no league (or not this one), has expired or is used up. Ask an
    /// admin for a new code.
    WrongInviteCode = (403, "wrong_invite_code"),
    // 404: Unknown id.
    /// No bot sits at this seat of the table. Refetch the table to see where its bots sit.
    BotNotFound = (404, "bot_not_found"),
    /// The caller has no device with this id. Nothing to remove: treat it as gone.
    DeviceNotFound = (404, "device_not_found"),
    /// The server sends no mail (`BOURRE_SMTP_URL` is unset), so it has no email operations. Sign
    /// in with a password or a provider; ask the operator to set up mail.
    EmailNotConfigured = (404, "email_not_configured"),
    /// The table has no hand of this number (0, or after its latest). List its hands first.
    HandNotFound = (404, "hand_not_found"),
    /// The hand finished but is not in the public log yet: hands are added within seconds of
    /// their end. Try again shortly (the hand record's `proof` is null until then).
    HandNotLogged = (404, "hand_not_logged"),
    /// The player has no pending request to join the league (decided, withdrawn or never made).
    /// Refetch the join requests.
    JoinRequestNotFound = (404, "join_request_not_found"),
    /// The caller has no identity of this provider linked. Nothing to remove: refetch
    /// `GET /v1/players/me/identities`.
    IdentityNotFound = (404, "identity_not_found"),
    /// No league has this id. Check the id.
    LeagueNotFound = (404, "league_not_found"),
    /// The player named is not a member of the league (to promote: not a human member). Refetch
    /// the members.
    MemberNotFound = (404, "member_not_found"),
    /// No route has this path, a path segment does not parse (an id that is not a UUID), or a web
    /// client file is not of this build. Fix the URL (reload a web client page).
    NotFound = (404, "not_found"),
    /// The league has no report with this id. Refetch the league's reports.
    ReportNotFound = (404, "report_not_found"),
    /// Nothing the caller can see has the id reported: no such message (or one hidden or
    /// no longer kept), no such player, table or league among the caller's leagues (for a
    /// player with `league_id`: not in that league). Check the id.
    ReportTargetNotFound = (404, "report_target_not_found"),
    /// No player has this id, or none that shares a league with the caller. Check the id.
    PlayerNotFound = (404, "player_not_found"),
    /// The server has no VAPID key (`BOURRE_VAPID_PRIVATE_KEY`), so no Web Push. Use the
    /// stream or long-polls instead.
    PushNotConfigured = (404, "push_not_configured"),
    /// The caller has no push subscription with this id or `endpoint`. Nothing to remove: treat it
    /// as gone.
    PushSubscriptionNotFound = (404, "push_subscription_not_found"),
    /// The standings' `season` names no season of this league. Pick one of the league's `seasons`.
    SeasonNotFound = (404, "season_not_found"),
    /// No table has this id. Check the id.
    TableNotFound = (404, "table_not_found"),
    /// No such tournament, or the caller is not a member of its league. Check the id.
    TournamentNotFound = (404, "tournament_not_found"),
    /// The caller has no entry in the tournament (`DELETE .../entries/me`). Nothing to withdraw.
    EntryNotFound = (404, "entry_not_found"),
    /// The league has no webhook with this id. Refetch its webhooks.
    WebhookNotFound = (404, "webhook_not_found"),
    // 405: The path exists, but not with this method.
    /// The path exists, but not with this method; the `Allow` header lists the methods it takes.
    /// Use one of them.
    MethodNotAllowed = (405, "method_not_allowed"),
    // 408: The request's head did not arrive in time.
    /// The request line and headers did not all arrive within 5 seconds; the connection is
    /// closed. Reconnect and send the request again.
    RequestTimeout = (408, "request_timeout"),
    // 409: The request clashes with the state, or the state moved on.
    /// The player is already a member of this league (joining, or an admin admitting them).
    /// Nothing to do: refetch the league.
    AlreadyAMember = (409, "already_a_member"),
    /// The report was resolved already (by another admin, say). Refetch the reports.
    ReportResolved = (409, "report_resolved"),
    /// The caller already sits at this table. Nothing to do: refetch the table.
    AlreadySeated = (409, "already_seated"),
    /// The caller has entered this tournament already. Nothing to do.
    AlreadyEntered = (409, "already_entered"),
    /// The league's creator cannot be removed: they stay a member. Remove someone else.
    CannotRemoveCreator = (409, "cannot_remove_creator"),
    /// Another account has verified this email address. Use another address, or sign in to that
    /// account (a password reset by email reaches it).
    EmailTaken = (409, "email_taken"),
    /// The provider's account is linked to another player already. Sign in with it instead
    /// (`POST /v1/auth/oidc`), or unlink it from that player first.
    IdentityTaken = (409, "identity_taken"),
    /// Not while a hand is in play: starting one, standing up or deleting the account if dealt
    /// in, closing, client seeds, taking chips back, its record. Retry once it ends.
    HandInProgress = (409, "hand_in_progress"),
    /// The table dealt every hand it may (a tournament's round). Wait for the next round.
    HandLimitReached = (409, "hand_limit_reached"),
    /// The player already asked to join this league, which admits by approval. Wait for an
    /// admin's decision.
    JoinRequested = (409, "join_requested"),
    /// Removing this member (an admin removing themselves) would leave the league no human
    /// member. Add another member first; deleting the account closes the league instead.
    LastAdmin = (409, "last_admin"),
    /// Unlinking this identity would leave the account no way in: it has no password and no
    /// other identity. Give it a password (`POST /v1/players/me/upgrade`) or link another
    /// provider first.
    LastSignInMethod = (409, "last_sign_in_method"),
    /// The league has closed (its last human member left): it takes no new members, tables or
    /// webhooks. Use another league.
    LeagueClosed = (409, "league_closed"),
    /// The member sits at a table of the league, so cannot be removed. They stand up first
    /// (between their hands), then retry.
    MemberSeated = (409, "member_seated"),
    /// The account already has a password (only a guest, or an account signed in by providers
    /// only, is given one this way). Sign in with it, or change it (`PUT
    /// /v1/players/me/password`).
    NotAGuest = (409, "not_a_guest"),
    /// The caller has an identity of this provider linked already, another account there.
    /// Unlink it first (`DELETE /v1/players/me/identities/{provider}`).
    ProviderAlreadyLinked = (409, "provider_already_linked"),
    /// Another player's subscription holds this `endpoint`, and the keys sent are not its keys.
    /// Unsubscribe in the browser and subscribe again for a new endpoint.
    PushEndpointTaken = (409, "push_endpoint_taken"),
    /// The tournament takes no more entries: it started beyond its `late_registration_rounds`,
    /// or it ended. Enter another one.
    RegistrationClosed = (409, "registration_closed"),
    /// The `seat` asked for is taken. Refetch the table and pick a free seat, or omit `seat` for
    /// the lowest free one.
    SeatTaken = (409, "seat_taken"),
    /// The caller already sits at another table of this league (one at a time), or the seat was
    /// just taken. Stand up there first, or refetch and retry.
    SeatedElsewhere = (409, "seated_elsewhere"),
    /// The table is closed: it takes no more seats or hands. Use another table.
    TableClosed = (409, "table_closed"),
    /// Every seat of the table is taken (no `seat` was asked for). Try another table, or wait
    /// for a seat to free up.
    TableFull = (409, "table_full"),
    /// The tournament has `max_entries` entries already. Enter another one.
    TournamentFull = (409, "tournament_full"),
    /// The tournament started, and this is done before the start only (change its settings).
    /// Cancel it instead, if it must not go on.
    TournamentStarted = (409, "tournament_started"),
    /// The tournament finished or was cancelled: it changes no more.
    TournamentEnded = (409, "tournament_ended"),
    /// Another account has this username (ignoring case). Choose another username.
    UsernameTaken = (409, "username_taken"),
    /// The table changed since the `expected_version` sent, or another request changed it first;
    /// `current_version` says the version now. Refetch the table, decide again, resend.
    VersionConflict = (409, "version_conflict"),
    /// Only a webhook whose owner is no longer a league admin can be taken over, and this owner
    /// still is. Leave it, or ask its owner.
    WebhookActive = (409, "webhook_active"),
    // 422: A well-formed request the rules refuse.
    /// The `state` names no sign-in the server started (used, over ten minutes old, or never
    /// made), the `code_verifier` is not a PKCE verifier, or the provider refused the `code`
    /// (`detail` gives its reason: a verifier not of the challenge sent is one). Start the
    /// sign-in again.
    AuthorizationFailed = (422, "authorization_failed"),
    /// The public log has no such pair of sizes: `from` and `to` are sizes it has had, with
    /// `from <= to <= ` its size now. Read the size from `GET /v1/log` or the checkpoint.
    LogSizeOutOfRange = (422, "log_size_out_of_range"),
    /// A player who could not pay the penalty if bourré may play only holding and keeping the
    /// ace of trumps. Pass, or keep the ace (see `legal.can_play`, `legal.must_keep`).
    CannotCoverPot = (422, "cannot_cover_pot", "R8a"),
    /// A player plays or discards only cards they hold. Refetch the table and choose from
    /// `my_hand`.
    CardNotInHand = (422, "card_not_in_hand", "R9"),
    /// A player with a cinch (three tricks assured) who leads must lead their highest trump.
    /// Play a card of `legal.cards`.
    CinchMustLeadHighestTrump = (422, "cinch_must_lead_highest_trump", "R9d"),
    /// A player with a cinch (three tricks assured) must play their highest trump when a trump
    /// is allowed. Play a card of `legal.cards`.
    CinchMustPlayHighestTrump = (422, "cinch_must_play_highest_trump", "R9d"),
    /// A player with a cinch who plays last must win the trick when able. Play a card of
    /// `legal.cards` (no position produces this code in practice).
    CinchMustWinTrick = (422, "cinch_must_win_trick", "R9d"),
    /// With `dealer_must_play_trump_ace`, a dealer whose turned-up trump card is an ace may not
    /// pass. Declare to play (`legal.can_pass` is false).
    DealerMustPlay = (422, "dealer_must_play", "R7"),
    /// A passing player discards nothing, a simultaneous declaration discards with the draw, and
    /// at most `legal.max_discard` cards go. Fix the discard.
    InvalidDiscard = (422, "invalid_discard", "R5"),
    /// A player holding the led suit must follow it. Play a card of `legal.cards`.
    MustFollowSuit = (422, "must_follow_suit", "R9a"),
    /// A player following suit must beat every card of the led suit in the trick when able. Play
    /// a card of `legal.cards`.
    MustHeadTrick = (422, "must_head_trick", "R9a"),
    /// A player trumping must beat every trump in the trick when able. Play a card of
    /// `legal.cards`.
    MustOvertrump = (422, "must_overtrump", "R9b"),
    /// A player void in the led suit must play a trump when able. Play a card of `legal.cards`.
    MustTrump = (422, "must_trump", "R9b"),
    /// Only players dealt into the hand act in it, and the caller was not (seated after the deal,
    /// or sitting it out). Wait for the next hand.
    NotInHand = (422, "not_in_hand", "R2"),
    /// A player acts only in their turn, and it is not the caller's. Wait for it (watch the
    /// table's events or `legal`), then act.
    NotYourTurn = (422, "not_your_turn", "R5"),
    /// An action belongs to its phase (declare, draw, play), and the hand is in another, or none
    /// is in play. Refetch the table and send what `legal.action` names.
    WrongPhase = (422, "wrong_phase", "R5"),
    /// `decks` was sent, but the server takes fixed decks only with `BOURRE_ALLOW_FIXED_DECK=1`
    /// (tests and demos). Omit `decks`.
    FixedDeckNotAllowed = (422, "fixed_deck_not_allowed"),
    /// This `Idempotency-Key` was used with a different request within 24 hours. Use a new key
    /// for a new request.
    IdempotencyKeyReused = (422, "idempotency_key_reused"),
    /// A negative grant takes back more chips than the member has. Take back at most their
    /// balance.
    InsufficientBalance = (422, "insufficient_balance"),
    /// A grant's `amount` is 0 or beyond 1,000,000,000 chips either way. Fix the amount.
    InvalidAmount = (422, "invalid_amount"),
    /// A client `seed` is not 1 to 64 letters, digits, `_` or `-`. Fix the seed.
    InvalidClientSeed = (422, "invalid_client_seed"),
    /// An entry of `decks` is not 52 valid cards, each once (`detail` names it). Fix the deck.
    InvalidDeck = (422, "invalid_deck"),
    /// The `code` is wrong, used, replaced by a newer one or expired (codes work once, for 15
    /// minutes, and 5 wrong tries use one up); `detail` says which. Try again, or ask for a new
    /// code.
    InvalidCode = (422, "invalid_code"),
    /// A chat message is not exactly one of `phrase` and `text`, or its text is blank or over
    /// 200 characters. Fix the message.
    InvalidChatMessage = (422, "invalid_chat_message"),
    /// A display name is empty or all spaces, or over 32 characters. Choose another.
    InvalidDisplayName = (422, "invalid_display_name"),
    /// A device `token` is not of its platform's form (FCM: 1 to 4096 letters, digits, `:`,
    /// `_`, `-`; APNs: 32 to 200 hexadecimal digits). Send the token the platform gave.
    InvalidDeviceToken = (422, "invalid_device_token"),
    /// The `email` is not one address such as `ann@example.com` (at most 254 characters). Fix
    /// it.
    InvalidEmail = (422, "invalid_email"),
    /// A league or table `name` is blank or over 80 characters. Fix the name.
    InvalidName = (422, "invalid_name"),
    /// A new password is not 8 to 128 characters. Choose another password.
    InvalidPassword = (422, "invalid_password"),
    /// Quiet hours end when they begin (`start` equals `end`). Give another end, or `null` for
    /// no quiet hours.
    InvalidQuietHours = (422, "invalid_quiet_hours"),
    /// A grant's `reason` is blank or over 200 characters. Fix the reason.
    InvalidReason = (422, "invalid_reason"),
    /// The table's `rules` do not parse or break a limit (`detail` names the field, such as
    /// `ante` or `max_players`). Fix the rules.
    InvalidRules = (422, "invalid_rules"),
    /// The `seat` asked for is not from 0 to the table's `max_players` minus 1. Fix the seat.
    InvalidSeat = (422, "invalid_seat"),
    /// The `code_challenge` is not 43 characters of `A-Z`, `a-z`, `0-9`, `-`, `_` (the base64url
    /// SHA-256 of the browser's PKCE verifier). Fix it.
    InvalidCodeChallenge = (422, "invalid_code_challenge"),
    /// The `redirect_uri` is not an absolute URL without a fragment, of at most 2000
    /// characters. Fix it (the provider must also know it as one of the client's).
    InvalidRedirectUri = (422, "invalid_redirect_uri"),
    /// A league's `starting_balance` is not from 0 to 1,000,000,000. Fix it.
    InvalidStartingBalance = (422, "invalid_starting_balance"),
    /// The `time_zone` is not an IANA time zone name (`America/Chicago`, `Asia/Tokyo`, `UTC`), or
    /// is one too new for the server's database (`detail` says which). Send one of the tz
    /// database's names.
    InvalidTimeZone = (422, "invalid_time_zone"),
    /// A tournament's settings are out of range or do not fit together (`detail` names the
    /// field: rounds, hands per round, table size, prizes that do not add up to 100, a start in
    /// the past, a recurrence that is not an RFC 5545 `RRULE` this server takes). Fix them.
    InvalidTournament = (422, "invalid_tournament"),
    /// A username is not 3 to 32 letters, digits, `_`, `-` or `.`. Choose another username.
    InvalidUsername = (422, "invalid_username"),
    /// The `url` is not https (`BOURRE_WEBHOOK_ALLOW_HTTP`), has credentials or a private address
    /// or over 2000 characters, `events` is empty, or the league has 10 webhooks. Fix it.
    InvalidWebhook = (422, "invalid_webhook"),
    /// The server sends no push through this `platform` (FCM needs `BOURRE_FCM_CREDENTIALS`,
    /// APNs `BOURRE_APNS_KEY` and its ids). Use another platform, or ask the operator.
    PushPlatformNotConfigured = (422, "push_platform_not_configured"),
    /// The `endpoint` fails the checks a webhook `url` gets or is over 2000 characters, or
    /// `keys.p256dh` or `keys.auth` is not a valid key. Subscribe again.
    InvalidPushSubscription = (422, "invalid_push_subscription"),
    /// A player does not report themselves, their own message or their own table. Report
    /// something else.
    CannotReportSelf = (422, "cannot_report_self"),
    /// The report's `id` is not the kind's (a message's number, or a UUID). Fix the id.
    InvalidReport = (422, "invalid_report"),
    /// A moderation action that does not fit: `hours` without `mute` or outside 1 to 720,
    /// `hide` of a report not about a message still kept, `mute` or `remove` of a report
    /// about a league. Choose another action.
    InvalidModeration = (422, "invalid_moderation"),
    /// A player cannot block themselves, nor more than 1,000 players. Block someone else, or
    /// lift an older block first.
    InvalidBlock = (422, "invalid_block"),
    /// The `phrase` is not a key of the catalogue. Send one of `GET /v1/chat/phrases`.
    UnknownPhrase = (422, "unknown_phrase"),
    /// The `provider` is not one this server is configured with (`BOURRE_OIDC_PROVIDERS`).
    /// Pick one of `GET /v1/auth/oidc/providers`.
    UnknownProvider = (422, "unknown_provider"),
    /// Fewer than two seated players can take part in a hand (able to ante, or exempt). Wait
    /// for more players, or seat a bot.
    NotEnoughPlayers = (422, "not_enough_players"),
    // 429: Too many attempts.
    /// The caller said 5 messages at this table in the last 10 seconds. Retry after
    /// `Retry-After`.
    ChatTooFast = (429, "chat_too_fast"),
    /// The caller made 10 reports in the last hour. Retry after `Retry-After`.
    TooManyReports = (429, "too_many_reports"),
    /// A daily quota is used up (`BOURRE_LEAGUES_PER_DAY`, `BOURRE_TABLES_PER_DAY`,
    /// `BOURRE_TOURNAMENTS_PER_DAY`, `BOURRE_BOTS_PER_DAY`, `BOURRE_KEYS_PER_DAY`, `BOURRE_PUSH_REGISTRATIONS_PER_DAY`).
    /// Retry after `Retry-After` (an hour).
    QuotaExceeded = (429, "quota_exceeded"),
    /// Too many of one kind of request from this client address this hour: registrations and
    /// players made by a first sign-in with a provider (`BOURRE_REGISTRATIONS_PER_HOUR`),
    /// guests (`BOURRE_GUESTS_PER_HOUR`), password resets asked or confirmed
    /// (`BOURRE_REGISTRATIONS_PER_HOUR`; a reset's confirms also 30 an hour per email
    /// address), browser sign-ins with an OpenID provider started
    /// (`POST /v1/auth/oidc/authorizations`, 60), league joins and invite look-ups
    /// (`BOURRE_JOINS_PER_HOUR`); or too many codes mailed to this account or to this email
    /// address (`BOURRE_MAIL_PER_HOUR` each, `PUT /v1/players/me/email`). Retry after
    /// `Retry-After`.
    RateLimited = (429, "rate_limited"),
    /// Too many failed password checks lately for this account from this address, or from the
    /// address overall. Retry after `Retry-After`; each further failure makes it longer.
    TooManyAttempts = (429, "too_many_attempts"),
    /// The caller holds `BOURRE_STREAMS_PER_PLAYER` (default 8) streams and long-polls on this
    /// server, or the server is full. Close one, or retry after `Retry-After`.
    TooManyStreams = (429, "too_many_streams"),
    // 431: The request's head is too large.
    /// The request's head (URL and headers) is too large or has too many headers; the connection
    /// is closed. Send a shorter URL and fewer or shorter headers.
    HeadTooLarge = (431, "head_too_large"),
    // 500: A bug: the request changed nothing.
    /// The server failed (a bug); the request changed nothing. Report it with the `request_id`;
    /// a retry may fail the same way.
    Internal = (500, "internal"),
    // 503: The database is away: the request changed nothing, try again.
    /// The database is unreachable or restarting; the request changed nothing. Retry after
    /// `Retry-After`, with the same `Idempotency-Key` for a write.
    Unavailable = (503, "unavailable"),
    // 503: This process is shutting down (its `/readyz`): use another.
    /// Only `GET /readyz` answers this, while the process drains before it stops. A balancer
    /// should send requests to another process.
    ShuttingDown = (503, "shutting_down"),
    // 503: Every password-hashing slot stayed taken: try again after `Retry-After`.
    /// Every password-hashing slot (`BOURRE_HASH_SLOTS`) stayed taken for 5 seconds; the request
    /// changed nothing. Retry after `Retry-After`.
    Busy = (503, "busy"),
    // 503: An OpenID provider could not be reached: try again after `Retry-After`.
    /// The OpenID provider's discovery document, keys or token endpoint could not be reached
    /// (or answered something else than they should); the request changed nothing. Retry after
    /// `Retry-After`.
    ProviderUnavailable = (503, "provider_unavailable"),
}

/// The page of every code, `docs/errors.md` (`bourre errors` prints it; a test fails when
/// the checked-in page differs).
pub fn errors_page() -> String {
    let mut page = String::from(
        "# Errors\n\n\
         <!-- Generated from crates/app/src/kernel/error.rs: `cargo run -q -- errors > docs/errors.md`. -->\n\n\
         Every refusal is an `application/problem+json` body with `type` \
         (`urn:bourre:problem:<code>`), `title`, `status`, `detail`, a stable `code` (below), the `request_id` of the request (also in the \
         `X-Request-Id` header and the server's log) and, when a rule of the game refuses \
         an action, the `rule` it cites ([the rules](rules.md)). A `version_conflict` also \
         carries the table's `current_version`. A refused request changes nothing. Every \
         429 and 503 sends `Retry-After` (seconds). A client must tolerate a code it does \
         not know (see [versioning](versioning.md)) and can act on its status alone.\n",
    );
    let mut status = 0;
    for code in ErrorCode::ALL {
        if code.status() != status {
            status = code.status();
            page.push_str(&format!(
                "\n## {status} {}\n\n| code | when, and what to do | rule |\n|---|---|---|\n",
                status_title(status)
            ));
        }
        let meaning = code
            .meaning()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace('|', "\\|");
        let rule = code
            .rule()
            .map(|r| format!("[{r}](rules.md#{r})"))
            .unwrap_or_default();
        page.push_str(&format!(
            "| <a id=\"{code}\"></a>`{code}` | {meaning} | {rule} |\n"
        ));
    }
    page
}

/// The heading of a status's codes.
fn status_title(status: u16) -> &'static str {
    match status {
        400 => "Bad Request: malformed input",
        401 => "Unauthorized: missing or bad credentials",
        403 => "Forbidden: authenticated but not allowed",
        404 => "Not Found: an unknown id, or one the caller may not see",
        405 => "Method Not Allowed",
        408 => "Request Timeout: the request's head did not arrive in time",
        409 => "Conflict: the request clashes with the state, or the state moved on",
        422 => "Unprocessable Content: a well-formed request the rules refuse",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error: a bug; the request changed nothing",
        503 => "Service Unavailable: try again after `Retry-After`",
        _ => "",
    }
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

    /// `docs/errors.md` is the generated page.
    #[test]
    fn the_errors_page_is_current() {
        assert!(
            errors_page() == include_str!("../../../../docs/errors.md"),
            "docs/errors.md is stale: run `cargo run -q -- errors > docs/errors.md`"
        );
    }

    /// Every code says what it means, and every rule a code cites has an anchor in
    /// docs/rules.md (that it is the rule its refusal names: crates/engine/tests/rules.rs, R9f).
    #[test]
    fn every_code_is_explained_and_its_rule_anchored() {
        let rules = include_str!("../../../../docs/rules.md");
        for code in ErrorCode::ALL {
            assert!(
                !code.meaning().trim().is_empty(),
                "{code} has no doc comment"
            );
            if let Some(rule) = code.rule() {
                assert!(
                    rules.contains(&format!("<a id=\"{rule}\"></a>")),
                    "docs/rules.md has no anchor for {rule} ({code})"
                );
            }
        }
    }

    /// Each refusal of the engine is the API's code of the same name, a 422, citing the same
    /// rule; and no other API code cites a rule.
    #[test]
    fn every_refusal_of_the_engine_is_a_422_citing_its_rule() {
        let all = [
            RuleError::NotYourTurn,
            RuleError::NotInHand,
            RuleError::WrongPhase("play"),
            RuleError::CardNotInHand("AS".into()),
            RuleError::MustFollowSuit,
            RuleError::MustHeadTrick,
            RuleError::MustTrump,
            RuleError::MustOvertrump,
            RuleError::CinchMustLeadHighestTrump,
            RuleError::CinchMustPlayHighestTrump,
            RuleError::CinchMustWinTrick,
            RuleError::DealerMustPlay,
            RuleError::CannotCoverPot,
            RuleError::InvalidDiscard(String::new()),
        ];
        for refusal in &all {
            let code = ErrorCode::from(refusal);
            assert_eq!(code.as_str(), refusal.code());
            assert_eq!(code.status(), 422);
            assert_eq!(code.rule(), Some(refusal.rule()), "{refusal:?}");
        }
        let cited = ErrorCode::ALL.iter().filter(|c| c.rule().is_some()).count();
        assert_eq!(
            cited,
            all.len(),
            "an API code cites a rule no refusal names"
        );
    }

    #[test]
    fn codes_serialize_as_their_wire_names() {
        for code in ErrorCode::ALL {
            let wire = serde_json::to_value(code).expect("serializes");
            assert_eq!(wire, code.as_str());
            assert!((400..600).contains(&code.status()), "{code}");
        }
    }
}
