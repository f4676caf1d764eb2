//! The reference web client (`web/`), compiled into the binary. `GET /` serves its page;
//! its modules and styles are under `/app/<version>/`, where the version is a hash of every
//! file, so they are cached for a year and a new build is fetched at once. Nothing is loaded
//! from elsewhere (the page's `Content-Security-Policy` says so).

use std::sync::OnceLock;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, routes, web};
use sha2::{Digest, Sha256};

use super::error::ApiError;
use crate::app::{AppError, ErrorCode};

/// One file of the client.
struct Asset {
    name: &'static str,
    body: &'static [u8],
    content_type: &'static str,
}

/// A file of `web/` by name, with its media type.
macro_rules! asset {
    ($name:literal, $content_type:literal) => {
        Asset {
            name: $name,
            body: include_bytes!(concat!("../../web/", $name)),
            content_type: $content_type,
        }
    };
}

const ASSETS: &[Asset] = &[
    asset!("main.js", "text/javascript; charset=utf-8"),
    asset!("api.js", "text/javascript; charset=utf-8"),
    asset!("ui.js", "text/javascript; charset=utf-8"),
    asset!("leagues.js", "text/javascript; charset=utf-8"),
    asset!("table.js", "text/javascript; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
];

const PAGE: &str = include_str!("../../web/index.html");

/// What the page may load: only this server's files and API.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; worker-src 'self'; \
                      object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/// The hash of the page and every file: the assets' path and everyone's entity tag.
fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut hash = Sha256::new();
        hash.update(PAGE.as_bytes());
        for file in ASSETS {
            hash.update(file.name.as_bytes());
            hash.update(file.body);
        }
        hash.update(WORKER);
        hex::encode(&hash.finalize()[..8])
    })
}

/// The page, its assets' path filled in.
fn page() -> &'static str {
    static FILLED: OnceLock<String> = OnceLock::new();
    FILLED.get_or_init(|| PAGE.replace("{{app}}", &format!("/app/{}", version())))
}

fn unchanged(req: &HttpRequest, tag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
}

/// `body` as `content_type` with this build's entity tag and `cache` (304 with no body
/// when the client has it); `policy` for the page.
fn serve(
    req: &HttpRequest,
    body: &'static [u8],
    content_type: &'static str,
    cache: &'static str,
    policy: Option<&'static str>,
) -> HttpResponse {
    let tag = format!("\"{}\"", version());
    let fresh = !unchanged(req, &tag);
    let mut response = if fresh {
        HttpResponse::Ok()
    } else {
        HttpResponse::NotModified()
    };
    response
        .insert_header((header::ETAG, tag))
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if let Some(policy) = policy {
        response.insert_header((header::CONTENT_SECURITY_POLICY, policy));
    }
    if fresh {
        response.content_type(content_type).body(body)
    } else {
        response.finish()
    }
}

/// The client's paths, each served the page (which reads the path): the client
/// navigates with the History API, so any of them may be loaded or reloaded.
pub const PAGES: [&str; 4] = ["/", "/join/{code}", "/leagues/{id}", "/tables/{id}"];

/// The client's page, at each of [`PAGES`].
#[routes]
#[get("/")]
#[get("/join/{code}")]
#[get("/leagues/{id}")]
#[get("/tables/{id}")]
pub async fn index(req: HttpRequest) -> HttpResponse {
    serve(
        &req,
        page().as_bytes(),
        "text/html; charset=utf-8",
        "no-cache",
        Some(POLICY),
    )
}

const WORKER: &[u8] = include_bytes!("../../web/sw.js");

/// The client's service worker, which shows Web Push messages: at the root, so that its
/// scope is the whole app, and never cached for long, so a new build replaces it.
#[get("/sw.js")]
pub async fn service_worker(req: HttpRequest) -> HttpResponse {
    serve(
        &req,
        WORKER,
        "text/javascript; charset=utf-8",
        "no-cache",
        None,
    )
}

/// A module or style of the client, for a year: its path names this build's version.
#[get("/app/{version}/{name}")]
pub async fn asset(
    req: HttpRequest,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (asked, name) = path.into_inner();
    let found = ASSETS
        .iter()
        .find(|a| a.name == name)
        .filter(|_| asked == version());
    let Some(file) = found else {
        return Err(ApiError(AppError::refused(
            ErrorCode::NotFound,
            "no such file of this build of the web client (reload the page)",
        )));
    };
    Ok(serve(
        &req,
        file.body,
        file.content_type,
        "public, max-age=31536000, immutable",
        None,
    ))
}
