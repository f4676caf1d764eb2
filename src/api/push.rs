//! Web Push: the server's VAPID key, and a player's browsers subscribing to "your turn".

use actix_web::{HttpResponse, delete, get, post, web};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, Conflict, NotFound, PushQuotaExceeded, Unauthorized, Unprocessable,
};
use crate::app::notify::push::{PushSubscriptionOut, VapidKeyOut};
use crate::app::{App, ErrorCode};

/// The longest push service endpoint taken.
const MAX_ENDPOINT: usize = 2000;

fn too_long() -> ApiError {
    ApiError::refused(
        ErrorCode::InvalidPushSubscription,
        "endpoint: at most 2000 characters",
    )
}

/// A subscription's keys, as the browser's `PushSubscription.toJSON()` gives them.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PushKeys {
    /// The browser's P-256 public key: base64url of its 65 uncompressed bytes.
    #[schema(pattern = "^[A-Za-z0-9_-]{87}=?$")]
    pub p256dh: String,
    /// The browser's 16-byte auth secret, base64url.
    #[schema(pattern = "^[A-Za-z0-9_-]{22}(==)?$")]
    pub auth: String,
}

/// A browser's `PushSubscription`, as `JSON.stringify(subscription)` gives it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSubscriptionIn {
    /// The push service's URL for this browser: `https://` (`http://` only with
    /// `BOURRE_WEBHOOK_ALLOW_HTTP=1`), not a loopback, private, link-local or metadata
    /// address unless `BOURRE_WEBHOOK_ALLOW_PRIVATE=1` (checked again after DNS at each
    /// push, as for webhooks).
    #[schema(max_length = 2000, pattern = "^https?://")]
    pub endpoint: String,
    /// When the browser says the subscription ends (milliseconds), if it does; not used.
    pub expiration_time: Option<f64>,
    /// The subscription's keys.
    pub keys: PushKeys,
}

/// Which subscription to remove: its `endpoint` (the whole `PushSubscription` JSON will do:
/// its other fields are not read).
#[derive(Debug, Deserialize, ToSchema)]
pub struct PushSubscriptionGone {
    /// The subscription's `endpoint`.
    #[schema(max_length = 2000)]
    pub endpoint: String,
}

/// The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
/// applicationServerKey})`. 404 `push_not_configured` when the server has no VAPID key.
#[utoipa::path(
    operation_id = "get_vapid_public_key",
    tag = "push",
    responses(
        (status = 200, description = "The server's VAPID public key", body = VapidKeyOut),
        (status = 404, response = NotFound),
    )
)]
#[get("/vapid-public-key")]
pub async fn vapid_public_key(app: web::Data<App>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(app.notify().vapid_public_key()?))
}

/// Subscribe this browser to the caller's "your turn" pushes: `turn.started` when they
/// are to act at a table they are not watching (no stream or long-poll open on it, on any
/// server process, for about 10 s), and `turn.reminder` before a deadline, always. The
/// message (RFC 8291 `aes128gcm`, VAPID-signed) is JSON: `type`, `title`, `body`, `url`
/// (the table's page), `table_id`, `league_id`, `hand_no`, `deadline`, `timestamp`.
/// The subscription belongs to the session of the request and ends with it (a logout, a
/// password change, `logout {"all": true}`, the session's expiry). Subscribing an endpoint
/// of the caller's again replaces it; another player's endpoint moves to the caller only
/// when the request carries that subscription's own keys (409 `push_endpoint_taken`
/// otherwise). A player keeps their 10 latest, and subscribes at most 20 new endpoints a
/// day, with their new devices (429 `quota_exceeded`). 404 `push_not_configured` when the
/// server has no VAPID key.
#[utoipa::path(
    operation_id = "add_push_subscription",
    tag = "push",
    security(("bearer" = [])),
    request_body = PushSubscriptionIn,
    responses(
        (status = 201, description = "Subscribed, for the session of the request", body = PushSubscriptionOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, response = PushQuotaExceeded),
    )
)]
#[post("/me/push-subscriptions")]
pub async fn subscribe(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<super::text::Object<PushSubscriptionIn>>,
) -> Result<HttpResponse, ApiError> {
    if body.endpoint.chars().count() > MAX_ENDPOINT {
        return Err(too_long());
    }
    let stored = app
        .notify()
        .subscribe_push(caller.1, &body.endpoint, &body.keys.p256dh, &body.keys.auth)
        .await?;
    Ok(HttpResponse::Created().json(stored))
}

/// The caller's push subscriptions (every browser of theirs, from every session), newest
/// first; `this_session` marks those of the request's session.
#[utoipa::path(
    operation_id = "list_push_subscriptions",
    tag = "push",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's push subscriptions, newest first", body = Vec<PushSubscriptionOut>),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/push-subscriptions")]
pub async fn subscriptions(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(app.notify().push_subscriptions(caller.1).await?))
}

/// Remove one of the caller's push subscriptions by its id (from any session of theirs):
/// nothing more is pushed to that browser. 404 `push_subscription_not_found` when the
/// caller has no subscription with that id.
#[utoipa::path(
    operation_id = "remove_push_subscription",
    tag = "push",
    security(("bearer" = [])),
    params(("subscription_id" = Uuid, Path)),
    responses(
        (status = 204, description = "Removed"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
    )
)]
#[delete("/me/push-subscriptions/{subscription_id}")]
pub async fn unsubscribe_id(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    app.notify()
        .unsubscribe_push_id(caller.0, path.into_inner())
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Unsubscribe a browser of the caller's (at logout, before `subscription.unsubscribe()`):
/// nothing more is pushed to it. 404 `push_subscription_not_found` when the caller has no
/// subscription of that endpoint.
#[utoipa::path(
    operation_id = "remove_push_subscription_by_endpoint",
    tag = "push",
    security(("bearer" = [])),
    request_body = PushSubscriptionGone,
    responses(
        (status = 204, description = "Removed"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
    )
)]
#[delete("/me/push-subscriptions")]
pub async fn unsubscribe(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<super::text::Object<PushSubscriptionGone>>,
) -> Result<HttpResponse, ApiError> {
    if body.endpoint.chars().count() > MAX_ENDPOINT {
        return Err(too_long());
    }
    app.notify()
        .unsubscribe_push(caller.0, &body.endpoint)
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
