//! The reference web client (`web/`), compiled into the binary. `GET /` serves its page;
//! its modules and styles are under `/app/<version>/`, where the version is a hash of every
//! file, so they are cached for a year and a new build is fetched at once. Its texts go
//! gzipped to a browser that takes gzip. Nothing is loaded from elsewhere (the page's
//! `Content-Security-Policy` says so).

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Mutex, OnceLock};

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, routes, web};
use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};

use super::compress::takes_gzip;
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
    ($name:literal, $content_type:expr) => {
        Asset {
            name: $name,
            body: include_bytes!(concat!("../../web/", $name)),
            content_type: $content_type,
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

const ASSETS: &[Asset] = &[
    asset!("main.js", JS),
    asset!("session.js", JS),
    asset!("sdk/index.js", JS),
    asset!("sdk/client.js", JS),
    asset!("sdk/errors.js", JS),
    asset!("sdk/live.js", JS),
    asset!("sdk/operations.js", JS),
    asset!("sdk/session.js", JS),
    asset!("ui.js", JS),
    asset!("i18n.js", JS),
    asset!("leagues.js", JS),
    asset!("tournaments.js", JS),
    asset!("table.js", JS),
    asset!("chat.js", JS),
    asset!("felt.js", JS),
    asset!("motion.js", JS),
    asset!("history.js", JS),
    asset!("verify.js", JS),
    asset!("vendor/chacha.js", JS),
    asset!("vendor/_arx.js", JS),
    asset!("vendor/_assert.js", JS),
    asset!("vendor/_poly1305.js", JS),
    asset!("vendor/utils.js", JS),
    asset!("profile.js", JS),
    asset!("lang-en.js", JS),
    asset!("lang-zh-Hans.js", JS),
    asset!("lang-ja.js", JS),
    asset!("lang-th.js", JS),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("icon.svg", "image/svg+xml"),
    asset!("icon-192.png", "image/png"),
    asset!("icon-512.png", "image/png"),
    asset!("icon-maskable-512.png", "image/png"),
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

/// Where this build serves file `name` of the client.
fn asset_path(name: &str) -> String {
    format!("/app/{}/{name}", version())
}

/// The page, its assets' path filled in.
fn page() -> &'static str {
    static FILLED: OnceLock<String> = OnceLock::new();
    FILLED.get_or_init(|| PAGE.replace("{{app}}", &format!("/app/{}", version())))
}

/// `body` gzipped, once: each text of the client is compressed at its first request and
/// kept for the life of the process.
fn gzipped(body: &'static [u8]) -> &'static [u8] {
    static KEPT: OnceLock<Mutex<HashMap<usize, &'static [u8]>>> = OnceLock::new();
    let mut kept = KEPT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    kept.entry(body.as_ptr() as usize).or_insert_with(|| {
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        let packed = encoder
            .write_all(body)
            .and_then(|()| encoder.finish())
            .unwrap_or_default();
        Box::leak(packed.into_boxed_slice())
    })
}

fn unchanged(req: &HttpRequest, tag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
}

/// `body` as `content_type` with this build's entity tag and `cache` (304 with no body
/// when the client has it), gzipped when it is text and the client takes gzip; `policy`
/// for the page.
fn serve(
    req: &HttpRequest,
    body: &'static [u8],
    content_type: &'static str,
    cache: &'static str,
    policy: Option<&'static str>,
) -> HttpResponse {
    let text = !content_type.starts_with("image/png");
    let gzip = text && takes_gzip(req.headers());
    let (body, tag) = if gzip {
        (gzipped(body), format!("\"{}-gzip\"", version()))
    } else {
        (body, format!("\"{}\"", version()))
    };
    let fresh = !unchanged(req, &tag);
    let mut response = if fresh {
        HttpResponse::Ok()
    } else {
        HttpResponse::NotModified()
    };
    response
        .insert_header((header::ETAG, tag))
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::VARY, "Accept-Encoding"));
    if gzip {
        response.insert_header((header::CONTENT_ENCODING, "gzip"));
    }
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
pub const PAGES: [&str; 7] = [
    "/",
    "/join/{code}",
    "/leagues/{id}",
    "/tables/{id}",
    "/tournaments/{id}",
    "/profile",
    "/oidc",
];

/// The client's page, at each of [`PAGES`].
#[routes]
#[get("/")]
#[get("/join/{code}")]
#[get("/leagues/{id}")]
#[get("/tables/{id}")]
#[get("/tournaments/{id}")]
#[get("/profile")]
#[get("/oidc")]
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

/// The service worker, its shell filled in: the page's path and each of this build's files.
fn worker() -> &'static str {
    static FILLED: OnceLock<String> = OnceLock::new();
    FILLED.get_or_init(|| {
        let shell: Vec<String> = std::iter::once("/".to_owned())
            .chain(ASSETS.iter().map(|a| asset_path(a.name)))
            .collect();
        String::from_utf8_lossy(WORKER).replace("__SHELL__", &shell.join(" "))
    })
}

/// The client's service worker, which keeps the app's shell for offline visits and shows
/// Web Push messages: at the root, so that its scope is the whole app, and never cached for
/// long, so a new build replaces it.
#[get("/sw.js")]
pub async fn service_worker(req: HttpRequest) -> HttpResponse {
    serve(&req, worker().as_bytes(), JS, "no-cache", None)
}

/// The web app manifest: what a browser needs to install the client as an app.
fn manifest() -> &'static str {
    static FILLED: OnceLock<String> = OnceLock::new();
    FILLED.get_or_init(|| {
        let icon = |name: &str, size: &str, purpose: &str| {
            let kind = ASSETS
                .iter()
                .find(|a| a.name == name)
                .map(|a| a.content_type);
            serde_json::json!({
                "src": asset_path(name),
                "sizes": size,
                "type": kind,
                "purpose": purpose,
            })
        };
        serde_json::json!({
            "name": "Bourré",
            "short_name": "Bourré",
            "description": "Bourré (Booray), the Louisiana trick-taking game, with your league.",
            "id": "/",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#0b5d3b",
            "theme_color": "#0b5d3b",
            "icons": [
                icon("icon-192.png", "192x192", "any"),
                icon("icon-512.png", "512x512", "any"),
                icon("icon-maskable-512.png", "512x512", "maskable"),
                icon("icon.svg", "any", "any"),
            ],
        })
        .to_string()
    })
}

/// The client's web app manifest (`/manifest.webmanifest`).
#[get("/manifest.webmanifest")]
pub async fn web_manifest(req: HttpRequest) -> HttpResponse {
    serve(
        &req,
        manifest().as_bytes(),
        "application/manifest+json",
        "no-cache",
        None,
    )
}

/// A module or style of the client, for a year: its path names this build's version.
#[get("/app/{version}/{name:[^/]+(?:/[^/]+)?}")]
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
