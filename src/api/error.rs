//! The wire form of every refusal: `application/problem+json` with a stable `code`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::app::AppError;

/// RFC 9457 problem details, with the stable `code` clients switch on.
#[derive(Debug, Serialize, ToSchema)]
pub struct Problem {
    /// `urn:bourre:problem:<code>`.
    #[serde(rename = "type")]
    pub type_: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// Stable machine-readable code, e.g. `must_follow_suit`, `version_conflict`.
    pub code: String,
    /// The rule of BOURRE.md that refused the action, when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// With `version_conflict`: the table's version now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_version: Option<i64>,
}

/// An error on its way out.
#[derive(Debug)]
pub struct ApiError(pub AppError);

impl From<AppError> for ApiError {
    fn from(e: AppError) -> ApiError {
        ApiError(e)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl ApiError {
    pub fn bad_request(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError(AppError::BadRequest {
            code,
            detail: detail.into(),
        })
    }

    fn parts(&self) -> (StatusCode, &'static str, Option<&'static str>, Option<i64>) {
        match &self.0 {
            AppError::Rule(rule) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                rule.code(),
                Some(rule.rule()),
                None,
            ),
            AppError::Unprocessable { code, .. } => {
                (StatusCode::UNPROCESSABLE_ENTITY, code, None, None)
            }
            AppError::BadRequest { code, .. } => (StatusCode::BAD_REQUEST, code, None, None),
            AppError::Unauthorized(_) => (StatusCode::UNAUTHORIZED, "unauthorized", None, None),
            AppError::Forbidden { code, .. } => (StatusCode::FORBIDDEN, code, None, None),
            AppError::NotFound { code, .. } => (StatusCode::NOT_FOUND, code, None, None),
            AppError::Conflict {
                code,
                current_version,
                ..
            } => (StatusCode::CONFLICT, code, None, *current_version),
            AppError::Store(crate::store::StoreError::Pool(_)) => {
                (StatusCode::SERVICE_UNAVAILABLE, "unavailable", None, None)
            }
            AppError::Store(_) | AppError::Internal(_) => {
                (StatusCode::INTERNAL_SERVER_ERROR, "internal", None, None)
            }
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.parts().0
    }

    fn error_response(&self) -> HttpResponse {
        let (status, code, rule, current_version) = self.parts();
        let detail = if status.is_server_error() {
            "the server failed; the request changed nothing".to_owned()
        } else {
            self.0.to_string()
        };
        let problem = Problem {
            type_: format!("urn:bourre:problem:{code}"),
            title: status.canonical_reason().unwrap_or("Error").to_owned(),
            status: status.as_u16(),
            detail,
            code: code.to_owned(),
            rule: rule.map(str::to_owned),
            current_version,
        };
        HttpResponse::build(status)
            .content_type("application/problem+json")
            .json(problem)
    }
}
