//! `HEAD` on every `GET` route: the request is answered as its `GET` with the same status
//! and headers; HTTP/1 leaves the body out (and a stream is not started at all).

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;

/// The middleware (`App::wrap(from_fn(serve_head))`).
pub async fn serve_head(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let head = req.method() == Method::HEAD;
    if head {
        req.head_mut().method = Method::GET;
    }
    let res = next.call(req).await?.map_into_boxed_body();
    if head && matches!(res.response().body().size(), BodySize::Stream) {
        return Ok(res.map_body(|_, _| BoxBody::new(())));
    }
    Ok(res)
}
