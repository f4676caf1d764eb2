//! What a client meets first (issue "client-ready API"): discovery, browsers, sessions,
//! and the table's view between hands.

use serde_json::json;

use crate::support::{TestApp, play_out};

#[actix_web::test]
async fn seats_show_the_last_hands_tricks_until_the_next_hand() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 100, json!({"ante": 5}), None)
        .await;
    let refs: Vec<&crate::support::Player> = players.iter().collect();
    app.start_hand(&table, &players[0]).await.ok();
    for p in [&players[1], &players[2], &players[0]] {
        app.declare(&table, p, true, &[]).await.ok();
    }
    play_out(&app, &table, &refs).await;
    let view = app.view(&table, &players[0]).await;
    let tricks: u64 = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["tricks"].as_u64().expect("tricks"))
        .sum();
    assert_eq!(tricks, 5, "{view}");
    assert_eq!(view["tricks"].as_array().map(Vec::len), Some(5));
    app.start_hand(&table, &players[0]).await.ok();
    let view = app.view(&table, &players[0]).await;
    assert!(
        view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .all(|s| s["tricks"] == 0),
        "{view}"
    );
}

#[actix_web::test]
async fn a_tables_hands_come_a_page_at_a_time() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&crate::support::Player> = players.iter().collect();
    for _ in 0..5 {
        app.start_hand(&table, &players[0]).await.ok();
        play_out(&app, &table, &refs).await;
    }
    let mut seen = Vec::new();
    let mut after = 0;
    loop {
        let page = app
            .get(
                &format!("/v1/tables/{table}/hands?after={after}&limit=2"),
                &players[1],
            )
            .await
            .ok();
        let hands = page["hands"].as_array().expect("hands");
        assert!(hands.len() <= 2, "{page}");
        seen.extend(
            hands
                .iter()
                .map(|h| h["hand_no"].as_u64().expect("hand_no")),
        );
        match page["next_cursor"].as_u64() {
            Some(next) => after = next,
            None => break,
        }
    }
    assert_eq!(seen, [1, 2, 3, 4, 5]);
    app.get(&format!("/v1/tables/{table}/hands?limit=0"), &players[1])
        .await
        .problem(400, "invalid_query");
}
