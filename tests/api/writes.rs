//! A move is written whole or not at all: its events, its chips, its seats and the table's
//! row go in one statement, guarded by the table's version.

use serde_json::json;

use crate::support::{Player, TestApp, deck, next_move};

/// The pot's balance row goes missing mid-hand: the move that pays the pot out fails, and
/// leaves the log, the ledger, the balances and the table's row as they were. With the row
/// back, the same move goes through and the chips balance.
#[actix_web::test]
async fn a_move_whose_debit_finds_no_account_writes_nothing() {
    let app = TestApp::start().await;
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["7C", "8C", "9C", "10C", "2H"],
        ],
        &[],
    );
    let (players, league, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), Some(json!([d])))
        .await;
    app.start_hand(&table, &players[0]).await.ok();
    let pot = format!("pot:{table}");
    let in_pot = app
        .sql_number(&format!(
            "SELECT balance AS n FROM balances WHERE account = '{pot}'"
        ))
        .await;
    assert_eq!(in_pot, 10, "both antes are in the pot");
    // Behind the server's back, so the table is stamped: what the server kept is read again.
    let stamp = format!("UPDATE tables SET stamp = stamp + 1 WHERE id = '{table}'");
    app.sql(&format!("DELETE FROM balances WHERE account = '{pot}'"))
        .await;
    app.sql(&stamp).await;
    let ledger_rows = "SELECT count(*) AS n FROM ledger";
    let event_rows = format!("SELECT count(*) AS n FROM events WHERE table_id = '{table}'");
    // Bob, at the dealer's left, speaks first: his pass leaves Ann alone, and she wins the
    // pot outright (R8).
    let before = app.view(&table, &players[0]).await;
    assert_eq!(before["to_act"]["player_id"], players[1].id.as_str());
    let ledger_before = app.sql_number(ledger_rows).await;
    let pass = json!({"type": "declare", "play": false});
    app.act(&table, &players[1], pass.clone())
        .await
        .problem(500, "internal");
    let after = app.view(&table, &players[0]).await;
    assert_eq!(after, before, "the table is as it was");
    assert_eq!(app.sql_number(ledger_rows).await, ledger_before);
    assert_eq!(
        app.sql_number(&event_rows).await,
        before["version"].as_i64().expect("version"),
        "no event was appended"
    );
    app.sql(&format!(
        "INSERT INTO balances (league_id, account, balance) VALUES ('{league}', '{pot}', {in_pot})"
    ))
    .await;
    app.sql(&stamp).await;
    let ended = app.act(&table, &players[1], pass).await.ok();
    assert_eq!(ended["status"], "waiting", "{ended}");
    let total = app
        .sql_number(&format!(
            "SELECT sum(balance)::bigint AS n FROM balances WHERE league_id = '{league}'"
        ))
        .await;
    assert_eq!(total, 0, "the league's chips still sum to zero");
}

/// A grant moves a seated player's chips outside the table's log: the table's view shows it
/// at once, in every process (the grant stamps the table, so what a process kept of it is
/// read again).
#[actix_web::test]
async fn a_grant_to_a_seated_player_shows_in_the_table_at_once() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let bob_balance = |view: &serde_json::Value| {
        view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .find(|s| s["player_id"] == players[1].id.as_str())
            .expect("bob's seat")["balance"]
            .clone()
    };
    let before = app.view(&table, &players[0]).await;
    assert_eq!(bob_balance(&before), 100);
    app.post(
        &format!("/v1/leagues/{league}/grants"),
        &players[0],
        json!({"player_id": players[1].id, "amount": 25, "reason": "rebuy"}),
    )
    .await
    .ok();
    let after = app.view(&table, &players[0]).await;
    assert_eq!(bob_balance(&after), 125);
    assert_eq!(after["version"], before["version"], "the log did not move");
}

/// An action is first tried on the table as this process kept it, and the write checks
/// that the table has not moved. When another process moved it, the kept state is stale:
/// a move it would refuse is decided again on the table as it is (and goes through), and a
/// move it would allow is refused as the table now stands.
#[actix_web::test]
async fn a_process_whose_kept_table_is_stale_decides_on_the_table_as_it_is() {
    let a = TestApp::start().await;
    let b = TestApp::on_database(a.db_url.clone(), crate::support::config(true));
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["7C", "8C", "9C", "10C", "2H"],
        ],
        &[],
    );
    let (players, _, table) = a
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), Some(json!([d])))
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    let started = a.start_hand(&table, ann).await.ok();
    assert_eq!(started["to_act"]["player_id"], bob.id.as_str());
    // Process a keeps the table with bob to act; bob declares through process b.
    let play = json!({"type": "declare", "play": true, "discard": []});
    b.act(&table, bob, play.clone()).await.ok();
    // To process a it is still bob's turn, which would refuse ann: her declaration is
    // decided again on the table as it is, and goes through.
    let declared = a.act(&table, ann, play).await.ok();
    assert_eq!(
        declared["version"],
        started["version"].as_i64().expect("version") + 2
    );
    // The first card is played through process b; to process a it is still that
    // player's turn, but the same card again is refused as the table now stands.
    let refs: Vec<&Player> = players.iter().collect();
    let (leader, card) = next_move(&b, &table, &refs).await.expect("in play");
    b.act(&table, &leader, card.clone()).await.ok();
    a.act(&table, &leader, card)
        .await
        .problem(422, "not_your_turn");
}
