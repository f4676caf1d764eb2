//! Caps that hold however many requests arrive at once: webhooks per league, replies
//! stored under idempotency keys, bots seated per day (with retired bots coming back), push
//! subscriptions per player.

use awc::http::Method;
use futures_util::future::join_all;
use serde_json::json;

use crate::support::{Player, TestApp, config};

#[actix_web::test]
async fn twenty_webhooks_added_at_once_store_ten() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let league = app.league(&ann, &[], 100).await;
    let path = format!("/v1/leagues/{league}/webhooks");
    let adds = (0..20).map(|i| {
        app.post(
            &path,
            &ann,
            json!({"url": format!("http://127.0.0.1:9/hook{i}"), "events": ["turn.started"]}),
        )
    });
    let replies = join_all(adds).await;
    let made = replies.iter().filter(|r| r.status == 201).count();
    for r in replies.iter().filter(|r| r.status != 201) {
        r.problem(422, "invalid_webhook");
    }
    assert_eq!(made, 10);
    assert_eq!(
        app.get(&path, &ann).await.ok().as_array().map(Vec::len),
        Some(10)
    );
}

async fn keyed_league(app: &TestApp, who: &Player, key: String) -> u16 {
    let resp = app
        .client
        .post(format!("{}/v1/leagues", app.base))
        .insert_header(("Authorization", format!("Bearer {}", who.token)))
        .insert_header(("Idempotency-Key", key.clone()))
        .send_json(&json!({"name": key, "starting_balance": 10}))
        .await
        .expect("request");
    resp.status().as_u16()
}

#[actix_web::test]
async fn forty_new_idempotency_keys_at_once_store_the_quota() {
    let mut small = config(true);
    small.quotas.keys_per_day = 5;
    small.quotas.leagues_per_day = 1_000;
    let app = TestApp::start_with(small).await;
    let ann = app.register("ann").await;
    let statuses = join_all((0..40).map(|i| keyed_league(&app, &ann, format!("key-{i}")))).await;
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        5,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 429),
        "{statuses:?}"
    );
    let stored = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM idempotency WHERE player_id = '{}'",
            ann.id
        ))
        .await;
    assert_eq!(stored, 5);
    // A stored key is replayed, not refused.
    let first = statuses.iter().position(|s| *s == 201).expect("one made");
    assert_eq!(keyed_league(&app, &ann, format!("key-{first}")).await, 201);
}

#[actix_web::test]
async fn bots_are_a_daily_quota_and_a_retired_bot_comes_back() {
    let mut few = config(true);
    few.quotas.bots_per_day = 12;
    let app = TestApp::start_with(few).await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let ann = &players[0];
    let bots = format!("/v1/tables/{table}/bots");
    for _ in 0..6 {
        app.post(&bots, ann, json!({"seat": 2})).await.ok();
        app.call(Method::DELETE, &format!("{bots}/2"), Some(&ann.token), None)
            .await
            .ok();
    }
    // Six seatings, one bot player: the retired one came back each time.
    let made = app
        .sql_number("SELECT count(*) AS n FROM players WHERE is_bot")
        .await;
    assert_eq!(made, 1);
    // Two at once need two bots.
    app.post(&bots, ann, json!({"seat": 2})).await.ok();
    app.post(&bots, ann, json!({"seat": 3})).await.ok();
    assert_eq!(
        app.sql_number("SELECT count(*) AS n FROM players WHERE is_bot")
            .await,
        2
    );
    // Twelve seatings a day, however they arrive.
    for seat in [2, 3] {
        app.call(
            Method::DELETE,
            &format!("{bots}/{seat}"),
            Some(&ann.token),
            None,
        )
        .await
        .ok();
    }
    let tries = (2..7).map(|seat| app.post(&bots, ann, json!({"seat": seat})));
    let replies = join_all(tries).await;
    let seated = replies.iter().filter(|r| r.status == 201).count();
    for r in replies.iter().filter(|r| r.status != 201) {
        r.problem(429, "quota_exceeded");
    }
    assert_eq!(seated, 4, "8 seated before, 12 a day");
    let sum = app
        .sql_number("SELECT coalesce(sum(balance), 0)::bigint AS n FROM balances")
        .await;
    assert_eq!(sum, 0);
}

#[actix_web::test]
async fn twenty_push_subscriptions_at_once_keep_ten() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    // A P-256 public key (the tests' VAPID key will do), on twenty endpoints.
    let key = bourre::app::notify::push::Vapid::from_private(crate::support::VAPID_PRIVATE_KEY)
        .expect("vapid")
        .public_key();
    let subscribe = (0..20).map(|i| {
        app.post(
            "/v1/players/me/push-subscriptions",
            &ann,
            json!({
                "endpoint": format!("https://push.example.net/browser-{i}"),
                "keys": {"p256dh": key, "auth": "tBHItJI5svbpez7KI4CCXg"},
            }),
        )
    });
    let replies = join_all(subscribe).await;
    assert!(replies.iter().all(|r| r.status == 201), "{replies:?}");
    let kept = app
        .get("/v1/players/me/push-subscriptions", &ann)
        .await
        .ok();
    assert_eq!(kept.as_array().map(Vec::len), Some(10), "{kept}");
}
