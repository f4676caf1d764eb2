//! What a league's admins do: answer join requests, promote, remove members, grant chips and
//! close seasons.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use super::super::caller::Caller;
use super::super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, QuotaExceeded, Unauthorized, Unprocessable,
};
use super::super::idempotency::{KeyHeader, key_from, respond};
use super::super::text;
use crate::app::App;
use crate::app::kernel::ids::{LeagueId, PlayerId};
use crate::app::leagues::JoinRequest;
use crate::app::leagues::admin::{Admitted, Granted, Season};

/// The league's requests to join, oldest first (admins).
#[utoipa::path(
    operation_id = "list_join_requests",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path)),
    responses(
        (status = 200, description = "The requests to join, oldest first", body = Vec<JoinRequest>),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/join-requests")]
pub async fn join_requests(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let requests = app
        .leagues()
        .join_requests(caller.0, LeagueId(path.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(requests))
}

/// Approve a request to join (admins): the player becomes a member, credited the starting
/// balance.
#[utoipa::path(
    operation_id = "approve_join_request",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ("player_id" = Uuid, Path)),
    responses(
        (status = 201, description = "Admitted: a member now, credited the starting balance", body = Admitted),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[post("/{league_id}/join-requests/{player_id}")]
pub async fn approve_join(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (league, player) = path.into_inner();
    let admitted = app
        .leagues()
        .admit(caller.0, LeagueId(league), PlayerId(player))
        .await?;
    Ok(HttpResponse::Created().json(admitted))
}

/// Decline a request to join (admins), or withdraw one's own.
#[utoipa::path(
    operation_id = "decline_join_request",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ("player_id" = Uuid, Path)),
    responses(
        (status = 204, description = "Dropped"),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[delete("/{league_id}/join-requests/{player_id}")]
pub async fn drop_join(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (league, player) = path.into_inner();
    app.leagues()
        .drop_join_request(caller.0, LeagueId(league), PlayerId(player))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MemberRef {
    /// The member to make an admin.
    pub player_id: Uuid,
}

/// Make a member an admin (admins).
#[utoipa::path(
    operation_id = "promote_admin",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path)),
    request_body = MemberRef,
    responses(
        (status = 204, description = "Promoted"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[post("/{league_id}/admins")]
pub async fn promote(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<text::Object<MemberRef>>,
) -> Result<HttpResponse, ApiError> {
    app.leagues()
        .promote(
            caller.0,
            LeagueId(path.into_inner()),
            PlayerId(body.player_id),
        )
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Remove a member (admins): only one seated at no table; their chips return to the
/// treasury.
#[utoipa::path(
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ("player_id" = Uuid, Path)),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[delete("/{league_id}/members/{player_id}")]
pub async fn remove_member(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (league, member) = path.into_inner();
    app.leagues()
        .remove_member(caller.0, LeagueId(league), PlayerId(member))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GrantIn {
    /// The member to grant chips to.
    pub player_id: Uuid,
    /// Chips from the treasury (negative takes chips back, between hands); never 0.
    #[serde(deserialize_with = "text::whole")]
    #[schema(minimum = -1_000_000_000, maximum = 1_000_000_000)]
    pub amount: i64,
    /// Why: a rebuy, a correction, ... (shown in the ledger): at most 200 characters, not
    /// all spaces, no control characters, bidirectional controls or zero-width characters.
    #[serde(deserialize_with = "text::name")]
    #[schema(
        pattern = r"^[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000][^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*$",
        max_length = 200
    )]
    pub reason: String,
}

/// Grant chips to a member (admins), recorded in the ledger with the reason.
#[utoipa::path(
    operation_id = "grant_chips",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), KeyHeader),
    request_body = GrantIn,
    responses(
        (status = 201, description = "Granted: the member's balance after it", body = Granted),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, response = QuotaExceeded),
    )
)]
#[post("/{league_id}/grants")]
pub async fn grant(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<text::Object<GrantIn>>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let league = path.into_inner();
    let request = json!({
        "league": league, "player_id": body.player_id, "amount": body.amount, "reason": body.reason,
    });
    let key = key_from(&req, "grant", &request)?;
    let reply = app
        .leagues()
        .grant(
            caller.0,
            LeagueId(league),
            PlayerId(body.player_id),
            body.amount,
            &body.reason,
            key,
        )
        .await?;
    Ok(respond(reply, StatusCode::CREATED))
}

/// Close the running season (admins); the next one starts now.
#[utoipa::path(
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), KeyHeader),
    responses(
        (status = 201, description = "The season closed; the next one runs from now", body = Season),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
        (status = 429, response = QuotaExceeded),
    )
)]
#[post("/{league_id}/seasons")]
pub async fn close_season(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let league = path.into_inner();
    let key = key_from(&req, "close_season", &json!({"league": league}))?;
    let reply = app
        .leagues()
        .close_season(caller.0, LeagueId(league), key)
        .await?;
    Ok(respond(reply, StatusCode::CREATED))
}
