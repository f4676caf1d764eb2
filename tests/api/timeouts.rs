//! Asynchronous play: turn deadlines, timeouts, sitting out, and live updates across
//! server processes (long-poll and server-sent events woken by LISTEN/NOTIFY).

use std::time::{Duration, Instant};

use awc::http::Method;
use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, config, deck, resume_stream};

/// Polls `check` every 100 ms until it returns `Some`, for at most `secs` seconds.
async fn eventually<T, F, Fut>(secs: u64, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let until = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(found) = check().await {
            return found;
        }
        assert!(Instant::now() < until, "timed out waiting");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn events(app: &TestApp, table: &str, who: &Player, after: i64) -> Vec<Value> {
    app.get(&format!("/v1/tables/{table}/events?after={after}"), who)
        .await
        .ok()
        .as_array()
        .cloned()
        .expect("events")
}

async fn timeouts_of(app: &TestApp, player: &Player) -> i64 {
    app.sql_number(&format!(
        "SELECT timeouts::bigint AS n FROM seats WHERE player_id = '{}'",
        player.id
    ))
    .await
}

/// Bob plays; then nobody touches the table. The dealer, forced to play by the trump ace
/// (R7), times out into play-and-stand, and every card of the hand is played by timeouts
/// (the engine's default legal card). Bob wins four tricks and the pot.
#[actix_web::test]
async fn a_table_left_alone_plays_itself_out_through_timeouts() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let league = app.league(&ann, &[&bob], 100).await;
    let d = deck(
        &[
            &["KH", "QH", "JH", "10H", "9H"],
            &["2C", "3C", "4C", "5C", "AH"],
        ],
        &[],
    );
    let table = app
        .table(
            &ann,
            &league,
            json!({"ante": 5, "turn_timeout_secs": 1}),
            Some(json!([d])),
        )
        .await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &bob, 1).await;
    let started = Instant::now();
    let view = app.start_hand(&table, &ann).await.ok();
    assert_eq!(view["trump"]["card"], "AH");
    // The pending decision carries its deadline, in the view and in bob's turns.
    let deadline: chrono::DateTime<chrono::Utc> =
        serde_json::from_value(view["to_act"]["deadline"].clone()).expect("deadline");
    let left = deadline - chrono::Utc::now();
    assert!(left <= chrono::Duration::seconds(1), "{left}");
    assert_eq!(view["to_act"]["player_id"], bob.id.as_str());
    let turns = app.get("/v1/players/me/turns", &bob).await.ok();
    assert_eq!(turns["turns"][0]["table_id"], table.as_str());
    assert_eq!(turns["turns"][0]["deadline"], view["to_act"]["deadline"]);
    let after = view["version"].as_i64().expect("version");
    app.declare(&table, &bob, true, &[]).await.ok();
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "bob acted in time"
    );

    let view = eventually(30, || async {
        let view = app.view(&table, &ann).await;
        (view["status"] == "waiting").then_some(view)
    })
    .await;
    assert_eq!(view["phase"], "complete");
    let last = &view["last_hand"];
    assert_eq!(last["outcome"], json!({"type": "won", "seat": 1}));
    assert_eq!(last["pot"], 10);
    assert_eq!(
        last["payouts"],
        json!([{"seat": 1, "amount": 10}]),
        "{last}"
    );
    assert_eq!(last["bourre"], json!([]), "{last}");
    assert_eq!(
        last["tricks"],
        json!([{"seat": 1, "amount": 4}, {"seat": 0, "amount": 1}]),
        "{last}"
    );

    // History: each timeout is marked, right before the default action it caused.
    let feed = events(&app, &table, &bob, after).await;
    let kinds: Vec<&str> = feed.iter().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds[0], "declared", "{kinds:?}");
    assert_eq!(feed[0]["data"]["seat"], 1);
    let timed: Vec<&Value> = feed
        .iter()
        .filter(|e| e["kind"] == "turn_timed_out")
        .collect();
    assert_eq!(
        timed.len(),
        11,
        "ann's declaration and the ten cards: {kinds:?}"
    );
    for (i, event) in feed.iter().enumerate() {
        if event["kind"] == "turn_timed_out" {
            let next = &feed[i + 1];
            assert!(
                next["kind"] == "declared" || next["kind"] == "played",
                "{kinds:?}"
            );
            assert_eq!(next["data"]["seat"], event["data"]["seat"], "{kinds:?}");
            let seat = event["data"]["seat"].as_u64().expect("seat");
            let who = if seat == 0 { &ann } else { &bob };
            assert_eq!(event["data"]["player_id"], who.id.as_str());
        }
    }
    let ann_declared = feed
        .iter()
        .find(|e| e["kind"] == "declared" && e["data"]["seat"] == 0)
        .expect("ann's declaration");
    assert_eq!(ann_declared["data"]["play"], true, "R7: the dealer plays");
    assert!(kinds.contains(&"hand_ended") && kinds.contains(&"seed_revealed"));
    // Both timed out at least twice in a row: stood up with the hand's end.
    let left: Vec<&Value> = feed.iter().filter(|e| e["kind"] == "seat_left").collect();
    assert_eq!(left.len(), 2, "{kinds:?}");
    assert_eq!(kinds.last(), Some(&"seat_left"));
    assert!(view["seats"].as_array().expect("seats").is_empty());
    assert_eq!(app.balance(&ann, &league).await, 95);
    assert_eq!(app.balance(&bob, &league).await, 105);
    assert!(
        app.get("/v1/players/me/turns", &ann).await.ok()["turns"]
            .as_array()
            .expect("turns")
            .is_empty()
    );
}

/// Two timeouts in a row stand a player up when the hand ends; a real action in between
/// resets the count; a player stood up may sit again.
#[actix_web::test]
async fn a_player_who_times_out_twice_in_a_row_is_stood_up() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let league = app.league(&ann, &[&bob], 100).await;
    let table = app
        .table(
            &ann,
            &league,
            json!({"ante": 1, "turn_timeout_secs": 1}),
            None,
        )
        .await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &bob, 1).await;
    let hand_over = |hand: i64| {
        let app = &app;
        let table = &table;
        let ann = &ann;
        async move {
            eventually(10, || async {
                let view = app.view(table, ann).await;
                (view["hand_no"] == hand && view["status"] == "waiting").then_some(view)
            })
            .await
        }
    };
    // Hand 1 (ann deals): bob times out, passes; ann wins.
    app.start_hand(&table, &ann).await.ok();
    hand_over(1).await;
    assert_eq!(timeouts_of(&app, &bob).await, 1);
    // Hand 2 (bob deals): ann passes, bob wins without acting: his count stays.
    app.start_hand(&table, &ann).await.ok();
    app.declare(&table, &ann, false, &[]).await.ok();
    // Hand 3: bob passes himself: the count is reset.
    app.start_hand(&table, &ann).await.ok();
    app.declare(&table, &bob, false, &[]).await.ok();
    assert_eq!(timeouts_of(&app, &bob).await, 0);
    // Hand 4 (bob deals): ann passes. Hand 5: bob times out once: still seated.
    app.start_hand(&table, &ann).await.ok();
    app.declare(&table, &ann, false, &[]).await.ok();
    app.start_hand(&table, &ann).await.ok();
    let view = hand_over(5).await;
    assert_eq!(view["seats"].as_array().map(Vec::len), Some(2));
    assert_eq!(timeouts_of(&app, &bob).await, 1);
    // Hand 6 (bob deals): ann passes. Hand 7: bob times out again: stood up at its end.
    app.start_hand(&table, &ann).await.ok();
    app.declare(&table, &ann, false, &[]).await.ok();
    app.start_hand(&table, &ann).await.ok();
    let view = hand_over(7).await;
    let seats = view["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0]["player_id"], ann.id.as_str());
    let version = view["version"].as_i64().expect("version");
    let last = events(&app, &table, &ann, version - 1).await;
    assert_eq!(last[0]["kind"], "seat_left");
    assert_eq!(last[0]["data"]["player_id"], bob.id.as_str());
    assert_eq!(last[0]["data"]["seat"], 1);
    // The table goes on without him: ann alone cannot start a hand...
    app.start_hand(&table, &ann)
        .await
        .problem(422, "not_enough_players");
    // ...until he sits again, with a clean record.
    app.sit(&table, &bob, 1).await;
    assert_eq!(timeouts_of(&app, &bob).await, 0);
    app.start_hand(&table, &ann).await.ok();
}

/// A long-poll and an SSE stream opened on process A wake within a second when an action
/// is posted to process B (LISTEN/NOTIFY), and see what their caller may see.
#[actix_web::test]
async fn live_updates_cross_server_processes() {
    let a = TestApp::start().await;
    let b = TestApp::on_database(a.db_url.clone(), config(true));
    let ann = a.register("ann").await;
    let bob = a.register("bob").await;
    let league = a.league(&ann, &[&bob], 100).await;
    let table = a.table(&ann, &league, json!({"ante": 5}), None).await;
    a.sit(&table, &ann, 0).await;
    a.sit(&table, &bob, 1).await;
    let view = a.start_hand(&table, &ann).await.ok();
    let version = view["version"].as_i64().expect("version");

    // A long-poll on A, an action on B.
    let poll = async {
        let reply = a
            .get(
                &format!("/v1/tables/{table}/events?after={version}&wait=30"),
                &ann,
            )
            .await
            .ok();
        (reply, Instant::now())
    };
    let act = async {
        actix_web::rt::time::sleep(Duration::from_millis(500)).await;
        let at = Instant::now();
        let reply = b
            .post(
                &format!("/v1/tables/{table}/actions"),
                &bob,
                json!({"action": {"type": "declare", "play": true, "discard": []}}),
            )
            .await;
        (reply, at)
    };
    let ((polled, woke), (acted, posted)) = futures_util::future::join(poll, act).await;
    acted.ok();
    assert!(woke >= posted, "the long-poll waited for the action");
    assert!(
        woke.duration_since(posted) < Duration::from_secs(1),
        "woke {:?} after the action",
        woke.duration_since(posted)
    );
    let first = &polled[0];
    assert_eq!(first["seq"], version + 1);
    assert_eq!(first["kind"], "declared");
    assert_eq!(first["data"]["seat"], 1);

    // An SSE stream on A resuming after Last-Event-ID, an action on B.
    let now = a.view(&table, &ann).await;
    let version = now["version"].as_i64().expect("version");
    let mut stream = resume_stream(&a, &table, &ann.token, version - 1).await;
    assert_eq!(stream.status().as_u16(), 200);
    assert_eq!(
        stream
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("text/event-stream")
    );
    let mut text = String::new();
    let mut read_until = async |text: &mut String, needle: &str, secs: u64| {
        let until = Instant::now() + Duration::from_secs(secs);
        while !text.contains(needle) {
            let left = until.saturating_duration_since(Instant::now());
            let chunk = tokio::time::timeout(left, stream.next())
                .await
                .unwrap_or_else(|_| panic!("no {needle:?} in time; got {text:?}"))
                .expect("stream open")
                .expect("chunk");
            text.push_str(std::str::from_utf8(&chunk).expect("utf-8"));
        }
    };
    // Resumed: the event at the table's version comes first, nothing before it.
    read_until(&mut text, &format!("id: {version}\n"), 5).await;
    assert!(text.starts_with(&format!("id: {version}\n")), "{text}");
    let acting = ann_or_bob_to_act(&now, &ann, &bob);
    let card = now_legal_card(&a, &table, acting).await;
    let posted = Instant::now();
    b.post(
        &format!("/v1/tables/{table}/actions"),
        acting,
        json!({"action": card}),
    )
    .await
    .ok();
    read_until(&mut text, &format!("id: {}\n", version + 1), 1).await;
    assert!(posted.elapsed() < Duration::from_secs(1));
    // The frame's data is the events endpoint's item for the caller.
    let frame = text
        .split("\n\n")
        .find(|f| f.starts_with(&format!("id: {}\n", version + 1)))
        .expect("frame");
    let mut lines = frame.lines();
    let _id = lines.next();
    let kind = lines.next().expect("event line");
    let data: Value = serde_json::from_str(
        lines
            .next()
            .expect("data line")
            .trim_start_matches("data: "),
    )
    .expect("data");
    let item = events(&a, &table, &ann, version).await;
    assert_eq!(data, item[0]);
    assert_eq!(
        kind,
        format!("event: {}", item[0]["kind"].as_str().expect("kind"))
    );

    // Refusals come before the stream, as problem+json.
    let cat = a.register("cat").await;
    a.call(
        Method::GET,
        &format!("/v1/tables/{table}/stream"),
        Some(&cat.token),
        None,
    )
    .await
    .problem(403, "not_a_member");
}

fn ann_or_bob_to_act<'p>(view: &Value, ann: &'p Player, bob: &'p Player) -> &'p Player {
    if view["to_act"]["player_id"] == ann.id.as_str() {
        ann
    } else {
        bob
    }
}

/// The first legal action of `who` now, as an action body.
async fn now_legal_card(app: &TestApp, table: &str, who: &Player) -> Value {
    let view = app.view(table, who).await;
    let legal = &view["legal"];
    match legal["action"].as_str() {
        Some("declare") => json!({"type": "declare", "play": true, "discard": []}),
        Some("play") => json!({"type": "play", "card": legal["cards"][0]}),
        other => panic!("unexpected legal action {other:?}: {view}"),
    }
}

/// A deadline that passed while no server swept is acted on when a server starts.
#[actix_web::test]
async fn a_deadline_missed_while_servers_were_down_is_honoured_on_start() {
    // A server whose sweeper ran once at start and then sleeps: as good as none.
    let mut idle = config(true);
    idle.sweep_every = Duration::from_secs(3600);
    let url = crate::support::fresh_database().await;
    let a = TestApp::on_database(url.clone(), idle);
    let ann = a.register("ann").await;
    let bob = a.register("bob").await;
    let league = a.league(&ann, &[&bob], 100).await;
    let table = a.table(&ann, &league, json!({"ante": 5}), None).await;
    a.sit(&table, &ann, 0).await;
    a.sit(&table, &bob, 1).await;
    let view = a.start_hand(&table, &ann).await.ok();
    let version = view["version"].as_i64().expect("version");
    assert_eq!(view["to_act"]["player_id"], bob.id.as_str());
    // The day-long deadline passes (while nothing sweeps). Edited behind the servers' back,
    // so stamped: what they kept of the table is read again.
    a.sql(&format!(
        "UPDATE tables SET deadline = now() - interval '1 hour', stamp = stamp + 1 \
             WHERE id = '{table}'"
    ))
    .await;
    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(a.view(&table, &ann).await["version"], version);
    // A server starts: its first sweep acts for bob.
    let b = TestApp::on_database(url, config(true));
    let view = eventually(5, || async {
        let view = b.view(&table, &ann).await;
        (view["status"] == "waiting").then_some(view)
    })
    .await;
    assert_eq!(view["last_hand"]["outcome"]["type"], "uncontested");
    let feed = events(&b, &table, &ann, version).await;
    assert_eq!(feed[0]["kind"], "turn_timed_out");
    assert_eq!(feed[0]["data"]["player_id"], bob.id.as_str());
    assert_eq!(feed[1]["kind"], "declared");
    assert_eq!(feed[1]["data"]["play"], false);
    // Exactly once, though two servers could sweep.
    let timed = feed
        .iter()
        .filter(|e| e["kind"] == "turn_timed_out")
        .count();
    assert_eq!(timed, 1);
}
