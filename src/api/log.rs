//! The public log of hands: its key and size, the signed checkpoint, consistency proofs
//! and the tiles tlog tools read (docs/guide/public-log.md). Public: no token.

use actix_web::http::header;
use actix_web::{HttpResponse, get, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::error::{ApiError, BadRequest, NotFound, Unprocessable};
use crate::app::log::{LogInfo, Tile};
use crate::app::{App, ErrorCode};

/// The log's origin, the key its checkpoints are signed with, and its size.
#[utoipa::path(
    operation_id = "get_log",
    tag = "log",
    responses(
        (status = 200, description = "The log's origin, verifier key and size", body = LogInfo),
    )
)]
#[get("")]
pub async fn info(app: web::Data<App>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .json(app.log().info().await?))
}

/// The newest signed checkpoint: a C2SP tlog-checkpoint (origin, size, base64 root) in a
/// C2SP signed note, signed with Ed25519 by the key of `GET /v1/log`.
#[utoipa::path(
    operation_id = "get_log_checkpoint",
    tag = "log",
    responses(
        (status = 200, description = "The signed checkpoint (text/plain)", content(
            (String = "text/plain"),
        )),
    )
)]
#[get("/checkpoint")]
pub async fn checkpoint(app: web::Data<App>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(app.log().checkpoint().await?))
}

/// Between which sizes.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConsistencyQuery {
    /// The older size (0 to `to`).
    #[param(minimum = 0)]
    pub from: u64,
    /// The newer size (at most the log's).
    #[param(minimum = 0)]
    pub to: u64,
}

/// A consistency proof.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsistencyOut {
    /// The hashes of RFC 9162 2.1.4's proof, base64 (empty from 0 or between equal sizes).
    pub proof: Vec<String>,
}

/// The proof that the log at size `to` extends the log at size `from` (RFC 9162 2.1.4):
/// what a client that kept an older checkpoint checks a newer one with.
#[utoipa::path(
    operation_id = "get_log_consistency",
    tag = "log",
    params(ConsistencyQuery),
    responses(
        (status = 200, description = "The consistency proof", body = ConsistencyOut),
        (status = 400, response = BadRequest),
        (status = 422, response = Unprocessable),
    )
)]
#[get("/consistency")]
pub async fn consistency(
    app: web::Data<App>,
    query: web::Query<ConsistencyQuery>,
) -> Result<HttpResponse, ApiError> {
    let Some(proof) = app.log().consistency(query.from, query.to).await? else {
        return Err(ApiError::refused(
            ErrorCode::LogSizeOutOfRange,
            "from and to are sizes of the log with from <= to <= its size (GET /v1/log)",
        ));
    };
    Ok(HttpResponse::Ok().json(ConsistencyOut {
        proof: proof.iter().map(|h| STANDARD.encode(h)).collect(),
    }))
}

/// A tile of the log (C2SP tlog-tiles, height 8): `{L}/{N}[.p/{W}]`, the hashes of the
/// tree's level 8L from node 256N (32 bytes each), or `entries/{N}[.p/{W}]`, leaves from
/// 256N, each a big-endian 16-bit length and the leaf's bytes. N is written in groups of
/// three digits, all but the last led by `x` (`x001/x234/067`); a full tile has 256, a
/// partial one W. A tile never changes once served.
#[utoipa::path(
    operation_id = "get_log_tile",
    tag = "log",
    params(("tile" = String, Path, description = "The tile's path after `tile/`, slashes included: `0/x001/234`, `1/000.p/12`, `entries/000.p/5`")),
    responses(
        (status = 200, description = "The tile's bytes", content(
            (Vec<u8> = "application/octet-stream"),
        )),
        (status = 404, response = NotFound),
    )
)]
#[get("/tile/{tile:.*}")]
pub async fn tile(app: web::Data<App>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let missing = || {
        ApiError::refused(
            ErrorCode::NotFound,
            "no such tile: the path is not a tile's, or the log has not grown to it",
        )
    };
    let tile = Tile::parse(&path.into_inner()).ok_or_else(missing)?;
    let bytes = app.log().tile(tile).await?.ok_or_else(missing)?;
    Ok(HttpResponse::Ok()
        .content_type("application/octet-stream")
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .body(bytes))
}
