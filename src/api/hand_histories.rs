//! Hand histories out, in the BHH format (docs/guide/hand-histories.md): one finished hand,
//! or a league's or the caller's, streamed as NDJSON (a hand per line) in the order they
//! finished.

use actix_web::{HttpResponse, get, web};
use chrono::{DateTime, Utc};
use futures_util::Stream;
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::caller::Caller;
use super::error::{ApiError, BadRequest, Conflict, Forbidden, NotFound, Unauthorized};
use super::hands::HandOrder;
use crate::app::App;
use crate::app::ErrorCode;
use crate::app::kernel::ids::{LeagueId, TableId};
use crate::app::table::export::format::BhhFile;
use crate::app::table::export::{Export, ExportQuery};

/// The media type of an export of many hands: a BHH object per line.
pub const NDJSON: &str = "application/x-ndjson";

/// Which finished hands an export holds.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportParams {
    /// Only hands that ended at or after this time (RFC 3339, such as
    /// `2026-12-04T20:00:00Z`).
    #[serde(default)]
    #[param(value_type = Option<String>, format = DateTime)]
    pub since: Option<DateTime<Utc>>,
    /// Only hands that ended before this time (RFC 3339).
    #[serde(default)]
    #[param(value_type = Option<String>, format = DateTime)]
    pub until: Option<DateTime<Utc>>,
    /// At most this many hands (default: every one).
    #[serde(default)]
    #[param(minimum = 1, maximum = 4_294_967_295_i64)]
    pub max: Option<u32>,
    /// `asc` (default): the oldest end first; `desc`: the newest first.
    #[serde(default)]
    #[param(inline)]
    pub order: Option<HandOrder>,
}

impl ExportParams {
    fn query(&self) -> Result<ExportQuery, ApiError> {
        if self.max == Some(0) {
            return Err(ApiError::refused(
                ErrorCode::InvalidQuery,
                "max is at least 1",
            ));
        }
        Ok(ExportQuery {
            since: self.since,
            until: self.until,
            newest_first: self.order == Some(HandOrder::Desc),
            max: self.max.map(u64::from),
        })
    }
}

/// The export as a body: each page of hands, a line each, as it is read. A failure after the
/// first byte ends the body without its last chunk, so a client sees the export cut short
/// rather than complete.
fn ndjson(export: Export) -> impl Stream<Item = Result<web::Bytes, actix_web::Error>> {
    futures_util::stream::unfold(Some(export), async |state| {
        let mut export = state?;
        let failed = |e: ApiError| Some((Err(actix_web::Error::from(e)), None));
        match export.next_page().await {
            Ok(Some(hands)) => {
                let mut out = Vec::with_capacity(hands.len() * 4096);
                for file in &hands {
                    if let Err(e) = serde_json::to_writer(&mut out, file) {
                        return failed(ApiError::from(crate::app::AppError::Internal(
                            e.to_string(),
                        )));
                    }
                    out.push(b'\n');
                }
                Some((Ok(web::Bytes::from(out)), Some(export)))
            }
            Ok(None) => None,
            Err(e) => {
                tracing::error!(error = %e, "a hand export failed mid-stream");
                failed(ApiError::from(e))
            }
        }
    })
}

fn streamed(export: Export) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(NDJSON)
        .streaming(ndjson(export))
}

/// A finished hand in BHH: its players, deal, declarations, draws, tricks, pot and the seeds
/// and chain that prove it. Refused while the hand is in play.
#[utoipa::path(
    operation_id = "export_hand",
    tag = "history",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), ("hand_no" = u32, Path)),
    responses(
        (status = 200, description = "The hand in BHH", body = BhhFile),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[get("/{table_id}/hands/{hand_no}/export")]
pub async fn hand(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (table, hand_no) = path.into_inner();
    let hand = app
        .table()
        .export_hand(caller.0, TableId(table), hand_no)
        .await?;
    Ok(HttpResponse::Ok().json(hand))
}

/// The league's finished hands in BHH, a hand per line (NDJSON), streamed in the order they
/// ended (`order`), within `since` and `until`, at most `max`. To members.
#[utoipa::path(
    operation_id = "export_league_hands",
    tag = "history",
    security(("bearer" = [])),
    params(("league_id" = Uuid, Path), ExportParams),
    responses(
        (status = 200, description = "The hands, a BHH object per line", content((BhhFile = "application/x-ndjson"))),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{league_id}/hands/export")]
pub async fn league(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<ExportParams>,
) -> Result<HttpResponse, ApiError> {
    let export = app
        .table()
        .export_league(caller.0, LeagueId(path.into_inner()), query.query()?)
        .await?;
    Ok(streamed(export))
}

/// The finished hands the caller was dealt into, at every table, in BHH, a hand per line
/// (NDJSON), streamed in the order they ended (`order`), within `since` and `until`, at
/// most `max`.
#[utoipa::path(
    operation_id = "export_my_hands",
    tag = "history",
    security(("bearer" = [])),
    params(ExportParams),
    responses(
        (status = 200, description = "The hands, a BHH object per line", content((BhhFile = "application/x-ndjson"))),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
    )
)]
#[get("/me/hands/export")]
pub async fn mine(
    app: web::Data<App>,
    caller: Caller,
    query: web::Query<ExportParams>,
) -> Result<HttpResponse, ApiError> {
    let export = app.table().export_mine(caller.0, query.query()?).await?;
    Ok(streamed(export))
}
