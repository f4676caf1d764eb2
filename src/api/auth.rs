//! Register, log in, refresh, log out, and the bearer-token extractor.

use actix_web::{HttpRequest, HttpResponse, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::caller::{Caller, client_addr};
use super::error::{
    ApiError, BadRequest, Busy, Conflict, NotFound, Problem, Unauthorized, Unprocessable,
};
use super::text;
use crate::app::App;
use crate::app::identity::sessions::Session;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 3 to 32 characters: letters, digits, `_`, `-`, `.`.
    #[serde(deserialize_with = "text::plain")]
    #[schema(pattern = "^[A-Za-z0-9_.-]{3,32}$")]
    pub username: String,
    /// 8 to 128 characters, no control characters.
    #[serde(deserialize_with = "text::plain")]
    #[schema(pattern = r"^[^\u0000-\u001f\u007f-\u009f]{8,128}$")]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerOut {
    /// The player's id.
    pub id: Uuid,
    /// Their username.
    pub username: String,
    /// A guest (`POST /v1/auth/guest`): no password yet; `POST /v1/players/me/upgrade` gives it
    /// one.
    pub guest: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionOut {
    /// The signed-in player.
    pub player: PlayerOut,
    /// HS256 JWT for `Authorization: Bearer`, good until `expires_at`
    /// (`BOURRE_TOKEN_TTL_SECS`, default 15 minutes) while the session goes on.
    pub token: String,
    /// When `token` expires.
    pub expires_at: DateTime<Utc>,
    /// For `POST /v1/auth/refresh`, once: each refresh returns the next one.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub refresh_token: String,
    /// When `refresh_token` expires unused (`BOURRE_REFRESH_TTL_SECS`, default 30 days).
    pub refresh_expires_at: DateTime<Utc>,
}

impl From<Session> for SessionOut {
    fn from(s: Session) -> SessionOut {
        SessionOut {
            player: PlayerOut {
                id: s.player.id.0,
                username: s.player.username,
                guest: s.player.guest,
            },
            token: s.token,
            expires_at: s.expires_at,
            refresh_token: s.refresh_token,
            refresh_expires_at: s.refresh_expires_at,
        }
    }
}

/// Create an account.
#[utoipa::path(
    operation_id = "register_player",
    tag = "auth",
    request_body = Credentials,
    responses(
        (status = 201, description = "Registered", body = SessionOut),
        (status = 400, response = BadRequest),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many registrations from the client's address this hour (`BOURRE_REGISTRATIONS_PER_HOUR`, default 20); see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
        (status = 503, response = Busy),
    )
)]
#[post("/register")]
pub async fn register(
    app: web::Data<App>,
    req: HttpRequest,
    body: web::Json<text::Object<Credentials>>,
) -> Result<HttpResponse, ApiError> {
    let session = app
        .identity()
        .register(&body.username, &body.password, client_addr(&req))
        .await?;
    Ok(HttpResponse::Created().json(SessionOut::from(session)))
}

/// Play as a guest: a new player with a generated name (`LuckyHeron4821`) and no password,
/// signed in. A guest joins leagues by invite code, sits and plays like any player, but
/// creates no league (unless `BOURRE_GUEST_LEAGUES_PER_DAY` allows); `POST
/// /v1/players/me/upgrade` makes it a full account, keeping everything. Keep the refresh
/// token: it is the only way back in. A guest not seen for `BOURRE_GUEST_TTL_DAYS` (default
/// 30) is deleted as an account deletion deletes. No body.
#[utoipa::path(
    operation_id = "sign_in_guest",
    tag = "auth",
    responses(
        (status = 201, description = "A guest, signed in", body = SessionOut),
        (status = 429, description = "`rate_limited`: too many guests made from the client's address this hour (`BOURRE_GUESTS_PER_HOUR`, default 20); see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
    )
)]
#[post("/guest")]
pub async fn guest(app: web::Data<App>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let session = app.identity().sign_in_guest(client_addr(&req)).await?;
    Ok(HttpResponse::Created().json(SessionOut::from(session)))
}

/// Log in: a fresh token.
#[utoipa::path(
    operation_id = "log_in",
    tag = "auth",
    request_body = Credentials,
    responses(
        (status = 200, description = "Logged in", body = SessionOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 429, description = "`too_many_attempts`: after 3 failed logins of the account from the client's address (or 20 from the address over all accounts), each further try waits longer (1 s, 2 s, 4 s, ... up to 15 minutes); other addresses are not affected; see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until a login may be tried again"))),
        (status = 503, response = Busy),
    )
)]
#[post("/login")]
pub async fn login(
    app: web::Data<App>,
    req: HttpRequest,
    body: web::Json<text::Object<Credentials>>,
) -> Result<HttpResponse, ApiError> {
    let session = app
        .identity()
        .login(&body.username, &body.password, client_addr(&req))
        .await?;
    Ok(HttpResponse::Ok().json(SessionOut::from(session)))
}

/// Forgot the password: a six-digit code is mailed to `email` if an account has verified
/// it (good for 15 minutes, once). The answer is the same whether or not one has. Requests
/// are limited per client address like registrations, and codes per account and address
/// (`BOURRE_MAIL_PER_HOUR`).
#[utoipa::path(
    operation_id = "request_password_reset",
    tag = "auth",
    request_body = EmailIn,
    responses(
        (status = 202, description = "If an account has verified this address, a code is on its way"),
        (status = 400, response = BadRequest),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many password resets asked from the client's address this hour (`BOURRE_REGISTRATIONS_PER_HOUR`, default 20); see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
    )
)]
#[post("/password-reset")]
pub async fn password_reset(
    app: web::Data<App>,
    req: HttpRequest,
    body: web::Json<text::Object<EmailIn>>,
) -> Result<HttpResponse, ApiError> {
    app.identity()
        .request_password_reset(&body.email, client_addr(&req))
        .await?;
    Ok(HttpResponse::Accepted().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetConfirm {
    /// The account's verified email.
    #[serde(deserialize_with = "text::plain")]
    #[schema(
        max_length = 254,
        example = "ann@example.com",
        pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$"
    )]
    pub email: String,
    /// The six digits mailed.
    #[serde(deserialize_with = "text::plain")]
    #[schema(
        max_length = 32,
        example = "042917",
        pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$"
    )]
    pub code: String,
    /// 8 to 128 characters, no control characters.
    #[serde(deserialize_with = "text::plain")]
    #[schema(pattern = r"^[^\u0000-\u001f\u007f-\u009f]{8,128}$")]
    pub new_password: String,
}

/// Set a new password with the code mailed by `POST /v1/auth/password-reset`: every session
/// of the account ends, and a new one starts (the answer). A wrong code counts against it
/// (5 wrong tries use it up). Every failure answers alike (422 `invalid_code`, one detail,
/// in the same time), whether or not an account verified the address: it tells nothing of
/// which addresses have accounts. Confirms are limited per address (30 an hour) and per
/// client address (`BOURRE_REGISTRATIONS_PER_HOUR`, default 20).
#[utoipa::path(
    operation_id = "confirm_password_reset",
    tag = "auth",
    request_body = PasswordResetConfirm,
    responses(
        (status = 200, description = "The new password is set; signed in", body = SessionOut),
        (status = 400, response = BadRequest),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many confirms for this address this hour (30), or from the client's address (`BOURRE_REGISTRATIONS_PER_HOUR`, default 20); see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
        (status = 503, response = Busy),
    )
)]
#[post("/password-reset/confirm")]
pub async fn confirm_password_reset(
    app: web::Data<App>,
    req: HttpRequest,
    body: web::Json<text::Object<PasswordResetConfirm>>,
) -> Result<HttpResponse, ApiError> {
    let session = app
        .identity()
        .confirm_password_reset(
            &body.email,
            &body.code,
            &body.new_password,
            client_addr(&req),
        )
        .await?;
    Ok(HttpResponse::Ok().json(SessionOut::from(session)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RefreshRequest {
    /// The newest refresh token of the session.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub refresh_token: String,
}

/// A new token pair for a refresh token, which is used up. A used refresh token presented
/// again within `BOURRE_REFRESH_REUSE_GRACE_SECS` (default 60) of its use (a retry whose
/// answer was lost on the network) gets a new pair of the same session, and the refresh
/// token issued then stops working; presented later, it ends its session (401
/// `refresh_token_reused`): whoever holds its successor must sign in again too.
#[utoipa::path(
    operation_id = "refresh_session",
    tag = "auth",
    request_body = RefreshRequest,
    responses(
        (status = 200, description = "The session goes on with these tokens", body = SessionOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
    )
)]
#[post("/refresh")]
pub async fn refresh(
    app: web::Data<App>,
    body: web::Json<text::Object<RefreshRequest>>,
) -> Result<HttpResponse, ApiError> {
    let session = app.identity().refresh(&body.refresh_token).await?;
    Ok(HttpResponse::Ok().json(SessionOut::from(session)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Logout {
    /// End every session of the player, not only this one.
    #[serde(default)]
    pub all: bool,
}

/// End the caller's session (or with `all`, every session of theirs): its access tokens
/// are refused from then on by every server process, and its refresh token too. The body
/// may be left out (or `null`).
#[utoipa::path(
    operation_id = "log_out",
    tag = "auth",
    security(("bearer" = [])),
    request_body(content = Option<Logout>, content_type = "application/json"),
    responses(
        (status = 204, description = "Logged out"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
    )
)]
#[post("/logout")]
pub async fn logout(
    app: web::Data<App>,
    caller: Caller,
    body: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let logout: Logout = text::optional_body(body).await?;
    app.identity().logout(caller.1, logout.all).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailIn {
    /// One address, at most 254 characters (stored lower-cased): the caller's new email, or
    /// for a password reset the account's verified one.
    #[serde(deserialize_with = "text::plain")]
    #[schema(
        max_length = 254,
        example = "ann@example.com",
        pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$"
    )]
    pub email: String,
}
