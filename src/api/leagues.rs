//! Leagues: create, join.

use actix_web::{HttpResponse, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::auth::Caller;
use super::error::{ApiError, Problem};
use crate::app::App;
use crate::app::ids::LeagueId;
use crate::app::leagues::League;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLeague {
    pub name: String,
    /// Chips credited to every member on joining (from the league's treasury).
    pub starting_balance: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinLeague {
    pub invite_code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeagueOut {
    pub id: Uuid,
    pub name: String,
    pub invite_code: String,
    pub starting_balance: i64,
    pub created_by: Uuid,
    pub created_at: DateTime<Utc>,
}

impl From<League> for LeagueOut {
    fn from(l: League) -> LeagueOut {
        LeagueOut {
            id: l.id,
            name: l.name,
            invite_code: l.invite_code,
            starting_balance: l.starting_balance,
            created_by: l.created_by,
            created_at: l.created_at,
        }
    }
}

/// Create a league; the caller becomes its admin and first member.
#[utoipa::path(
    tag = "leagues",
    security(("bearer" = [])),
    request_body = NewLeague,
    responses(
        (status = 201, body = LeagueOut),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_name`, `invalid_starting_balance`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("")]
pub async fn create(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<NewLeague>,
) -> Result<HttpResponse, ApiError> {
    let league = app
        .create_league(caller.0, &body.name, body.starting_balance)
        .await?;
    Ok(HttpResponse::Created().json(LeagueOut::from(league)))
}

/// Join a league with its invite code; the starting balance is credited.
#[utoipa::path(
    tag = "leagues",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path)),
    request_body = JoinLeague,
    responses(
        (status = 201, body = LeagueOut),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`wrong_invite_code`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`league_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_a_member`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/{league_id}/members")]
pub async fn join(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<JoinLeague>,
) -> Result<HttpResponse, ApiError> {
    let league = app
        .join_league(caller.0, LeagueId(path.into_inner()), &body.invite_code)
        .await?;
    Ok(HttpResponse::Created().json(LeagueOut::from(league)))
}
