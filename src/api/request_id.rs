//! Every request gets an id: the client's `X-Request-Id` when it is sane, else a new one.
//! The id is echoed in the `X-Request-Id` response header, set as the task-local that every
//! log line and every problem+json body of the request carries, and the request is logged
//! once when answered (method, path without query, status, latency).

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use serde_json::json;
use tracing::Instrument;

use crate::app::kernel::obs;

pub const HEADER: &str = "x-request-id";

/// A client's id is kept when it has 1 to 64 characters among letters, digits, `-_.:`.
fn sane(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

fn fresh() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// The middleware (`App::wrap(from_fn(request_context))`).
pub async fn request_context(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let id = req
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| sane(v))
        .map_or_else(fresh, str::to_owned);
    let method = req.method().to_string();
    let drain = req
        .app_data::<actix_web::web::Data<crate::app::App>>()
        .map(|app| app.drain.clone());
    // The path only: a query string is never logged.
    let path = req.path().to_owned();
    let started = std::time::Instant::now();
    // Every line written while serving the request carries its id (the span's), and so
    // does every problem+json body (the task-local's).
    let span = tracing::info_span!("request", request_id = %id);
    let result = obs::REQUEST_ID
        .scope(id.clone(), next.call(req).instrument(span.clone()))
        .await;
    let mut res = match result {
        Ok(res) => res.map_into_boxed_body(),
        // The routes answer errors themselves; an error here came from actix itself.
        Err(err) => {
            let status = err.as_response_error().status_code().as_u16();
            answered(None, &method, status, started);
            span.in_scope(|| {
                obs::error(
                    "request",
                    json!({"method": method, "path": path, "status": status, "cause": err.to_string()}),
                );
            });
            return Err(err);
        }
    };
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut()
            .insert(HeaderName::from_static(HEADER), value);
    }
    // A process on its way out closes each connection after its answer, so clients and
    // balancers open their next one elsewhere and none is left idle when it stops.
    if drain.is_some_and(|d| d.stage() != crate::app::kernel::drain::Stage::Serving) {
        res.response_mut()
            .head_mut()
            .set_connection_type(actix_http::ConnectionType::Close);
    }
    let status = res.status().as_u16();
    answered(res.request().match_pattern(), &method, status, started);
    let fields = json!({
        "method": method,
        "path": path,
        "status": status,
        "latency_ms": started.elapsed().as_secs_f64() * 1000.0,
    });
    span.in_scope(|| {
        // A 503 is the database away, the process shutting down or too busy, not a bug.
        if status == 503 {
            obs::warn("request", fields);
        } else if status >= 500 {
            obs::error("request", fields);
        } else {
            obs::info("request", fields);
        }
    });
    Ok(res)
}

/// Counts and times an answered request by its route's template (`unmatched` when none
/// matched), its method (`other` beyond the standard ones) and its status.
fn answered(route: Option<String>, method: &str, status: u16, started: std::time::Instant) {
    if !crate::app::kernel::metrics::on() {
        return;
    }
    let method = match method {
        "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS" => method.to_owned(),
        _ => "other".to_owned(),
    };
    let route = route.unwrap_or_else(|| "unmatched".to_owned());
    metrics::counter!("bourre_http_requests_total", "route" => route.clone(),
        "method" => method.clone(), "status" => status.to_string())
    .increment(1);
    metrics::histogram!("bourre_http_request_duration_seconds", "route" => route,
        "method" => method)
    .record(started.elapsed().as_secs_f64());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sane_ids_are_kept() {
        assert!(sane("abc-123_x.y:z"));
        assert!(!sane(""));
        assert!(!sane("a b"));
        assert!(!sane("{\"x\":1}"));
        assert!(!sane(&"a".repeat(65)));
    }
}
