//! Cross-origin requests from browsers, for the origins of `BOURRE_CORS_ORIGINS` only
//! (none by default; `*` for any). A preflight (`OPTIONS` with `Origin` and
//! `Access-Control-Request-Method`) from an allowed origin is answered 204 with what may be
//! sent; from another origin, 403 `origin_not_allowed`. Other requests are served as ever,
//! with `Access-Control-Allow-Origin` (and the headers a client may read) for an allowed
//! origin only. Tokens travel in `Authorization`, not cookies, so credentials are never
//! allowed (`Access-Control-Allow-Credentials` is not sent), and `*` is safe to answer.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError, web};

use super::error::ApiError;
use crate::app::{App, CorsOrigins, ErrorCode};

/// What a browser may send.
const ALLOW_METHODS: &str = "GET, HEAD, POST, PUT, PATCH, DELETE";
const ALLOW_HEADERS: &str = "Authorization, Content-Type, Accept, Idempotency-Key, If-None-Match, Last-Event-ID, X-Request-Id";
/// What a page may read of an answer.
const EXPOSE_HEADERS: &str =
    "X-Request-Id, ETag, Retry-After, Idempotent-Replayed, WWW-Authenticate";

/// The `Access-Control-Allow-Origin` for a request from `origin`, if it is allowed.
fn allow(origins: &CorsOrigins, origin: &str) -> Option<HeaderValue> {
    match origins {
        CorsOrigins::None => None,
        CorsOrigins::Any => Some(HeaderValue::from_static("*")),
        CorsOrigins::List(list) => list
            .iter()
            .any(|o| o == origin)
            .then(|| HeaderValue::from_str(origin).ok())
            .flatten(),
    }
}

/// The middleware (`App::wrap(from_fn(cors))`).
pub async fn cors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let origin = req
        .headers()
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let Some(origin) = origin else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let allowed = req
        .app_data::<web::Data<App>>()
        .and_then(|app| allow(&app.config.cors_origins, &origin));
    let preflight = req.method() == Method::OPTIONS
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if preflight {
        let response = match &allowed {
            Some(allow) => HttpResponse::NoContent()
                .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, allow.clone()))
                .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, ALLOW_METHODS))
                .insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOW_HEADERS))
                .insert_header((header::ACCESS_CONTROL_MAX_AGE, "600"))
                .insert_header((header::VARY, "Origin"))
                .finish(),
            None => ApiError::refused(
                ErrorCode::OriginNotAllowed,
                format!("cross-origin requests from {origin} are not allowed here"),
            )
            .error_response(),
        };
        return Ok(req.into_response(response));
    }
    let mut res = next.call(req).await?.map_into_boxed_body();
    if let Some(allow) = allowed {
        let headers = res.headers_mut();
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, allow);
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static(EXPOSE_HEADERS),
        );
        headers.append(header::VARY, HeaderValue::from_static("Origin"));
    }
    Ok(res)
}
