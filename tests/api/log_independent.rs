//! The public log checked by code that shares nothing with the server: tests/log/verify.py,
//! written from RFC 9162 and the C2SP signed-note and tlog-checkpoint specifications with
//! Python's hashlib and the `cryptography` package's Ed25519, verifies the checkpoints'
//! signatures with the key given to it, the hands' inclusion proofs, their leaves against
//! the hand records (every row rehashed) and the log's consistency with checkpoints seen
//! earlier; and refuses a fork of the log, a checkpoint under another key, a tampered
//! proof, a checkpoint whose signature no longer holds, another hand's proof, an edited
//! record and a record rewritten with its hash chain made whole again. Its Merkle proof
//! checks also take every proof of trees up to 40 leaves built from RFC 9162's recursive
//! definitions (tests/log/verify_selftest.py), and no altered one.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{
    LOG_SIGNING_KEY, LOG_VERIFIER_KEY, Player, TestApp, play_out, python_packages, scratch_dir,
};

const VERIFIER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/log/verify.py");

fn python_ready() {
    python_packages(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/log/requirements.txt"),
        "cryptography",
    );
}

#[test]
fn the_verifier_takes_the_rfc_9162_proofs_of_every_tree_to_40_leaves_and_no_altered_one() {
    python_ready();
    let out = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/log/verify_selftest.py"
        ))
        .output()
        .expect("python3");
    holds(
        &out,
        &["ok: 1680 inclusion and consistency proofs of trees of 1 to 40 leaves"],
    );
}

/// The proof of `hand` once the log holds it (it is added within seconds of the hand's
/// end; until then the server answers 404 `hand_not_logged`).
async fn logged(app: &TestApp, table: &str, hand: u32, who: &Player) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let reply = app
            .get(&format!("/v1/tables/{table}/hands/{hand}/proof"), who)
            .await;
        if reply.status == 200 {
            return reply.body;
        }
        reply.problem(404, "hand_not_logged");
        assert!(
            Instant::now() < deadline,
            "hand {hand} is still not in the log after 30 s"
        );
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Runs the verifier on hand `hand` with the verifier key `key` and `extra` arguments, off
/// the test's thread (the server answers it meanwhile).
async fn verify(
    app: &TestApp,
    key: &str,
    who: &Player,
    table: &str,
    hand: u32,
    extra: &[&str],
) -> Output {
    let mut args: Vec<String> = vec![
        VERIFIER.into(),
        "--url".into(),
        app.base.clone(),
        "--key".into(),
        key.into(),
        "--token".into(),
        who.token.clone(),
        "--table".into(),
        table.into(),
        "--hand".into(),
        hand.to_string(),
    ];
    args.extend(extra.iter().map(|a| (*a).to_owned()));
    actix_web::rt::task::spawn_blocking(move || {
        Command::new("python3")
            .args(&args)
            .output()
            .expect("python3")
    })
    .await
    .expect("the verifier's thread")
}

fn shown(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[track_caller]
fn holds(out: &Output, expected: &[&str]) {
    let text = shown(out);
    println!("{text}");
    assert!(out.status.success(), "{text}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    for line in expected {
        assert!(stdout.contains(line), "{line:?} not printed:\n{text}");
    }
}

#[track_caller]
fn fails(out: &Output, message: &str) {
    let text = shown(out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(message), "{message:?} not said:\n{text}");
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("all checks hold"),
        "{text}"
    );
}

fn write(path: &Path, text: &str) -> String {
    std::fs::write(path, text).expect("write");
    path.to_str().expect("path").to_owned()
}

/// Plays a hand at `table` to its end.
async fn play_hand(app: &TestApp, table: &str, players: &[Player]) {
    let refs: Vec<&Player> = players.iter().collect();
    app.start_hand(table, &players[0]).await.ok();
    play_out(app, table, &refs).await;
}

/// The checkpoint of `proof` (a hand's proof) saved to `path`, which it returns.
fn save_checkpoint(proof: &Value, path: &Path) -> String {
    write(path, proof["checkpoint"].as_str().expect("checkpoint"))
}

#[actix_web::test]
async fn hands_verify_with_hashlib_and_cryptography_alone() {
    python_ready();
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let dir = scratch_dir("log-independent");

    // Checkpoints seen along the way: the log of 1 hand, then of 3 (from 3 to 4 leaves the
    // consistency proof takes both of RFC 9162's branches; from 1, a power of two, only one).
    play_hand(&app, &table, &players).await;
    let first = logged(&app, &table, 1, &players[1]).await;
    assert_eq!(
        (first["index"].as_u64(), first["tree_size"].as_u64()),
        (Some(0), Some(1))
    );
    let of_one = save_checkpoint(&first, &dir.join("size-1.checkpoint"));
    play_hand(&app, &table, &players).await;
    play_hand(&app, &table, &players).await;
    let third = logged(&app, &table, 3, &players[1]).await;
    assert_eq!(
        (third["index"].as_u64(), third["tree_size"].as_u64()),
        (Some(2), Some(3))
    );
    let of_three = save_checkpoint(&third, &dir.join("size-3.checkpoint"));
    play_hand(&app, &table, &players).await;
    logged(&app, &table, 4, &players[1]).await;

    let out = verify(&app, LOG_VERIFIER_KEY, &players[2], &table, 1, &[]).await;
    holds(
        &out,
        &[
            "ok: latest checkpoint signed by tests.bourre.invalid/log+08fd3c1d: size 4",
            "ok: inclusion proof: leaf 0 (2 hashes) is in the tree of size 4",
            &format!("ok: leaf: table {table} hand 1 seq "),
            "rehashed with hashlib, each chained to the one before",
            "is the hand's seed_revealed and its hash is the leaf's head",
            "(table_created) is the leaf's, and the revealed server seed hashes to it",
            "all checks hold",
        ],
    );

    let out = verify(
        &app,
        LOG_VERIFIER_KEY,
        &players[0],
        &table,
        2,
        &["--old-checkpoint", &of_one],
    )
    .await;
    holds(
        &out,
        &[
            "ok: inclusion proof: leaf 1 (2 hashes) is in the tree of size 4",
            &format!("ok: leaf: table {table} hand 2 seq "),
            "(seed_revealed) is the leaf's",
            "ok: old checkpoint signed by the same key: size 1",
            "ok: old checkpoint and the latest: size 1 and size 4 are consistent",
            "all checks hold",
        ],
    );

    let out = verify(
        &app,
        LOG_VERIFIER_KEY,
        &players[1],
        &table,
        4,
        &["--old-checkpoint", &of_three],
    )
    .await;
    holds(
        &out,
        &[
            "ok: inclusion proof: leaf 3 (2 hashes) is in the tree of size 4",
            &format!("ok: leaf: table {table} hand 4 seq "),
            "ok: old checkpoint signed by the same key: size 3",
            "ok: old checkpoint and the latest: size 3 and size 4 are consistent",
            "all checks hold",
        ],
    );

    // A checkpoint of 3 hands with another root, signed with the log's own key (a server
    // showing someone a fork of its log): its signature holds, but the log as served now
    // does not grow from it.
    let signer = bourre::app::log::note::SignerKey::parse(LOG_SIGNING_KEY).expect("key");
    let forked = signer.sign(&format!(
        "tests.bourre.invalid/log\n3\n{}=\n",
        "Q".repeat(43)
    ));
    let forked = write(&dir.join("forked.checkpoint"), &forked);
    let out = verify(
        &app,
        LOG_VERIFIER_KEY,
        &players[1],
        &table,
        4,
        &["--old-checkpoint", &forked],
    )
    .await;
    fails(&out, "FAILED: consistency: the proof rebuilds old root ");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("ok: old checkpoint signed by the same key: size 3"),
        "{}",
        shown(&out)
    );
}

#[actix_web::test]
async fn the_verifier_refuses_a_wrong_key_tampered_proofs_and_rewritten_records() {
    python_ready();
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 1000, json!({"ante": 1}), None)
        .await;
    let dir = scratch_dir("log-independent");
    play_hand(&app, &table, &players).await;
    play_hand(&app, &table, &players).await;
    logged(&app, &table, 2, &players[0]).await;
    let one = logged(&app, &table, 1, &players[0]).await;
    let two = logged(&app, &table, 2, &players[0]).await;
    let ann = &players[0];

    // The proof as served, from a file: it holds (what is refused below is refused for the
    // change made to it, nothing else).
    let as_served = write(&dir.join("one.json"), &one.to_string());
    let out = verify(
        &app,
        LOG_VERIFIER_KEY,
        ann,
        &table,
        1,
        &["--proof-file", &as_served],
    )
    .await;
    holds(&out, &["ok: inclusion proof: leaf 0 ", "all checks hold"]);

    // Another key of the same name: the server's checkpoint is not signed by it.
    let keygen = Command::new(env!("CARGO_BIN_EXE_bourre"))
        .args(["log", "keygen", "--origin", "tests.bourre.invalid/log"])
        .output()
        .expect("bourre log keygen");
    assert!(keygen.status.success(), "{}", shown(&keygen));
    let keys = String::from_utf8(keygen.stdout).expect("utf-8");
    let other = keys.lines().nth(1).expect("the verifier key line");
    assert!(other.starts_with("tests.bourre.invalid/log+"), "{keys}");
    assert_ne!(other, LOG_VERIFIER_KEY);
    let out = verify(&app, other, ann, &table, 1, &[]).await;
    fails(
        &out,
        &format!(
            "FAILED: latest checkpoint: no signature by the given key {} \
             (signed by tests.bourre.invalid/log+08fd3c1d)",
            other.splitn(3, '+').take(2).collect::<Vec<_>>().join("+")
        ),
    );

    // One hash of the inclusion proof changed.
    let mut tampered = one.clone();
    let hash = tampered["proof"][0]
        .as_str()
        .expect("a hash in the proof")
        .to_owned();
    let flipped = if hash.starts_with('A') { "B" } else { "A" };
    tampered["proof"][0] = Value::String(format!("{flipped}{}", &hash[1..]));
    let file = write(&dir.join("tampered.json"), &tampered.to_string());
    let out = verify(
        &app,
        LOG_VERIFIER_KEY,
        ann,
        &table,
        1,
        &["--proof-file", &file],
    )
    .await;
    fails(
        &out,
        "FAILED: inclusion proof: the leaf's path leads to root",
    );

    // The checkpoint in the proof given another root: its signature no longer verifies.
    let mut forged = one.clone();
    let note = forged["checkpoint"]
        .as_str()
        .expect("checkpoint")
        .to_owned();
    let root = note.lines().nth(2).expect("the root line").to_owned();
    let zeros = format!("{}=", "A".repeat(43));
    assert_ne!(root, zeros);
    forged["checkpoint"] =
        Value::String(note.replacen(&format!("\n{root}\n"), &format!("\n{zeros}\n"), 1));
    let file = write(&dir.join("forged.json"), &forged.to_string());
    let out = verify(
        &app,
        LOG_VERIFIER_KEY,
        ann,
        &table,
        1,
        &["--proof-file", &file],
    )
    .await;
    fails(
        &out,
        "FAILED: proof's checkpoint: the signature by tests.bourre.invalid/log+08fd3c1d does not verify",
    );

    // Hand 2's proof offered for hand 1: it holds as a proof, but its leaf names hand 2.
    let file = write(&dir.join("two.json"), &two.to_string());
    let out = verify(
        &app,
        LOG_VERIFIER_KEY,
        ann,
        &table,
        1,
        &["--proof-file", &file],
    )
    .await;
    fails(
        &out,
        &format!("FAILED: leaf: names table {table} hand 2, not table {table} hand 1"),
    );

    // A card of hand 1 changed in the database behind the server's back: the record's row
    // no longer hashes to its `hash` (the log and its proof are untouched).
    let record = app
        .get(&format!("/v1/tables/{table}/hands/1"), ann)
        .await
        .ok();
    let played = record["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["kind"] == "played")
        .and_then(|e| e["seq"].as_i64())
        .expect("a played event");
    let card = record["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["seq"] == played)
        .and_then(|e| e["payload"]["card"].as_str())
        .expect("the played card")
        .to_owned();
    let other_card = if card == "AS" { "KS" } else { "AS" };
    app.sql(&format!(
        "UPDATE events SET payload = jsonb_set(payload, '{{card}}', '\"{other_card}\"') \
         WHERE table_id = '{table}' AND seq = {played}"
    ))
    .await;
    let out = verify(&app, LOG_VERIFIER_KEY, ann, &table, 1, &[]).await;
    fails(
        &out,
        &format!("FAILED: record: row {played} (played) hashes to "),
    );

    // The same edit with every row from it to the hand's end rehashed and chained anew, as a
    // server rewriting its history would: the record holds together, but its seed_revealed
    // row's hash is no longer the head the log recorded.
    let record = app
        .get(&format!("/v1/tables/{table}/hands/1"), ann)
        .await
        .ok();
    let (head_seq, head) = leaf_head(&one);
    let rows = record["events"].as_array().expect("events");
    let mut prev = rows
        .iter()
        .find(|e| e["seq"] == played)
        .and_then(|e| e["prev_hash"].as_str())
        .expect("prev_hash")
        .to_owned();
    let mut rewritten = None;
    for row in rows.iter().filter(|e| e["seq"].as_i64() >= Some(played)) {
        let seq = row["seq"].as_i64().expect("seq");
        let kind = row["kind"].as_str().expect("kind");
        let hash = bourre_store::events::event_hash(&prev, seq, kind, &row["payload"]);
        app.sql(&format!(
            "UPDATE events SET prev_hash = '{prev}', hash = '{hash}' \
             WHERE table_id = '{table}' AND seq = {seq}"
        ))
        .await;
        if seq == head_seq {
            rewritten = Some(hash.clone());
        }
        prev = hash;
    }
    let hash = rewritten.expect("the hand's last row rehashed");
    assert_ne!(hash, head);
    let out = verify(&app, LOG_VERIFIER_KEY, ann, &table, 1, &[]).await;
    fails(
        &out,
        &format!("FAILED: record: row {head_seq} has hash {hash}, the leaf says head {head}"),
    );
}

/// The `seq` and `head` of the leaf of `proof`.
fn leaf_head(proof: &Value) -> (i64, String) {
    use base64::Engine;
    let leaf = base64::engine::general_purpose::STANDARD
        .decode(proof["leaf"].as_str().expect("leaf"))
        .expect("base64");
    let leaf = String::from_utf8(leaf).expect("utf-8");
    let field = |name: &str| {
        leaf.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name}line in {leaf}"))
            .to_owned()
    };
    (field("seq ").parse().expect("seq"), field("head "))
}
