//! Idempotency-Key: a retried action is applied once, even when ten retries race.

use awc::http::Method;
use serde_json::json;

use crate::support::{Player, TestApp, deck};

async fn act_with_key(
    app: &TestApp,
    table: &str,
    who: &Player,
    key: &str,
    play: bool,
) -> (u16, serde_json::Value) {
    let mut resp = app
        .client
        .request(
            Method::POST,
            format!("{}/v1/tables/{table}/actions", app.base),
        )
        .insert_header(("Authorization", format!("Bearer {}", who.token)))
        .insert_header(("Idempotency-Key", key))
        .send_json(&json!({"action": {"type": "declare", "play": play, "discard": []}}))
        .await
        .expect("request");
    let body = resp
        .json::<serde_json::Value>()
        .limit(1 << 20)
        .await
        .expect("json");
    (resp.status().as_u16(), body)
}

async fn three_player_table(app: &TestApp) -> (Player, Player, Player, String) {
    let d = deck(
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
            100,
            json!({"ante": 5}),
            Some(json!([d])),
        )
        .await;
    let [ann, bob, cat] = <[Player; 3]>::try_from(players).expect("three players");
    app.start_hand(&table, &ann).await.ok();
    (ann, bob, cat, table)
}

#[actix_web::test]
async fn a_retried_action_is_applied_once() {
    let app = TestApp::start().await;
    let (ann, bob, _cat, table) = three_player_table(&app).await;
    let before = app.view(&table, &ann).await["version"]
        .as_i64()
        .expect("version");
    let (status, first) = act_with_key(&app, &table, &bob, "key-1", true).await;
    assert_eq!(status, 200, "{first}");
    let (status, again) = act_with_key(&app, &table, &bob, "key-1", true).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(first, again, "the stored response is returned");
    let after = app.view(&table, &ann).await["version"]
        .as_i64()
        .expect("version");
    assert_eq!(after, first["version"].as_i64().expect("version"));
    assert!(after > before);
    let (status, reused) = act_with_key(&app, &table, &bob, "key-1", false).await;
    assert_eq!(status, 422, "{reused}");
    assert_eq!(reused["code"], "idempotency_key_reused");
    assert_eq!(
        app.view(&table, &ann).await["version"].as_i64(),
        Some(after)
    );
}

#[actix_web::test]
async fn ten_concurrent_retries_act_once() {
    let app = TestApp::start().await;
    let (ann, bob, _cat, table) = three_player_table(&app).await;
    let before = app.view(&table, &ann).await["version"]
        .as_i64()
        .expect("version");
    let mut handles = Vec::new();
    for _ in 0..10 {
        let base = app.base.clone();
        let token = bob.token.clone();
        let table = table.clone();
        handles.push(actix_web::rt::spawn(async move {
            let client = awc::Client::default();
            let mut resp = client
                .post(format!("{base}/v1/tables/{table}/actions"))
                .insert_header(("Authorization", format!("Bearer {token}")))
                .insert_header(("Idempotency-Key", "same-key"))
                .send_json(&json!({"action": {"type": "declare", "play": true, "discard": []}}))
                .await
                .expect("request");
            let body = resp
                .json::<serde_json::Value>()
                .limit(1 << 20)
                .await
                .expect("json");
            (resp.status().as_u16(), body)
        }));
    }
    let mut versions = Vec::new();
    for handle in handles {
        let (status, body) = handle.await.expect("join");
        assert_eq!(status, 200, "{body}");
        versions.push(body["version"].as_i64().expect("version"));
    }
    let after = app.view(&table, &ann).await["version"]
        .as_i64()
        .expect("version");
    assert!(
        versions.iter().all(|v| *v == after),
        "{versions:?} vs {after}"
    );
    let events = app
        .get(&format!("/v1/tables/{table}/events?after={before}"), &ann)
        .await
        .ok();
    let declared = events
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "declared")
        .count();
    assert_eq!(declared, 1, "one declaration, however many retries");
}

async fn post_with_key(
    app: &TestApp,
    path: &str,
    who: &Player,
    key: &str,
    body: Option<serde_json::Value>,
) -> (u16, serde_json::Value, bool) {
    let req = app
        .client
        .request(Method::POST, format!("{}{path}", app.base))
        .insert_header(("Authorization", format!("Bearer {}", who.token)))
        .insert_header(("Idempotency-Key", key));
    let mut resp = match body {
        Some(body) => req.send_json(&body).await,
        None => req.send().await,
    }
    .expect("request");
    let replayed = resp.headers().contains_key("Idempotent-Replayed");
    let body = resp
        .json::<serde_json::Value>()
        .limit(1 << 20)
        .await
        .expect("json");
    (resp.status().as_u16(), body, replayed)
}

#[actix_web::test]
async fn every_state_changing_post_can_be_retried_safely() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let body = json!({"name": "Retry league", "starting_balance": 100});
    let (s1, league, r1) = post_with_key(&app, "/v1/leagues", &ann, "L1", Some(body.clone())).await;
    let (s2, again, r2) = post_with_key(&app, "/v1/leagues", &ann, "L1", Some(body)).await;
    assert_eq!((s1, s2, r1, r2), (201, 201, false, true));
    assert_eq!(league, again, "one league, not two");
    let id = league["id"].as_str().expect("id");
    let code = json!({"invite_code": league["invite_code"]});
    let join = format!("/v1/leagues/{id}/members");
    let (s1, _, _) = post_with_key(&app, &join, &bob, "J1", Some(code.clone())).await;
    let (s2, _, r2) = post_with_key(&app, &join, &bob, "J1", Some(code)).await;
    assert_eq!((s1, s2, r2), (201, 201, true));
    assert_eq!(
        app.balance(&bob, id).await,
        100,
        "the starting balance is credited once"
    );
    let grant = format!("/v1/leagues/{id}/grants");
    let g = json!({"player_id": bob.id, "amount": 30, "reason": "rebuy"});
    post_with_key(&app, &grant, &ann, "G1", Some(g.clone())).await;
    let (status, granted, replayed) = post_with_key(&app, &grant, &ann, "G1", Some(g)).await;
    assert_eq!((status, replayed), (201, true));
    assert_eq!(granted["balance"], 130);
    assert_eq!(app.balance(&bob, id).await, 130, "granted once");
    let (status, reused, _) = post_with_key(
        &app,
        &grant,
        &ann,
        "G1",
        Some(json!({"player_id": bob.id, "amount": 31, "reason": "rebuy"})),
    )
    .await;
    assert_eq!(
        (status, reused["code"].as_str()),
        (422, Some("idempotency_key_reused"))
    );

    let new_table = json!({"league_id": id, "name": "T", "rules": {"ante": 5}});
    let (s1, made, _) =
        post_with_key(&app, "/v1/tables", &ann, "T1", Some(new_table.clone())).await;
    let (s2, again, r2) = post_with_key(&app, "/v1/tables", &ann, "T1", Some(new_table)).await;
    assert_eq!((s1, s2, r2), (201, 201, true));
    assert_eq!(made["id"], again["id"], "one table, not two");
    let table = made["id"].as_str().expect("table id").to_owned();
    let seasons = format!("/v1/leagues/{id}/seasons");
    let (s1, season, _) = post_with_key(&app, &seasons, &ann, "Z1", None).await;
    let (s2, same, r2) = post_with_key(&app, &seasons, &ann, "Z1", None).await;
    assert_eq!(
        (s1, s2, r2, season["number"].as_i64()),
        (201, 201, true, Some(1))
    );
    assert_eq!(season, same, "one season closed, not two");
    let seats = format!("/v1/tables/{table}/seats");
    post_with_key(&app, &seats, &ann, "S1", Some(json!({"seat": 0}))).await;
    let (status, _, replayed) =
        post_with_key(&app, &seats, &ann, "S1", Some(json!({"seat": 0}))).await;
    assert_eq!((status, replayed), (201, true), "not already_seated");
    app.sit(&table, &bob, 1).await;
    let hands = format!("/v1/tables/{table}/hands");
    let (s1, first, _) = post_with_key(&app, &hands, &ann, "H1", None).await;
    let (s2, second, r2) = post_with_key(&app, &hands, &ann, "H1", None).await;
    assert_eq!((s1, s2, r2), (201, 201, true));
    assert_eq!(first["version"], second["version"]);
    assert_eq!(
        app.view(&table, &ann).await["hand_no"],
        1,
        "one hand started, not two"
    );
}

/// A keyed move on a table this process keeps takes the fast path: its reply is stored in
/// the move's own statement (one transaction for the table's row and the key's row), and a
/// retry replays it. A key whose stored reply expired is used again: the move then falls
/// back to a transaction that replaces the expired reply, and is applied fresh.
#[actix_web::test]
async fn a_keyed_move_stores_its_reply_with_the_move() {
    let app = TestApp::start().await;
    let (ann, bob, cat, table) = three_player_table(&app).await;
    let actions = format!("/v1/tables/{table}/actions");
    let declare = json!({"action": {"type": "declare", "play": true, "discard": []}});
    let (status, first, replayed) =
        post_with_key(&app, &actions, &bob, "k1", Some(declare.clone())).await;
    assert_eq!((status, replayed), (200, false), "{first}");
    let transactions = app
        .sql_number(&format!(
            "SELECT count(DISTINCT xmin::text) AS n FROM ( \
               SELECT xmin FROM tables WHERE id = '{table}' \
               UNION ALL SELECT xmin FROM idempotency WHERE player_id = '{}' AND key = 'k1') x",
            bob.id
        ))
        .await;
    assert_eq!(transactions, 1, "the key's reply commits with the move");
    let (status, again, replayed) =
        post_with_key(&app, &actions, &bob, "k1", Some(declare.clone())).await;
    assert_eq!((status, replayed), (200, true));
    assert_eq!(again, first);

    app.sql(&format!(
        "INSERT INTO idempotency (player_id, key, request_hash, status, body, created_at) \
         VALUES ('{}', 'old', 'another request', 200, '{{}}', now() - interval '2 days')",
        cat.id
    ))
    .await;
    let (status, fresh, replayed) = post_with_key(&app, &actions, &cat, "old", Some(declare)).await;
    assert_eq!((status, replayed), (200, false), "{fresh}");
    assert_eq!(
        fresh["version"].as_i64(),
        first["version"].as_i64().map(|v| v + 1)
    );
    assert_eq!(
        app.view(&table, &ann).await["version"],
        fresh["version"],
        "applied once"
    );
}
