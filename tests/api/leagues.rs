//! Leagues: administration, grants, the ledger (paged, summing to zero), standings checked
//! against the hands' own records, seasons, and who may see what.

use std::collections::HashMap;

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, play_out};

async fn setup(app: &TestApp) -> (Player, Player, Player, String, String) {
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let cat = app.register("cat").await;
    let league = app.league(&ann, &[&bob, &cat], 500).await;
    let table = app.table(&ann, &league, json!({"ante": 2}), None).await;
    for (i, p) in [&ann, &bob, &cat].iter().enumerate() {
        app.sit(&table, p, i as u8).await;
    }
    (ann, bob, cat, league, table)
}

async fn delete(app: &TestApp, path: &str, who: &Player) -> crate::support::Reply {
    app.call(Method::DELETE, path, Some(&who.token), None).await
}

#[actix_web::test]
async fn admins_administer_and_everyone_else_is_refused() {
    let app = TestApp::start().await;
    let (ann, bob, cat, league, table) = setup(&app).await;
    let outsider = app.register("dan").await;
    let l = format!("/v1/leagues/{league}");

    // Members only see the league.
    for path in [l.clone(), format!("{l}/standings"), format!("{l}/ledger")] {
        app.get(&path, &outsider).await.problem(403, "not_a_member");
        app.get(&path, &bob).await.ok();
    }
    // Non-admins are refused every admin action.
    let admin_calls = [
        (format!("{l}/invite-code"), json!(null)),
        (format!("{l}/admins"), json!({"player_id": cat.id})),
        (
            format!("{l}/grants"),
            json!({"player_id": cat.id, "amount": 5, "reason": "x"}),
        ),
        (format!("{l}/seasons"), json!(null)),
    ];
    for (path, body) in &admin_calls {
        let body = (!body.is_null()).then(|| body.clone());
        app.call(Method::POST, path, Some(&bob.token), body.clone())
            .await
            .problem(403, "not_admin");
        app.call(Method::POST, path, Some(&outsider.token), body)
            .await
            .problem(403, "not_a_member");
    }
    delete(&app, &format!("{l}/members/{}", cat.id), &bob)
        .await
        .problem(403, "not_admin");

    // Rotating the invite code retires the old one.
    let old = app.get(&l, &ann).await.ok()["invite_code"].clone();
    let new = app
        .call(
            Method::POST,
            &format!("{l}/invite-code"),
            Some(&ann.token),
            None,
        )
        .await
        .ok()["invite_code"]
        .clone();
    assert_ne!(old, new);
    app.post(
        &format!("{l}/members"),
        &outsider,
        json!({"invite_code": old}),
    )
    .await
    .problem(403, "wrong_invite_code");
    app.post(
        &format!("{l}/members"),
        &outsider,
        json!({"invite_code": new}),
    )
    .await
    .ok();

    // Promotion gives admin rights.
    let promoted = app
        .post(&format!("{l}/admins"), &ann, json!({"player_id": bob.id}))
        .await;
    assert_eq!(promoted.status, 204);
    assert_eq!(app.get(&l, &bob).await.ok()["role"], "admin");

    // Grants move chips from the treasury, with the reason in the ledger.
    let granted = app
        .post(
            &format!("{l}/grants"),
            &bob,
            json!({"player_id": cat.id, "amount": 40, "reason": "rebuy"}),
        )
        .await
        .ok();
    assert_eq!(granted["balance"], 540);
    assert_eq!(app.balance(&cat, &league).await, 540);
    app.post(
        &format!("{l}/grants"),
        &ann,
        json!({"player_id": cat.id, "amount": -1000, "reason": "oops"}),
    )
    .await
    .problem(422, "insufficient_balance");
    app.post(
        &format!("{l}/grants"),
        &ann,
        json!({"player_id": cat.id, "amount": 0, "reason": "x"}),
    )
    .await
    .problem(422, "invalid_amount");
    let taken = app
        .post(
            &format!("{l}/grants"),
            &ann,
            json!({"player_id": cat.id, "amount": -15, "reason": "correction"}),
        )
        .await
        .ok();
    assert_eq!(taken["balance"], 525);
    let ledger = app
        .get(&format!("{l}/ledger?player_id={}", cat.id), &cat)
        .await
        .ok();
    let notes: Vec<&str> = ledger["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["reason"] == "grant")
        .map(|e| e["note"].as_str().expect("note"))
        .collect();
    assert_eq!(notes, vec!["rebuy", "correction"]);

    // A seated member cannot be removed; once up, they can, and their chips go home.
    delete(&app, &format!("{l}/members/{}", cat.id), &ann)
        .await
        .problem(409, "member_seated");
    delete(&app, &format!("/v1/tables/{table}/seats/me"), &cat)
        .await
        .ok();
    let removed = delete(&app, &format!("{l}/members/{}", cat.id), &ann).await;
    assert_eq!(removed.status, 204, "{}", removed.body);
    app.get(&l, &cat).await.problem(403, "not_a_member");
    delete(&app, &format!("{l}/members/{}", ann.id), &bob)
        .await
        .problem(409, "cannot_remove_creator");
}

/// Every ledger page read with a cursor-paged walk of `limit` a page, in `order` (`asc`
/// or `desc`), with `filter` (such as `&player_id=...`).
async fn whole_ledger(
    app: &TestApp,
    league: &str,
    who: &Player,
    order: &str,
    filter: &str,
    limit: usize,
) -> Vec<Value> {
    let mut out = Vec::new();
    let mut after = String::new();
    loop {
        let page = app
            .get(
                &format!("/v1/leagues/{league}/ledger?order={order}&limit={limit}{filter}{after}"),
                who,
            )
            .await
            .ok();
        let entries = page["entries"].as_array().expect("entries").clone();
        assert!(entries.len() <= limit);
        out.extend(entries);
        match page["next_cursor"].as_i64() {
            Some(next) => after = format!("&after={next}"),
            None => return out,
        }
    }
}

fn row<'a>(standings: &'a Value, player: &Player) -> &'a Value {
    standings["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["player_id"] == player.id.as_str())
        .expect("a standings row")
}

#[derive(Default, Debug, PartialEq)]
struct Tally {
    hands: i64,
    won: i64,
    split: i64,
    bourres: i64,
    tricks: i64,
}

/// Counts each player's hands, pots, splits, bourrés and tricks from hand records.
async fn tally(
    app: &TestApp,
    table: &str,
    hands: std::ops::RangeInclusive<u32>,
    who: &Player,
) -> HashMap<String, Tally> {
    let mut out: HashMap<String, Tally> = HashMap::new();
    for n in hands {
        let record = app
            .get(&format!("/v1/tables/{table}/hands/{n}"), who)
            .await
            .ok();
        let events = record["events"].as_array().expect("events");
        let dealt = events
            .iter()
            .find(|e| e["kind"] == "hand_dealt")
            .expect("dealt");
        let seat_of: HashMap<i64, String> = dealt["payload"]["players"]
            .as_array()
            .expect("players")
            .iter()
            .map(|p| {
                (
                    p["seat"].as_i64().expect("seat"),
                    p["player_id"].as_str().expect("id").to_owned(),
                )
            })
            .collect();
        for id in seat_of.values() {
            out.entry(id.clone()).or_default().hands += 1;
        }
        let ended = &events
            .iter()
            .find(|e| e["kind"] == "hand_ended")
            .expect("ended")["payload"];
        let player = |seat: &Value| seat_of[&seat.as_i64().expect("seat")].clone();
        match ended["outcome"]["type"].as_str() {
            Some("won") | Some("uncontested") => {
                out.entry(player(&ended["outcome"]["seat"]))
                    .or_default()
                    .won += 1
            }
            Some("split") => {
                for seat in ended["outcome"]["seats"].as_array().expect("seats") {
                    out.entry(player(seat)).or_default().split += 1;
                }
            }
            _ => {}
        }
        for b in ended["bourre"].as_array().expect("bourre") {
            out.entry(player(&b["seat"])).or_default().bourres += 1;
        }
        for t in ended["tricks"].as_array().expect("tricks") {
            out.entry(player(&t["seat"])).or_default().tricks += t["amount"].as_i64().expect("n");
        }
    }
    out
}

fn tally_of(standings: &Value, p: &Player) -> Tally {
    let r = row(standings, p);
    Tally {
        hands: r["hands_played"].as_i64().expect("hands"),
        won: r["pots_won"].as_i64().expect("won"),
        split: r["split_pots"].as_i64().expect("split"),
        bourres: r["bourres"].as_i64().expect("bourres"),
        tricks: r["tricks"].as_i64().expect("tricks"),
    }
}

#[actix_web::test]
async fn standings_ledger_and_seasons_add_up() {
    let app = TestApp::start().await;
    let (ann, bob, cat, league, table) = setup(&app).await;
    let players = [&ann, &bob, &cat];
    for _ in 0..4 {
        app.start_hand(&table, &ann).await.ok();
        play_out(&app, &table, &players).await;
    }
    app.call(
        Method::POST,
        &format!("/v1/leagues/{league}/seasons"),
        Some(&ann.token),
        None,
    )
    .await
    .ok();
    for _ in 0..3 {
        app.start_hand(&table, &ann).await.ok();
        play_out(&app, &table, &players).await;
    }
    app.post(
        &format!("/v1/leagues/{league}/grants"),
        &ann,
        json!({"player_id": bob.id, "amount": 25, "reason": "birthday"}),
    )
    .await
    .ok();

    // The ledger, walked page by page, sums to zero and replays every balance.
    let entries = whole_ledger(&app, &league, &cat, "asc", "", 7).await;
    // Newest first, every entry once, ids falling; so with a player's entries only.
    let ids = |list: &[Value]| -> Vec<i64> {
        list.iter().map(|e| e["id"].as_i64().expect("id")).collect()
    };
    let mut newest_first = ids(&entries);
    newest_first.reverse();
    assert!(newest_first.windows(2).all(|w| w[0] > w[1]));
    assert_eq!(
        ids(&whole_ledger(&app, &league, &cat, "desc", "", 7).await),
        newest_first
    );
    let bob_only = format!("&player_id={}", bob.id);
    let mut bobs = ids(&whole_ledger(&app, &league, &cat, "asc", &bob_only, 1).await);
    // Bob's starting balance and his grant at least: more than one page of one.
    assert!(bobs.len() >= 2, "{bobs:?}");
    bobs.reverse();
    assert_eq!(
        ids(&whole_ledger(&app, &league, &cat, "desc", &bob_only, 1).await),
        bobs
    );
    app.get(&format!("/v1/leagues/{league}/ledger?order=newest"), &cat)
        .await
        .problem(400, "invalid_query");
    let mut accounts: HashMap<String, i64> = HashMap::new();
    for e in &entries {
        let amount = e["amount"].as_i64().expect("amount");
        assert!(amount > 0);
        *accounts
            .entry(e["from_account"].as_str().expect("from").to_owned())
            .or_default() -= amount;
        *accounts
            .entry(e["to_account"].as_str().expect("to").to_owned())
            .or_default() += amount;
    }
    assert_eq!(
        accounts.values().sum::<i64>(),
        0,
        "the league's ledger sums to zero"
    );
    for p in players {
        let replayed = accounts[&format!("player:{}", p.id)];
        assert_eq!(replayed, app.balance(p, &league).await);
        assert!(replayed >= 0);
    }
    let ids: Vec<i64> = entries
        .iter()
        .map(|e| e["id"].as_i64().expect("id"))
        .collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "pages are in order, without repeats"
    );
    let played = entries.iter().filter(|e| e["reason"] == "ante").all(|e| {
        e["table_id"] == table.as_str() && e["event_seq"].is_i64() && e["hand_no"].is_i64()
    });
    assert!(played, "play entries name their table, hand and event");

    // All-time standings against the hands' records and the ledger.
    let all = app
        .get(&format!("/v1/leagues/{league}/standings"), &bob)
        .await
        .ok();
    let expected = tally(&app, &table, 1..=7, &bob).await;
    for p in players {
        assert_eq!(
            tally_of(&all, p),
            expected
                .get(&p.id)
                .map_or(Tally::default(), |t| Tally { ..*t }),
            "{}",
            p.name
        );
        let r = row(&all, p);
        let balance = app.balance(p, &league).await;
        assert_eq!(r["balance"], balance);
        let grants = if p.id == bob.id { 25 } else { 0 };
        assert_eq!(r["grants"], grants);
        assert_eq!(
            r["net"].as_i64(),
            Some(balance - 500 - grants),
            "net = balance - start - grants"
        );
        assert!(r["rating"].as_f64().expect("rating") > 0.0);
    }
    let nets: i64 = players
        .iter()
        .map(|p| row(&all, p)["net"].as_i64().expect("net"))
        .sum();
    let pot: i64 = app.view(&table, &ann).await["pot"].as_i64().expect("pot");
    assert_eq!(
        nets + pot,
        0,
        "what players lost in play waits in the pot or was won by others"
    );

    // Seasons split the hands.
    let first = app
        .get(&format!("/v1/leagues/{league}/standings?season=1"), &bob)
        .await
        .ok();
    let second = app
        .get(&format!("/v1/leagues/{league}/standings?season=2"), &bob)
        .await
        .ok();
    let early = tally(&app, &table, 1..=4, &bob).await;
    let late = tally(&app, &table, 5..=7, &bob).await;
    for p in players {
        assert_eq!(
            tally_of(&first, p),
            early
                .get(&p.id)
                .map_or(Tally::default(), |t| Tally { ..*t })
        );
        assert_eq!(
            tally_of(&second, p),
            late.get(&p.id).map_or(Tally::default(), |t| Tally { ..*t })
        );
    }
    app.get(&format!("/v1/leagues/{league}/standings?season=3"), &bob)
        .await
        .problem(404, "season_not_found");

    // Sorting by any column.
    let by_tricks = app
        .get(
            &format!("/v1/leagues/{league}/standings?sort=tricks&order=asc"),
            &bob,
        )
        .await
        .ok();
    let tricks: Vec<i64> = by_tricks["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["tricks"].as_i64().expect("tricks"))
        .collect();
    assert!(tricks.windows(2).all(|w| w[0] <= w[1]), "{tricks:?}");
    app.get(&format!("/v1/leagues/{league}/standings?sort=luck"), &bob)
        .await
        .problem(400, "invalid_sort");
}
