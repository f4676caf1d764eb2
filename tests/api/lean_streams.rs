//! A stream opened as a connection's first request is served without actix-http's
//! per-connection buffers (`src/api/lean.rs`); over a raw socket, it answers as every other
//! route does: the app's headers and refusals, live events, and its place under the caps
//! given back the moment the client leaves.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{TestApp, open_stream};

/// A new connection to the test server with `request` sent as its first.
async fn connect(app: &TestApp, request: &str) -> TcpStream {
    let addr = app.base.trim_start_matches("http://").to_owned();
    let mut socket = TcpStream::connect(addr).await.expect("connect");
    socket.write_all(request.as_bytes()).await.expect("send");
    socket
}

fn stream_request(table: &str, token: &str) -> String {
    format!(
        "GET /v1/tables/{table}/stream HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {token}\r\n\
         Accept: text/event-stream\r\n\r\n"
    )
}

/// Reads from `socket` until what was read contains `wanted` (or 10 s pass); all of it.
async fn read_until(socket: &mut TcpStream, read: &mut String, wanted: &str) {
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !read.contains(wanted) {
        let n = tokio::time::timeout_at(deadline, socket.read(&mut buf))
            .await
            .unwrap_or_else(|_| panic!("no {wanted:?} in 10 s; read: {read}"))
            .expect("read");
        assert!(
            n > 0,
            "the connection closed before {wanted:?}; read: {read}"
        );
        read.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
}

fn head_of(read: &str) -> String {
    read.split("\r\n\r\n")
        .next()
        .unwrap_or_default()
        .to_lowercase()
}

#[actix_web::test]
async fn a_first_request_stream_carries_the_apps_headers_and_live_events() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let mut socket = connect(&app, &stream_request(&table, &players[0].token)).await;
    let mut read = String::new();
    read_until(&mut socket, &mut read, "event: seat_taken").await;
    let head = head_of(&read);
    assert!(head.starts_with("http/1.1 200 ok\r\n"), "{head}");
    for line in [
        "content-type: text/event-stream",
        "cache-control: no-cache",
        "transfer-encoding: chunked",
        "connection: close",
        "x-request-id: ",
    ] {
        assert!(head.contains(line), "no {line:?} in {head}");
    }
    // Live: the deal reaches the open stream.
    app.start_hand(&table, &players[1]).await.ok();
    read_until(&mut socket, &mut read, "event: hand_dealt").await;
}

#[actix_web::test]
async fn a_first_request_stream_refused_is_problem_json_and_closes() {
    let app = TestApp::start().await;
    let (_, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let mut socket = connect(&app, &stream_request(&table, "not-a-token")).await;
    let mut read = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), socket.read_to_end(&mut read))
        .await
        .expect("the refusal closes the connection")
        .expect("read");
    let text = String::from_utf8_lossy(&read).into_owned();
    let head = head_of(&text);
    assert!(head.starts_with("http/1.1 401 "), "{head}");
    assert!(
        head.contains("content-type: application/problem+json"),
        "{head}"
    );
    assert!(head.contains("connection: close"), "{head}");
    let body = text.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("a content-length");
    assert_eq!(body.len(), length, "{text}");
    let problem: Value = serde_json::from_str(body).expect("problem json");
    assert_eq!(problem["code"], "unauthorized", "{problem}");
}

#[actix_web::test]
async fn a_client_leaving_a_first_request_stream_gives_its_place_back_at_once() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let mut open = Vec::new();
    for _ in 0..8 {
        let mut socket = connect(&app, &stream_request(&table, &players[1].token)).await;
        let mut read = String::new();
        read_until(&mut socket, &mut read, "event: seat_taken").await;
        open.push(socket);
    }
    let stream = open_stream(&app, &table, &players[1].token).await;
    assert_eq!(stream.status().as_u16(), 429, "the eight did not count");
    drop(stream);
    drop(open);
    // No write is needed to notice: the places are back well before any keep-alive.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    loop {
        let stream = open_stream(&app, &table, &players[1].token).await;
        if stream.status().as_u16() == 200 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the closed streams still hold their places after 3 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
