//! The wire form of every refusal: `application/problem+json` with a stable `code`.

use actix_web::http::StatusCode;
use actix_web::http::header::RETRY_AFTER;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};

use crate::app::kernel::obs;
use crate::app::{AppError, ErrorCode};

/// RFC 9457 problem details, with the stable `code` clients switch on.
#[derive(Debug, Serialize, ToSchema)]
pub struct Problem {
    /// `urn:bourre:problem:<code>`.
    #[serde(rename = "type")]
    pub type_: String,
    /// The HTTP status's reason phrase, such as `Conflict`.
    pub title: String,
    /// The HTTP status code, as on the response.
    pub status: u16,
    /// What went wrong, for people (English); switch on `code`, not on this.
    pub detail: String,
    /// Stable machine-readable code, e.g. `must_follow_suit`, `version_conflict`.
    pub code: ErrorCode,
    /// The rule (docs/rules.md) that refused the action, when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rule: Option<String>,
    /// With `version_conflict`: the table's version now.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub current_version: Option<i64>,
    /// The request's id, as in the `X-Request-Id` response header and the server's logs.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub request_id: Option<String>,
}

/// Declares the problem+json responses operations share, one per status (see
/// [`problem_response`]).
macro_rules! problem_responses {
    ($($(#[$doc:meta])* $name:ident = ($status:literal, $what:literal),)*) => {$(
        $(#[$doc])*
        pub struct $name;

        impl<'r> utoipa::ToResponse<'r> for $name {
            fn response() -> (&'r str, RefOr<Response>) {
                (stringify!($name), problem_response($status, $what).into())
            }
        }
    )*};
}

problem_responses! {
    /// 400.
    BadRequest = (400, "Malformed input"),
    /// 401.
    Unauthorized = (401, "Missing, expired or bad token"),
    /// 403.
    Forbidden = (403, "Authenticated but not allowed"),
    /// 404.
    NotFound = (404, "Unknown id"),
    /// 409.
    Conflict = (409, "The request clashes with the state, or the state moved on (with `version_conflict`, `current_version` says to what)"),
    /// 422.
    Unprocessable = (422, "A well-formed request the rules refuse (a rule's refusal names it in `rule`)"),
}

/// Declares problem+json responses with a description of their own (see
/// [`problem_described`]).
macro_rules! described_responses {
    ($($(#[$doc:meta])* $name:ident = $description:literal,)*) => {$(
        $(#[$doc])*
        pub struct $name;

        impl<'r> utoipa::ToResponse<'r> for $name {
            fn response() -> (&'r str, RefOr<Response>) {
                (stringify!($name), problem_described($description).into())
            }
        }
    )*};
}

described_responses! {
    /// 503 `busy`, shared by the operations that hash a password.
    Busy = "`busy`: every password-hashing slot stayed taken for 5 seconds (one per core; a \
        burst of sign-ins queues); the request changed nothing, see `Retry-After`",
    /// 429 `quota_exceeded` for a new idempotency key, shared by the keyed operations.
    QuotaExceeded = "`quota_exceeded`: with a new `Idempotency-Key`, the caller has their most \
        replies stored (`BOURRE_KEYS_PER_DAY`, default 10,000; kept 24 hours); without a key, or \
        with a stored one, the request is not refused; `Retry-After` is an hour",
    /// 429 `quota_exceeded` for a new push device or Web Push subscription.
    PushQuotaExceeded = "`quota_exceeded`: the caller registered their most new push devices and \
        Web Push subscriptions today (UTC; `BOURRE_PUSH_REGISTRATIONS_PER_DAY`, default 20); one \
        they hold registers again freely; `Retry-After` is an hour",
    /// 429 `chat_too_fast`, a table's chat.
    ChatTooFast = "`chat_too_fast`: the caller said 5 messages at this table in the last 10 \
        seconds; `Retry-After` says when the next may be said",
    /// 429 `too_many_reports`, a player's reports.
    TooManyReports = "`too_many_reports`: the caller made 10 reports in the last hour; \
        `Retry-After` says when the next may be made",
    /// 429 `too_many_streams`, shared by the stream and the long-poll.
    TooManyStreams = "`too_many_streams`: the caller holds their most streams and long-polls on \
        this server (`BOURRE_STREAMS_PER_PLAYER`, default 8), or the server its most \
        (`BOURRE_STREAMS_PER_PROCESS`, default 10,000); `Retry-After` is 5 seconds",
}

/// A problem+json response with `status`: `what`, and every code of that status.
fn problem_response(status: u16, what: &str) -> Response {
    let codes: Vec<String> = ErrorCode::ALL
        .iter()
        .filter(|c| c.status() == status)
        .map(|c| format!("`{c}`"))
        .collect();
    problem_described(format!("{what}. Codes: {}.", codes.join(", ")))
}

/// A problem+json response described as `description`.
fn problem_described(description: impl Into<String>) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/problem+json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .build(),
        )
        .build()
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

/// The `Retry-After` of a refusal with `code` that is not a throttle's (a throttle knows
/// its own wait).
fn retry_after_secs(code: ErrorCode) -> Option<u64> {
    match code {
        // The database is away, or this process drains: another process answers, or this
        // one once back.
        ErrorCode::Unavailable | ErrorCode::ShuttingDown => Some(1),
        // A stream's slot is free as soon as it ends, and streams end within seconds of
        // their client leaving.
        ErrorCode::TooManyStreams => Some(5),
        // A daily quota frees a use as its oldest turns a day old, which the refusal does
        // not look up: an hour is the hint.
        ErrorCode::QuotaExceeded => Some(3600),
        _ => None,
    }
}

impl ApiError {
    pub fn refused(code: ErrorCode, detail: impl Into<String>) -> ApiError {
        ApiError(AppError::refused(code, detail))
    }

    /// The response's code, the rule that refused (if one did) and the table's version
    /// (with `version_conflict`).
    fn parts(&self) -> (ErrorCode, Option<&'static str>, Option<i64>) {
        match &self.0 {
            AppError::Rule(rule) => (rule.into(), Some(rule.rule()), None),
            AppError::Refused {
                code,
                current_version,
                ..
            } => (*code, None, *current_version),
            AppError::Throttled { code, .. } => (*code, None, None),
            AppError::Store(e) if e.away() => (ErrorCode::Unavailable, None, None),
            AppError::Store(_) | AppError::Internal(_) => (ErrorCode::Internal, None, None),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.parts().0.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let (code, rule, current_version) = self.parts();
        let status = self.status_code();
        let detail = if matches!(
            code,
            ErrorCode::ShuttingDown | ErrorCode::Busy | ErrorCode::ProviderUnavailable
        ) {
            self.0.to_string()
        } else if status == StatusCode::SERVICE_UNAVAILABLE {
            obs::warn("database unavailable", json!({"cause": self.0.to_string()}));
            "the database is unavailable; the request changed nothing, try again shortly".to_owned()
        } else if status.is_server_error() {
            obs::error("request failed", json!({"cause": self.0.to_string()}));
            "the server failed; the request changed nothing".to_owned()
        } else {
            self.0.to_string()
        };
        let problem = Problem {
            type_: format!("urn:bourre:problem:{code}"),
            title: status.canonical_reason().unwrap_or("Error").to_owned(),
            status: status.as_u16(),
            detail,
            code,
            rule: rule.map(str::to_owned),
            current_version,
            request_id: obs::request_id(),
        };
        let mut response = HttpResponse::build(status);
        response.content_type("application/problem+json");
        let retry_after = match &self.0 {
            AppError::Throttled {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            _ => retry_after_secs(code),
        };
        if let Some(secs) = retry_after {
            response.insert_header((RETRY_AFTER, secs.to_string()));
        }
        response.json(problem)
    }
}
