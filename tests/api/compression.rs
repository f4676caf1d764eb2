//! JSON answers gzipped for clients that take gzip (`src/api/compress.rs`): a long ledger
//! as sent over the wire, with and without `Accept-Encoding`, a refusal by `q=0` honoured,
//! a small answer left alone, the view's entity tag the same gzipped or not (and its 304
//! too), and a live table's stream never compressed nor held back, on either of the
//! server's two paths.

use std::io::Read;
use std::time::Duration;

use awc::http::header;
use flate2::read::GzDecoder;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{Player, TestApp};

/// An answer as it came over the wire: status, headers and the bytes undecoded.
struct Wire {
    status: u16,
    headers: awc::http::header::HeaderMap,
    bytes: Vec<u8>,
}

impl Wire {
    fn header(&self, name: header::HeaderName) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    fn varies_by_encoding(&self) -> bool {
        self.headers
            .get_all(header::VARY)
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|v| v.trim().eq_ignore_ascii_case("accept-encoding"))
    }

    /// The body as JSON, gunzipped when it says it is gzipped.
    fn json(&self) -> Value {
        if self.header(header::CONTENT_ENCODING) == Some("gzip") {
            let mut text = String::new();
            GzDecoder::new(&self.bytes[..])
                .read_to_string(&mut text)
                .expect("gzip");
            serde_json::from_str(&text).expect("gzipped JSON")
        } else {
            serde_json::from_slice(&self.bytes).expect("JSON")
        }
    }
}

/// `GET path` as `who` with `Accept-Encoding: accept`, the answer left as sent.
async fn wire(app: &TestApp, path: &str, who: &Player, accept: &str) -> Wire {
    let mut resp = app
        .client
        .get(format!("{}{path}", app.base))
        .no_decompress()
        .insert_header(("Authorization", format!("Bearer {}", who.token)))
        .insert_header((header::ACCEPT_ENCODING, accept))
        .send()
        .await
        .expect("request");
    let bytes = resp.body().limit(16 * 1024 * 1024).await.expect("body");
    Wire {
        status: resp.status().as_u16(),
        headers: resp.headers().clone(),
        bytes: bytes.to_vec(),
    }
}

#[actix_web::test]
async fn a_long_ledger_goes_gzipped_to_clients_that_take_gzip() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let league = app.league(&ann, &[&bob], 100).await;
    for n in 1..=60 {
        app.post(
            &format!("/v1/leagues/{league}/grants"),
            &ann,
            json!({"player_id": bob.id, "amount": n, "reason": format!("round {n} of the night")}),
        )
        .await
        .ok();
    }
    let path = format!("/v1/leagues/{league}/ledger?limit=200&order=desc");
    let plain = wire(&app, &path, &ann, "identity").await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header(header::CONTENT_ENCODING), None);
    assert!(plain.varies_by_encoding(), "{:?}", plain.headers);
    assert!(plain.bytes.len() > 10_000, "{} bytes", plain.bytes.len());
    let ledger = plain.json();
    assert!(
        ledger["entries"].as_array().expect("entries").len() > 60,
        "{ledger}"
    );

    for accept in ["gzip", "gzip, deflate, br, zstd", "br;q=1, gzip;q=0.5", "*"] {
        let packed = wire(&app, &path, &ann, accept).await;
        assert_eq!(packed.status, 200, "{accept}");
        assert_eq!(
            packed.header(header::CONTENT_ENCODING),
            Some("gzip"),
            "{accept}"
        );
        assert_eq!(
            packed.header(header::CONTENT_TYPE),
            Some("application/json"),
            "{accept}"
        );
        assert!(
            packed.varies_by_encoding(),
            "{accept}: {:?}",
            packed.headers
        );
        assert_eq!(
            packed.header(header::CONTENT_LENGTH),
            Some(packed.bytes.len().to_string().as_str()),
            "{accept}"
        );
        assert!(
            packed.bytes.len() * 4 < plain.bytes.len(),
            "{accept}: {} bytes gzipped of {}",
            packed.bytes.len(),
            plain.bytes.len()
        );
        assert_eq!(packed.json(), ledger, "{accept}");
    }
    for refused in [
        "gzip;q=0",
        "br, deflate",
        "gzip; q=0.0, identity",
        "*;q=0",
        "",
    ] {
        let plain = wire(&app, &path, &ann, refused).await;
        assert_eq!(plain.header(header::CONTENT_ENCODING), None, "{refused:?}");
        assert_eq!(plain.json(), ledger, "{refused:?}");
    }
    // A small answer is left as it is.
    let me = wire(&app, "/v1/players/me", &ann, "gzip").await;
    assert_eq!(me.status, 200);
    assert!(me.bytes.len() < 1024, "{} bytes", me.bytes.len());
    assert_eq!(me.header(header::CONTENT_ENCODING), None);
    assert!(!me.varies_by_encoding(), "{:?}", me.headers);
    assert_eq!(me.json()["username"], "ann");
}

#[actix_web::test]
async fn a_compressed_view_keeps_its_tag_and_revalidates() {
    let app = TestApp::start().await;
    let names = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"];
    let (players, _, table) = app.seated(&names, 1000, json!({"ante": 1}), None).await;
    app.start_hand(&table, &players[0]).await.ok();
    let path = format!("/v1/tables/{table}");
    let plain = wire(&app, &path, &players[0], "identity").await;
    assert!(plain.bytes.len() >= 1024, "{} bytes", plain.bytes.len());
    let tag = plain.header(header::ETAG).expect("ETag").to_owned();
    let packed = wire(&app, &path, &players[0], "gzip").await;
    assert_eq!(packed.header(header::CONTENT_ENCODING), Some("gzip"));
    assert_eq!(packed.header(header::ETAG), Some(tag.as_str()));
    assert_eq!(packed.json(), plain.json());
    for sent in [tag.clone(), format!("W/{tag}")] {
        let again = app
            .client
            .get(format!("{}{path}", app.base))
            .no_decompress()
            .insert_header(("Authorization", format!("Bearer {}", players[0].token)))
            .insert_header((header::ACCEPT_ENCODING, "gzip"))
            .insert_header((header::IF_NONE_MATCH, sent.as_str()))
            .send()
            .await
            .expect("request");
        assert_eq!(again.status().as_u16(), 304, "{sent}");
        let etag = again
            .headers()
            .get(header::ETAG)
            .and_then(|v| v.to_str().ok());
        assert_eq!(etag, Some(tag.as_str()), "{sent}");
    }
}

/// Reads from `socket` until what was read contains `wanted`, in at most `within`.
async fn read_until(socket: &mut TcpStream, read: &mut String, wanted: &str, within: Duration) {
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    while !read.contains(wanted) {
        let n = tokio::time::timeout_at(deadline, socket.read(&mut buf))
            .await
            .unwrap_or_else(|_| panic!("no {wanted:?} in {within:?}; read: {read}"))
            .expect("read");
        assert!(
            n > 0,
            "the connection closed before {wanted:?}; read: {read}"
        );
        read.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
}

#[actix_web::test]
async fn a_stream_taking_gzip_still_comes_frame_by_frame() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let stream = format!(
        "GET /v1/tables/{table}/stream HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {}\r\n\
         Accept: text/event-stream\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n",
        players[0].token
    );
    let addr = app.base.trim_start_matches("http://").to_owned();
    // A stream as a connection's first request (served without actix-http's buffers), and
    // one after a first answer on a kept-alive connection (served by actix-http).
    let lean = TcpStream::connect(&addr).await.expect("connect");
    let mut kept = TcpStream::connect(&addr).await.expect("connect");
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        .await
        .expect("send");
    let mut first = String::new();
    read_until(&mut kept, &mut first, "\r\n\r\n", Duration::from_secs(5)).await;
    assert!(first.starts_with("HTTP/1.1 200"), "{first}");
    let mut streams = [(lean, String::new()), (kept, String::new())];
    for (socket, read) in &mut streams {
        socket.write_all(stream.as_bytes()).await.expect("send");
        read_until(socket, read, "event: seat_taken", Duration::from_secs(5)).await;
        let head = read
            .split("\r\n\r\n")
            .next()
            .unwrap_or_default()
            .to_lowercase();
        assert!(head.contains("content-type: text/event-stream"), "{head}");
        assert!(!head.contains("content-encoding"), "{head}");
    }
    // Each move reaches both streams at once, not when a compressor's buffer fills.
    app.start_hand(&table, &players[1]).await.ok();
    for (socket, read) in &mut streams {
        read_until(socket, read, "event: hand_dealt", Duration::from_secs(2)).await;
    }
}
