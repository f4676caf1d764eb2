//! The caller's notification settings: which kinds reach their browsers and devices, and
//! their quiet hours.

use actix_web::{HttpResponse, get, put, web};

use super::caller::Caller;
use super::error::{ApiError, BadRequest, Unauthorized, Unprocessable};
use super::text;
use crate::app::App;
use crate::app::notify::settings::NotificationSettings;

/// The caller's notification settings: what their browsers (Web Push) and devices (FCM,
/// APNs) are pushed, and their quiet hours. Until they choose: turns and reminders on both
/// channels, hands' ends on neither, quiet from 22:00 to 08:00 in the profile's time zone.
#[utoipa::path(
    operation_id = "get_notification_settings",
    tag = "push",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's settings", body = NotificationSettings),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/notification-settings")]
pub async fn get_settings(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(app.notify().notification_settings(caller.0).await?))
}

/// Replace the caller's notification settings (every field; `quiet_hours` null for none).
/// Quiet hours are in the profile's `time_zone` and apply once it is set. 422
/// `invalid_quiet_hours` when they end when they begin.
#[utoipa::path(
    operation_id = "set_notification_settings",
    tag = "push",
    security(("bearer" = [])),
    request_body = NotificationSettings,
    responses(
        (status = 200, description = "Stored", body = NotificationSettings),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 422, response = Unprocessable),
    )
)]
#[put("/me/notification-settings")]
pub async fn set_settings(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<NotificationSettings>>,
) -> Result<HttpResponse, ApiError> {
    let stored = app
        .notify()
        .set_notification_settings(caller.0, body.into_inner().0)
        .await?;
    Ok(HttpResponse::Ok().json(stored))
}
