//! What answers a request no route took: 405 `method_not_allowed` (with `Allow`) when the
//! path is one of the document's with another method, else 404 `not_found`.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};

use super::error::ApiError;
use crate::app::AppError;
use crate::app::ErrorCode;

/// The document's paths, each with the methods it serves.
#[derive(Clone)]
pub struct Routes(Vec<(Vec<String>, Vec<&'static str>)>);

impl Routes {
    pub fn of(doc: &utoipa::openapi::OpenApi) -> Routes {
        let mut routes = Vec::new();
        for (path, item) in &doc.paths.paths {
            let segments = path.split('/').map(str::to_owned).collect();
            let methods = [
                ("GET", item.get.is_some()),
                // Every GET route also answers HEAD (see `head`).
                ("HEAD", item.head.is_some() || item.get.is_some()),
                ("POST", item.post.is_some()),
                ("PUT", item.put.is_some()),
                ("PATCH", item.patch.is_some()),
                ("DELETE", item.delete.is_some()),
                ("OPTIONS", item.options.is_some()),
            ]
            .into_iter()
            .filter_map(|(name, present)| present.then_some(name))
            .collect();
            routes.push((segments, methods));
        }
        // The document and the Swagger UI; the web client's page and files.
        let pages = super::client::PAGES.iter().copied();
        for path in [
            "/openapi.json",
            "/app/{version}/{name}",
            "/sw.js",
            "/manifest.webmanifest",
        ]
        .into_iter()
        .chain(pages)
        {
            routes.push((
                path.split('/').map(str::to_owned).collect(),
                vec!["GET", "HEAD"],
            ));
        }
        Routes(routes)
    }

    /// The methods served at `path`, when a documented path matches it. Where several
    /// match, the most literal wins, as in routing (`/v1/leagues/join` over
    /// `/v1/leagues/{league_id}`).
    fn allowed(&self, path: &str) -> Option<Vec<&'static str>> {
        let asked: Vec<&str> = path.split('/').collect();
        let parameter = |t: &str| t.starts_with('{') && t.ends_with('}');
        let mut best: Option<(usize, Vec<&'static str>)> = None;
        for (segments, methods) in &self.0 {
            let matches = segments.len() == asked.len()
                && segments.iter().zip(&asked).all(|(template, seg)| {
                    (parameter(template) && !seg.is_empty()) || template == seg
                });
            if !matches {
                continue;
            }
            let literal = segments.iter().filter(|t| !parameter(t)).count();
            match &mut best {
                Some((most, allowed)) if *most == literal => allowed.extend(methods),
                Some((most, _)) if *most > literal => {}
                _ => best = Some((literal, methods.clone())),
            }
        }
        best.map(|(_, mut allowed)| {
            allowed.sort_unstable();
            allowed.dedup();
            allowed
        })
    }
}

/// 405 with `Allow` for `req`'s path and the methods it serves.
fn not_allowed(req: &HttpRequest, methods: &[&str]) -> HttpResponse {
    let error = ApiError(AppError::refused(
        ErrorCode::MethodNotAllowed,
        format!(
            "{} is not served at this path; it serves {}",
            req.method(),
            methods.join(", ")
        ),
    ));
    let mut response = error.error_response();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&methods.join(", ")) {
        response
            .headers_mut()
            .insert(actix_web::http::header::ALLOW, value);
    }
    debug_assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    response
}

/// The default service.
pub async fn unmatched(req: HttpRequest, routes: actix_web::web::Data<Routes>) -> HttpResponse {
    match routes.allowed(req.path()) {
        Some(methods) => not_allowed(&req, &methods),
        None => ApiError(AppError::refused(ErrorCode::NotFound, "no such route")).error_response(),
    }
}

/// A path a route took whose parameters did not parse: 405 when a more literal path of the
/// document is there with other methods (`GET /v1/leagues/join`, taken by
/// `/v1/leagues/{league_id}`), else 404 `not_found` saying why.
pub fn unparsed_path(err: actix_web::error::PathError, req: &HttpRequest) -> actix_web::Error {
    let methods = req
        .app_data::<actix_web::web::Data<Routes>>()
        .and_then(|routes| routes.allowed(req.path()))
        .filter(|methods| !methods.contains(&req.method().as_str()));
    match methods {
        Some(methods) => {
            actix_web::error::InternalError::from_response(err, not_allowed(req, &methods)).into()
        }
        None => ApiError(AppError::refused(ErrorCode::NotFound, err.to_string())).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_paths_with_other_methods_are_405() {
        let routes = Routes::of(&super::super::openapi());
        assert_eq!(routes.allowed("/healthz"), Some(vec!["GET", "HEAD"]));
        let table = format!("/v1/tables/{}/actions", uuid::Uuid::nil());
        assert_eq!(routes.allowed(&table), Some(vec!["POST"]));
        assert_eq!(routes.allowed("/v1/tables//actions"), None);
        assert_eq!(routes.allowed("/nowhere"), None);
        // The most literal path wins.
        assert_eq!(routes.allowed("/v1/leagues/join"), Some(vec!["POST"]));
        let league = format!("/v1/leagues/{}", uuid::Uuid::nil());
        assert_eq!(routes.allowed(&league), Some(vec!["GET", "HEAD", "PATCH"]));
    }
}
