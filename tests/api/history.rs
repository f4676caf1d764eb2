//! Hand history and audits: records refused while in play, complete afterwards; the list of
//! hands oldest or newest first, a page at a time; audits that verify untouched hands and
//! name the first bad seq of a tampered one; decks recomputed independently from the
//! revealed seed; `bourre audit FILE` offline.

use awc::http::Method;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use hmac::{KeyInit, Mac};
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

use crate::support::{Player, TestApp, play_out};

#[actix_web::test]
async fn a_hand_in_play_is_refused_to_everyone_and_complete_afterwards() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    app.start_hand(&table, &players[0]).await.ok();
    for p in &players {
        app.get(&format!("/v1/tables/{table}/hands/1"), p)
            .await
            .problem(409, "hand_in_progress");
        app.get(&format!("/v1/tables/{table}/hands/1/audit"), p)
            .await
            .problem(409, "hand_in_progress");
    }
    let summaries = app
        .get(&format!("/v1/tables/{table}/hands"), &players[1])
        .await
        .ok();
    assert_eq!(summaries["hands"][0]["in_progress"], true);
    assert!(summaries["next_cursor"].is_null(), "{summaries}");
    play_out(&app, &table, &refs).await;
    let record = app
        .get(&format!("/v1/tables/{table}/hands/1"), &players[2])
        .await
        .ok();
    let text = record.to_string();
    let started = record["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["kind"] == "hand_started")
        .expect("hand_started");
    let deck: Vec<&str> = started["payload"]["deck"]
        .as_array()
        .expect("deck")
        .iter()
        .map(|c| c.as_str().expect("card"))
        .collect();
    assert_eq!(deck.len(), 52, "the record holds the whole deck");
    for card in &deck[..15] {
        assert!(text.contains(&format!("\"{card}\"")), "{card} dealt");
    }
    assert!(text.contains("seed_revealed"));
    let summaries = app
        .get(&format!("/v1/tables/{table}/hands"), &players[1])
        .await
        .ok();
    assert_eq!(summaries["hands"][0]["in_progress"], false);
    assert!(summaries["hands"][0]["outcome"].is_string());
    let audit = app
        .get(&format!("/v1/tables/{table}/hands/1/audit"), &players[0])
        .await
        .ok();
    assert_eq!(audit["verified"], true, "{audit}");
    assert_eq!(audit["fair"], true, "{audit}");
    let transcript = app
        .client
        .get(format!("{}/v1/tables/{table}/hands/1", app.base))
        .insert_header(("Authorization", format!("Bearer {}", players[0].token)))
        .insert_header(("Accept", "text/plain"))
        .send()
        .await
        .expect("request")
        .body()
        .await
        .expect("body");
    let transcript = String::from_utf8_lossy(&transcript);
    assert!(transcript.contains("deals; trump"), "{transcript}");
    assert!(transcript.contains("hand ends: "), "{transcript}");
    if text.contains("trick_won") {
        assert!(transcript.contains(" takes trick 1\n"), "{transcript}");
    }
    assert!(transcript.contains("server seed revealed"), "{transcript}");
    // Every line in words: no JSON and no program's notation.
    for bad in ["{\"", "{ ", "[]"] {
        assert!(!transcript.contains(bad), "{bad} in {transcript}");
    }
    app.get(&format!("/v1/tables/{table}/hands/2"), &players[0])
        .await
        .problem(404, "hand_not_found");
}

/// Every hand number of the list `query` asks for (without `after`), a page at a time,
/// with the cursors that came back.
async fn hand_numbers(
    app: &TestApp,
    table: &str,
    who: &Player,
    query: &str,
) -> (Vec<u64>, Vec<u64>) {
    let (mut seen, mut cursors) = (Vec::new(), Vec::new());
    let mut after = String::new();
    loop {
        let page = app
            .get(&format!("/v1/tables/{table}/hands?{query}{after}"), who)
            .await
            .ok();
        seen.extend(
            page["hands"]
                .as_array()
                .expect("hands")
                .iter()
                .map(|h| h["hand_no"].as_u64().expect("hand_no")),
        );
        let Some(next) = page["next_cursor"].as_u64() else {
            return (seen, cursors);
        };
        cursors.push(next);
        after = format!("&after={next}");
    }
}

#[actix_web::test]
async fn hands_are_listed_oldest_or_newest_first_a_page_at_a_time() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    for _ in 0..5 {
        app.start_hand(&table, &players[0]).await.ok();
        play_out(&app, &table, &refs).await;
    }
    app.start_hand(&table, &players[0]).await.ok();
    let bob = &players[1];
    assert_eq!(
        hand_numbers(&app, &table, bob, "limit=4").await,
        (vec![1, 2, 3, 4, 5, 6], vec![4])
    );
    assert_eq!(
        hand_numbers(&app, &table, bob, "order=asc&limit=4").await,
        (vec![1, 2, 3, 4, 5, 6], vec![4])
    );
    // Newest first: the hand in play leads, and the cursor goes down.
    assert_eq!(
        hand_numbers(&app, &table, bob, "order=desc&limit=2").await,
        (vec![6, 5, 4, 3, 2, 1], vec![5, 3])
    );
    let page = app
        .get(&format!("/v1/tables/{table}/hands?order=desc"), bob)
        .await
        .ok();
    assert_eq!(page["hands"][0]["in_progress"], true, "{page}");
    assert_eq!(page["hands"][1]["in_progress"], false, "{page}");
    assert!(page["next_cursor"].is_null(), "{page}");
    let page = app
        .get(
            &format!("/v1/tables/{table}/hands?order=desc&after=4&limit=2"),
            bob,
        )
        .await
        .ok();
    let numbers: Vec<&Value> = page["hands"].as_array().expect("hands").iter().collect();
    assert_eq!(numbers.len(), 2, "{page}");
    assert_eq!(
        (&numbers[0]["hand_no"], &numbers[1]["hand_no"]),
        (&json!(3), &json!(2))
    );
    assert_eq!(page["next_cursor"], 2, "{page}");
    // Past either end, an empty last page.
    for query in ["order=desc&after=1", "order=desc&after=0", "after=6"] {
        let page = app
            .get(&format!("/v1/tables/{table}/hands?{query}"), bob)
            .await
            .ok();
        assert_eq!(page, json!({"hands": [], "next_cursor": null}), "{query}");
    }
    for query in [
        "order=newest",
        "order=DESC",
        "order=",
        "limit=0",
        "limit=101",
    ] {
        app.get(&format!("/v1/tables/{table}/hands?{query}"), bob)
            .await
            .problem(400, "invalid_query");
    }
}

/// The deck, recomputed here from the published description (docs/guide/fair-shuffles.md)
/// without the engine's dealing code.
fn independent_deck(seed: &[u8], table: &str, hand_no: u32, client: &[(u8, &str)]) -> Vec<String> {
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(seed).expect("key");
    mac.update(format!("bourre-deck-v1|{table}|{hand_no}").as_bytes());
    for (seat, s) in client {
        mac.update(format!("|{seat}:{s}").as_bytes());
    }
    let key: [u8; 32] = mac.finalize().into_bytes().into();
    let mut rng = ChaCha20Rng::from_seed(key);
    let mut cards: Vec<String> = Vec::new();
    for suit in ["C", "D", "H", "S"] {
        for rank in [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ] {
            cards.push(format!("{rank}{suit}"));
        }
    }
    for i in (1..52usize).rev() {
        let bound = (i + 1) as u64;
        let limit = (1u64 << 32) - ((1u64 << 32) % bound);
        let j = loop {
            let x = u64::from(rng.next_u32());
            if x < limit {
                break (x % bound) as usize;
            }
        };
        cards.swap(i, j);
    }
    cards
}

#[actix_web::test]
async fn the_deck_recomputes_from_the_revealed_seed_and_client_seeds() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    let seeded = app
        .call(
            Method::PUT,
            &format!("/v1/tables/{table}/seats/me/client-seed"),
            Some(&players[1].token),
            Some(json!({"seed": "bobs-lucky-seed"})),
        )
        .await
        .ok();
    assert_eq!(seeded["hand_no"], 1);
    app.start_hand(&table, &players[0]).await.ok();
    app.call(
        Method::PUT,
        &format!("/v1/tables/{table}/seats/me/client-seed"),
        Some(&players[1].token),
        Some(json!({"seed": "too-late"})),
    )
    .await
    .problem(409, "hand_in_progress");
    play_out(&app, &table, &refs).await;
    let record = app
        .get(&format!("/v1/tables/{table}/hands/1"), &players[0])
        .await
        .ok();
    let events = record["events"].as_array().expect("events");
    let payload = |kind: &str| {
        events
            .iter()
            .find(|e| e["kind"] == kind)
            .map(|e| e["payload"].clone())
            .expect(kind)
    };
    let revealed = payload("seed_revealed");
    let seed = hex::decode(revealed["server_seed"].as_str().expect("seed")).expect("hex");
    assert_eq!(
        payload("hand_dealt")["client_seeds"],
        json!([{"seat": 1, "seed": "bobs-lucky-seed"}])
    );
    let deck = independent_deck(&seed, &table, 1, &[(1, "bobs-lucky-seed")]);
    assert_eq!(payload("hand_started")["deck"], json!(deck));
    let without_client_seed = independent_deck(&seed, &table, 1, &[]);
    assert_ne!(json!(without_client_seed), json!(deck));
    let created = app
        .get(
            &format!("/v1/tables/{table}/events?after=0&limit=1"),
            &players[0],
        )
        .await
        .ok();
    let commitment = created[0]["data"]["commitment"]
        .as_str()
        .expect("commitment");
    assert_eq!(
        hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&seed)),
        commitment
    );
}

async fn tamper(app: &TestApp, sql: &str) {
    let mut conn = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    diesel::sql_query(sql)
        .execute(&mut conn)
        .await
        .expect("tamper");
}

async fn audit_of(app: &TestApp, table: &str, hand: u32, who: &Player) -> Value {
    app.get(&format!("/v1/tables/{table}/hands/{hand}/audit"), who)
        .await
        .ok()
}

fn chain_bad_seq(audit: &Value) -> Option<i64> {
    audit["verdicts"]
        .as_array()
        .expect("verdicts")
        .iter()
        .find(|v| v["check"] == "hash_chain")
        .and_then(|v| v["first_bad_seq"].as_i64())
}

#[actix_web::test]
async fn tampering_is_caught_at_the_first_bad_seq() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    for _ in 0..2 {
        app.start_hand(&table, &players[0]).await.ok();
        play_out(&app, &table, &refs).await;
    }
    let first = audit_of(&app, &table, 1, &players[0]).await;
    let second = audit_of(&app, &table, 2, &players[0]).await;
    assert_eq!(first["verified"], true, "{first}");
    assert_eq!(second["verified"], true, "{second}");
    let record = app
        .get(&format!("/v1/tables/{table}/hands/2"), &players[0])
        .await
        .ok();
    let seqs: Vec<i64> = record["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["seq"].as_i64().expect("seq"))
        .collect();
    let played = record["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["kind"] == "played")
        .and_then(|e| e["seq"].as_i64())
        .expect("a played event");

    // An edited payload.
    tamper(&app, &format!(
        "UPDATE events SET payload = jsonb_set(payload, '{{card}}', '\"AS\"') WHERE table_id = '{table}' AND seq = {played}"
    )).await;
    let audit = audit_of(&app, &table, 2, &players[0]).await;
    assert_eq!(audit["verified"], false);
    assert_eq!(chain_bad_seq(&audit), Some(played), "{audit}");
    let hand_one = audit_of(&app, &table, 1, &players[0]).await;
    assert_eq!(
        hand_one["verified"], true,
        "an untouched earlier hand still verifies"
    );

    // A re-hashed row no longer links to the next one.
    let rehash_seq = seqs[2];
    tamper(&app, &format!(
        "UPDATE events SET hash = md5(hash) || md5(hash) WHERE table_id = '{table}' AND seq = {rehash_seq}"
    )).await;
    let audit = audit_of(&app, &table, 2, &players[0]).await;
    assert_eq!(chain_bad_seq(&audit), Some(rehash_seq), "{audit}");

    // A deleted row leaves a gap.
    let gone = seqs[1];
    tamper(
        &app,
        &format!("DELETE FROM events WHERE table_id = '{table}' AND seq = {gone}"),
    )
    .await;
    let audit = audit_of(&app, &table, 2, &players[0]).await;
    assert_eq!(chain_bad_seq(&audit), Some(gone), "{audit}");
}

#[actix_web::test]
async fn bourre_audit_checks_an_exported_record_offline() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    app.start_hand(&table, &players[0]).await.ok();
    play_out(&app, &table, &refs).await;
    let record = app
        .get(&format!("/v1/tables/{table}/hands/1"), &players[0])
        .await
        .ok();
    let dir = std::env::temp_dir().join(format!("bourre-audit-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("dir");
    let good = dir.join("hand.json");
    std::fs::write(&good, record.to_string()).expect("write");
    let run = |path: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_bourre"))
            .arg("audit")
            .arg(path)
            .output()
            .expect("bourre audit")
    };
    let out = run(&good);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("verified: true; fair: true"), "{stdout}");
    // The chain's verdict counts the record's own rows, not the commitment's one row.
    let rows = record["events"].as_array().expect("events").len();
    assert!(rows > 1);
    assert!(
        stdout.contains(&format!("hash_chain  {rows} rows chained")),
        "{stdout}"
    );

    let mut forged = record.clone();
    let events = forged["events"].as_array_mut().expect("events");
    let target = events
        .iter_mut()
        .find(|e| e["kind"] == "hand_ended")
        .expect("hand_ended");
    let seq = target["seq"].as_i64().expect("seq");
    target["payload"]["pot"] = json!(999_999);
    let bad = dir.join("forged.json");
    std::fs::write(&bad, forged.to_string()).expect("write");
    let out = run(&bad);
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("first bad seq {seq}")), "{stdout}");
    std::fs::remove_dir_all(&dir).expect("the test's files removed");
}

#[actix_web::test]
async fn fixed_decks_verify_but_are_never_called_fair() {
    let app = TestApp::start().await;
    let d = crate::support::deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["2D", "3D", "4D", "5D", "6D"],
            &["AH", "KH", "QH", "JH", "10H"],
        ],
        &[],
    );
    let (players, _, table) = app
        .seated(
            &["ann", "bob", "cat"],
            1000,
            json!({"ante": 1}),
            Some(json!([d])),
        )
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    app.start_hand(&table, &players[0]).await.ok();
    play_out(&app, &table, &refs).await;
    let record = app
        .get(&format!("/v1/tables/{table}/hands/1"), &players[0])
        .await
        .ok();
    assert_eq!(record["fixed_deck"], true);
    let audit = audit_of(&app, &table, 1, &players[0]).await;
    assert_eq!(audit["verified"], true, "{audit}");
    assert_eq!(audit["fair"], false, "{audit}");
}
