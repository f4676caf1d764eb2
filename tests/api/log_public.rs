//! The public log's endpoints: every finished hand in a signed checkpoint, its proof in its
//! record, consistency between sizes, tiles tlog tools read, refusals for what is not
//! there; two processes finishing hands at once grow one tree with each hand once; and
//! `bourre audit --log-key` checks a record's proof offline.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use bourre::app::log::leaf::HandLeaf;
use bourre::app::log::merkle::{self, Frontier};
use bourre::app::log::note::{Checkpoint, VerifierKey};
use bourre::app::log::{LogProof, unbundle};
use serde_json::{Value, json};

use crate::support::{LOG_VERIFIER_KEY, Player, Server, TestApp, log_file, play_out};

/// Waits until hand `hand` of `table` is in the log; returns its proof.
pub async fn logged(app: &TestApp, table: &str, hand: u32, who: &Player) -> Value {
    let path = format!("/v1/tables/{table}/hands/{hand}/proof");
    let start = Instant::now();
    loop {
        let reply = app.get(&path, who).await;
        if reply.status == 200 {
            return reply.ok();
        }
        reply.problem(404, "hand_not_logged");
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "hand {hand} never reached the log"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn text(app: &TestApp, path: &str) -> (u16, String) {
    let mut response = app
        .client
        .get(format!("{}{path}", app.base))
        .send()
        .await
        .expect("request");
    let body = response.body().limit(1 << 22).await.expect("body");
    (
        response.status().as_u16(),
        String::from_utf8_lossy(&body).into_owned(),
    )
}

async fn bytes(app: &TestApp, path: &str) -> (u16, Vec<u8>) {
    let mut response = app
        .client
        .get(format!("{}{path}", app.base))
        .send()
        .await
        .expect("request");
    let body = response.body().limit(1 << 22).await.expect("body");
    (response.status().as_u16(), body.to_vec())
}

fn key() -> VerifierKey {
    VerifierKey::parse(LOG_VERIFIER_KEY).expect("the tests' key")
}

#[actix_web::test]
async fn every_finished_hand_is_proven_in_the_signed_log() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    app.start_hand(&table, &players[0]).await.ok();
    app.get(&format!("/v1/tables/{table}/hands/1/proof"), &players[0])
        .await
        .problem(409, "hand_in_progress");
    play_out(&app, &table, &refs).await;
    let first = logged(&app, &table, 1, &players[0]).await;
    let (status, first_note) = text(&app, "/v1/log/checkpoint").await;
    assert_eq!(status, 200);
    let first_checkpoint = Checkpoint::open(&first_note, &key()).expect("signed");
    app.start_hand(&table, &players[0]).await.ok();
    play_out(&app, &table, &refs).await;
    let second = logged(&app, &table, 2, &players[1]).await;

    // The log as a client meets it.
    let (_, info) = text(&app, "/v1/log").await;
    let info: Value = serde_json::from_str(&info).expect("json");
    assert_eq!(info["origin"], "tests.bourre.invalid/log");
    assert_eq!(info["verifier_key"], LOG_VERIFIER_KEY);
    assert_eq!(info["size"], 2, "{info}");
    let (_, note) = text(&app, "/v1/log/checkpoint").await;
    let checkpoint = Checkpoint::open(&note, &key()).expect("signed by the log's key");
    assert_eq!(checkpoint.size, 2);
    assert!(note.starts_with("tests.bourre.invalid/log\n2\n"), "{note}");

    // Each hand's proof leads to the signed root, from a leaf naming the hand as recorded.
    for (hand, proof) in [(1u32, &first), (2, &second)] {
        let proof: LogProof = serde_json::from_value(proof.clone()).expect("a proof");
        let (leaf, signed) = proof.verify(&key()).expect("verifies");
        assert_eq!(leaf.table_id.to_string(), table);
        assert_eq!(leaf.hand_no, hand);
        let record = app
            .get(&format!("/v1/tables/{table}/hands/{hand}"), &players[2])
            .await
            .ok();
        let row = record["events"]
            .as_array()
            .expect("events")
            .iter()
            .find(|e| e["seq"] == leaf.seq)
            .expect("the row the leaf names");
        assert_eq!(row["kind"], "seed_revealed");
        assert_eq!(row["hash"], leaf.head.as_str());
        assert!(record["proof"].is_object(), "the record carries its proof");
        let audit = app
            .get(
                &format!("/v1/tables/{table}/hands/{hand}/audit"),
                &players[0],
            )
            .await
            .ok();
        let verdict = audit["verdicts"]
            .as_array()
            .expect("verdicts")
            .iter()
            .find(|v| v["check"] == "public_log")
            .cloned()
            .expect("a public_log verdict");
        assert_eq!(verdict["ok"], true, "{audit}");
        assert!(signed.size >= u64::from(hand));
    }

    // The newer checkpoint extends the one seen after the first hand.
    let (_, consistency) = text(
        &app,
        &format!("/v1/log/consistency?from={}&to=2", first_checkpoint.size),
    )
    .await;
    let consistency: Value = serde_json::from_str(&consistency).expect("json");
    let path: Vec<merkle::Hash> = consistency["proof"]
        .as_array()
        .expect("proof")
        .iter()
        .map(|h| bourre::app::log::decode_hash(h.as_str().expect("text")).expect("hash"))
        .collect();
    merkle::verify_consistency(
        first_checkpoint.size,
        2,
        &path,
        &first_checkpoint.root,
        &checkpoint.root,
    )
    .expect("consistent");

    // The tiles: the two leaves, and their hashes, which give the root.
    let (status, bundle) = bytes(&app, "/v1/log/tile/entries/000.p/2").await;
    assert_eq!(status, 200);
    let leaves = unbundle(&bundle).expect("an entry bundle");
    assert_eq!(leaves.len(), 2);
    for leaf in &leaves {
        HandLeaf::parse(leaf).expect("a well-formed leaf");
    }
    assert_eq!(
        STANDARD.encode(leaves[1]),
        second["leaf"].as_str().expect("leaf")
    );
    let (status, hashes) = bytes(&app, "/v1/log/tile/0/000.p/2").await;
    assert_eq!(status, 200);
    assert_eq!(hashes.len(), 64);
    let mut frontier = Frontier::default();
    for (leaf, stored) in leaves.iter().zip(hashes.chunks(32)) {
        assert_eq!(merkle::leaf_hash(leaf).as_slice(), stored);
        frontier.push(merkle::leaf_hash(leaf));
    }
    assert_eq!(frontier.root(), checkpoint.root);

    // What is not there.
    for path in [
        "/v1/log/consistency?from=3&to=2",
        "/v1/log/consistency?from=0&to=3",
        "/v1/log/consistency?from=0&to=9223372036854775806",
    ] {
        let (status, body) = text(&app, path).await;
        assert_eq!(status, 422, "{path}: {body}");
        assert!(body.contains("log_size_out_of_range"), "{path}: {body}");
    }
    let (status, body) = text(&app, "/v1/log/consistency?from=-1&to=2").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("invalid_query"), "{body}");
    for path in [
        "/v1/log/tile/entries/000",
        "/v1/log/tile/entries/000.p/3",
        "/v1/log/tile/1/000.p/1",
        "/v1/log/tile/entries/0",
        "/v1/log/tile/x/000",
    ] {
        let (status, body) = text(&app, path).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert!(body.contains("\"not_found\""), "{path}: {body}");
    }
    app.get(&format!("/v1/tables/{table}/hands/9/proof"), &players[0])
        .await
        .problem(404, "hand_not_found");
    let stranger = app.register("dan").await;
    let reply = app
        .get(&format!("/v1/tables/{table}/hands/1/proof"), &stranger)
        .await;
    assert_eq!(reply.status, 403);
}

#[actix_web::test]
async fn bourre_audit_checks_a_records_proof_with_the_logs_key() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    app.start_hand(&table, &players[0]).await.ok();
    play_out(&app, &table, &refs).await;
    logged(&app, &table, 1, &players[0]).await;
    let record = app
        .get(&format!("/v1/tables/{table}/hands/1"), &players[0])
        .await
        .ok();
    let dir = crate::support::scratch_dir("log-audit");
    let audit = |name: &str, record: &Value| {
        let path = dir.join(name);
        std::fs::write(&path, record.to_string()).expect("write");
        std::process::Command::new(env!("CARGO_BIN_EXE_bourre"))
            .arg("audit")
            .arg(&path)
            .args(["--log-key", LOG_VERIFIER_KEY])
            .output()
            .expect("bourre audit")
    };
    let out = audit("good.json", &record);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("public_log  entry 1 of 1 in the public log tests.bourre.invalid/log"),
        "{stdout}"
    );

    // A proof for another place in the tree, or a record whose proof was dropped.
    let mut moved = record.clone();
    moved["proof"]["index"] = json!(1);
    let out = audit("moved.json", &moved);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(stdout.contains("FAIL public_log"), "{stdout}");
    // A hand played on after the row the log holds: the logged row fixes only what precedes it.
    let mut extended = record.clone();
    let events = extended["events"].as_array_mut().expect("events");
    let mut again = events[0].clone();
    again["seq"] = json!(events.last().expect("a row")["seq"].as_i64().expect("seq") + 1);
    events.push(again);
    let out = audit("extended.json", &extended);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains("FAIL public_log")
            && stdout.contains("plays the hand after the row the log holds"),
        "{stdout}"
    );
    let mut bare = record.clone();
    bare["proof"] = Value::Null;
    let out = audit("bare.json", &bare);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("carries no proof"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[actix_web::test]
async fn two_processes_finishing_hands_at_once_grow_one_tree() {
    let app = TestApp::start().await;
    let mut other = Server::start(&app.db_url, &log_file("log-two-processes"));
    crate::support::wait_for(&other.base(), "/readyz", Duration::from_secs(60)).await;
    let far = TestApp::at(other.base(), app.db_url.clone());
    let mut tables = Vec::new();
    for n in 0..4 {
        let names: Vec<String> = ["ann", "bob", "cat"]
            .iter()
            .map(|p| format!("{p}{n}"))
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        tables.push(app.seated(&names, 1000, json!({"ante": 1}), None).await);
    }
    // Each table plays through one of the two processes, all at once.
    let rounds = tables.iter().enumerate().map(|(n, (players, _, table))| {
        let via = if n % 2 == 0 { &app } else { &far };
        async move {
            let refs: Vec<&Player> = players.iter().collect();
            for _ in 0..3 {
                via.start_hand(table, &players[0]).await.ok();
                play_out(via, table, &refs).await;
            }
        }
    });
    futures_util::future::join_all(rounds).await;
    for (players, _, table) in &tables {
        logged(&app, table, 3, &players[0]).await;
    }
    let hands = app
        .sql_number("SELECT count(*) AS n FROM events WHERE kind = 'seed_revealed'")
        .await;
    assert_eq!(hands, 12);
    assert_eq!(
        app.sql_number("SELECT count(*) AS n FROM log_leaves").await,
        12
    );
    assert_eq!(
        app.sql_number("SELECT count(DISTINCT (table_id, hand_no)) AS n FROM log_leaves")
            .await,
        12,
        "each hand once"
    );
    assert_eq!(
        app.sql_number("SELECT max(idx) AS n FROM log_leaves").await,
        11
    );
    let (_, bundle) = bytes(&app, "/v1/log/tile/entries/000.p/12").await;
    let mut frontier = Frontier::default();
    let mut seen = HashSet::new();
    for bytes in unbundle(&bundle).expect("an entry bundle") {
        let leaf = HandLeaf::parse(bytes).expect("well formed");
        assert!(seen.insert((leaf.table_id, leaf.hand_no)), "{leaf:?} twice");
        frontier.push(merkle::leaf_hash(bytes));
    }
    assert_eq!(seen.len(), 12);
    // Both processes serve the one checkpoint, whose root the leaves give.
    let (_, here) = text(&app, "/v1/log/checkpoint").await;
    let (_, there) = text(&far, "/v1/log/checkpoint").await;
    assert_eq!(here, there);
    let checkpoint = Checkpoint::open(&here, &key()).expect("signed");
    assert_eq!(checkpoint.size, 12);
    assert_eq!(checkpoint.root, frontier.root());
    other.kill();
}
