//! Streams at a few kilobytes each. actix-http gives every connection a read and a write
//! buffer of 8 KiB for as long as it is open, which is most of what an idle stream costs.
//! A connection whose first request is a plain `GET /v1/tables/{id}/stream` is served here
//! instead: its head, peeked from the socket, becomes an `actix_http::Request` that goes
//! through the very same app (routes, middleware, extractors, errors) as any other; the
//! answer's head is written, then its body chunk by chunk as it comes, with no buffer kept
//! between chunks; and the connection closes with the answer (`connection: close`; a client
//! opens a new one for its next stream, as `EventSource` does). The stream ends as soon as
//! the client closes its side.
//!
//! Anything else (another route, another method, a request with a body, an `Upgrade` or
//! `Expect`, a head not whole in the first packet, or a head that does not parse) goes to
//! actix-http, untouched by the peek. A connection that sends nothing for 5 s is answered
//! 408 `request_timeout` here, as actix-http answers a head that does not arrive in time.

use std::future::poll_fn;
use std::io;
use std::net::SocketAddr;
use std::time::{Duration, SystemTime};

use actix_service::Service;
use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::ServiceResponse;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::{Method, Version};
use tokio::net::TcpStream;

/// The most of a head peeked (a stream's request carries one token or ticket).
const MAX_HEAD: usize = 8 * 1024;
/// The most headers in a head served here.
const MAX_HEADERS: usize = 32;
/// How long a new connection may take to send its first bytes (actix-http's own limit for
/// a request head, which applies to the rest of a head left to it).
const FIRST_BYTES: Duration = Duration::from_secs(5);

/// A stream request read from a connection's first bytes.
struct Head {
    /// Bytes of the head, consumed from the socket once the request is taken.
    len: usize,
    request: actix_http::Request,
}

/// Whether `path` (with its query) names a table's stream.
fn is_stream_path(path: &str) -> bool {
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    path.strip_prefix("/v1/tables/")
        .and_then(|rest| rest.strip_suffix("/stream"))
        .is_some_and(|id| !id.is_empty() && !id.contains('/'))
}

/// The stream request in `bytes`, if they begin with a whole one this module serves.
fn parse_head(bytes: &[u8], peer: Option<SocketAddr>) -> Option<Head> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    let httparse::Status::Complete(len) = parsed.parse(bytes).ok()? else {
        return None;
    };
    if parsed.method != Some("GET") || parsed.version != Some(1) {
        return None;
    }
    let path = parsed.path?;
    if !is_stream_path(path) {
        return None;
    }
    let mut request = actix_http::Request::new();
    let head = request.head_mut();
    head.method = Method::GET;
    head.version = Version::HTTP_11;
    head.uri = path.parse().ok()?;
    head.peer_addr = peer;
    for header in parsed.headers.iter() {
        let name = HeaderName::from_bytes(header.name.as_bytes()).ok()?;
        let framing = ["content-length", "transfer-encoding", "upgrade", "expect"];
        if framing.contains(&name.as_str()) {
            return None;
        }
        head.headers
            .append(name, HeaderValue::from_bytes(header.value).ok()?);
    }
    Some(Head { len, request })
}

/// What a new connection's first bytes are.
enum First {
    /// A stream request, served here.
    Stream(Head),
    /// Anything else, left to actix-http.
    Other,
    /// Nothing in [`FIRST_BYTES`]: answered 408 here, as actix-http answers a head that
    /// does not arrive in time (so the limit is not paid twice).
    Silent,
}

/// What the connection's first bytes are, waiting at most [`FIRST_BYTES`] for them.
async fn first_request(io: &TcpStream, peer: Option<SocketAddr>) -> First {
    let mut peeked = vec![0; MAX_HEAD];
    match tokio::time::timeout(FIRST_BYTES, io.peek(&mut peeked)).await {
        Err(_) => First::Silent,
        Ok(Err(_)) => First::Other,
        Ok(Ok(n)) => parse_head(&peeked[..n], peer).map_or(First::Other, First::Stream),
    }
}

/// Writes all of `bytes`.
async fn write_all(io: &TcpStream, mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        io.writable().await?;
        match io.try_write(bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Waits until the client closes its side (or sends anything more, which a client of a
/// stream does not).
async fn closed(io: &TcpStream) {
    let mut byte = [0u8; 1];
    loop {
        if io.readable().await.is_err() {
            return;
        }
        match io.try_read(&mut byte) {
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            _ => return,
        }
    }
}

/// The head of `response`, framed as `size` says.
fn response_head<B>(response: &actix_web::HttpResponse<B>, size: BodySize) -> Vec<u8> {
    let status = response.status();
    let mut head = format!(
        "HTTP/1.1 {} {}\r\n",
        status.as_str(),
        status.canonical_reason().unwrap_or("")
    )
    .into_bytes();
    for (name, value) in response.headers() {
        head.extend_from_slice(name.as_str().as_bytes());
        head.extend_from_slice(b": ");
        head.extend_from_slice(value.as_bytes());
        head.extend_from_slice(b"\r\n");
    }
    let framing = match size {
        BodySize::Stream => "transfer-encoding: chunked".to_owned(),
        BodySize::Sized(n) => format!("content-length: {n}"),
        BodySize::None => "content-length: 0".to_owned(),
    };
    head.extend_from_slice(
        format!(
            "{framing}\r\nconnection: close\r\ndate: {}\r\n\r\n",
            httpdate::fmt_http_date(SystemTime::now())
        )
        .as_bytes(),
    );
    head
}

/// Answers `head` through `app` on `io`, then closes the connection.
async fn answer<D, B>(mut io: TcpStream, head: Head, app: &D) -> io::Result<()>
where
    D: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody + 'static,
{
    // The head leaves the socket (it was only peeked); the app reads it from the request.
    let mut consumed = vec![0; head.len];
    tokio::io::AsyncReadExt::read_exact(&mut io, &mut consumed).await?;
    drop(consumed);
    // Boxed, like the body: what the stream keeps while it idles is only what it needs.
    let response = match Box::pin(app.call(head.request)).await {
        Ok(answered) => answered.into_parts().1.map_into_boxed_body(),
        Err(e) => e.as_response_error().error_response(),
    };
    let size = response.body().size();
    write_all(&io, &response_head(&response, size)).await?;
    let mut body = response.into_body();
    match size {
        BodySize::Stream => loop {
            let chunk = tokio::select! {
                chunk = poll_fn(|cx| std::pin::Pin::new(&mut body).poll_next(cx)) => chunk,
                () = closed(&io) => return Ok(()),
            };
            match chunk {
                Some(Ok(bytes)) if bytes.is_empty() => {}
                Some(Ok(bytes)) => {
                    let mut frame = format!("{:x}\r\n", bytes.len()).into_bytes();
                    frame.extend_from_slice(&bytes);
                    frame.extend_from_slice(b"\r\n");
                    write_all(&io, &frame).await?;
                }
                // A body that fails mid-stream ends the stream (the client reconnects).
                Some(Err(_)) => return Ok(()),
                None => return write_all(&io, b"0\r\n\r\n").await,
            }
        },
        BodySize::Sized(_) => {
            let bytes = actix_web::body::to_bytes(body)
                .await
                .map_err(|_| io::Error::other("an answer's body failed"))?;
            write_all(&io, &bytes).await
        }
        BodySize::None => Ok(()),
    }
}

/// Serves a new connection: here when its first request is a stream, else by `http`.
pub async fn serve<H, D, B>(
    io: TcpStream,
    http: std::rc::Rc<H>,
    app: std::rc::Rc<D>,
) -> Result<(), actix_http::error::DispatchError>
where
    H: Service<
            (
                super::protocol::ProblemIo<TcpStream>,
                actix_http::Protocol,
                Option<SocketAddr>,
            ),
            Response = (),
            Error = actix_http::error::DispatchError,
        >,
    D: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody + 'static,
{
    let peer = io.peer_addr().ok();
    match first_request(&io, peer).await {
        First::Stream(head) => {
            // A write to a client that left is no failure of the server's.
            let _ = answer(io, head, &*app).await;
            Ok(())
        }
        First::Silent => {
            if let Some(answer) = super::protocol::problem_answer(408) {
                let _ = write_all(&io, &answer).await;
            }
            Ok(())
        }
        // Boxed: an idle stream's task would otherwise be as large as actix-http's
        // connection state.
        First::Other => {
            Box::pin(http.call((
                super::protocol::ProblemIo::new(io),
                actix_http::Protocol::Http1,
                peer,
            )))
            .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_plain_stream_request_is_taken() {
        let table = "/v1/tables/0b0e6b55-3c1a-4a4e-9b0e-2f1d6c9a7e10/stream";
        let take = |text: String| parse_head(text.as_bytes(), None).is_some();
        assert!(take(format!(
            "GET {table}?after=3 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n"
        )));
        assert!(take(format!("GET {table} HTTP/1.1\r\nHost: x\r\n\r\n")));
        // Not whole yet, another route, method, version, or a request with a body.
        assert!(!take(format!("GET {table} HTTP/1.1\r\nHost: x\r\n")));
        assert!(!take("GET /v1/tables/x/events HTTP/1.1\r\n\r\n".into()));
        assert!(!take("GET /v1/tables//stream HTTP/1.1\r\n\r\n".into()));
        assert!(!take("GET /v1/tables/a/b/stream HTTP/1.1\r\n\r\n".into()));
        assert!(!take(format!("HEAD {table} HTTP/1.1\r\n\r\n")));
        assert!(!take(format!("GET {table} HTTP/1.0\r\n\r\n")));
        assert!(!take(format!(
            "GET {table} HTTP/1.1\r\nContent-Length: 2\r\n\r\nab"
        )));
        assert!(!take(format!(
            "GET {table} HTTP/1.1\r\nUpgrade: websocket\r\n\r\n"
        )));
        assert!(!take(format!(
            "GET {table} HTTP/1.1\r\nBad Header: x\r\n\r\n"
        )));
    }
}
