//! Liveness (`/healthz`: the process answers) and readiness (`/readyz`: it can reach the
//! database and is not shutting down, so it can serve).

use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::error::{ApiError, Problem};
use crate::app::App;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` from `/healthz`, `ready` from `/readyz`.
    pub status: String,
}

/// The process is up (whether or not the database is).
#[utoipa::path(
    operation_id = "check_health",tag = "health", responses((status = 200, description = "The process is up", body = Health)))]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "ok".into(),
    })
}

/// The process can serve: the database answers. 503 `unavailable` while it does not.
#[utoipa::path(
    operation_id = "check_readiness",
    tag = "health",
    responses(
        (status = 200, description = "The process is ready: the database answers", body = Health),
        (status = 503, description = "`unavailable`: the database does not answer; `shutting_down`: the process is draining (from the moment it got SIGTERM)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/readyz")]
pub async fn readyz(app: web::Data<App>) -> Result<HttpResponse, ApiError> {
    if app.drain.stage() != crate::app::kernel::drain::Stage::Serving {
        return Err(ApiError::refused(
            crate::app::ErrorCode::ShuttingDown,
            "this process is shutting down: send requests to another",
        ));
    }
    crate::app::ops::health::database_ready(&app.pool).await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ready".into(),
    }))
}
