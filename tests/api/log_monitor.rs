//! `bourre log monitor` against a live server: quiet while the log only grows, and a
//! non-zero exit naming sizes and roots when the operator forks the log (a second root for
//! a size, signed with the real key) or rewrites a table's history (events changed and
//! rehashed in SQL), whether the monitor meets the hand for the first time or saw it before.

use std::path::Path;
use std::process::Output;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use bourre::app::log::note::SignerKey;
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::{Value, json};

use crate::log_public::logged;
use crate::support::{LOG_SIGNING_KEY, LOG_VERIFIER_KEY, Player, TestApp, play_out};

/// Runs the monitor beside the test's server (which answers on this thread meanwhile).
async fn monitor(app: &TestApp, state: &Path) -> Output {
    let (base, state) = (app.base.clone(), state.to_owned());
    actix_web::rt::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_bourre"))
            .args(["log", "monitor", "--url", &base, "--state"])
            .arg(&state)
            .args(["--key", LOG_VERIFIER_KEY, "--username", "ann"])
            .env("BOURRE_PASSWORD", "correct horse battery")
            .env("BOURRE_LOG", "off")
            .output()
            .expect("bourre log monitor")
    })
    .await
    .expect("the monitor ran")
}

fn says(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

async fn hand(app: &TestApp, table: &str, players: &[Player], n: u32) {
    let refs: Vec<&Player> = players.iter().collect();
    app.start_hand(table, &players[0]).await.ok();
    play_out(app, table, &refs).await;
    logged(app, table, n, &players[0]).await;
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = BigInt)]
    seq: i64,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    payload: String,
    #[diesel(sql_type = Text)]
    prev_hash: String,
}

/// What a dishonest operator would do: change the card of hand `n`'s first play and
/// recompute every hash of the table's chain from there, so that the chain holds.
async fn rewrite_first_play(app: &TestApp, table: &str, n: i32) {
    let mut conn = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    let rows: Vec<Row> = diesel::sql_query(format!(
        "SELECT seq, kind, payload::text AS payload, prev_hash FROM events \
         WHERE table_id = '{table}' AND seq >= (SELECT min(seq) FROM events \
         WHERE table_id = '{table}' AND hand_no = {n} AND kind = 'played') ORDER BY seq"
    ))
    .load(&mut conn)
    .await
    .expect("rows");
    let mut prev = rows[0].prev_hash.clone();
    for (i, row) in rows.iter().enumerate() {
        let mut payload: Value = serde_json::from_str(&row.payload).expect("json");
        if i == 0 {
            let card = payload["card"].as_str().expect("card").to_owned();
            payload["card"] = json!(if card == "AS" { "KS" } else { "AS" });
        }
        let hash = bourre_store::events::event_hash(&prev, row.seq, &row.kind, &payload);
        diesel::sql_query(format!(
            "UPDATE events SET payload = '{}'::jsonb, prev_hash = '{prev}', hash = '{hash}' \
             WHERE table_id = '{table}' AND seq = {}",
            payload.to_string().replace('\'', "''"),
            row.seq
        ))
        .execute(&mut conn)
        .await
        .expect("update");
        prev = hash;
    }
}

#[actix_web::test]
async fn the_monitor_follows_the_log_and_catches_a_fork() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let dir = crate::support::scratch_dir("log-monitor-fork");
    let state = dir.join("state.json");
    hand(&app, &table, &players, 1).await;
    hand(&app, &table, &players, 2).await;
    let out = monitor(&app, &state).await;
    assert!(out.status.success(), "{}", says(&out));
    assert!(
        says(&out).contains("size 2 (was 0)") && says(&out).contains("2 new hands: 2 checked"),
        "{}",
        says(&out)
    );
    hand(&app, &table, &players, 3).await;
    let out = monitor(&app, &state).await;
    assert!(out.status.success(), "{}", says(&out));
    assert!(says(&out).contains("size 3 (was 2)"), "{}", says(&out));
    let out = monitor(&app, &state).await;
    assert!(says(&out).contains("0 new hands"), "{}", says(&out));

    // The operator signs a second tree of the same size with the real key, and serves it.
    let key = SignerKey::parse(LOG_SIGNING_KEY).expect("key");
    let forged_root = [9u8; 32];
    let forged = key.sign_checkpoint(3, forged_root);
    app.sql(&format!(
        "UPDATE log_head SET root = decode('{}', 'hex'), note = '{forged}'",
        hex::encode(forged_root)
    ))
    .await;
    let out = monitor(&app, &state).await;
    assert!(!out.status.success(), "{}", says(&out));
    let said = says(&out);
    assert!(
        said.contains("FORK")
            && said.contains("size 3 with root")
            && said.contains(&STANDARD.encode(forged_root)),
        "{said}"
    );
    // The state still holds the honest checkpoint: the next run says the same.
    assert!(!monitor(&app, &state).await.status.success());
}

#[actix_web::test]
async fn the_monitor_catches_a_rewritten_table() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let dir = crate::support::scratch_dir("log-monitor-rewrite");
    hand(&app, &table, &players, 1).await;
    let seen = dir.join("seen.json");
    let out = monitor(&app, &seen).await;
    assert!(out.status.success(), "{}", says(&out));

    rewrite_first_play(&app, &table, 1).await;
    // The rewritten chain holds: the table's own audit cannot tell.
    let chain = app
        .get(&format!("/v1/tables/{table}/hands/1/audit"), &players[0])
        .await
        .ok();
    let verdict = |check: &str| {
        chain["verdicts"]
            .as_array()
            .expect("verdicts")
            .iter()
            .find(|v| v["check"] == check)
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(verdict("hash_chain")["ok"], true, "{chain}");
    assert_eq!(verdict("public_log")["ok"], false, "{chain}");

    // A monitor meeting the hand for the first time.
    let out = monitor(&app, &dir.join("fresh.json")).await;
    assert!(!out.status.success(), "{}", says(&out));
    assert!(says(&out).contains("rewritten"), "{}", says(&out));

    // A monitor that saw the hand before, when the table plays on.
    hand(&app, &table, &players, 2).await;
    let out = monitor(&app, &seen).await;
    assert!(!out.status.success(), "{}", says(&out));
    let said = says(&out);
    assert!(
        said.contains("rewritten") && said.contains(&table),
        "{said}"
    );
}
