//! Register, log in, and the bearer-token extractor.

use std::future::{Ready, ready};

use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::error::{ApiError, BadRequest, Conflict, Problem, Unauthorized, Unprocessable};
use super::text;
use crate::app::auth::Session;
use crate::app::ids::PlayerId;
use crate::app::{App, AppError};

/// The authenticated caller, from `Authorization: Bearer <JWT>`, and when their token
/// expires (streams and long-polls end then).
#[derive(Debug, Clone, Copy)]
pub struct Caller(pub PlayerId, pub DateTime<Utc>);

impl Caller {
    /// When the caller's token expires, as an instant of this process's clock.
    pub fn expiry(&self) -> tokio::time::Instant {
        let left = (self.1 - Utc::now()).to_std().unwrap_or_default();
        tokio::time::Instant::now() + left
    }
}

impl Caller {
    /// The caller of `req`, from its `Authorization: Bearer` header.
    pub fn of(req: &HttpRequest) -> Result<Caller, ApiError> {
        let Some(app) = req.app_data::<web::Data<App>>() else {
            return Err(ApiError(AppError::Internal("no app state".into())));
        };
        let token = req
            .headers()
            .get(actix_web::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim);
        let result = match token {
            None => Err(AppError::unauthorized(
                "send Authorization: Bearer <token> (from /v1/auth/login)",
            )),
            Some(token) => app.verify_token(token),
        };
        result
            .map(|(player, expires_at)| Caller(player, expires_at))
            .map_err(ApiError)
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Caller::of(req))
    }
}

/// The client's address: the peer's, or from `X-Forwarded-For` when the peer is one of
/// the trusted proxies (see [`crate::app::throttle::client_address`]).
pub fn client_addr(req: &HttpRequest) -> Option<std::net::IpAddr> {
    let trusted = req
        .app_data::<web::Data<App>>()
        .map(|app| app.config.trusted_proxies.as_slice())
        .unwrap_or_default();
    let forwarded: Vec<&str> = req
        .headers()
        .get_all("X-Forwarded-For")
        .filter_map(|v| v.to_str().ok())
        .collect();
    crate::app::throttle::client_address(req.peer_addr().map(|a| a.ip()), &forwarded, trusted)
}

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
    pub id: Uuid,
    pub username: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionOut {
    pub player: PlayerOut,
    /// HS256 JWT for `Authorization: Bearer`.
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

impl From<Session> for SessionOut {
    fn from(s: Session) -> SessionOut {
        SessionOut {
            player: PlayerOut {
                id: s.player.id.0,
                username: s.player.username,
            },
            token: s.token,
            expires_at: s.expires_at,
        }
    }
}

/// Create an account.
#[utoipa::path(
    tag = "auth",
    request_body = Credentials,
    responses(
        (status = 201, description = "Registered", body = SessionOut),
        (status = 400, response = BadRequest),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`rate_limited`: too many registrations from the client's address this hour (`BOURRE_REGISTRATIONS_PER_HOUR`, default 20); see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until the next hour"))),
    )
)]
#[post("/register")]
pub async fn register(
    app: web::Data<App>,
    req: HttpRequest,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let session = app
        .register(&body.username, &body.password, client_addr(&req))
        .await?;
    Ok(HttpResponse::Created().json(SessionOut::from(session)))
}

/// Log in: a fresh token.
#[utoipa::path(
    tag = "auth",
    request_body = Credentials,
    responses(
        (status = 200, description = "Logged in", body = SessionOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 429, description = "`too_many_attempts`: after 3 failed logins of the account from the client's address (or 20 from the address over all accounts), each further try waits longer (1 s, 2 s, 4 s, ... up to 15 minutes); other addresses are not affected; see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until a login may be tried again"))),
    )
)]
#[post("/login")]
pub async fn login(
    app: web::Data<App>,
    req: HttpRequest,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let session = app
        .login(&body.username, &body.password, client_addr(&req))
        .await?;
    Ok(HttpResponse::Ok().json(SessionOut::from(session)))
}
