//! The caller: balances per league, and the tables waiting for them.

use actix_web::{HttpResponse, get, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::auth::Caller;
use super::error::{ApiError, BadRequest, Unauthorized};
use super::leagues::ListQuery;
use crate::app::App;
use crate::app::discovery::TablesPage;
use crate::app::export::PlayerExport;
use crate::app::leagues::Role;

#[derive(Debug, Serialize, ToSchema)]
pub struct LeagueBalance {
    pub league_id: Uuid,
    pub name: String,
    pub role: Role,
    pub balance: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    pub id: Uuid,
    pub username: String,
    pub leagues: Vec<LeagueBalance>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Turn {
    pub table_id: Uuid,
    pub league_id: Uuid,
    pub name: String,
    pub hand_no: i32,
    pub version: i64,
    pub deadline: Option<DateTime<Utc>>,
}

/// The caller, with a balance per league.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Me),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me")]
pub async fn me(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let player = app.player(caller.0).await?;
    let leagues = app
        .memberships(caller.0)
        .await?
        .into_iter()
        .map(|m| LeagueBalance {
            league_id: m.league_id.0,
            name: m.league_name,
            role: m.role,
            balance: m.balance,
        })
        .collect();
    Ok(HttpResponse::Ok().json(Me {
        id: player.id.0,
        username: player.username,
        leagues,
    }))
}

/// Tables where the caller is to act, oldest deadline first.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<Turn>),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/turns")]
pub async fn turns(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let turns: Vec<Turn> = app
        .turns(caller.0)
        .await?
        .into_iter()
        .map(|t| Turn {
            table_id: t.id,
            league_id: t.league_id,
            name: t.name,
            hand_no: t.hand_no,
            version: t.version,
            deadline: t.deadline,
        })
        .collect();
    Ok(HttpResponse::Ok().json(turns))
}

/// The tables where the caller sits, with whether it is their turn there.
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = TablesPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/tables")]
pub async fn tables(
    app: web::Data<App>,
    caller: Caller,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = app
        .my_tables(caller.0, query.after.as_deref(), query.limit()?)
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// Everything stored about the caller, as JSON: the account, memberships, join requests,
/// seats, every ledger entry to or from them, stored idempotency replies and counted failed
/// logins. (Hand records are the tables': `GET /v1/tables/{id}/hands`.)
#[utoipa::path(
    tag = "players",
    security(("bearer" = [])),
    responses(
        (status = 200, body = PlayerExport),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/export")]
pub async fn export(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let export = app.export(caller.0).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"bourre-export.json\"",
        ))
        .json(export))
}
