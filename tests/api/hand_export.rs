//! Hand histories out in the BHH format (docs/guide/hand-histories.md): every hand of a
//! simulated league (three tables, each with other rules, passes, discards, a timed-out
//! turn) exported as NDJSON, valid against the committed schema (checked by Python's
//! jsonschema, closed to undescribed fields) and replayed by `bourre hh check` to the same
//! draws, tricks, winners and chips; a planted difference named; the committed schema the
//! one the server's types give; the guide's example a real hand that checks; the stream's
//! `since`, `until`, `max` and `order`; a hand in play never exported; who may export what.

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::support::{Player, TestApp, python_packages, scratch_dir};

const BOURRE: &str = env!("CARGO_BIN_EXE_bourre");
const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/formats/bhh.schema.json");
const GUIDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide/hand-histories.md");

/// `GET path` as `who`: the status, the content type and the body as text.
pub async fn fetch(app: &TestApp, path: &str, who: &Player) -> (u16, String, String) {
    let mut response = app
        .client
        .get(format!("{}{path}", app.base))
        .bearer_auth(&who.token)
        .send()
        .await
        .expect("request");
    let body = response.body().limit(1 << 28).await.expect("body");
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (
        response.status().as_u16(),
        kind,
        String::from_utf8(body.to_vec()).expect("UTF-8"),
    )
}

/// The hands of an NDJSON export.
fn lines(body: &str) -> Vec<Value> {
    body.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON object per line"))
        .collect()
}

/// Some of `cards`, at most `most`, never `keep`.
fn some_of(rng: &mut StdRng, cards: &[Value], most: usize, keep: &Value) -> Vec<Value> {
    let mut free: Vec<Value> = cards.iter().filter(|c| *c != keep).cloned().collect();
    let n = rng.random_range(0..=most.min(free.len()));
    let mut out = Vec::new();
    for _ in 0..n {
        let i = rng.random_range(0..free.len());
        out.push(free.swap_remove(i));
    }
    out
}

/// A legal move of `view`'s viewer, chosen by `rng`: pass or play, a discard of any
/// allowed size, any legal card.
fn varied_move(rng: &mut StdRng, view: &Value) -> Option<Value> {
    let legal = &view["legal"];
    let hand = view["my_hand"].as_array().cloned().unwrap_or_default();
    let most = legal["max_discard"].as_u64().unwrap_or(0) as usize;
    let keep = &legal["must_keep"];
    match legal["action"].as_str()? {
        "declare" => {
            let play =
                legal["can_play"] == true && (legal["can_pass"] == false || rng.random_bool(0.75));
            if !play {
                return Some(json!({"type": "declare", "play": false}));
            }
            if legal["max_discard"].is_null() {
                // Simultaneous declaration: the discard comes with the draw.
                return Some(json!({"type": "declare", "play": true}));
            }
            let discard = some_of(rng, &hand, most, keep);
            Some(json!({"type": "declare", "play": true, "discard": discard}))
        }
        "draw" => Some(json!({"type": "draw", "discard": some_of(rng, &hand, most, keep)})),
        "play" => {
            let cards = legal["cards"].as_array()?;
            Some(json!({"type": "play", "card": cards.choose(rng)?}))
        }
        _ => None,
    }
}

/// Plays the table's current hand to its end with varied moves; a move the server refuses
/// because the table moved on (a turn timed out) is chosen again.
async fn play_varied(app: &TestApp, table: &str, players: &[Player], rng: &mut StdRng) {
    for _ in 0..400 {
        let mut acted = false;
        for who in players {
            let view = app.view(table, who).await;
            if view["status"] != "playing" {
                return;
            }
            if let Some(action) = varied_move(rng, &view) {
                let reply = app.act(table, who, action).await;
                assert!(
                    [200, 409].contains(&reply.status),
                    "{}: {}",
                    reply.status,
                    reply.body
                );
                acted = true;
            }
        }
        if !acted {
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
    }
    panic!("the hand did not end");
}

/// Waits until it is `who`'s turn (in the declaration phase) and then until the server
/// acted for them, their time having run out.
async fn let_time_run_out(app: &TestApp, table: &str, who: &Player) {
    for _ in 0..200 {
        let view = app.view(table, who).await;
        if view["legal"].is_object() {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    for _ in 0..300 {
        let view = app.view(table, who).await;
        if view["status"] != "playing" || !view["legal"].is_object() {
            return;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server never acted for the timed-out seat");
}

fn run(args: &[&str]) -> Output {
    Command::new(BOURRE).args(args).output().expect("bourre")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn python_validates(export: &Path) -> Output {
    python_packages(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hh/requirements.txt"),
        "jsonschema",
    );
    Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hh/validate.py"))
        .arg(SCHEMA)
        .arg(export)
        .arg("--strict")
        .output()
        .expect("python3")
}

/// A league of ten players at three tables, each with other rules, every hand played with
/// varied moves; returns the app, the players, the league and the tables with the number
/// of hands each played.
async fn simulated_league() -> (TestApp, Vec<Player>, String, Vec<(String, u32)>) {
    let app = TestApp::start().await;
    let names = [
        "ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "joy",
    ];
    let mut players = Vec::new();
    for name in names {
        players.push(app.register(name).await);
    }
    let others: Vec<&Player> = players[1..].iter().collect();
    let league = app.league(&players[0], &others, 10_000).await;
    let tables = [
        (json!({"ante": 2, "turn_timeout_secs": 3}), 0..3),
        (
            json!({"ante": 1, "simultaneous_declare": true, "double_ante": true,
                   "split_pot": "share", "max_players": 5}),
            3..7,
        ),
        (
            json!({"ante": 3, "hand_size": 4, "pot_limit": 12, "max_discard": 2,
                   "bourre_penalty": 5}),
            7..10,
        ),
    ];
    let mut rng = StdRng::seed_from_u64(57);
    let mut played = Vec::new();
    for (t, (rules, seats)) in tables.into_iter().enumerate() {
        let table = app.table(&players[0], &league, rules, None).await;
        let at: Vec<Player> = players[seats].to_vec();
        for (seat, p) in at.iter().enumerate() {
            app.sit(&table, p, seat as u8).await;
        }
        let hands = 5;
        for hand in 1..=hands {
            app.start_hand(&table, &at[0]).await.ok();
            if t == 0 && hand == 2 {
                // The first to declare lets their time run out: the server passes for them.
                let first = app.view(&table, &at[0]).await["to_act"]["player_id"].clone();
                let who = at.iter().find(|p| p.id == first).expect("to act");
                let_time_run_out(&app, &table, who).await;
            }
            play_varied(&app, &table, &at, &mut rng).await;
        }
        played.push((table, hands));
    }
    (app, players, league, played)
}

#[actix_web::test]
async fn a_leagues_every_hand_exports_valid_and_replays_to_the_same_result() {
    let (app, players, league, tables) = simulated_league().await;
    let total: u32 = tables.iter().map(|(_, n)| n).sum();
    // The last hand's place in the public log, once it is there.
    let (last_table, last_hand) = tables.last().expect("tables").clone();
    crate::log_public::logged(&app, &last_table, last_hand, &players[0]).await;

    let (status, kind, body) = fetch(
        &app,
        &format!("/v1/leagues/{league}/hands/export"),
        &players[4],
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(kind, "application/x-ndjson");
    let hands = lines(&body);
    assert_eq!(hands.len(), total as usize, "every finished hand, once");
    let mut seen = HashSet::new();
    let mut last_end = String::new();
    for hand in &hands {
        let bhh = &hand["bhh"];
        assert_eq!(bhh["spec_version"], "1.0.0");
        assert_eq!(bhh["league"]["id"], league.as_str());
        assert_eq!(bhh["league"]["name"], "Friday night");
        assert_eq!(bhh["site"], "tests.bourre.invalid/log");
        let end = bhh["end_time"].as_str().expect("end").to_owned();
        assert!(end >= last_end, "oldest first: {end} after {last_end}");
        last_end = end;
        assert!(seen.insert((
            bhh["table"]["id"].as_str().expect("table").to_owned(),
            bhh["game_number"].as_u64().expect("number")
        )));
    }
    let timed_out = hands.iter().any(|h| {
        h["bhh"]["rounds"]["declarations"]
            .as_array()
            .expect("declarations")
            .iter()
            .any(|d| d["timed_out"] == true)
    });
    assert!(
        timed_out,
        "the server's declaration for the timed-out seat is marked"
    );
    let logged = hands
        .iter()
        .find(|h| {
            h["bhh"]["table"]["id"] == last_table.as_str() && h["bhh"]["game_number"] == last_hand
        })
        .expect("the last hand");
    assert!(
        logged["bhh"]["fairness"]["log"]["index"].is_i64(),
        "{logged}"
    );
    let variety = |path: &str| {
        hands
            .iter()
            .map(|h| {
                h["bhh"]
                    .pointer(path)
                    .cloned()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect::<HashSet<_>>()
            .len()
    };
    assert!(
        variety("/pots/0/outcome") >= 2,
        "hands ended in more than one way"
    );
    assert!(
        hands
            .iter()
            .any(|h| h["bhh"]["rounds"]["draws"]
                .as_array()
                .is_some_and(|d| d
                    .iter()
                    .any(|d| !d["discard"].as_array().expect("discard").is_empty()))),
        "some seat discarded"
    );

    // Valid against the committed schema, by a validator that shares nothing with the
    // server, and closed to fields the schema does not describe.
    let dir = scratch_dir("hand-export");
    let file = dir.join("league.ndjson");
    std::fs::write(&file, &body).expect("write");
    let out = python_validates(&file);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains(&format!("{total} hands checked, 0 faults")),
        "{}",
        text(&out)
    );

    // Replayed from the export alone: the same draws, tricks, winners and chips.
    let out = run(&["hh", "check", file.to_str().expect("path")]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains(&format!("{total} hands valid BHH")),
        "{}",
        text(&out)
    );

    // One hand's own export is the same hand.
    let first = &hands[0]["bhh"];
    let one = app
        .get(
            &format!(
                "/v1/tables/{}/hands/{}/export",
                first["table"]["id"].as_str().expect("table"),
                first["game_number"]
            ),
            &players[1],
        )
        .await
        .ok();
    assert_eq!(one, hands[0]);

    // A planted difference is named: a trick's winner changed, then a card of the deal.
    let mut planted = hands.clone();
    let (h, t) = planted
        .iter()
        .enumerate()
        .find_map(|(i, h)| {
            let tricks = h["bhh"]["rounds"]["tricks"].as_array()?;
            (!tricks.is_empty()).then_some((i, tricks.len() - 1))
        })
        .expect("a hand with tricks");
    let trick = &mut planted[h]["bhh"]["rounds"]["tricks"][t];
    let others: Vec<Value> = trick["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .map(|c| c["seat"].clone())
        .filter(|s| *s != trick["winner"])
        .collect();
    trick["winner"] = others[0].clone();
    let planted_file = dir.join("planted.ndjson");
    let text_of = |hands: &[Value]| hands.iter().map(|h| format!("{h}\n")).collect::<String>();
    std::fs::write(&planted_file, text_of(&planted)).expect("write");
    let out = run(&["hh", "check", planted_file.to_str().expect("path")]);
    assert!(
        !out.status.success(),
        "a changed winner passes: {}",
        text(&out)
    );
    let said = text(&out);
    assert!(
        said.contains(&format!("FAIL hand {}", h + 1))
            && said.contains(&format!("rounds.tricks[{t}].winner"))
            && said.contains(&format!("1 of {total} hands do not check")),
        "{said}"
    );
    let mut planted = hands.clone();
    let cards = &mut planted[0]["bhh"]["rounds"]["deal"]["deck"];
    let (a, b) = (cards[0].clone(), cards[51].clone());
    cards[0] = b;
    cards[51] = a;
    std::fs::write(&planted_file, text_of(&planted)).expect("write");
    let out = run(&["hh", "check", planted_file.to_str().expect("path")]);
    assert!(
        !out.status.success(),
        "a changed deck passes: {}",
        text(&out)
    );
    assert!(
        text(&out).contains("FAIL hand 1") && text(&out).contains("rounds.deal.deck"),
        "{}",
        text(&out)
    );
    // Not BHH at all: the schema names what is wrong.
    let mut broken = hands[0].clone();
    broken["bhh"]["dealer_seat"] = json!("north");
    std::fs::write(&planted_file, format!("{broken}\n")).expect("write");
    let out = run(&["hh", "check", planted_file.to_str().expect("path")]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("not valid BHH: /bhh/dealer_seat"),
        "{}",
        text(&out)
    );
}

#[actix_web::test]
async fn exports_stream_by_time_with_since_until_max_and_order_and_never_a_hand_in_play() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob", "cat"], 1000, json!({"ante": 1}), None)
        .await;
    let outsider = app.register("zed").await;
    let refs: Vec<&Player> = players.iter().collect();
    let mut ends = Vec::new();
    for _ in 0..4 {
        app.start_hand(&table, &players[0]).await.ok();
        crate::support::play_out(&app, &table, &refs).await;
        let hands = app
            .get(
                &format!("/v1/tables/{table}/hands?order=desc&limit=1"),
                &players[0],
            )
            .await
            .ok();
        ends.push(
            hands["hands"][0]["ended_at"]
                .as_str()
                .expect("ended")
                .to_owned(),
        );
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    // A fifth hand in play: never in an export, its own export refused.
    app.start_hand(&table, &players[0]).await.ok();
    app.get(&format!("/v1/tables/{table}/hands/5/export"), &players[0])
        .await
        .problem(409, "hand_in_progress");
    let numbers = |body: &str| -> Vec<u64> {
        lines(body)
            .iter()
            .map(|h| h["bhh"]["game_number"].as_u64().expect("number"))
            .collect()
    };
    let export = format!("/v1/leagues/{league}/hands/export");
    let (status, _, body) = fetch(&app, &export, &players[1]).await;
    assert_eq!(status, 200);
    assert_eq!(numbers(&body), [1, 2, 3, 4]);
    assert!(!body.contains("\"game_number\":5"));
    let (_, _, body) = fetch(&app, &format!("{export}?order=desc&max=3"), &players[1]).await;
    assert_eq!(numbers(&body), [4, 3, 2]);
    // `since` takes hands that ended at or after it, `until` those before it.
    let at = |t: &str| t.replace('+', "%2B");
    let (_, _, body) = fetch(
        &app,
        &format!("{export}?since={}&until={}", at(&ends[1]), at(&ends[3])),
        &players[1],
    )
    .await;
    assert_eq!(numbers(&body), [2, 3]);
    let (_, _, body) = fetch(
        &app,
        &format!("{export}?order=desc&until={}", at(&ends[2])),
        &players[1],
    )
    .await;
    assert_eq!(numbers(&body), [2, 1]);
    // The caller's own hands, at every table: theirs only.
    let (status, _, body) = fetch(&app, "/v1/players/me/hands/export?max=2", &players[2]).await;
    assert_eq!(status, 200);
    assert_eq!(numbers(&body), [1, 2]);
    let (_, _, body) = fetch(&app, "/v1/players/me/hands/export", &outsider).await;
    assert_eq!(body, "", "no hands of others");
    // What is refused, and to whom.
    let reply = app.get(&export, &outsider).await;
    reply.problem(403, "not_a_member");
    app.get(&format!("/v1/tables/{table}/hands/1/export"), &outsider)
        .await
        .problem(403, "not_a_member");
    app.get(&format!("{export}?since=yesterday"), &players[0])
        .await
        .problem(400, "invalid_query");
    app.get(&format!("{export}?max=0"), &players[0])
        .await
        .problem(400, "invalid_query");
    app.get(&format!("{export}?order=sideways"), &players[0])
        .await
        .problem(400, "invalid_query");
    app.get(&format!("/v1/tables/{table}/hands/9/export"), &players[0])
        .await
        .problem(404, "hand_not_found");
}

#[test]
fn the_committed_schema_is_the_formats_and_the_guides_example_checks() {
    let out = run(&["hh", "schema"]);
    assert!(out.status.success(), "{}", text(&out));
    let printed: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let committed: Value =
        serde_json::from_str(&std::fs::read_to_string(SCHEMA).expect("schema")).expect("JSON");
    assert_eq!(
        printed, committed,
        "docs/formats/bhh.schema.json is stale: `bourre hh schema > docs/formats/bhh.schema.json`"
    );
    // The guide's example hand is a real one: valid, and it replays.
    let guide = std::fs::read_to_string(GUIDE).expect("guide");
    let example = guide
        .split("```json\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("the guide's example");
    let dir = scratch_dir("hand-export-guide");
    let file = dir.join("example.json");
    std::fs::write(&file, example).expect("write");
    let out = run(&["hh", "check", file.to_str().expect("path")]);
    assert!(out.status.success(), "{}", text(&out));
    let out = python_validates(&file);
    assert!(out.status.success(), "{}", text(&out));
}
