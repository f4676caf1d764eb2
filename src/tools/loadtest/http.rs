//! The load generator's own small HTTP/1.1 client.

use super::*;

/// A small HTTP/1.1 client for the load: keep-alive connections to the one server,
/// requests with an optional bearer token and JSON body, answers with a `Content-Length`.
/// The load generator shares the machine with the server, so each request should cost it
/// as little as a tool like `wrk` spends: one write and, mostly, one read.
pub(super) struct Http {
    pub(super) addr: std::net::SocketAddr,
    /// Connections between requests (the drivers run on one thread).
    pub(super) idle: RefCell<Vec<TcpStream>>,
}

pub(super) struct Answer {
    pub(super) status: u16,
    pub(super) bytes: Vec<u8>,
}

impl Answer {
    pub(super) fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The whole body as JSON (Null when it is not).
    pub(super) fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or(Value::Null)
    }
}

/// What a bot reads of a table view: only what it plays by (the rest is skipped unparsed,
/// so the load generator takes little of the CPU it shares with the server).
#[derive(Debug, serde::Deserialize)]
pub(super) struct Seen {
    pub(super) status: String,
    pub(super) hand_no: i32,
    pub(super) my_seat: Option<u8>,
    pub(super) to_act: Option<SeenTurn>,
    pub(super) legal: Option<Legal>,
}

#[derive(Debug, serde::Deserialize)]
pub(super) struct SeenTurn {
    pub(super) seat: u8,
    pub(super) player_id: String,
}

/// The viewer's legal actions.
#[derive(Debug, serde::Deserialize)]
pub(super) struct Legal {
    pub(super) action: String,
    pub(super) can_pass: Option<bool>,
    pub(super) can_play: Option<bool>,
    pub(super) cards: Option<Vec<String>>,
}

/// Where the head of an answer ends (past its blank line), its status, and the head's
/// text; `None` while the head is not whole.
pub(super) fn status_head(buf: &[u8]) -> Result<Option<(usize, u16, &str)>, String> {
    let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Ok(None);
    };
    let head = std::str::from_utf8(&buf[..end]).map_err(|e| e.to_string())?;
    let status = head
        .split("\r\n")
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("a bad status line: {head:.80}"))?;
    Ok(Some((end + 4, status, head)))
}

/// Where the head of an answer ends, and its status and body length.
pub(super) fn answer_head(buf: &[u8]) -> Result<Option<(usize, u16, usize)>, String> {
    let Some((start, status, head)) = status_head(buf)? else {
        return Ok(None);
    };
    let mut length = None;
    for line in head.split("\r\n").skip(1) {
        let (name, value) = line.split_once(':').unwrap_or((line, ""));
        if name.eq_ignore_ascii_case("content-length") {
            length = value.trim().parse().ok();
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err("a chunked answer (the load client reads Content-Length only)".into());
        }
    }
    Ok(Some((start, status, length.unwrap_or(0))))
}

/// Sends one request on `stream` and reads its answer. `Ok(None)`: the connection was
/// closed before any of the answer arrived.
pub(super) async fn exchange(
    stream: &mut TcpStream,
    request: &[u8],
) -> Result<Option<Answer>, String> {
    if stream.write_all(request).await.is_err() {
        return Ok(None);
    }
    let mut buf = Vec::with_capacity(8192);
    loop {
        if let Some((start, status, length)) = answer_head(&buf)? {
            while buf.len() < start + length {
                if stream.read_buf(&mut buf).await.map_err(|e| e.to_string())? == 0 {
                    return Err("the connection closed inside an answer".into());
                }
            }
            buf.truncate(start + length);
            buf.drain(..start);
            return Ok(Some(Answer { status, bytes: buf }));
        }
        match stream.read_buf(&mut buf).await {
            Ok(0) | Err(_) if buf.is_empty() => return Ok(None),
            Ok(0) => return Err("the connection closed inside an answer".into()),
            Ok(_) => {}
            Err(e) => return Err(e.to_string()),
        }
    }
}

impl Http {
    pub(super) fn new(addr: std::net::SocketAddr) -> Http {
        Http {
            addr,
            idle: RefCell::new(Vec::new()),
        }
    }

    pub(super) async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (Result<Answer, String>, Duration) {
        let started = Instant::now();
        let result = self.call_inner(method, path, token, body).await;
        (result, started.elapsed())
    }

    pub(super) async fn call_inner(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Answer, String> {
        let body = match body {
            Some(body) => serde_json::to_vec(body).map_err(|e| e.to_string())?,
            None => Vec::new(),
        };
        let mut request = Vec::with_capacity(256 + body.len());
        request.extend_from_slice(
            format!(
                "{} {path} HTTP/1.1\r\nHost: {}\r\n",
                method.as_str(),
                self.addr
            )
            .as_bytes(),
        );
        if let Some(token) = token {
            request.extend_from_slice(format!("Authorization: Bearer {token}\r\n").as_bytes());
        }
        request.extend_from_slice(
            format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            )
            .as_bytes(),
        );
        request.extend_from_slice(&body);
        // A kept connection the server has since closed gets the request again on a new
        // one: nothing of it was answered, so nothing of it was done.
        let kept = self.idle.borrow_mut().pop();
        for stream in [kept, None] {
            let reused = stream.is_some();
            let mut stream = match stream {
                Some(stream) => stream,
                None => TcpStream::connect(self.addr)
                    .await
                    .map_err(|e| format!("{path}: {e}"))?,
            };
            let answer =
                tokio::time::timeout(Duration::from_secs(60), exchange(&mut stream, &request))
                    .await
                    .map_err(|_| format!("{path}: no answer in 60 s"))?
                    .map_err(|e| format!("{path}: {e}"))?;
            match answer {
                Some(answer) => {
                    self.idle.borrow_mut().push(stream);
                    return Ok(answer);
                }
                None if reused => {}
                None => break,
            }
        }
        Err(format!("{path}: the server closed the connection"))
    }

    /// A set-up request that must succeed.
    pub(super) async fn must(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Value, String> {
        let answer = self.call(method, path, token, body).await.0?;
        if answer.ok() {
            Ok(answer.json())
        } else {
            Err(format!("{path}: {} {}", answer.status, answer.json()))
        }
    }
}
