//! The `Idempotency-Key` header on the way in, and stored replies on the way out.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use utoipa::IntoParams;

use super::error::ApiError;
use crate::app::ErrorCode;
use crate::app::kernel::idempotency::canonical_json;
use crate::app::kernel::idempotency::{IdempotencyKey, Reply};

/// The `Idempotency-Key` header of the operations that create something, as documented.
#[derive(IntoParams)]
#[into_params(parameter_in = Header)]
pub struct KeyHeader {
    /// A retry with the same key returns the stored response and changes nothing (24 hours)
    #[param(rename = "Idempotency-Key")]
    pub key: Option<String>,
}

/// The request's `Idempotency-Key`, bound to what it asks: the operation and the canonical
/// JSON of its inputs (sorted keys, no whitespace), so the same key with another request is
/// refused.
pub fn key_from(
    req: &HttpRequest,
    operation: &str,
    request: &serde_json::Value,
) -> Result<Option<IdempotencyKey>, ApiError> {
    let Some(value) = req.headers().get("Idempotency-Key") else {
        return Ok(None);
    };
    let text = value.to_str().map_err(|_| {
        ApiError::refused(
            ErrorCode::InvalidIdempotencyKey,
            "Idempotency-Key is visible ASCII",
        )
    })?;
    let fingerprint = format!("{operation}|{}", canonical_json(request));
    let quota = req
        .app_data::<actix_web::web::Data<crate::app::App>>()
        .map_or(i64::MAX, |app| app.config.quotas.keys_per_day);
    Ok(Some(IdempotencyKey::new(text, &fingerprint, quota)?))
}

/// A fresh reply with `status`, or the stored one marked `Idempotent-Replayed: true`.
pub fn respond<T: Serialize>(reply: Reply<T>, status: StatusCode) -> HttpResponse {
    match reply {
        Reply::Fresh(value) => HttpResponse::build(status).json(value),
        Reply::Replayed { status, body } => {
            HttpResponse::build(StatusCode::from_u16(status).unwrap_or(StatusCode::OK))
                .insert_header(("Idempotent-Replayed", "true"))
                .json(body)
        }
    }
}
