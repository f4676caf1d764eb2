//! A league's tournaments: made and changed by its admins, entered by its members, run by
//! the server (docs/guide/tournaments.md).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, web};
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, Unauthorized, Unprocessable,
};
use super::idempotency::{KeyHeader, key_from, respond};
use super::paging::{TimePageQuery, page_limit};
use super::text;
use crate::app::App;
use crate::app::kernel::ids::{LeagueId, TournamentId};
use crate::app::tournaments::entries::TournamentEntry;
use crate::app::tournaments::organise::TournamentsPage;
use crate::app::tournaments::organise::{NewTournament, TournamentPatch};
use crate::app::tournaments::view::TournamentOut;

/// Make a tournament in the league (admins): its settings are checked whole, and one
/// secret seed per round is committed to at once (their SHA-256 in `commitments`).
#[utoipa::path(
    operation_id = "create_tournament",
    tag = "tournaments",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), KeyHeader),
    request_body = NewTournament,
    responses(
        (status = 201, description = "Made: the tournament, `scheduled`", body = TournamentOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`quota_exceeded`: the caller made their most tournaments in the last 24 hours (`BOURRE_TOURNAMENTS_PER_DAY`, default 20), or, with an `Idempotency-Key`, has their most replies stored (`BOURRE_KEYS_PER_DAY`, default 10,000)", body = super::error::Problem, content_type = "application/problem+json"),
    )
)]
#[post("/{league_id}/tournaments")]
pub async fn create(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<text::Object<NewTournament>>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let league = path.into_inner();
    let body = body.into_inner().0;
    let request = serde_json::to_value(&body).unwrap_or_default();
    let key = key_from(&req, "create_tournament", &request)?;
    let reply = app
        .tournaments()
        .create_tournament(caller.0, LeagueId(league), body, key)
        .await?;
    Ok(respond(reply, StatusCode::CREATED))
}

/// The league's tournaments, the latest start first (members).
#[utoipa::path(
    operation_id = "list_league_tournaments",
    tag = "tournaments",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), TimePageQuery),
    responses(
        (status = 200, description = "A page of the league's tournaments", body = TournamentsPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/tournaments")]
pub async fn list(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<TimePageQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = page_limit(query.after.as_deref(), query.limit)?;
    let page = app
        .tournaments()
        .league_tournaments(
            caller.0,
            LeagueId(path.into_inner()),
            query.after.as_deref(),
            limit,
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// A tournament (members of its league): settings, each round's tables and seating seed,
/// live standings, the prizes, and the caller's entry.
#[utoipa::path(
    operation_id = "get_tournament",
    tag = "tournaments",
    security(("bearer" = [])),
    params(("tournament_id" = Uuid, Path)),
    responses(
        (status = 200, description = "The tournament", body = TournamentOut),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
    )
)]
#[get("/{tournament_id}")]
pub async fn get_tournament(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let out = app
        .tournaments()
        .tournament(caller.0, TournamentId(path.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// Change a scheduled tournament (admins): the fields sent replace those kept, `null`
/// clears an optional one, and the whole is checked again. The buy-in changes only while
/// nobody has entered; changing `rounds` commits to new seeds.
#[utoipa::path(
    operation_id = "update_tournament",
    tag = "tournaments",
    security(("bearer" = [])),
    params(("tournament_id" = Uuid, Path)),
    request_body = TournamentPatch,
    responses(
        (status = 200, description = "The tournament as changed", body = TournamentOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
    )
)]
#[patch("/{tournament_id}")]
pub async fn update(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<text::Object<TournamentPatch>>,
) -> Result<HttpResponse, ApiError> {
    let out = app
        .tournaments()
        .change_tournament(
            caller.0,
            TournamentId(path.into_inner()),
            body.into_inner().0,
        )
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// Cancel a tournament (admins): every buy-in goes back to its entrant; its tables close
/// as their hands end.
#[utoipa::path(
    operation_id = "cancel_tournament",
    tag = "tournaments",
    security(("bearer" = [])),
    params(("tournament_id" = Uuid, Path)),
    responses(
        (status = 200, description = "The tournament, `cancelled`", body = TournamentOut),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[post("/{tournament_id}/cancel")]
pub async fn cancel(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let out = app
        .tournaments()
        .cancel_tournament(caller.0, TournamentId(path.into_inner()))
        .await?;
    Ok(HttpResponse::Ok().json(out))
}

/// Enter the tournament: its buy-in moves from the caller's balance to the pool. Before the
/// start, or during its `late_registration_rounds` (then seated from the next round).
#[utoipa::path(
    operation_id = "enter_tournament",
    tag = "tournaments",
    security(("bearer" = [])),
    params(("tournament_id" = Uuid, Path), KeyHeader),
    responses(
        (status = 201, description = "Entered", body = TournamentEntry),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, response = super::error::QuotaExceeded),
    )
)]
#[post("/{tournament_id}/entries")]
pub async fn enter(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let key = key_from(
        &req,
        "enter_tournament",
        &serde_json::json!({"tournament_id": id}),
    )?;
    let reply = app
        .tournaments()
        .enter(caller.0, TournamentId(id), key)
        .await?;
    Ok(respond(reply, StatusCode::CREATED))
}

/// Withdraw: before the start the entry goes and the buy-in comes back; after it the
/// buy-in stays in the pool and the caller is seated in no later round.
#[utoipa::path(
    operation_id = "withdraw_from_tournament",
    tag = "tournaments",
    security(("bearer" = [])),
    params(("tournament_id" = Uuid, Path)),
    responses(
        (status = 204, description = "Withdrawn"),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[delete("/{tournament_id}/entries/me")]
pub async fn withdraw(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    app.tournaments()
        .withdraw(caller.0, TournamentId(path.into_inner()))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
