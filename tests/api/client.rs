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
