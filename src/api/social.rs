//! Blocks, reports and the league admins' moderation queue.

use actix_web::{HttpResponse, delete, get, post, web};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, TooManyReports, Unauthorized,
    Unprocessable,
};
use super::text;
use crate::app::kernel::ids::{LeagueId, PlayerId};
use crate::app::social::blocks::{Block, Blocks};
use crate::app::social::reports::{
    MAX_PAGE, ModerationAction, NewReport, Report, ReportKind, ReportPage, ReportReason,
};
use crate::app::{App, ErrorCode};

/// Whom to block.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BlockIn {
    /// A player who shares a league with the caller.
    pub player_id: Uuid,
}

/// Block a player: their free text (at tables, in streams and in the chat's pages) and
/// the names and avatar they chose are hidden from the caller from now on; their phrases
/// still show (the game's words), and they are not told. 201 for a new block, 200 for one
/// there already.
#[utoipa::path(
    operation_id = "block_player",
    tag = "social",
    security(("bearer" = [])),
    request_body = BlockIn,
    responses(
        (status = 201, description = "Blocked", body = Block),
        (status = 200, description = "Blocked already", body = Block),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
    )
)]
#[post("/me/blocks")]
pub async fn block(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<BlockIn>>,
) -> Result<HttpResponse, ApiError> {
    let (block, new) = app
        .social()
        .block(caller.0, PlayerId(body.player_id))
        .await?;
    Ok(if new {
        HttpResponse::Created().json(block)
    } else {
        HttpResponse::Ok().json(block)
    })
}

/// The players the caller blocked, newest first.
#[utoipa::path(
    operation_id = "list_blocks",
    tag = "social",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's blocks", body = Blocks),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/blocks")]
pub async fn blocks(app: web::Data<App>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(app.social().blocks(caller.0).await?))
}

/// Lift a block: the player's text and names show to the caller again.
#[utoipa::path(
    operation_id = "unblock_player",
    tag = "social",
    security(("bearer" = [])),
    params(("player_id" = Uuid, Path)),
    responses(
        (status = 204, description = "Lifted"),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
    )
)]
#[delete("/me/blocks/{player_id}")]
pub async fn unblock(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    app.social()
        .unblock(caller.0, PlayerId(path.into_inner()))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A report.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportIn {
    /// What is reported.
    pub kind: ReportKind,
    /// What is reported: a message's number, or the UUID of a player, a table or a league.
    #[serde(deserialize_with = "text::plain")]
    #[schema(min_length = 1, max_length = 64, pattern = "^[0-9a-fA-F-]+$")]
    pub id: String,
    /// Why.
    pub reason: ReportReason,
    /// What the admins should know: at most 500 characters, not all spaces, no control
    /// characters, bidirectional controls or zero-width characters.
    #[serde(default, deserialize_with = "text::name_opt")]
    #[schema(
        max_length = 500,
        pattern = r"^[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*[^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000][^\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*$"
    )]
    pub note: Option<String>,
    /// For a player: the league whose admins are to see it (one both belong to, as at the
    /// table the report is made from); without it, the report goes to the operator.
    #[serde(default)]
    pub league_id: Option<Uuid>,
}

/// Most characters of a report's note.
const MAX_NOTE: usize = 500;

/// Report a message, a player, a table or a league: it goes to the league's admins (`GET
/// /v1/leagues/{league_id}/reports`), or, about a league or one of its admins, to the
/// operator; each new report is announced as a `report.created` webhook. The same report
/// while it is open answers 200 with it; at most 10 reports an hour (429
/// `too_many_reports`); a player does not report themselves (422 `cannot_report_self`).
#[utoipa::path(
    operation_id = "create_report",
    tag = "social",
    security(("bearer" = [])),
    request_body = ReportIn,
    responses(
        (status = 201, description = "Reported", body = Report),
        (status = 200, description = "Reported already, and still open", body = Report),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 422, response = Unprocessable),
        (status = 429, response = TooManyReports),
    )
)]
#[post("")]
pub async fn report(
    app: web::Data<App>,
    caller: Caller,
    body: web::Json<text::Object<ReportIn>>,
) -> Result<HttpResponse, ApiError> {
    let ReportIn {
        kind,
        id,
        reason,
        note,
        league_id,
    } = body.into_inner().0;
    if note.as_ref().is_some_and(|n| n.chars().count() > MAX_NOTE) {
        return Err(ApiError::refused(
            ErrorCode::InvalidReport,
            format!("a report's note has at most {MAX_NOTE} characters"),
        ));
    }
    if league_id.is_some() && kind != ReportKind::Player {
        return Err(ApiError::refused(
            ErrorCode::InvalidReport,
            "league_id goes with a report about a player",
        ));
    }
    let new = NewReport {
        kind,
        id,
        reason,
        note,
        league_id,
    };
    let (report, created) = app.social().report(caller.0, new).await?;
    Ok(if created {
        HttpResponse::Created().json(report)
    } else {
        HttpResponse::Ok().json(report)
    })
}

/// Which of a league's reports to list.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportState {
    /// Waiting for an admin, oldest first.
    #[default]
    Open,
    /// Acted on, newest first.
    Resolved,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportsQuery {
    /// `open` (the default) or `resolved`.
    #[serde(default)]
    #[param(inline)]
    pub state: Option<ReportState>,
    /// Reports after this one in the list's order (`next_cursor` of the previous page).
    #[serde(default)]
    #[param(minimum = 1)]
    pub after: Option<i64>,
    /// Page size, at most 100 (default 50).
    #[serde(default)]
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// The league's reports (admins): the open ones, oldest first (the queue), or the
/// resolved ones, newest first; each with the message reported as it is, while it is kept.
#[utoipa::path(
    operation_id = "list_reports",
    tag = "social",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ReportsQuery),
    responses(
        (status = 200, description = "A page of the league's reports", body = ReportPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/reports")]
pub async fn reports(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<ReportsQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = query.limit.unwrap_or(50);
    if !(1..=MAX_PAGE).contains(&limit) || query.after.is_some_and(|a| a < 1) {
        return Err(ApiError::refused(
            ErrorCode::InvalidQuery,
            format!("after is 1 or more; limit is 1 to {MAX_PAGE}"),
        ));
    }
    let open = matches!(query.state.unwrap_or_default(), ReportState::Open);
    let page = app
        .social()
        .reports(
            caller.0,
            LeagueId(path.into_inner()),
            open,
            query.after,
            limit,
        )
        .await?;
    Ok(HttpResponse::Ok().json(page))
}

/// What an admin does with a report.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ModerationIn {
    /// What to do.
    pub action: ModerationAction,
    /// How long a `mute` lasts, 1 to 720 hours; with `mute` only.
    #[serde(default, deserialize_with = "text::whole_or_null")]
    #[schema(minimum = 1, maximum = 720)]
    pub hours: Option<i32>,
}

/// Act on an open report (admins): `dismiss` it, `hide` the message for everyone, `mute`
/// the player it is about at the league's tables for `hours`, or `remove` them from the
/// league (as `DELETE .../members/{player_id}`). Recorded in the league's history
/// (`report_resolved`, with who took it).
#[utoipa::path(
    operation_id = "moderate_report",
    tag = "social",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ("report_id" = i64, Path, minimum = 1)),
    request_body = ModerationIn,
    responses(
        (status = 200, description = "The report, resolved", body = Report),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
    )
)]
#[post("/{league_id}/reports/{report_id}")]
pub async fn moderate(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, i64)>,
    body: web::Json<text::Object<ModerationIn>>,
) -> Result<HttpResponse, ApiError> {
    let (league, id) = path.into_inner();
    let resolved = app
        .social()
        .moderate(caller.0, LeagueId(league), id, body.action, body.hours)
        .await?;
    Ok(HttpResponse::Ok().json(resolved))
}
