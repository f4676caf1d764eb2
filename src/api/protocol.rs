//! Protocol errors as problem+json. A request that cannot be read as HTTP/1.1 (a bad header
//! value, a URL over 64 KiB, a head too large or with too many headers, a bad
//! `Content-Length`, both
//! `Content-Length` and `Transfer-Encoding`, a head not sent in time) is answered by
//! actix-http itself, before any route, with its status and an empty body, and the
//! connection is closed. Every connection's writer ([`ProblemIo`]) replaces such an answer
//! with the same status as problem+json, with a stable `code` and a request id, like every
//! other refusal.
//!
//! Such an answer is told apart by its shape: the last bytes written are a response head
//! with one of those statuses and `content-length: 0`. No route answers so: every refusal
//! of the API has a body.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::app::ErrorCode;

/// A connection whose bodyless protocol-error answers become problem+json.
pub struct ProblemIo<T> {
    io: T,
    /// Bytes accepted from the writer but not yet written (a replaced answer).
    out: Vec<u8>,
    written: usize,
}

impl<T> ProblemIo<T> {
    pub fn new(io: T) -> ProblemIo<T> {
        ProblemIo {
            io,
            out: Vec::new(),
            written: 0,
        }
    }
}

/// The code and detail of a protocol error with `status`.
fn problem_of(status: u16) -> Option<(ErrorCode, &'static str)> {
    match status {
        400 => Some((
            ErrorCode::MalformedRequest,
            "the request is not well-formed HTTP/1.1 (its request line or URL, a header, \
             Content-Length or Transfer-Encoding)",
        )),
        408 => Some((
            ErrorCode::RequestTimeout,
            "the request's head did not arrive in time",
        )),
        431 => Some((
            ErrorCode::HeadTooLarge,
            "the request's head (its URL and headers) is too large or has too many headers",
        )),
        _ => None,
    }
}

/// `buf` with its last response replaced by problem+json, when that response is a
/// bodyless protocol-error answer.
fn replaced(buf: &[u8]) -> Option<Vec<u8>> {
    if !buf.ends_with(b"\r\n\r\n") {
        return None;
    }
    let tail_from = buf.len().saturating_sub(1024);
    let start = tail_from
        + buf[tail_from..]
            .windows(9)
            .rposition(|w| w == b"HTTP/1.1 ")?;
    let head = std::str::from_utf8(&buf[start..]).ok()?;
    let status: u16 = head.get(9..12)?.parse().ok()?;
    problem_of(status)?;
    if !head
        .to_ascii_lowercase()
        .contains("\r\ncontent-length: 0\r\n")
    {
        return None;
    }
    let mut out = buf[..start].to_vec();
    out.extend_from_slice(&problem_answer(status)?);
    Some(out)
}

/// The problem+json answer (head and body, closing the connection) to a protocol error
/// with `status`, logged.
pub fn problem_answer(status: u16) -> Option<Vec<u8>> {
    let (code, detail) = problem_of(status)?;
    let status_code = actix_web::http::StatusCode::from_u16(status).ok()?;
    let id = uuid::Uuid::new_v4().simple().to_string();
    let body = serde_json::json!({
        "type": format!("urn:bourre:problem:{code}"),
        "title": status_code.canonical_reason().unwrap_or("Error"),
        "status": status,
        "detail": detail,
        "code": code,
        "request_id": id,
    })
    .to_string();
    crate::app::kernel::obs::warn(
        "request",
        serde_json::json!({"status": status, "request_id": id, "cause": detail}),
    );
    Some(
        format!(
            "HTTP/1.1 {status} {}\r\ncontent-type: application/problem+json\r\n\
             content-length: {}\r\nconnection: close\r\nx-request-id: {id}\r\n\r\n{body}",
            status_code.canonical_reason().unwrap_or("Error"),
            body.len()
        )
        .into_bytes(),
    )
}

impl<T: AsyncWrite + Unpin> ProblemIo<T> {
    /// Writes what was accepted and not yet written.
    fn poll_drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.out.len() {
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &self.out[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        self.out.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for ProblemIo<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for ProblemIo<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_drain(cx))?;
        if let Some(out) = replaced(buf) {
            this.out = out;
            // Accepted whole: what is not written now is written by the next flush.
            if let Poll::Ready(Err(e)) = this.poll_drain(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_drain(cx))?;
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_drain(cx))?;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_bodyless_protocol_errors_are_replaced() {
        let error = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";
        let out = String::from_utf8(replaced(error).expect("replaced")).expect("utf-8");
        assert!(out.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{out}");
        assert!(
            out.contains("content-type: application/problem+json"),
            "{out}"
        );
        assert!(
            out.ends_with('}') && out.contains("\"code\":\"malformed_request\""),
            "{out}"
        );
        // After an earlier response on the connection, only the last one is replaced.
        let mut two = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}".to_vec();
        two.extend_from_slice(
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n",
        );
        let out = String::from_utf8(replaced(&two).expect("replaced")).expect("utf-8");
        assert!(out.starts_with("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}HTTP/1.1 431"));
        // A refusal of the API has a body; a HEAD answer names its length; others pass.
        for kept in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-length: 120\r\n\r\n"[..],
            b"HTTP/1.1 304 Not Modified\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"{\"detail\":\"HTTP/1.1 400 \"}",
        ] {
            assert_eq!(replaced(kept), None);
        }
    }
}
