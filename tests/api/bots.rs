//! Server-side bots (issue "client-ready API"): one human and three bots play hands to
//! completion with chips conserved; who may seat and remove bots; bots apart in standings.

use std::time::Duration;

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, legal_move};

/// The human's move when it is theirs (everyone plays and stands, then the first legal
/// card), waiting for the bots otherwise, until the hand ends.
async fn play_against_bots(app: &TestApp, table: &str, human: &Player) {
    for _ in 0..2000 {
        let view = app.view(table, human).await;
        if view["status"] != "playing" {
            return;
        }
        let Some(action) = legal_move(&view) else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        app.act(table, human, action).await.ok();
    }
    panic!("the hand did not end");
}

fn bot_seats(view: &Value) -> Vec<u64> {
    view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter(|s| s["bot"] == true)
        .map(|s| s["seat"].as_u64().expect("seat"))
        .collect()
}

async fn league_chips(app: &TestApp, league: &str) -> i64 {
    // Every account of the league: players', bots', pots' and the treasury's.
    app.sql_number(&format!(
        "SELECT coalesce(sum(balance), 0)::bigint AS n FROM balances WHERE league_id = '{league}'"
    ))
    .await
}

#[actix_web::test]
async fn one_human_and_three_bots_play_hands_to_the_end_with_chips_conserved() {
    let app = TestApp::start().await;
    let (players, league, table) = app.seated(&["ann"], 200, json!({"ante": 5}), None).await;
    let ann = &players[0];
    for seat in [1, 2, 3] {
        let view = app
            .post(
                &format!("/v1/tables/{table}/bots"),
                ann,
                json!({"seat": seat}),
            )
            .await
            .ok();
        assert_eq!(view["my_seat"], 0, "the caller's view: {view}");
    }
    let view = app.view(&table, ann).await;
    assert_eq!(bot_seats(&view), vec![1, 2, 3], "{view}");
    let names: Vec<&str> = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["username"].as_str().expect("name"))
        .collect();
    // Friendly names, a given name and a family name, each bot its own.
    assert!(
        names[1..].iter().all(|n| {
            let words: Vec<&str> = n.split(' ').collect();
            words.len() == 2 && words.iter().all(|w| w.starts_with(char::is_uppercase))
        }),
        "{names:?}"
    );
    let mut distinct = names[1..].to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "{names:?}");
    assert_eq!(league_chips(&app, &league).await, 0);

    for hand in 1..=3 {
        app.start_hand(&table, ann).await.ok();
        play_against_bots(&app, &table, ann).await;
        let view = app.view(&table, ann).await;
        assert_eq!(view["hand_no"], hand, "{view}");
        assert_eq!(league_chips(&app, &league).await, 0, "after hand {hand}");
        let audit = app
            .get(&format!("/v1/tables/{table}/hands/{hand}/audit"), ann)
            .await
            .ok();
        assert_eq!(audit["verified"], true, "{audit}");
    }
    let hands = app
        .get(&format!("/v1/tables/{table}/hands"), ann)
        .await
        .ok();
    let dealt_bots = &hands["hands"][0]["bot_seats"];
    assert_eq!(dealt_bots, &json!([1, 2, 3]), "{hands}");
    // The bots' moves went through the log as anyone's: each acted.
    let events = app
        .get(&format!("/v1/tables/{table}/events?limit=500"), ann)
        .await
        .ok();
    let text = events.to_string();
    for seat in [1, 2, 3] {
        assert!(
            text.contains(&format!("\"seat\":{seat}")),
            "no event of seat {seat}: {text}"
        );
    }

    // Standings: the bots apart from the players.
    let standings = app
        .get(&format!("/v1/leagues/{league}/standings"), ann)
        .await
        .ok();
    assert_eq!(standings["rows"].as_array().map(Vec::len), Some(1));
    assert_eq!(standings["bots"].as_array().map(Vec::len), Some(3));
    let members = app
        .get(&format!("/v1/leagues/{league}/members"), ann)
        .await
        .ok();
    let bots = members["members"]
        .as_array()
        .expect("members")
        .iter()
        .filter(|m| m["role"] == "bot")
        .count();
    assert_eq!(bots, 3, "{members}");

    // Removing a bot between hands: its chips go back to the treasury.
    let view = app
        .call(
            Method::DELETE,
            &format!("/v1/tables/{table}/bots/2"),
            Some(&ann.token),
            None,
        )
        .await
        .ok();
    assert_eq!(bot_seats(&view), vec![1, 3], "{view}");
    assert_eq!(league_chips(&app, &league).await, 0);
    let standings = app
        .get(&format!("/v1/leagues/{league}/standings"), ann)
        .await
        .ok();
    assert_eq!(standings["bots"].as_array().map(Vec::len), Some(2));
    app.call(
        Method::DELETE,
        &format!("/v1/tables/{table}/bots/2"),
        Some(&ann.token),
        None,
    )
    .await
    .problem(404, "bot_not_found");
    app.call(
        Method::DELETE,
        &format!("/v1/tables/{table}/bots/0"),
        Some(&ann.token),
        None,
    )
    .await
    .problem(404, "bot_not_found");

    // Closing the table retires the rest.
    app.post(&format!("/v1/tables/{table}/close"), ann, json!({}))
        .await
        .ok();
    let standings = app
        .get(&format!("/v1/leagues/{league}/standings"), ann)
        .await
        .ok();
    assert_eq!(standings["bots"], json!([]), "{standings}");
    assert_eq!(league_chips(&app, &league).await, 0);
}

#[actix_web::test]
async fn only_the_tables_creator_or_an_admin_seats_bots_and_not_during_their_hand() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let bots = format!("/v1/tables/{table}/bots");
    app.post(&bots, &players[1], json!({}))
        .await
        .problem(403, "not_admin");
    let stranger = app.register("zed").await;
    app.post(&bots, &stranger, json!({}))
        .await
        .problem(403, "not_a_member");
    app.post(&bots, &players[0], json!({"seat": 1}))
        .await
        .problem(409, "seat_taken");
    app.post(&bots, &players[0], json!({"seat": 9}))
        .await
        .problem(422, "invalid_seat");
    let view = app.post(&bots, &players[0], json!({})).await.ok();
    assert_eq!(bot_seats(&view), vec![2], "{view}");
    app.start_hand(&table, &players[0]).await.ok();
    app.call(
        Method::DELETE,
        &format!("{bots}/2"),
        Some(&players[0].token),
        None,
    )
    .await
    .problem(409, "hand_in_progress");
    app.call(
        Method::DELETE,
        &format!("{bots}/2"),
        Some(&players[1].token),
        None,
    )
    .await
    .problem(403, "not_admin");
}
