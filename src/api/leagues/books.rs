//! A league's books: its standings, its ledger and its history.

use actix_web::{HttpResponse, get, web};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::super::caller::Caller;
use super::super::error::{ApiError, BadRequest, Forbidden, NotFound, Unauthorized};
use super::super::paging::HistoryQuery;
use crate::app::App;
use crate::app::ErrorCode;
use crate::app::kernel::ids::LeagueId;
use crate::app::leagues::admin::Cursor;
use crate::app::leagues::admin::LedgerPage;
use crate::app::leagues::history::{HistoryPage, MAX_HISTORY_PAGE};
use crate::app::leagues::standings::Standings;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StandingsQuery {
    /// A season number; all time when absent.
    #[serde(default)]
    pub season: Option<i32>,
    /// `balance` (default), `net`, `grants`, `hands_played`, `pots_won`, `split_pots`,
    /// `bourres`, `tricks`, `rating` or `username`.
    #[serde(default)]
    #[param(
        pattern = "^(balance|net|grants|hands_played|pots_won|split_pots|bourres|tricks|rating|username)$"
    )]
    pub sort: Option<String>,
    /// `desc` (default) or `asc`.
    #[serde(default)]
    #[param(pattern = "^(asc|desc)$")]
    pub order: Option<String>,
}

/// Standings: balance, net result, hands, pots, split pots, bourrés, tricks and a
/// Weng-Lin rating, for all time or a season.
#[utoipa::path(
    operation_id = "get_standings",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), StandingsQuery),
    responses(
        (status = 200, description = "The standings, a row per member", body = Standings),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/standings")]
pub async fn standings(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<StandingsQuery>,
) -> Result<HttpResponse, ApiError> {
    let ascending = ascending(query.order.as_deref(), false)?;
    let standings = app
        .leagues()
        .standings(
            caller.0,
            LeagueId(path.into_inner()),
            query.season,
            query.sort.as_deref().unwrap_or("balance"),
            ascending,
        )
        .await?;
    Ok(HttpResponse::Ok().json(standings))
}

/// A query's `order`: `asc` or `desc`, else `default_ascending`; anything else is refused.
fn ascending(order: Option<&str>, default_ascending: bool) -> Result<bool, ApiError> {
    match order {
        None => Ok(default_ascending),
        Some("asc") => Ok(true),
        Some("desc") => Ok(false),
        Some(_) => Err(ApiError::refused(
            ErrorCode::InvalidQuery,
            "order is `asc` or `desc`",
        )),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LedgerQuery {
    /// The `next_cursor` of the previous page: entries after it in the page's order (with a
    /// greater id oldest first, a smaller one newest first).
    #[serde(default)]
    pub after: Option<i64>,
    /// `asc` (default): oldest first; `desc`: newest first.
    #[serde(default)]
    #[param(pattern = "^(asc|desc)$")]
    pub order: Option<String>,
    /// Page size, at most 200 (default 50).
    #[serde(default)]
    pub limit: Option<i64>,
    /// Only entries to or from this player.
    #[serde(default)]
    pub player_id: Option<Uuid>,
    /// Only entries of this table.
    #[serde(default)]
    pub table_id: Option<Uuid>,
}

/// The league's ledger, oldest first (or newest first with `order=desc`), cursor-paged;
/// each entry names the table, hand and event that caused it.
#[utoipa::path(
    operation_id = "get_league_ledger",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), LedgerQuery),
    responses(
        (status = 200, description = "A page of the ledger, in the order asked", body = LedgerPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/ledger")]
pub async fn ledger(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<LedgerQuery>,
) -> Result<HttpResponse, ApiError> {
    let oldest_first = ascending(query.order.as_deref(), true)?;
    let page = app
        .leagues()
        .ledger_page(
            caller.0,
            LeagueId(path.into_inner()),
            Cursor {
                after: query.after,
                oldest_first,
            },
            query.limit.unwrap_or(50),
            query.player_id,
            query.table_id,
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// The league's history (members), oldest first, cursor-paged: admins promoted or handed
/// on (when the last admin left, to the longest-standing human member), members removed
/// or deleted, webhooks taken over, the chat policy changed, the league closed. Chips are
/// in the ledger.
#[utoipa::path(
    operation_id = "get_league_history",
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), HistoryQuery),
    responses(
        (status = 200, description = "A page of the league's history, oldest first", body = HistoryPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/history")]
pub async fn history(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<HistoryQuery>,
) -> Result<HttpResponse, ApiError> {
    let (after, limit) = query.page(MAX_HISTORY_PAGE)?;
    let page = app
        .leagues()
        .league_history(caller.0, LeagueId(path.into_inner()), after, limit)
        .await?;
    Ok(HttpResponse::Ok().json(page))
}
