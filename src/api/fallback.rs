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
        for path in ["/openapi.json", "/app/{version}/{name}"]
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

    /// The methods served at `path`, when a documented path matches it.
    fn allowed(&self, path: &str) -> Option<Vec<&'static str>> {
        let asked: Vec<&str> = path.split('/').collect();
        let mut allowed: Vec<&'static str> = Vec::new();
        for (segments, methods) in &self.0 {
            let matches = segments.len() == asked.len()
                && segments.iter().zip(&asked).all(|(template, seg)| {
                    (template.starts_with('{') && template.ends_with('}') && !seg.is_empty())
                        || template == seg
                });
            if matches {
                allowed.extend(methods.iter().copied());
            }
        }
        (!allowed.is_empty()).then(|| {
            allowed.sort_unstable();
            allowed.dedup();
            allowed
        })
    }
}

/// The default service.
pub async fn unmatched(req: HttpRequest, routes: actix_web::web::Data<Routes>) -> HttpResponse {
    match routes.allowed(req.path()) {
        Some(methods) => {
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
        None => ApiError(AppError::refused(ErrorCode::NotFound, "no such route")).error_response(),
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
    }
}
