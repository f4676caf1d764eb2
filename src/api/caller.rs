//! Who calls: the authenticated player of a request (`Authorization: Bearer <JWT>`), and the
//! client's address; and every 401's challenge, which says how to authenticate.

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{AUTHORIZATION, HeaderValue, WWW_AUTHENTICATE};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use chrono::Utc;
use futures_util::future::LocalBoxFuture;

use super::error::ApiError;
use crate::app::kernel::ids::PlayerId;
use crate::app::kernel::player::Authenticated;
use crate::app::{App, AppError};

/// The authenticated caller, from `Authorization: Bearer <JWT>`: the player, and their
/// session and when their token expires (streams and long-polls end then).
#[derive(Debug, Clone, Copy)]
pub struct Caller(pub PlayerId, pub Authenticated);

impl Caller {
    /// When the caller's token expires, as an instant of this process's clock.
    pub fn expiry(&self) -> tokio::time::Instant {
        let left = (self.1.expires_at - Utc::now())
            .to_std()
            .unwrap_or_default();
        tokio::time::Instant::now() + left
    }

    /// The caller of `req`, from its `Authorization: Bearer` header.
    pub async fn of(req: &HttpRequest) -> Result<Caller, ApiError> {
        let Some(app) = req.app_data::<web::Data<App>>() else {
            return Err(ApiError(AppError::Internal("no app state".into())));
        };
        let token = req
            .headers()
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim);
        let Some(token) = token else {
            return Err(ApiError(AppError::unauthorized(
                "send Authorization: Bearer <token> (from /v1/auth/login)",
            )));
        };
        match app.identity().authenticate(token).await {
            Ok(found) => Ok(Caller::from(found)),
            Err(refused) => {
                req.extensions_mut().insert(RefusedBearer);
                Err(ApiError(refused))
            }
        }
    }
}

/// Marks a request whose bearer token was refused (expired, of an ended session, forged):
/// its 401 says `error="invalid_token"`.
#[derive(Debug, Clone, Copy)]
struct RefusedBearer;

impl From<Authenticated> for Caller {
    fn from(found: Authenticated) -> Caller {
        Caller(found.player, found)
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Caller::of(&req).await })
    }
}

/// The client's address: the peer's, or from `X-Forwarded-For` when the peer is one of
/// the trusted proxies (see [`crate::app::identity::throttle::client_address`]).
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
    crate::app::identity::throttle::client_address(
        req.peer_addr().map(|a| a.ip()),
        &forwarded,
        trusted,
    )
}

/// The middleware (`App::wrap(from_fn(challenge))`): every 401 carries `WWW-Authenticate`
/// (RFC 6750): `Bearer realm="bourre"`, with `error="invalid_token"` when the request's bearer
/// token itself was refused (expired: `token_expired`, where a client refreshes; ended,
/// forged or unknown: `session_ended`, `unauthorized`), not when something else was (a
/// password, an ID token, a stream ticket).
pub async fn challenge(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut res = next.call(req).await?;
    if res.status() == StatusCode::UNAUTHORIZED {
        let refused = res.request().extensions().get::<RefusedBearer>().is_some();
        let value = if refused {
            r#"Bearer realm="bourre", error="invalid_token""#
        } else {
            r#"Bearer realm="bourre""#
        };
        res.headers_mut()
            .insert(WWW_AUTHENTICATE, HeaderValue::from_static(value));
    }
    Ok(res)
}
