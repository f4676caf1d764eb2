//! League nights (docs/guide/tournaments.md): entries and their held buy-ins, seating drawn
//! from a committed seed and re-drawn by standing, rounds dealt and ended by the server on
//! any process, prizes paid through the ledger, cancellations, recurring nights.

use std::time::Duration;

use futures_util::future::join_all;
use hmac::{KeyInit, Mac};
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::push::{PushService, subscribe as push_subscribe};
use crate::support::{Player, TestApp, config, fresh_database, legal_move};
use crate::webhooks::{Receiver, subscribe};

/// A round's draw recomputed from its published description (docs/guide/tournaments.md),
/// without the server's code: the tables, each a list of players by seat.
fn independent_draw(
    seed: &[u8],
    tournament: &str,
    round: u32,
    order: &[String],
    min: usize,
    max: usize,
) -> Vec<Vec<String>> {
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(seed).expect("key");
    mac.update(format!("bourre-seating-v1|{tournament}|{round}").as_bytes());
    let key: [u8; 32] = mac.finalize().into_bytes().into();
    let shuffle = |stream: u64, items: &mut Vec<String>| {
        let mut rng = ChaCha20Rng::from_seed(key);
        rng.set_stream(stream);
        for i in (1..items.len()).rev() {
            let bound = (i + 1) as u64;
            let limit = (1u64 << 32) - ((1u64 << 32) % bound);
            let j = loop {
                let x = u64::from(rng.next_u32());
                if x < limit {
                    break (x % bound) as usize;
                }
            };
            items.swap(i, j);
        }
    };
    let mut order = order.to_vec();
    if round == 1 {
        shuffle(0, &mut order);
    }
    // The most seated at balanced tables of min..max (nobody here had a bye before).
    let (seated, tables) = (1..=order.len())
        .rev()
        .map(|n| (n, n.div_ceil(max)))
        .find(|(n, t)| *n >= t * min)
        .expect("a table");
    order.truncate(seated);
    let mut rest = order.into_iter();
    (0..tables)
        .map(|t| {
            let size = seated / tables + usize::from(t < seated % tables);
            let mut table: Vec<String> = rest.by_ref().take(size).collect();
            shuffle(1 + t as u64, &mut table);
            table
        })
        .collect()
}

/// A round's tables as served: each its players' ids by seat.
fn seated(round: &Value) -> Vec<Vec<String>> {
    round["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .map(|t| {
            t["players"]
                .as_array()
                .expect("players")
                .iter()
                .map(|p| p["player_id"].as_str().expect("id").to_owned())
                .collect()
        })
        .collect()
}

/// The league's ledger sums to zero (its balances, treasury included).
async fn ledger_balances(app: &TestApp, league: &str) {
    let sum = app
        .sql_number(&format!(
            "SELECT coalesce(sum(balance), 0)::bigint AS n FROM balances WHERE league_id = '{league}'"
        ))
        .await;
    assert_eq!(sum, 0, "the league's accounts sum to zero");
}

/// A tournament's settings and `starts_at` in `secs` seconds.
fn night(name: &str, secs: i64, extra: Value) -> Value {
    let mut body = json!({
        "name": name,
        "starts_at": (chrono::Utc::now() + chrono::Duration::seconds(secs)).to_rfc3339(),
        "rounds": 1, "hands_per_round": 1, "table_size": {"min": 2, "max": 5},
        "buy_in": 100, "prizes": [60, 40], "turn_seconds": 600,
    });
    for (k, v) in extra.as_object().expect("object") {
        body[k] = v.clone();
    }
    body
}

async fn create(app: &TestApp, admin: &Player, league: &str, body: Value) -> Value {
    app.post(&format!("/v1/leagues/{league}/tournaments"), admin, body)
        .await
        .ok()
}

async fn tournament(app: &TestApp, id: &str, who: &Player) -> Value {
    app.get(&format!("/v1/tournaments/{id}"), who).await.ok()
}

/// Polls the tournament until `done` says so (the server runs it every 100 ms).
async fn until(
    app: &TestApp,
    id: &str,
    who: &Player,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..600 {
        let t = tournament(app, id, who).await;
        if done(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "the tournament never {what}: {}",
        tournament(app, id, who).await
    );
}

async fn players(app: &TestApp, prefix: &str, n: usize) -> Vec<Player> {
    let names: Vec<String> = (0..n).map(|i| format!("{prefix}{i}")).collect();
    join_all(names.iter().map(|name| app.register(name))).await
}

#[actix_web::test]
async fn forty_players_enter_at_once_and_their_buy_ins_are_held_exactly() {
    let app = TestApp::start_with(bourre::app::Config {
        address_limits: bourre::app::identity::throttle::AddressLimits {
            registrations_per_hour: 100,
            guests_per_hour: 20,
            joins_per_hour: 100,
        },
        ..config(false)
    })
    .await;
    let everyone = players(&app, "entrant", 41).await;
    let (admin, field) = everyone.split_first().expect("players");
    let league = app
        .league(admin, &field.iter().collect::<Vec<_>>(), 1000)
        .await;
    let t = create(
        &app,
        admin,
        &league,
        night("Friday", 3600, json!({"buy_in": 25, "max_entries": 40})),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    assert_eq!(t["status"], "scheduled");
    assert_eq!(t["commitments"].as_array().map(Vec::len), Some(1));
    let path = format!("/v1/tournaments/{id}/entries");
    let replies = join_all(field.iter().map(|p| app.post(&path, p, json!(null)))).await;
    for reply in replies {
        reply.ok();
    }
    let t = tournament(&app, &id, admin).await;
    assert_eq!(t["entries"], 40);
    assert_eq!(t["pool"], 40 * 25);
    for p in field {
        assert_eq!(app.balance(p, &league).await, 975);
    }
    let held = app
        .sql_number(&format!(
            "SELECT balance AS n FROM balances WHERE account = 'tournament:{id}'"
        ))
        .await;
    assert_eq!(held, 1000);
    // The 41st is one too many; an entrant entering again is refused; so is a member whose
    // balance cannot cover the buy-in of another tournament.
    app.post(&path, admin, json!(null))
        .await
        .problem(409, "tournament_full");
    app.post(&path, &field[0], json!(null))
        .await
        .problem(409, "already_entered");
    let dear = create(
        &app,
        admin,
        &league,
        night("High roller", 3600, json!({"buy_in": 5000})),
    )
    .await;
    app.post(
        &format!(
            "/v1/tournaments/{}/entries",
            dear["id"].as_str().expect("id")
        ),
        &field[1],
        json!(null),
    )
    .await
    .problem(422, "insufficient_balance");
    ledger_balances(&app, &league).await;
}

#[actix_web::test]
async fn a_cancelled_tournament_returns_every_buy_in_and_a_withdrawal_before_the_start_returns_its_own()
 {
    let app = TestApp::start().await;
    let ps = players(&app, "canceller", 4).await;
    let league = app.league(&ps[0], &[&ps[1], &ps[2], &ps[3]], 500).await;
    let t = create(
        &app,
        &ps[0],
        &league,
        night(
            "Called off",
            3600,
            // Integers as JSON Schema has them: a zero fraction is one.
            json!({"buy_in": 50.0, "prizes": [60.0, 40], "table_size": {"min": 2.0, "max": 5}}),
        ),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let path = format!("/v1/tournaments/{id}/entries");
    for p in &ps[1..] {
        app.post(&path, p, json!(null)).await.ok();
    }
    assert_eq!(app.balance(&ps[1], &league).await, 450);
    // A member may not cancel; an admin may change it while it is scheduled.
    app.post(&format!("/v1/tournaments/{id}/cancel"), &ps[1], json!(null))
        .await
        .problem(403, "not_admin");
    let changed = app
        .call(
            awc::http::Method::PATCH,
            &format!("/v1/tournaments/{id}"),
            Some(&ps[0].token),
            Some(json!({"name": "Called off, later", "rounds": 3, "buy_in": 10})),
        )
        .await;
    changed.problem(422, "invalid_tournament");
    let changed = app
        .call(
            awc::http::Method::PATCH,
            &format!("/v1/tournaments/{id}"),
            Some(&ps[0].token),
            Some(json!({"name": "Called off, later", "rounds": 3})),
        )
        .await
        .ok();
    assert_eq!(changed["settings"]["rounds"], 3);
    assert_eq!(changed["commitments"].as_array().map(Vec::len), Some(3));
    // One withdraws before the start: their buy-in comes back, the others' stay.
    let out = app
        .call(
            awc::http::Method::DELETE,
            &format!("{path}/me"),
            Some(&ps[3].token),
            None,
        )
        .await;
    assert_eq!(out.status, 204, "{:?}", out.body);
    assert_eq!(app.balance(&ps[3], &league).await, 500);
    assert_eq!(tournament(&app, &id, &ps[0]).await["pool"], 100);
    let cancelled = app
        .post(&format!("/v1/tournaments/{id}/cancel"), &ps[0], json!(null))
        .await
        .ok();
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["pool"], 0);
    for p in &ps {
        assert_eq!(app.balance(p, &league).await, 500);
    }
    app.post(&path, &ps[3], json!(null))
        .await
        .problem(409, "tournament_ended");
    ledger_balances(&app, &league).await;
}

/// Plays every table of the round in play to its end, each player making their own moves.
async fn play_round(app: &TestApp, id: &str, everyone: &[Player], round: u64) {
    let t = until(app, id, &everyone[0], "seated the round", |t| {
        t["round"] == round
    })
    .await;
    let tables: Vec<(String, Vec<Player>)> = t["rounds"][round as usize - 1]["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .map(|table| {
            let seated = table["players"]
                .as_array()
                .expect("players")
                .iter()
                .map(|p| {
                    everyone
                        .iter()
                        .find(|e| e.id == p["player_id"].as_str().expect("id"))
                        .expect("an entrant")
                        .clone()
                })
                .collect();
            (
                table["table_id"].as_str().expect("table").to_owned(),
                seated,
            )
        })
        .collect();
    for (table, seated) in &tables {
        for _ in 0..2000 {
            let view = app.view(table, &seated[0]).await;
            if view["status"] == "closed" {
                break;
            }
            let Some(actor) = view["to_act"]["player_id"].as_str() else {
                tokio::time::sleep(Duration::from_millis(30)).await;
                continue;
            };
            let who = seated.iter().find(|p| p.id == actor).expect("seated");
            let mine = app.view(table, who).await;
            if let Some(action) = legal_move(&mine) {
                // A move the server made meanwhile (a deal, a close) is fine: look again.
                let _ = app.act(table, who, action).await;
            }
        }
        assert_eq!(app.view(table, &seated[0]).await["status"], "closed");
    }
}

/// The prizes `standings` should get from `pool`, computed here from the rule: places'
/// money by percentage (what rounding leaves to the first), tied players sharing their
/// places' money, odd chips to the earlier entry.
fn expected_prizes(pool: i64, percentages: &[i64], standings: &[Value]) -> Vec<i64> {
    let n = standings.len().min(percentages.len());
    let total: i64 = percentages[..n].iter().sum();
    let mut money: Vec<i64> = percentages[..n].iter().map(|p| pool * p / total).collect();
    money[0] += pool - money.iter().sum::<i64>();
    money.resize(standings.len(), 0);
    let key = |s: &Value| {
        (
            s["state"].as_str().map(str::to_owned),
            s["chips"].as_i64(),
            s["hands_won"].as_i64(),
            s["bourres"].as_i64(),
        )
    };
    let mut prizes = vec![0; standings.len()];
    let mut i = 0;
    while i < standings.len() {
        let mut j = i;
        while j < standings.len() && key(&standings[j]) == key(&standings[i]) {
            j += 1;
        }
        let shared: i64 = money[i..j].iter().sum();
        let k = (j - i) as i64;
        for (n, prize) in prizes[i..j].iter_mut().enumerate() {
            *prize = shared / k + i64::from((n as i64) < shared % k);
        }
        i = j;
    }
    prizes
}

#[actix_web::test]
async fn nine_players_on_two_processes_play_two_rounds_reseated_by_standing_and_are_paid_by_place()
{
    let database = fresh_database().await;
    let one = TestApp::on_database(database.clone(), config(false));
    let two = TestApp::on_database(database, config(false));
    let ps = players(&one, "nightowl", 9).await;
    let league = one
        .league(&ps[0], &ps[1..].iter().collect::<Vec<_>>(), 1000)
        .await;
    let t = create(
        &one,
        &ps[0],
        &league,
        night(
            "League night",
            3,
            json!({"rounds": 2, "hands_per_round": 2}),
        ),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let commitments = t["commitments"].clone();
    for (i, p) in ps.iter().enumerate() {
        let app = if i % 2 == 0 { &one } else { &two };
        app.post(&format!("/v1/tournaments/{id}/entries"), p, json!(null))
            .await
            .ok();
    }
    let started = until(&one, &id, &ps[0], "started", |t| t["status"] == "running").await;
    let first = &started["rounds"][0];
    // The seed was committed before anyone entered, and is the draw's.
    let seed = hex::decode(first["seed"].as_str().expect("seed")).expect("hex");
    assert_eq!(hex::encode(Sha256::digest(&seed)), commitments[0]);
    assert_eq!(first["commitment"], commitments[0]);
    let order: Vec<String> = first["draw_order"]
        .as_array()
        .expect("order")
        .iter()
        .map(|p| p.as_str().expect("id").to_owned())
        .collect();
    let entered: Vec<String> = ps.iter().map(|p| p.id.clone()).collect();
    assert_eq!(order, entered, "the first round draws from the entry order");
    let drawn = independent_draw(&seed, &id, 1, &order, 2, 5);
    let served = seated(first);
    assert_eq!(served, drawn, "the seed gives the tables");
    let sizes: Vec<usize> = served.iter().map(Vec::len).collect();
    assert_eq!(
        sizes,
        vec![5, 4],
        "nine at tables of at most five: balanced within one"
    );
    // A seated player withdraws during the first round: they play it out, and are not
    // seated in the second.
    let quitter = ps[8].clone();
    let path = format!("/v1/tournaments/{id}/entries");
    let out = two
        .call(
            awc::http::Method::DELETE,
            &format!("{path}/me"),
            Some(&quitter.token),
            None,
        )
        .await;
    assert_eq!(out.status, 204, "{:?}", out.body);
    // Nobody may leave, join or close a tournament's table by hand.
    let table_one = served[0].clone();
    let table_id = first["tables"][0]["table_id"].as_str().expect("table");
    let sitter = ps.iter().find(|p| p.id == table_one[0]).expect("seated");
    one.call(
        awc::http::Method::DELETE,
        &format!("/v1/tables/{table_id}/seats/me"),
        Some(&sitter.token),
        None,
    )
    .await
    .problem(403, "tournament_table");
    play_round(&one, &id, &ps, 1).await;
    let second = until(&two, &id, &ps[0], "seated round two", |t| t["round"] == 2).await;
    let round = &second["rounds"][1];
    assert_eq!(round["draw_order"].as_array().map(Vec::len), Some(8));
    assert!(
        !round["draw_order"]
            .as_array()
            .expect("order")
            .contains(&json!(quitter.id)),
        "the withdrawn player is not drawn"
    );
    // The second round's draw takes the standings at the end of the first, the leaders
    // together at the first table.
    let order: Vec<Value> = round["draw_order"].as_array().expect("order").clone();
    let mut first_table: Vec<Value> = round["tables"][0]["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["player_id"].clone())
        .collect();
    let mut leaders = order[..4].to_vec();
    first_table.sort_by_key(|v| v.to_string());
    leaders.sort_by_key(|v| v.to_string());
    assert_eq!(first_table, leaders);
    let sizes: Vec<usize> = round["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .map(|t| t["players"].as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(sizes, vec![4, 4]);
    let seed = hex::decode(round["seed"].as_str().expect("seed")).expect("hex");
    assert_eq!(hex::encode(Sha256::digest(&seed)), commitments[1]);
    let order: Vec<String> = order
        .iter()
        .map(|p| p.as_str().expect("id").to_owned())
        .collect();
    let served = seated(round);
    assert_eq!(served, independent_draw(&seed, &id, 2, &order, 2, 5));
    play_round(&two, &id, &ps, 2).await;
    let done = until(&one, &id, &ps[0], "finished", |t| t["status"] == "finished").await;
    let standings = done["standings"].as_array().expect("standings").clone();
    assert_eq!(standings.len(), 9);
    assert_eq!(
        standings[8]["player_id"], quitter.id,
        "who withdrew ranks last"
    );
    let paid: Vec<i64> = standings
        .iter()
        .map(|s| s["prize"].as_i64().expect("prize"))
        .collect();
    assert_eq!(paid, expected_prizes(900, &[60, 40], &standings));
    assert_eq!(paid.iter().sum::<i64>(), 900);
    // Each balance: the start, less the buy-in, plus the chips won and the prize.
    for s in &standings {
        let who = ps
            .iter()
            .find(|p| p.id == s["player_id"].as_str().expect("id"))
            .expect("entrant");
        let chips = s["chips"].as_i64().expect("chips");
        assert_eq!(
            one.balance(who, &league).await,
            1000 - 100 + chips + s["prize"].as_i64().expect("prize"),
        );
    }
    assert_eq!(
        one.sql_number(&format!(
            "SELECT count(*) AS n FROM ledger WHERE reason = 'prize' AND from_account = 'tournament:{id}'"
        ))
        .await,
        paid.iter().filter(|p| **p > 0).count() as i64,
        "paid once, though two processes ran it"
    );
    ledger_balances(&one, &league).await;
}

#[actix_web::test]
async fn players_tied_share_their_places_money_and_the_odd_chip_goes_to_the_earlier_entry() {
    let app = TestApp::start().await;
    let ps = players(&app, "tier", 3).await;
    let league = app.league(&ps[0], &[&ps[1], &ps[2]], 200).await;
    // The league's backend hears of it; a player's browser is pushed.
    let push = PushService::start();
    push_subscribe(&app, &ps[1], &push, 0).await;
    let hooks = Receiver::start(0);
    subscribe(
        &app,
        &ps[0],
        &league,
        &hooks,
        &[
            "tournament.starting",
            "tournament.round_started",
            "tournament.finished",
        ],
    )
    .await;

    let t = create(
        &app,
        &ps[0],
        &league,
        night(
            "Three way",
            2,
            // Announced as it starts, so the announcement names all three entrants: with
            // the default lead it would go out on the runner's first pass, maybe before
            // anyone has entered.
            json!({"buy_in": 10, "prizes": [50, 30, 20], "lead_seconds": 0}),
        ),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    for p in &ps {
        app.post(&format!("/v1/tournaments/{id}/entries"), p, json!(null))
            .await
            .ok();
    }
    let started = until(&app, &id, &ps[0], "started", |t| t["round"] == 1).await;
    let table = started["rounds"][0]["tables"][0]["table_id"]
        .as_str()
        .expect("table")
        .to_owned();
    // Everyone passes who may: the last one left wins outright (R8); the two who passed
    // lose their ante and are tied.
    for _ in 0..200 {
        let view = app.view(&table, &ps[0]).await;
        if view["status"] == "closed" {
            break;
        }
        let Some(actor) = view["to_act"]["player_id"].as_str() else {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        };
        let who = ps.iter().find(|p| p.id == actor).expect("seated");
        let pass = app
            .act(&table, who, json!({"type": "declare", "play": false}))
            .await;
        if pass.status == 422 {
            // R7: a dealer facing an ace of trumps plays.
            let mine = app.view(&table, who).await;
            if let Some(action) = legal_move(&mine) {
                let _ = app.act(&table, who, action).await;
            }
        }
    }
    let done = until(&app, &id, &ps[0], "finished", |t| t["status"] == "finished").await;
    let standings = done["standings"].as_array().expect("standings");
    assert_eq!(standings[0]["place"], 1);
    assert_eq!(standings[1]["place"], 2);
    assert_eq!(
        standings[2]["place"], 2,
        "tied on chips, hands won and bourrés"
    );
    assert_eq!(standings[1]["chips"], standings[2]["chips"]);
    // Pool 30: first 15; second and third share 9 + 6, the odd chip to the earlier entry.
    let prizes: Vec<i64> = standings
        .iter()
        .map(|s| s["prize"].as_i64().expect("prize"))
        .collect();
    assert_eq!(prizes, vec![15, 8, 7]);
    let entered = |s: &Value| {
        ps.iter()
            .position(|p| p.id == s["player_id"])
            .expect("entrant")
    };
    assert!(entered(&standings[1]) < entered(&standings[2]));
    ledger_balances(&app, &league).await;
    // Told: the start, each player's table, the standings and prizes.
    let got = hooks
        .until("the tournament's news", |got| {
            got.iter().any(|r| r.body["type"] == "tournament.finished")
        })
        .await;
    let of = |kind: &str| -> Vec<Value> {
        got.iter()
            .filter(|r| r.body["type"] == kind)
            .map(|r| r.body["data"].clone())
            .collect()
    };
    assert_eq!(of("tournament.starting").len(), 1);
    let seated = of("tournament.round_started");
    assert_eq!(seated.len(), 3, "one per player");
    for p in &ps {
        let mine = seated
            .iter()
            .find(|d| d["player_id"] == p.id)
            .expect("told their table");
        assert_eq!(mine["table_id"], table.as_str());
        assert_eq!(mine["tournament_id"], id.as_str());
    }
    let finished = &of("tournament.finished")[0];
    let prized: Vec<i64> = finished["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["prize"].as_i64().expect("prize"))
        .collect();
    assert_eq!(prized, vec![15, 8, 7]);
    let pushed = push
        .until("the tournament's news pushed", |got| {
            got.iter()
                .any(|m| m["payload"]["type"] == "tournament.finished")
        })
        .await;
    let said = |kind: &str| {
        pushed
            .iter()
            .find(|m| m["payload"]["type"] == kind)
            .map(|m| m["payload"].clone())
            .unwrap_or_else(|| panic!("no {kind} pushed: {pushed:?}"))
    };
    assert_eq!(
        said("tournament.starting")["url"],
        format!("/tournaments/{id}")
    );
    assert_eq!(
        said("tournament.round_started")["url"],
        format!("/tables/{table}")
    );
    let place = standings
        .iter()
        .find(|s| s["player_id"] == ps[1].id)
        .expect("standing");
    let body = said("tournament.finished")["body"].clone();
    assert!(
        body.as_str()
            .is_some_and(|b| b.contains(&format!("You placed {}", place["place"]))),
        "{body}"
    );
}

#[actix_web::test]
async fn a_recurring_night_makes_the_next_one_once_when_it_starts() {
    let database = fresh_database().await;
    let one = TestApp::on_database(database.clone(), config(false));
    let two = TestApp::on_database(database, config(false));
    let ps = players(&one, "weekly", 2).await;
    let league = one.league(&ps[0], &[&ps[1]], 100).await;
    let t = create(
        &one,
        &ps[0],
        &league,
        night(
            "Every Friday",
            2,
            json!({"buy_in": 0, "prizes": [100],
                   "recurrence": {"rrule": "FREQ=WEEKLY", "time_zone": "America/Chicago"}}),
        ),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    for p in &ps {
        two.post(&format!("/v1/tournaments/{id}/entries"), p, json!(null))
            .await
            .ok();
    }
    let started = until(&one, &id, &ps[0], "started", |t| t["status"] == "running").await;
    let next = started["next_id"]
        .as_str()
        .expect("the next night")
        .to_owned();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        one.sql_number(&format!(
            "SELECT count(*) AS n FROM tournaments WHERE previous_id = '{id}'"
        ))
        .await,
        1
    );
    let following = tournament(&two, &next, &ps[1]).await;
    assert_eq!(following["status"], "scheduled");
    assert_eq!(following["previous_id"], id);
    assert_eq!(following["settings"], started["settings"]);
    let this = chrono::DateTime::parse_from_rfc3339(started["starts_at"].as_str().expect("at"))
        .expect("time");
    let then = chrono::DateTime::parse_from_rfc3339(following["starts_at"].as_str().expect("at"))
        .expect("time");
    assert_eq!(then - this, chrono::Duration::days(7));
    let list = one
        .get(&format!("/v1/leagues/{league}/tournaments"), &ps[1])
        .await
        .ok();
    let ids: Vec<&str> = list["tournaments"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|t| t["id"].as_str())
        .collect();
    assert_eq!(ids, vec![next.as_str(), id.as_str()], "latest start first");
}

#[actix_web::test]
async fn a_player_absent_a_whole_round_forfeits_the_rest() {
    let app = TestApp::start().await;
    let ps = players(&app, "absentee", 3).await;
    let league = app.league(&ps[0], &[&ps[1], &ps[2]], 300).await;
    let t = create(
        &app,
        &ps[0],
        &league,
        night(
            "No shows",
            2,
            json!({"rounds": 2, "buy_in": 10, "prizes": [100], "turn_seconds": 5,
                   "table_size": {"min": 2, "max": 3}}),
        ),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    for p in &ps {
        app.post(&format!("/v1/tournaments/{id}/entries"), p, json!(null))
            .await
            .ok();
    }
    // The first two play their turns; the third never comes: their turns time out.
    let (present, away) = (&ps[..2], &ps[2]);
    let started = until(&app, &id, &ps[0], "started", |t| t["round"] == 1).await;
    let table = started["rounds"][0]["tables"][0]["table_id"]
        .as_str()
        .expect("table")
        .to_owned();
    for _ in 0..2000 {
        let view = app.view(&table, &ps[0]).await;
        if view["status"] == "closed" {
            break;
        }
        let actor = view["to_act"]["player_id"].as_str();
        match present.iter().find(|p| Some(p.id.as_str()) == actor) {
            Some(who) => {
                let mine = app.view(&table, who).await;
                if let Some(action) = legal_move(&mine) {
                    let _ = app.act(&table, who, action).await;
                }
            }
            None => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    let second = until(&app, &id, &ps[0], "seated round two", |t| t["round"] == 2).await;
    assert_eq!(second["rounds"][0]["absent"], json!([away.id]));
    let drawn = second["rounds"][1]["draw_order"].as_array().expect("order");
    assert_eq!(
        drawn.len(),
        2,
        "who was absent is not drawn again: {drawn:?}"
    );
    assert!(!drawn.contains(&json!(away.id)));
    let standing = second["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .find(|s| s["player_id"] == away.id)
        .expect("standing")
        .clone();
    assert_eq!(standing["state"], "forfeited");
    assert_eq!(
        second["standings"][2]["player_id"], away.id,
        "ranked after those still in"
    );
    play_round(&app, &id, &ps, 2).await;
    let done = until(&app, &id, &ps[0], "finished", |t| t["status"] == "finished").await;
    assert_eq!(done["standings"][2]["prize"], 0);
    assert_eq!(done["standings"][0]["prize"], 30);
    ledger_balances(&app, &league).await;
}

#[actix_web::test]
async fn a_late_entry_is_seated_from_the_next_round_and_entries_close_after_the_late_rounds() {
    let app = TestApp::start().await;
    let ps = players(&app, "latecomer", 4).await;
    let league = app.league(&ps[0], &[&ps[1], &ps[2], &ps[3]], 300).await;
    let t = create(
        &app,
        &ps[0],
        &league,
        night(
            "Come late",
            2,
            json!({"rounds": 2, "buy_in": 10, "prizes": [100], "late_registration_rounds": 1}),
        ),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let path = format!("/v1/tournaments/{id}/entries");
    for p in &ps[..2] {
        app.post(&path, p, json!(null)).await.ok();
    }
    // An entrant sitting at another table of the league (between hands) is stood up there
    // when the tournament seats them.
    let casual = app.table(&ps[3], &league, json!({"ante": 1}), None).await;
    app.sit(&casual, &ps[1], 0).await;
    let running = until(&app, &id, &ps[0], "started", |t| t["round"] == 1).await;
    assert_eq!(running["registration_open"], true);
    let seated = seated(&running["rounds"][0]);
    assert!(seated.concat().contains(&ps[1].id), "{seated:?}");
    assert_eq!(app.view(&casual, &ps[3]).await["seats"], json!([]));
    // Round 1 is in play: a late entry is taken, for round 2.
    let late = app.post(&path, &ps[2], json!(null)).await.ok();
    assert_eq!(late["first_round"], 2);
    assert_eq!(app.balance(&ps[2], &league).await, 290);
    let mine = tournament(&app, &id, &ps[2]).await["me"].clone();
    assert_eq!(mine["first_round"], 2);
    assert_eq!(mine["table_id"], Value::Null, "not seated in round 1");
    play_round(&app, &id, &ps, 1).await;
    let second = until(&app, &id, &ps[0], "seated round two", |t| t["round"] == 2).await;
    let drawn = second["rounds"][1]["draw_order"].as_array().expect("order");
    assert!(
        drawn.contains(&json!(ps[2].id)),
        "the late entry is drawn: {drawn:?}"
    );
    assert_eq!(drawn.len(), 3);
    assert_eq!(second["registration_open"], false);
    app.post(&path, &ps[3], json!(null))
        .await
        .problem(409, "registration_closed");
    let mine = tournament(&app, &id, &ps[2]).await["me"].clone();
    assert!(mine["table_id"].is_string(), "seated in round 2: {mine}");
    play_round(&app, &id, &ps, 2).await;
    let done = until(&app, &id, &ps[0], "finished", |t| t["status"] == "finished").await;
    let paid: i64 = done["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| s["prize"].as_i64().expect("prize"))
        .sum();
    assert_eq!(paid, 30, "the late buy-in is in the pool");
    ledger_balances(&app, &league).await;
}
