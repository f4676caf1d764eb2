//! The metrics listener (`BOURRE_METRICS_BIND`): `GET /metrics` in Prometheus's text format,
//! on an address of its own, never the API's.

use actix_web::{HttpResponse, web};
use metrics_exporter_prometheus::PrometheusHandle;

use crate::app::App;

/// The listener's server: one worker, `GET /metrics` and nothing else (404).
pub fn server(
    app: App,
    handle: PrometheusHandle,
    listener: std::net::TcpListener,
) -> std::io::Result<actix_web::dev::Server> {
    Ok(actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(web::Data::new(app.clone()))
            .app_data(web::Data::new(handle.clone()))
            .route("/metrics", web::get().to(scrape))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .run())
}

/// Samples what is read at a scrape, then renders every metric.
async fn scrape(app: web::Data<App>, handle: web::Data<PrometheusHandle>) -> HttpResponse {
    crate::app::kernel::metrics::sample(&app.pool).await;
    handle.run_upkeep();
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(handle.render())
}
