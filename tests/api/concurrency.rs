//! Two writers at one version: exactly one wins, the other gets 409 `version_conflict`
//! with the table's real version; the event log stays gap-free and duplicate-free.

use serde_json::{Value, json};

use crate::support::{Player, Reply, TestApp, deck};

async fn two_players() -> (TestApp, Player, Player, String) {
    let app = TestApp::start().await;
    // Ann deals; bob is at her left. Trump hearts (2H up).
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["7C", "8C", "9C", "10C", "2H"],
        ],
        &[],
    );
    let (mut players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), Some(json!([d])))
        .await;
    app.start_hand(&table, &players[0]).await.ok();
    let bob = players.pop().expect("bob");
    let ann = players.pop().expect("ann");
    (app, ann, bob, table)
}

/// Sends two actions at `expected_version` at once; returns both replies.
async fn race(
    app: &TestApp,
    table: &str,
    who: &Player,
    expected_version: i64,
    a: Value,
    b: Value,
) -> (Reply, Reply) {
    let path = format!("/v1/tables/{table}/actions");
    tokio::join!(
        app.post(
            &path,
            who,
            json!({"expected_version": expected_version, "action": a})
        ),
        app.post(
            &path,
            who,
            json!({"expected_version": expected_version, "action": b})
        ),
    )
}

/// Exactly one of the two succeeded and the other is a 409 naming the real version.
async fn one_wins(app: &TestApp, table: &str, who: &Player, before: i64, replies: (Reply, Reply)) {
    let (a, b) = replies;
    let (won, lost) = match (a.status, b.status) {
        (200, _) => (a, b),
        (_, 200) => (b, a),
        _ => panic!(
            "neither won: {} {} / {} {}",
            a.status, a.body, b.status, b.body
        ),
    };
    lost.problem(409, "version_conflict");
    let now = app.view(table, who).await["version"]
        .as_i64()
        .expect("version");
    assert!(now > before);
    assert_eq!(
        won.body["version"], now,
        "the winner's view is the table now"
    );
    assert_eq!(
        lost.body["current_version"], now,
        "409 must carry the table's real version"
    );
}

/// Seqs of the whole log are exactly 1..=version.
async fn log_is_whole(app: &TestApp, table: &str, who: &Player) {
    let version = app.view(table, who).await["version"]
        .as_i64()
        .expect("version");
    let events = app
        .get(&format!("/v1/tables/{table}/events?after=0"), who)
        .await
        .ok();
    let seqs: Vec<i64> = events
        .as_array()
        .expect("events")
        .iter()
        .filter_map(|e| e["seq"].as_i64())
        .collect();
    assert_eq!(seqs, (1..=version).collect::<Vec<_>>());
}

#[actix_web::test]
async fn concurrent_actions_at_one_version_one_wins_one_conflicts() {
    let (app, ann, bob, table) = two_players().await;
    // Declarations: bob stands or discards one card; ann stands or discards one.
    for who in [&bob, &ann] {
        let view = app.view(&table, who).await;
        let before = view["version"].as_i64().expect("version");
        let first = view["my_hand"][0].clone();
        let replies = race(
            &app,
            &table,
            who,
            before,
            json!({"type": "declare", "play": true, "discard": []}),
            json!({"type": "declare", "play": true, "discard": [first]}),
        )
        .await;
        one_wins(&app, &table, who, before, replies).await;
    }
    // Every play of the hand: the player to act sends two different legal cards at once.
    // A follower's card ends the trick, so the winner writes more than one event.
    loop {
        let any = app.view(&table, &ann).await;
        if any["phase"] != "play" {
            break;
        }
        let seat = any["to_act"]["seat"].as_u64().expect("to act");
        let who = if seat == 0 { &ann } else { &bob };
        let view = app.view(&table, who).await;
        let before = view["version"].as_i64().expect("version");
        let legal: Vec<Value> = view["legal"]["cards"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if legal.len() < 2 {
            app.act(&table, who, json!({"type": "play", "card": legal[0]}))
                .await
                .ok();
            continue;
        }
        let replies = race(
            &app,
            &table,
            who,
            before,
            json!({"type": "play", "card": legal[0]}),
            json!({"type": "play", "card": legal[1]}),
        )
        .await;
        one_wins(&app, &table, who, before, replies).await;
    }
    assert_eq!(app.view(&table, &ann).await["phase"], "complete");
    log_is_whole(&app, &table, &ann).await;
    // Chips are conserved whatever card won each race (R10e).
    let view = app.view(&table, &ann).await;
    let balances: i64 = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter_map(|s| s["balance"].as_i64())
        .sum();
    assert_eq!(balances + view["pot"].as_i64().expect("pot"), 200);
}

#[actix_web::test]
async fn stale_expected_version_gets_409_with_the_real_version() {
    let (app, _ann, bob, table) = two_players().await;
    let version = app.view(&table, &bob).await["version"]
        .as_i64()
        .expect("version");
    for stale in [version - 1, 0, version + 5] {
        let reply = app
            .post(
                &format!("/v1/tables/{table}/actions"),
                &bob,
                json!({"expected_version": stale, "action": {"type": "declare", "play": true}}),
            )
            .await;
        reply.problem(409, "version_conflict");
        assert_eq!(reply.body["current_version"], version);
        assert_eq!(
            app.view(&table, &bob).await["version"],
            version,
            "a refused write changes nothing"
        );
    }
    // The right version is accepted.
    let view = app
        .post(
            &format!("/v1/tables/{table}/actions"),
            &bob,
            json!({"expected_version": version, "action": {"type": "declare", "play": true}}),
        )
        .await
        .ok();
    assert_eq!(view["version"], version + 1);
    log_is_whole(&app, &table, &bob).await;
}

/// Views asked for at once have their tables' stamps checked together, and each request
/// gets its own answer: a member sees the table, an outsider is refused, a table that does
/// not exist is not found, and a view after a move shows the move.
#[actix_web::test]
async fn views_asked_for_at_once_each_get_their_own_answer() {
    let (app, ann, bob, table) = two_players().await;
    let outsider = app.register("zed").await;
    let path = format!("/v1/tables/{table}");
    let missing = format!("/v1/tables/{}", uuid::Uuid::new_v4());
    let before = app.view(&table, &ann).await;
    let (mover, action) = crate::support::next_move(&app, &table, &[&ann, &bob])
        .await
        .expect("a move");
    app.act(&table, &mover, action).await.ok();
    let replies = futures_util::future::join_all([
        app.get(&path, &ann),
        app.get(&path, &outsider),
        app.get(&missing, &ann),
        app.get(&path, &bob),
    ])
    .await;
    let ann_view = replies[0].clone().ok();
    assert_eq!(
        ann_view["version"],
        before["version"].as_i64().expect("version") + 1
    );
    replies[1].problem(403, "not_a_member");
    replies[2].problem(404, "table_not_found");
    let bob_view = replies[3].clone().ok();
    assert_eq!(bob_view["version"], ann_view["version"]);
    assert_eq!(bob_view["my_seat"], 1, "{bob_view}");
}
