//! A league's webhooks (admins): where its app backend hears that it is someone's turn.

use actix_web::{HttpResponse, delete, get, post, web};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, Unauthorized, Unprocessable,
};
use super::paging::page_limit;
use crate::app::App;
use crate::app::kernel::ids::LeagueId;
use crate::app::notify::webhooks::{DeliveriesPage, WebhookOut};
use crate::app::table::notices::NotificationKind;

/// A new endpoint.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewWebhook {
    /// Where to POST: `https://` (`http://` only with `BOURRE_WEBHOOK_ALLOW_HTTP=1`), not
    /// a loopback, private, link-local or metadata address (checked again after DNS at
    /// each delivery) unless `BOURRE_WEBHOOK_ALLOW_PRIVATE=1`; redirects are not followed.
    #[schema(max_length = 2000, pattern = "^https?://")]
    pub url: String,
    /// The kinds of notification to send there (at least one; one listed twice counts once).
    #[schema(min_items = 1)]
    pub events: Vec<NotificationKind>,
}

/// Add a webhook endpoint to the league (admins). Its signing secret is in this answer
/// only: deliveries follow Standard Webhooks (`webhook-id`, `webhook-timestamp`,
/// `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). A league has at
/// most 10 (422 `invalid_webhook` beyond, however many are added at once). The caller owns
/// it: it is sent to while they are an admin of the league.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path)),
    request_body = NewWebhook,
    responses(
        (status = 201, description = "Added: the endpoint, with its signing secret (shown this once)", body = WebhookOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
    )
)]
#[post("/{league_id}/webhooks")]
pub async fn add_webhook(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<super::text::Object<NewWebhook>>,
) -> Result<HttpResponse, ApiError> {
    if body.url.len() > 2000 {
        return Err(ApiError::refused(
            crate::app::ErrorCode::InvalidWebhook,
            "url: at most 2000 characters",
        ));
    }
    let hook = app
        .notify()
        .add_webhook(
            caller.0,
            LeagueId(path.into_inner()),
            &body.url,
            &body.events,
        )
        .await?;
    Ok(HttpResponse::Created().json(hook))
}

/// The league's webhook endpoints (admins), without their secrets; `active` is false for
/// one whose owner is no longer an admin (nothing is sent to it until an admin takes it
/// over or removes it).
#[utoipa::path(
    operation_id = "list_webhooks",
    tag = "webhooks",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path)),
    responses(
        (status = 200, description = "The league's endpoints, oldest first", body = Vec<WebhookOut>),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/webhooks")]
pub async fn webhooks(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let hooks = app
        .notify()
        .webhooks(caller.0, LeagueId(path.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(hooks))
}

/// Remove a webhook endpoint (admins): nothing more is sent to it, and its deliveries go.
#[utoipa::path(
    tag = "webhooks",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ("webhook_id" = Uuid, Path)),
    responses(
        (status = 204, description = "Removed"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[delete("/{league_id}/webhooks/{webhook_id}")]
pub async fn remove_webhook(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (league, hook) = path.into_inner();
    app.notify()
        .remove_webhook(caller.0, LeagueId(league), hook)
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Take over an endpoint whose owner is no longer an admin of the league (admins): the
/// caller owns it and it is sent to again, with a new signing secret, in this answer only
/// (the former owner knew the old one). The league's history records it. 409
/// `webhook_active` while its owner is still an admin.
#[utoipa::path(
    operation_id = "take_over_webhook",
    tag = "webhooks",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ("webhook_id" = Uuid, Path)),
    responses(
        (status = 200, description = "Taken over: the endpoint, with its new signing secret (shown this once)", body = WebhookOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[post("/{league_id}/webhooks/{webhook_id}/take-over")]
pub async fn take_over(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (league, hook) = path.into_inner();
    let hook = app
        .notify()
        .take_over_webhook(caller.0, LeagueId(league), hook)
        .await?;
    Ok(HttpResponse::Ok().json(hook))
}

/// A page of an endpoint's deliveries.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveriesQuery {
    /// A `next_cursor` of the list (default: the newest).
    #[param(pattern = "^[0-9]{1,18}~msg_[0-9a-f]{32}$")]
    pub after: Option<String>,
    /// Deliveries per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// An endpoint's deliveries, newest first, each with its attempts: when, the endpoint's
/// status or why it could not be reached, how long it took (admins).
#[utoipa::path(
    operation_id = "list_webhook_deliveries",
    tag = "webhooks",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ("webhook_id" = Uuid, Path), DeliveriesQuery),
    responses(
        (status = 200, description = "A page of the endpoint's deliveries, newest first", body = DeliveriesPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/webhooks/{webhook_id}/deliveries")]
pub async fn deliveries(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, Uuid)>,
    query: web::Query<DeliveriesQuery>,
) -> Result<HttpResponse, ApiError> {
    let (league, hook) = path.into_inner();
    let limit = page_limit(query.after.as_deref(), query.limit)?;
    let page = app
        .notify()
        .deliveries(
            caller.0,
            LeagueId(league),
            hook,
            query.after.as_deref(),
            limit,
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}
