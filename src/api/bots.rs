//! Server-side bots at a table: seat one, stand one up.

use actix_web::{HttpResponse, delete, post, web};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, Problem, Unauthorized, Unprocessable,
};
use super::tables::SitDown;
use super::text;
use crate::app::App;
use crate::app::kernel::ids::TableId;
use crate::app::table::view::TableView;

/// Seat a server-side bot (the table's creator or a league admin), at `seat` or the lowest
/// free one. The bot is staked the league's starting balance from the treasury, acts at
/// once whenever it is to act (the engine's bot, through the same rules as every move),
/// and is marked `bot` in views, standings (ranked apart) and hand lists. Returns the
/// caller's view.
#[utoipa::path(
    tag = "tables",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path)),
    request_body(content = Option<SitDown>, content_type = "application/json", description = "Optional"),
    responses(
        (status = 201, description = "Seated: the caller's view of the table", body = TableView),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
        (status = 429, description = "`quota_exceeded`: the caller seated their most bots today (UTC; `BOURRE_BOTS_PER_DAY`, default 50)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/{table_id}/bots")]
pub async fn add_bot(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let seat = text::optional_body::<SitDown>(body).await?.seat;
    let view = app
        .table()
        .add_bot(caller.0, TableId(path.into_inner()), seat)
        .await?;
    Ok(HttpResponse::Created().json(view))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct BotSeat {
    pub table_id: Uuid,
    /// The bot's seat.
    #[param(minimum = 0, maximum = 7)]
    pub seat: u8,
}

/// Stand a bot up (the table's creator or a league admin), between the hands it is dealt
/// into; its chips go back to the league's treasury. Returns the caller's view.
#[utoipa::path(
    tag = "tables",
    security(("bearer" = [])),
    params(BotSeat),
    responses(
        (status = 200, description = "Stood up and retired: the caller's view of the table", body = TableView),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[delete("/{table_id}/bots/{seat}")]
pub async fn remove_bot(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<BotSeat>,
) -> Result<HttpResponse, ApiError> {
    let view = app
        .table()
        .remove_bot(caller.0, TableId(path.table_id), path.seat)
        .await?;
    Ok(HttpResponse::Ok().json(view))
}
