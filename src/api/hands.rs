//! Hand history: summaries, a finished hand's full record (JSON or text), its audit, and
//! the seats' client seeds for the next deck.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, put, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::caller::Caller;
use super::error::{
    ApiError, BadRequest, Conflict, Forbidden, NotFound, Unauthorized, Unprocessable,
};
use crate::app::App;
use crate::app::ErrorCode;
use crate::app::kernel::ids::TableId;
use crate::app::log::LogProof;
use crate::app::table::audit::{AuditReport, HandRecord};
use crate::app::table::history::{HandCursor, HandPage, MAX_HANDS_PAGE, transcript};

/// The order of a table's hands: by hand number, up or down.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(default = "asc")]
pub enum HandOrder {
    /// Oldest first.
    #[default]
    Asc,
    /// Newest first.
    Desc,
}

/// Which hands to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HandsQuery {
    /// Continue after this hand number in the list's order, a page's `next_cursor`: the
    /// hands numbered above it with `asc` (default 0: from the first), below it with `desc`
    /// (default: from the newest).
    #[param(minimum = 0, maximum = 2_147_483_647)]
    pub after: Option<u32>,
    /// Hands per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// `asc` (default): oldest first; `desc`: newest first, the hand in play (if any) first.
    #[param(inline)]
    pub order: Option<HandOrder>,
}

/// Summaries of the table's hands, oldest first (or newest first with `order=desc`), a page
/// at a time.
#[utoipa::path(
    operation_id = "list_table_hands",
    tag = "history",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), HandsQuery),
    responses(
        (status = 200, description = "A page of the table's hands, in the order asked", body = HandPage),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
    )
)]
#[get("/{table_id}/hands")]
pub async fn list(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    query: web::Query<HandsQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = query.limit.unwrap_or(50);
    if query
        .after
        .is_some_and(|after| i32::try_from(after).is_err())
    {
        return Err(ApiError::refused(
            ErrorCode::InvalidQuery,
            "after is a hand number, at most 2147483647",
        ));
    }
    if !(1..=MAX_HANDS_PAGE).contains(&limit) {
        return Err(ApiError::refused(
            ErrorCode::InvalidQuery,
            format!("limit is from 1 to {MAX_HANDS_PAGE}"),
        ));
    }
    let hands = app
        .table()
        .hand_summaries(
            caller.0,
            TableId(path.into_inner()),
            HandCursor {
                after: query.after,
                newest_first: query.order == Some(HandOrder::Desc),
            },
            limit,
        )
        .await?;
    Ok(HttpResponse::Ok().json(hands))
}

/// A finished hand's full record: every deal, declaration, discard, draw, trick and
/// payment, the revealed seed and its commitment, with each row's hashes. With
/// `Accept: text/plain`, a readable transcript. Refused while the hand is in play.
#[utoipa::path(
    operation_id = "get_hand_record",
    tag = "history",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), ("hand_no" = u32, Path)),
    responses(
        (status = 200, description = "The record, or a transcript with `Accept: text/plain`", content(
            (HandRecord = "application/json"),
            (String = "text/plain"),
        )),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[get("/{table_id}/hands/{hand_no}")]
pub async fn record(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, u32)>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (table, hand_no) = path.into_inner();
    let record = app
        .table()
        .hand_record(caller.0, TableId(table), hand_no)
        .await?;
    let wants_text = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/plain") && !v.contains("application/json"));
    if wants_text {
        return Ok(HttpResponse::Ok()
            .content_type("text/plain; charset=utf-8")
            .body(transcript(&record)?));
    }
    Ok(HttpResponse::Ok().json(record))
}

/// Verifies a finished hand: the table's hash chain up to the hand's last event, the
/// revealed seed against its prior commitment, the deck against the seeds, and a replay of
/// every event through the rules engine. On failure each verdict names the first bad seq.
#[utoipa::path(
    operation_id = "get_hand_audit",
    tag = "history",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), ("hand_no" = u32, Path)),
    responses(
        (status = 200, description = "The audit's verdicts (hash chain, commitment, deck, replay)", body = AuditReport),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[get("/{table_id}/hands/{hand_no}/audit")]
pub async fn audit(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (table, hand_no) = path.into_inner();
    let report = app
        .table()
        .audit_hand(caller.0, TableId(table), hand_no)
        .await?;
    Ok(HttpResponse::Ok().json(report))
}

/// A finished hand's place in the public log: its leaf, the inclusion path and the signed
/// checkpoint the path leads to (docs/guide/public-log.md). 404 `hand_not_logged` for the
/// few seconds after the hand's end before it is in the log.
#[utoipa::path(
    operation_id = "get_hand_proof",
    tag = "history",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path), ("hand_no" = u32, Path)),
    responses(
        (status = 200, description = "The hand's proof of inclusion in the public log", body = LogProof),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
    )
)]
#[get("/{table_id}/hands/{hand_no}/proof")]
pub async fn proof(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<(Uuid, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (table, hand_no) = path.into_inner();
    let proof = app
        .table()
        .hand_proof(caller.0, TableId(table), hand_no)
        .await?;
    Ok(HttpResponse::Ok().json(proof))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClientSeedIn {
    /// 1 to 64 characters: letters, digits, `_` or `-`.
    #[serde(deserialize_with = "super::text::plain")]
    #[schema(pattern = "^[A-Za-z0-9_-]{1,64}$")]
    pub seed: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientSeedOut {
    /// The caller's seat, 0-7.
    pub seat: u8,
    /// The seed, as set.
    pub seed: String,
    /// The hand whose deck the seed goes into.
    pub hand_no: u32,
    /// The server's commitment for that hand, published before any client seed for it.
    pub commitment: String,
}

/// Set the caller's client seed for the next hand's deck (between hands, after the
/// server committed to its seed).
#[utoipa::path(
    operation_id = "set_client_seed",
    tag = "history",
    security(("bearer" = [])),
    params(("table_id" = Uuid, Path)),
    request_body = ClientSeedIn,
    responses(
        (status = 200, description = "The seed is set for the caller's next hand", body = ClientSeedOut),
        (status = 400, response = BadRequest),
        (status = 401, response = Unauthorized),
        (status = 403, response = Forbidden),
        (status = 404, response = NotFound),
        (status = 409, response = Conflict),
        (status = 422, response = Unprocessable),
    )
)]
#[put("/{table_id}/seats/me/client-seed")]
pub async fn client_seed(
    app: web::Data<App>,
    caller: Caller,
    path: web::Path<Uuid>,
    body: web::Json<super::text::Object<ClientSeedIn>>,
) -> Result<HttpResponse, ApiError> {
    let set = app
        .table()
        .set_client_seed(caller.0, TableId(path.into_inner()), &body.seed)
        .await?;
    Ok(HttpResponse::Ok().json(ClientSeedOut {
        seat: set.seat,
        seed: body.seed.clone(),
        hand_no: set.hand_no,
        commitment: set.commitment,
    }))
}
