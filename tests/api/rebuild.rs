//! Projections are derived data: after bot-played hands at several tables (split pots,
//! bourrés, pot limits, players standing up with carried pots, a closed table), the
//! rebuild finds nothing to change; after the rows are damaged it finds and repairs them.

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, deck, play_out};

async fn snapshot(app: &TestApp, tables: &[&str], players: &[&Player], league: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for t in tables {
        let v = app.view(t, players[0]).await;
        out.push(json!([
            v["version"],
            v["hand_no"],
            v["status"],
            v["pot"],
            v["seats"],
            v["to_act"]
        ]));
    }
    for p in players {
        out.push(json!(app.balance(p, league).await));
    }
    out
}

/// Six players in a league with `starting` chips, three seated at each of two tables
/// with `rules`: the players, the league, the tables.
async fn two_tables_of_three(
    app: &TestApp,
    starting: i64,
    rules: [Value; 2],
) -> (Vec<Player>, String, String, String) {
    let mut players = Vec::new();
    for n in ["ann", "bob", "cat", "dan", "eve", "fay"] {
        players.push(app.register(n).await);
    }
    let refs: Vec<&Player> = players.iter().collect();
    let league = app.league(&players[0], &refs[1..], starting).await;
    let [r1, r2] = rules;
    let t1 = app.table(&players[0], &league, r1, None).await;
    let t2 = app.table(&players[0], &league, r2, None).await;
    for (i, p) in refs[..3].iter().enumerate() {
        app.sit(&t1, p, i as u8).await;
    }
    for (i, p) in refs[3..].iter().enumerate() {
        app.sit(&t2, p, i as u8).await;
    }
    (players, league, t1, t2)
}

#[actix_web::test]
async fn rebuild_reproduces_every_projection_row() {
    let app = TestApp::start().await;
    let (players, league, t1, t2) = two_tables_of_three(
        &app,
        300,
        [
            json!({"ante": 3, "pot_limit": 10}),
            json!({"ante": 2, "split_pot": "share"}),
        ],
    )
    .await;
    let refs: Vec<&Player> = players.iter().collect();
    for _ in 0..3 {
        app.start_hand(&t1, &players[0]).await.ok();
        play_out(&app, &t1, &refs[..3]).await;
        app.start_hand(&t2, &players[3]).await.ok();
        play_out(&app, &t2, &refs[3..]).await;
    }
    // Somebody stands up between hands, and the table goes on.
    app.call(
        Method::DELETE,
        &format!("/v1/tables/{t2}/seats/me"),
        Some(&players[5].token),
        None,
    )
    .await
    .ok();
    app.start_hand(&t2, &players[3]).await.ok();
    play_out(&app, &t2, &refs[3..5]).await;
    // A table mid-hand is part of the check too.
    app.start_hand(&t1, &players[0]).await.ok();

    let pool = bourre_store::pool(&app.db_url, 2).expect("pool");
    let clean = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("rebuild");
    assert!(clean.differences.is_empty(), "{:?}", clean.differences);
    assert!(
        clean.tables_checked == 2 && clean.balances_checked >= 8,
        "{clean:?}"
    );
    assert_eq!(clean.finished_hands_checked, 7, "{clean:?}");
    // The export, once every finished hand is in the public log (its entries are in it).
    crate::log_public::logged(&app, &t1, 3, &players[0]).await;
    crate::log_public::logged(&app, &t2, 4, &players[3]).await;
    let export = format!("/v1/leagues/{league}/hands/export");
    let (_, _, export_before) = crate::hand_export::fetch(&app, &export, &players[0]).await;
    let before = snapshot(&app, &[&t1, &t2], &refs, &league).await;

    app.sql(&format!(
        "UPDATE balances SET balance = balance + 5 WHERE account = 'player:{}'",
        players[1].id
    ))
    .await;
    app.sql(&format!(
        "UPDATE tables SET version = 1, dealer = NULL, exempt = '{{}}' WHERE id = '{t2}'"
    ))
    .await;
    app.sql(&format!(
        "UPDATE tables SET to_act = '{{}}' WHERE id = '{t1}'"
    ))
    .await;
    app.sql(&format!(
        "DELETE FROM seats WHERE table_id = '{t1}' AND seat = 2"
    ))
    .await;
    // The exports' index: a hand lost, another's end moved, a player row astray.
    app.sql(&format!(
        "DELETE FROM finished_hands WHERE table_id = '{t1}' AND hand_no = 2"
    ))
    .await;
    app.sql(&format!(
        "UPDATE finished_hands SET ended_at = ended_at + interval '1 hour' \
         WHERE table_id = '{t2}' AND hand_no = 1"
    ))
    .await;
    app.sql(&format!(
        "INSERT INTO finished_hand_players VALUES ('{}', now(), '{t2}', 99)",
        players[0].id
    ))
    .await;
    let damaged = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("check");
    assert!(damaged.differences.len() >= 7, "{:?}", damaged.differences);
    for said in [
        "finished hand 2 of table",
        "indexed as",
        "7 player rows of the exports' index name no indexed hand",
    ] {
        assert!(
            damaged.differences.iter().any(|d| d.contains(said)),
            "{said}: {:?}",
            damaged.differences
        );
    }
    assert!(!damaged.applied);
    let repaired = bourre::app::ops::rebuild::rebuild(&pool, true)
        .await
        .expect("apply");
    assert!(repaired.applied);
    let again = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("check");
    assert!(again.differences.is_empty(), "{:?}", again.differences);
    assert_eq!(snapshot(&app, &[&t1, &t2], &refs, &league).await, before);
    let (_, _, export_after) = crate::hand_export::fetch(&app, &export, &players[0]).await;
    assert!(
        export_after == export_before,
        "the export changed with the repair"
    );
    // The repaired table plays on.
    play_out(&app, &t1, &refs[..3]).await;
}

#[actix_web::test]
async fn r10e_a_closing_table_returns_its_pot_to_the_players_seated() {
    let app = TestApp::start().await;
    // Seats 0 (ann, dealer), 1 (bob), 2 (cat); trump spades (the dealer's 4S). Played out
    // with the first legal card, ann's clubs head every club trick and her cinch (R9d)
    // leads the 4S: she takes all five tricks and wins the pot of 15; bob and cat are
    // bourré and pay the pot capped at 8 (R10c), 16 chips that wait in the pot.
    let d = deck(
        &[
            &["AH", "KH", "AD", "KD", "2C"],
            &["3C", "4C", "5C", "6C", "7C"],
            &["8C", "9C", "10C", "JC", "4S"],
        ],
        &[],
    );
    let (players, league, table) = app
        .seated(
            &["ann", "bob", "cat"],
            100,
            json!({"ante": 5, "pot_limit": 8}),
            Some(json!([d])),
        )
        .await;
    let [ann, bob, cat] = <[Player; 3]>::try_from(players).expect("three players");
    app.start_hand(&table, &ann).await.ok();
    for p in [&bob, &cat, &ann] {
        app.declare(&table, p, true, &[]).await.ok();
    }
    assert_eq!(app.view(&table, &bob).await["phase"], "play");
    play_out(&app, &table, &[&ann, &bob, &cat]).await;
    let view = app.view(&table, &ann).await;
    assert_eq!(
        view["last_hand"]["outcome"],
        json!({"type": "won", "seat": 0})
    );
    assert_eq!(view["pot"], 16);
    assert_eq!(app.balance(&ann, &league).await, 110);
    assert_eq!(app.balance(&bob, &league).await, 87);
    assert_eq!(app.balance(&cat, &league).await, 87);
    app.post(&format!("/v1/tables/{table}/close"), &bob, json!(null))
        .await
        .problem(403, "not_admin");
    let closed = app
        .call(
            Method::POST,
            &format!("/v1/tables/{table}/close"),
            Some(&ann.token),
            None,
        )
        .await
        .ok();
    assert_eq!(closed["status"], "closed");
    assert_eq!(closed["pot"], 0);
    assert!(closed["seats"].as_array().expect("seats").is_empty());
    // 16 shared by three: 5 each, the remainder chip to the lowest seat (R10e).
    assert_eq!(app.balance(&ann, &league).await, 116);
    assert_eq!(app.balance(&bob, &league).await, 92);
    assert_eq!(app.balance(&cat, &league).await, 92);
    app.start_hand(&table, &ann)
        .await
        .problem(409, "table_closed");
    app.post(&format!("/v1/tables/{table}/seats"), &bob, json!({}))
        .await
        .problem(409, "table_closed");
}

/// The standings rows, booked by the statement of each write that changes them, equal the
/// standings recomputed from the log and the ledger (ratings in the order hands ended,
/// within rounding), all time and per season, through hands at two tables, grants, a
/// season closed between hands, a member removed and one who moved tables; damaged rows
/// are found and rewritten.
#[actix_web::test]
async fn standings_rows_equal_the_standings_of_the_log() {
    let app = TestApp::start().await;
    let (players, league, t1, t2) = two_tables_of_three(
        &app,
        400,
        [json!({"ante": 2}), json!({"ante": 3, "split_pot": "share"})],
    )
    .await;
    let refs: Vec<&Player> = players.iter().collect();
    let grant = |to: &Player, amount: i64| json!({"player_id": to.id, "amount": amount, "reason": "standings test"});
    for round in 0..4 {
        app.start_hand(&t1, &players[0]).await.ok();
        play_out(&app, &t1, &refs[..3]).await;
        app.start_hand(&t2, &players[3]).await.ok();
        play_out(&app, &t2, &refs[3..]).await;
        app.post(
            &format!("/v1/leagues/{league}/grants"),
            &players[0],
            grant(refs[1 + round], 7),
        )
        .await
        .ok();
        if round == 1 {
            app.post(
                &format!("/v1/leagues/{league}/seasons"),
                &players[0],
                json!(null),
            )
            .await
            .ok();
        }
    }
    // Fay moves to the first table; eve is removed from the league.
    for (who, table) in [(&players[5], &t2), (&players[4], &t2)] {
        app.call(
            Method::DELETE,
            &format!("/v1/tables/{table}/seats/me"),
            Some(&who.token),
            None,
        )
        .await
        .ok();
    }
    app.sit(&t1, &players[5], 3).await;
    app.call(
        Method::DELETE,
        &format!("/v1/leagues/{league}/members/{}", players[4].id),
        Some(&players[0].token),
        None,
    )
    .await
    .ok();
    let four: Vec<&Player> = vec![refs[0], refs[1], refs[2], refs[5]];
    for _ in 0..2 {
        app.start_hand(&t1, &players[0]).await.ok();
        play_out(&app, &t1, &four).await;
    }

    let pool = bourre_store::pool(&app.db_url, 2).expect("pool");
    let clean = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("rebuild");
    assert!(clean.differences.is_empty(), "{:?}", clean.differences);
    // Six players all time, in season 1 and in season 2.
    assert!(clean.standings_checked >= 18, "{clean:?}");
    let rated = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM standings WHERE league_id = '{league}' \
             AND season = 0 AND rating <> 25.0"
        ))
        .await;
    assert!(rated >= 5, "ratings moved for {rated} players");

    // What the API shows is the rows.
    let all = app
        .get(&format!("/v1/leagues/{league}/standings"), &players[0])
        .await
        .ok();
    let bob = all["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["player_id"] == players[1].id.as_str())
        .expect("bob")
        .clone();
    let hands = app
        .sql_number(&format!(
            "SELECT hands_played::bigint AS n FROM standings WHERE league_id = '{league}' \
             AND season = 0 AND player_id = '{}'",
            players[1].id
        ))
        .await;
    assert_eq!(bob["hands_played"], hands);
    assert!(hands >= 6, "{bob}");

    app.sql(&format!(
        "UPDATE standings SET tricks = tricks + 1, rating = rating + 0.5 \
         WHERE league_id = '{league}' AND player_id = '{}'",
        players[2].id
    ))
    .await;
    app.sql(&format!(
        "DELETE FROM standings WHERE league_id = '{league}' AND player_id = '{}' AND season = 2",
        players[0].id
    ))
    .await;
    let damaged = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("check");
    assert!(damaged.differences.len() >= 3, "{:?}", damaged.differences);
    bourre::app::ops::rebuild::rebuild(&pool, true)
        .await
        .expect("apply");
    let again = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("check");
    assert!(again.differences.is_empty(), "{:?}", again.differences);
    // The rewritten rows go on from there.
    app.start_hand(&t1, &players[0]).await.ok();
    play_out(&app, &t1, &four).await;
    let after = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("check");
    assert!(after.differences.is_empty(), "{:?}", after.differences);
}

/// The log, the ledger and the standings name their table and league without a foreign key
/// (the write path takes them from the row it updates): so tables and leagues refuse any
/// delete, whoever asks, and nothing of them is lost.
#[actix_web::test]
async fn tables_and_leagues_are_never_deleted() {
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let league = app.league(&ann, &[], 100).await;
    let table = app.table(&ann, &league, json!({"ante": 1}), None).await;
    let mut conn = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    for statement in [
        format!("DELETE FROM tables WHERE id = '{table}'"),
        format!("DELETE FROM leagues WHERE id = '{league}'"),
        "TRUNCATE tables CASCADE".to_owned(),
        "TRUNCATE leagues CASCADE".to_owned(),
    ] {
        let refused = diesel::sql_query(&statement).execute(&mut conn).await;
        let message = format!("{refused:?}");
        assert!(
            message.contains("rows are never deleted"),
            "{statement}: {message}"
        );
    }
    let left = app
        .sql_number(&format!(
            "SELECT (SELECT count(*) FROM tables WHERE id = '{table}') \
             + (SELECT count(*) FROM events WHERE table_id = '{table}') AS n"
        ))
        .await;
    assert!(left >= 2, "the table and its log are still there: {left}");
}
