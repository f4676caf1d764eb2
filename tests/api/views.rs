//! A table followed from its stream alone: after each commit's events the stream sends
//! `event: view`, the caller's `TableView` at that version (what `GET /v1/tables/{id}`
//! answers them), a seated player's with their cards and legal actions, everyone else's
//! without; a stream resumed with `Last-Event-ID` sends the missed events and then the
//! current view; a long-poll gets the same from `GET .../updates`.

use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, open_stream, resume_stream};

/// One server-sent event: its `id:`, `event:` and `data:` (as JSON).
#[derive(Debug)]
struct Frame {
    id: i64,
    event: String,
    data: Value,
}

/// The frames in `text` (comments skipped).
fn frames(text: &str) -> Vec<Frame> {
    text.split("\n\n")
        .filter_map(|block| {
            let field = |name: &str| {
                block
                    .lines()
                    .find_map(|l| l.strip_prefix(&format!("{name}: ")))
                    .map(str::to_owned)
            };
            Some(Frame {
                id: field("id")?.parse().ok()?,
                event: field("event")?,
                data: serde_json::from_str(&field("data")?).ok()?,
            })
        })
        .collect()
}

/// Reads `stream` until it has sent a view at `version` (10 s at most): every frame read.
async fn until_view(
    stream: &mut (
             impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
             + Unpin
         ),
    text: &mut String,
    version: i64,
) -> Vec<Frame> {
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let read = frames(text);
        if read.iter().any(|f| f.event == "view" && f.id == version) {
            return read;
        }
        match tokio::time::timeout_at(until, stream.next()).await {
            Ok(Some(Ok(chunk))) => text.push_str(&String::from_utf8_lossy(&chunk)),
            other => panic!("no view at {version} ({other:?}); read: {text}"),
        }
    }
}

/// Every view comes right after the events of its version: its id is the last event's.
fn views_follow_their_events(read: &[Frame]) {
    let mut last_event = None;
    for frame in read {
        if frame.event == "view" {
            assert_eq!(frame.data["version"], frame.id, "{frame:?}");
            if let Some(seq) = last_event {
                assert_eq!(frame.id, seq, "a view not at its events' version: {read:?}");
            }
        } else {
            assert_eq!(frame.data["seq"], frame.id, "{frame:?}");
            assert_eq!(frame.data["kind"], frame.event.as_str(), "{frame:?}");
            last_event = Some(frame.id);
        }
    }
}

/// Ann and Bob seated at a table of ante 1, its first hand dealt: the players, the table and
/// its version.
async fn dealt(app: &TestApp) -> (Vec<Player>, String, i64) {
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 1}), None)
        .await;
    let dealt = app.start_hand(&table, &players[0]).await.ok();
    let version = dealt["version"].as_i64().expect("version");
    (players, table, version)
}

async fn get_view(app: &TestApp, table: &str, who: &Player) -> Value {
    app.view(table, who).await
}

#[actix_web::test]
async fn the_stream_sends_each_viewer_their_view_after_each_commits_events() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let carl = app.register("carl").await;
    let league = app.league(&ann, &[&bob, &carl], 100).await;
    let table = app.table(&ann, &league, json!({"ante": 1}), None).await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &bob, 1).await;
    let version = get_view(&app, &table, &ann).await["version"]
        .as_i64()
        .expect("version");
    let mut seated = open_stream(&app, &table, &ann.token).await;
    let mut watching = open_stream(&app, &table, &carl.token).await;
    let (mut seated_text, mut watching_text) = (String::new(), String::new());
    // On connecting: the events so far, then the view.
    let read = until_view(&mut seated, &mut seated_text, version).await;
    views_follow_their_events(&read);
    assert_eq!(
        read.last().map(|f| f.data.clone()),
        Some(get_view(&app, &table, &ann).await)
    );
    until_view(&mut watching, &mut watching_text, version).await;

    let dealt = app.start_hand(&table, &ann).await.ok();
    let version = dealt["version"].as_i64().expect("version");
    let read = until_view(&mut seated, &mut seated_text, version).await;
    views_follow_their_events(&read);
    let mine = read.last().expect("a view").data.clone();
    assert_eq!(mine, get_view(&app, &table, &ann).await);
    assert_eq!(mine["my_hand"].as_array().map(Vec::len), Some(5), "{mine}");
    let read = until_view(&mut watching, &mut watching_text, version).await;
    views_follow_their_events(&read);
    let theirs = read.last().expect("a view").data.clone();
    assert_eq!(theirs, get_view(&app, &table, &carl).await);
    assert_eq!(theirs["my_hand"], json!([]), "{theirs}");
    assert!(theirs["legal"].is_null(), "{theirs}");
    assert_eq!(theirs["version"], version);

    // A move: its events, then the next view, with the turn moved on.
    let to_act = &mine["to_act"]["player_id"];
    let actor = if *to_act == json!(ann.id) { &ann } else { &bob };
    let moved = app.declare(&table, actor, true, &[]).await.ok();
    let version = moved["version"].as_i64().expect("version");
    let read = until_view(&mut watching, &mut watching_text, version).await;
    views_follow_their_events(&read);
    let after = read.last().expect("a view").data.clone();
    assert_ne!(after["to_act"], mine["to_act"], "{after}");
    assert_eq!(after, get_view(&app, &table, &carl).await);
    // Exactly one view per version on each stream.
    for text in [&seated_text, &watching_text] {
        let views: Vec<i64> = frames(text)
            .iter()
            .filter(|f| f.event == "view")
            .map(|f| f.id)
            .collect();
        let mut distinct = views.clone();
        distinct.dedup();
        assert_eq!(views, distinct, "a view sent twice: {views:?}");
    }
}

#[actix_web::test]
async fn a_resumed_stream_sends_the_missed_events_then_the_current_view() {
    let app = TestApp::start().await;
    let (players, table, version) = dealt(&app).await;
    let resume_after = 3;
    let mut stream = resume_stream(&app, &table, &players[1].token, resume_after).await;
    let mut text = String::new();
    let read = until_view(&mut stream, &mut text, version).await;
    views_follow_their_events(&read);
    let events: Vec<i64> = read
        .iter()
        .filter(|f| f.event != "view")
        .map(|f| f.id)
        .collect();
    assert_eq!(events, ((resume_after + 1)..=version).collect::<Vec<_>>());
    assert_eq!(read.iter().filter(|f| f.event == "view").count(), 1);
    assert_eq!(read.last().map(|f| f.event.as_str()), Some("view"));
    assert_eq!(
        read.last().map(|f| f.data.clone()),
        Some(app.view(&table, &players[1]).await)
    );
}

#[actix_web::test]
async fn a_long_poll_gets_the_view_with_the_events_that_reach_it() {
    let app = TestApp::start().await;
    let (players, table, version) = dealt(&app).await;
    let all = app
        .get(&format!("/v1/tables/{table}/updates?after=0"), &players[1])
        .await
        .ok();
    assert_eq!(
        all["events"].as_array().map(Vec::len),
        Some(version as usize)
    );
    assert_eq!(all["view"], app.view(&table, &players[1]).await);
    // A page that stops short of the version has no view: more events are to be read.
    let part = app
        .get(
            &format!("/v1/tables/{table}/updates?after=0&limit=2"),
            &players[1],
        )
        .await
        .ok();
    assert_eq!(part["events"].as_array().map(Vec::len), Some(2));
    assert!(part.get("view").is_none(), "{part}");
    // Waiting: the next move's events and the view after them.
    let poll = format!("/v1/tables/{table}/updates?after={version}&wait=10");
    let waiting = app.get(&poll, &players[1]);
    let mover = async {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let to_act = app.view(&table, &players[0]).await["to_act"]["player_id"].clone();
        let actor = players
            .iter()
            .find(|p| json!(p.id) == to_act)
            .expect("actor");
        app.declare(&table, actor, true, &[]).await.ok()
    };
    let (woken, moved) = tokio::join!(waiting, mover);
    let woken = woken.ok();
    let moved_to = moved["version"].as_i64().expect("version");
    let last = woken["events"]
        .as_array()
        .and_then(|e| e.last())
        .map(|e| e["seq"].clone());
    assert_eq!(last, Some(json!(moved_to)), "{woken}");
    assert_eq!(woken["view"], app.view(&table, &players[1]).await);
}
