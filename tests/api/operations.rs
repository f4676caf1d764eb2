//! What operators rely on, with real processes: metrics on a listener of their own, and a
//! SIGTERM that drains, then stops, losing nothing.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::support::{
    Server, TestApp, client, free_port, fresh_database, log_file, next_move, open_stream,
    read_to_end, resume_stream, wait_for,
};

/// `GET url`: the status and the body.
async fn get(url: &str) -> (u16, String) {
    let mut resp = client().get(url).send().await.expect("get");
    let body = resp.body().limit(1 << 24).await.expect("body");
    (
        resp.status().as_u16(),
        String::from_utf8_lossy(&body).into_owned(),
    )
}

/// The value of the sample `name{labels}` (labels as rendered), if the text has it.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.trim().parse().ok())
}

#[actix_web::test]
async fn metrics_are_served_on_a_listener_of_their_own() {
    let database = fresh_database().await;
    let port = free_port();
    let metrics = format!("127.0.0.1:{port}");
    let server = Server::start_with(
        &database,
        &log_file("metrics"),
        &[("BOURRE_METRICS_BIND", &metrics)],
    );
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    let app = TestApp::at(server.base(), database.clone());
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    app.start_hand(&table, &players[0]).await.ok();
    let (who, action) = next_move(&app, &table, &[&players[0], &players[1]])
        .await
        .expect("a hand in play");
    app.act(&table, &who, action).await.ok();
    // Not on the API's port.
    let (status, _) = get(&format!("{}/metrics", server.base())).await;
    assert_eq!(status, 404);
    let (status, text) = get(&format!("http://{metrics}/metrics")).await;
    assert_eq!(status, 200, "{text}");
    // Requests by route template, method and status, with their latency histogram.
    let actions = r#"bourre_http_requests_total{route="/v1/tables/{table_id}/actions",method="POST",status="200"}"#;
    assert_eq!(sample(&text, actions), Some(1.0), "{text}");
    assert!(text.contains("# TYPE bourre_http_request_duration_seconds histogram"));
    assert!(
        text.contains(r#"bourre_http_request_duration_seconds_bucket{route="/v1/tables/{table_id}/actions",method="POST",le="+Inf"} 1"#),
        "{text}"
    );
    // The action, by kind; the hand's deal and the move were written in batches or alone.
    assert!(
        text.lines()
            .any(|l| l.starts_with("bourre_actions_committed_total{kind=")),
        "{text}"
    );
    for series in [
        r#"bourre_db_pool_connections{state="idle"}"#,
        "bourre_db_pool_waiting",
        r#"bourre_outbox_due{stage="notification"}"#,
        "bourre_outbox_oldest_due_seconds",
        "bourre_sweeper_lag_seconds",
        "bourre_log_size",
        "bourre_log_lag_seconds",
        r#"bourre_build_info{version=""#,
    ] {
        assert!(text.contains(series), "no {series} in {text}");
    }
    assert!(
        text.contains(r#"bourre_kept_tables_total{result="hit"}"#),
        "{text}"
    );
    // A stream is counted while open.
    let stream = open_stream(&app, &table, &players[1].token).await;
    assert_eq!(stream.status().as_u16(), 200);
    let (_, text) = get(&format!("http://{metrics}/metrics")).await;
    assert_eq!(
        sample(&text, r#"bourre_listeners_open{kind="stream"}"#),
        Some(1.0),
        "{text}"
    );
    // No label carries an id or a name.
    let ids = [&table, &players[0].id, &players[1].id];
    for id in ids {
        assert!(!text.contains(id.as_str()), "{id} in the metrics");
    }
    assert!(!text.contains("ann") && !text.contains("bob"));
}

#[actix_web::test]
async fn sigterm_drains_then_stops_and_loses_nothing() {
    let database = fresh_database().await;
    let mut server = Server::start_with(
        &database,
        &log_file("shutdown"),
        &[
            ("BOURRE_DRAIN_DELAY_MS", "1500"),
            ("BOURRE_SHUTDOWN_GRACE_SECS", "10"),
        ],
    );
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    let app = TestApp::at(server.base(), database.clone());
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    app.start_hand(&table, &players[0]).await.ok();
    let mut stream = open_stream(&app, &table, &players[1].token).await;
    let (first, _) = read_to_end(&mut stream, 1).await;
    assert!(first.contains("event: hand_started"), "{first}");

    let stopping = server.signal_term();
    // Draining: not ready (once the process has taken the signal, well inside the drain
    // delay), but still serving, moves included.
    let deadline = Instant::now() + Duration::from_millis(1000);
    let ready = loop {
        let ready = app
            .call(awc::http::Method::GET, "/readyz", None, None)
            .await;
        if ready.status != 200 || Instant::now() > deadline {
            break ready;
        }
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    };
    ready.problem(503, "shutting_down");
    let (who, action) = next_move(&app, &table, &[&players[0], &players[1]])
        .await
        .expect("a hand in play");
    let moved = app.act(&table, &who, action).await.ok();
    let version = moved["version"].as_i64().expect("version");
    // A long-poll waiting past the grace answers at the stop, empty.
    let poll = {
        let app = TestApp::at(server.base(), database.clone());
        let token = players[1].clone();
        let path = format!("/v1/tables/{table}/events?after={version}&wait=60");
        actix_web::rt::spawn(async move { app.get(&path, &token).await.ok() })
    };
    // The stream gets the move, then the hint to reconnect, and ends.
    let (text, ended) = read_to_end(&mut stream, 10).await;
    assert!(ended, "the stream outlived the stop: {text}");
    assert!(text.contains(&format!("id: {version}\n")), "{text}");
    assert!(text.trim_end().ends_with("reconnect"), "{text}");
    assert!(text.contains("retry: 1000\n"), "{text}");
    let polled = poll.await.expect("long-poll");
    assert_eq!(polled, json!([]), "{polled}");
    let (status, took) = server.wait_exit(stopping).await;
    assert!(status.success(), "exit {status:?}");
    assert!(
        took >= Duration::from_millis(1500) && took < Duration::from_secs(10),
        "exited {took:?} after SIGTERM"
    );
    // Nothing answered was lost: another process finds the move, and the stream resumes
    // there from its Last-Event-ID.
    server.spawn();
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    let after = app.view(&table, &players[1]).await;
    assert_eq!(after["version"], version);
    let mut resumed = resume_stream(&app, &table, &players[1].token, version - 1).await;
    let (text, _) = read_to_end(&mut resumed, 1).await;
    assert!(text.starts_with(&format!("id: {version}\n")), "{text}");
}
