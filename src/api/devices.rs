//! Native apps' devices: registered for the caller's session, listed, removed.

use actix_web::{HttpResponse, delete, get, post, web};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, NotFound, PushQuotaExceeded, Unauthorized, Unprocessable,
};
use super::text;
use crate::app::App;
use crate::app::notify::devices::{DeviceOut, Platform};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeviceIn {
    /// The push service the token is of.
    pub platform: Platform,
    /// The push token the platform gave the app: FCM's registration token (1 to 4096 of
    /// `A-Z a-z 0-9 : _ -`), or APNs' device token in hex (32 to 200 digits).
    #[serde(deserialize_with = "text::plain")]
    #[schema(max_length = 4096, pattern = "^[A-Za-z0-9:_-]{1,4096}$")]
    pub token: String,
}

/// Register the app's push token for the caller's session: "your turn", reminders near a
/// deadline, in the player's language, reach the device through FCM or APNs. The device
/// ends with the session (logout, logout-all, a password change ending others, the
/// account's deletion); a token another session registered moves to this one. A player
/// keeps their 10 latest devices (registering another drops the oldest), and registers at
/// most 20 new ones a day, with their new Web Push subscriptions (429 `quota_exceeded`).
#[utoipa::path(
    operation_id = "register_device",
    tag = "push",
    security(("bearer" = [])),
    request_body = DeviceIn,
    responses(
        (status = 201, description = "Registered", body = DeviceOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 422, response = Unprocessable),
        (status = 429, response = PushQuotaExceeded),
    )
)]
#[post("/me/devices")]
pub async fn register(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<DeviceIn>>,
) -> Result<HttpResponse, ApiError> {
    let device = app
        .notify()
        .register_device(caller.1, body.platform, &body.token)
        .await?;
    Ok(HttpResponse::Created().json(device))
}

/// The caller's devices, oldest first (never their whole tokens).
#[utoipa::path(
    operation_id = "list_devices",
    tag = "push",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's devices", body = Vec<DeviceOut>),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/devices")]
pub async fn list(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(app.notify().devices(caller.0).await?))
}

/// Remove one of the caller's devices: nothing more is pushed to it.
#[utoipa::path(
    operation_id = "remove_device",
    tag = "push",
    security(("bearer" = [])),
    params(("device_id" = Uuid, Path)),
    responses(
        (status = 204, description = "Removed"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
    )
)]
#[delete("/me/devices/{device_id}")]
pub async fn remove(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    app.notify()
        .unregister_device(caller.0, path.into_inner())
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
