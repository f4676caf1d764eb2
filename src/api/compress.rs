//! JSON answers gzipped for clients that take gzip: a league's ledger, standings and
//! history, a table's view and its hands run to tens of kilobytes of JSON that shrink to a
//! tenth. Only a whole JSON body (`application/json`, `application/problem+json`) of
//! [`MIN_BYTES`] or more is compressed: never a stream (a live table's `text/event-stream`
//! goes out frame by frame, unbuffered) and never an answer already encoded (the web
//! client's files, gzipped once in [`super::client`]).

use std::io::Write;

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::middleware::Next;
use flate2::Compression;
use flate2::write::GzEncoder;

/// The smallest body compressed: below it, gzip's header and the work cost more than the
/// bytes saved.
pub const MIN_BYTES: usize = 1024;

/// Whether a request's `Accept-Encoding` takes gzip (by name or `*`, a `q` of 0 refusing
/// it).
pub fn takes_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|part| {
            let mut params = part.split(';').map(str::trim);
            let coding = params.next().unwrap_or("");
            let refused = params.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q == 0.0)
            });
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
        })
}

/// Whether an answer of this head and size is a whole JSON body worth compressing.
fn compressible(status: StatusCode, headers: &HeaderMap, size: BodySize) -> bool {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim())
        .is_some_and(|media| {
            media.eq_ignore_ascii_case("application/json")
                || media.eq_ignore_ascii_case("application/problem+json")
        });
    let large = matches!(size, BodySize::Sized(n) if n >= MIN_BYTES as u64);
    json && large
        && status != StatusCode::NO_CONTENT
        && status != StatusCode::NOT_MODIFIED
        && !headers.contains_key(header::CONTENT_ENCODING)
}

/// `bytes` gzipped at the fastest level: most of the gain for JSON, at a fraction of the
/// time of the default level.
fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 4), Compression::fast());
    encoder.write_all(bytes)?;
    encoder.finish()
}

/// The middleware (`App::wrap(from_fn(gzip_json))`): every large JSON answer says it
/// varies with `Accept-Encoding`, and goes gzipped when the request takes gzip. An entity
/// tag is left as it is, so that a 304 (never compressed) names the same tag as the 200 it
/// stands for: the view's tag only ever serves `If-None-Match`, whose comparison is weak.
pub async fn gzip_json(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let wanted = takes_gzip(req.headers());
    let res = next.call(req).await?.map_into_boxed_body();
    let size = res.response().body().size();
    if !compressible(res.status(), res.headers(), size) {
        return Ok(res);
    }
    Ok(res.map_body(|head, body| {
        head.headers
            .append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        if !wanted {
            return body;
        }
        let bytes = match body.try_into_bytes() {
            Ok(bytes) => bytes,
            Err(body) => return body,
        };
        let Ok(packed) = gzip(&bytes) else {
            return BoxBody::new(bytes);
        };
        head.headers
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        BoxBody::new(packed)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepting(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap_or(HeaderValue::from_static("")),
        );
        headers
    }

    #[test]
    fn gzip_is_taken_unless_refused() {
        for yes in [
            "gzip",
            "gzip, deflate, br",
            "br;q=1.0, GZIP;q=0.5",
            "*",
            "identity, *;q=0.1",
        ] {
            assert!(takes_gzip(&accepting(yes)), "{yes}");
        }
        for no in [
            "",
            "identity",
            "br, deflate",
            "gzip;q=0",
            "gzip; q=0.0, br",
            "*;q=0",
            "gzipped",
        ] {
            assert!(!takes_gzip(&accepting(no)), "{no}");
        }
        assert!(!takes_gzip(&HeaderMap::new()));
    }

    #[test]
    fn only_whole_large_json_is_compressed() {
        let typed = |kind: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
            headers
        };
        let large = BodySize::Sized(MIN_BYTES as u64);
        let ok = StatusCode::OK;
        assert!(compressible(ok, &typed("application/json"), large));
        assert!(compressible(
            StatusCode::NOT_FOUND,
            &typed("application/problem+json"),
            large
        ));
        assert!(!compressible(
            ok,
            &typed("application/json"),
            BodySize::Sized(1023)
        ));
        assert!(!compressible(
            ok,
            &typed("application/json"),
            BodySize::Stream
        ));
        assert!(!compressible(ok, &typed("text/event-stream"), large));
        assert!(!compressible(ok, &typed("text/html; charset=utf-8"), large));
        assert!(!compressible(
            StatusCode::NOT_MODIFIED,
            &typed("application/json"),
            large
        ));
        let mut encoded = typed("application/json");
        encoded.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        assert!(!compressible(ok, &encoded, large));
    }
}
