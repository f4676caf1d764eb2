//! Web Push from the notification outbox (issue "your turn, wherever you are"): a push
//! service on loopback (`tests/push/endpoint.py`) verifies each message's VAPID JWT and
//! decrypts it with PyPI's `http_ece` and `cryptography` (pinned in
//! `tests/push/requirements.txt`), independently of the server's code.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{Player, TestApp, VAPID_PRIVATE_KEY, client, config, next_move, open_stream};

/// The push service, and the subscriptions it made.
pub(crate) struct PushService {
    child: Child,
    base: String,
    subscriptions: Vec<Value>,
}

impl Drop for PushService {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl PushService {
    pub(crate) fn start() -> PushService {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/push");
        crate::support::python_packages(
            &format!("{dir}/requirements.txt"),
            "http_ece, cryptography",
        );
        let script = format!("{dir}/endpoint.py");
        let (child, line) = crate::support::first_line(
            Command::new("python3")
                .arg(&script)
                .arg("4")
                .stdin(Stdio::null())
                .stderr(Stdio::inherit()),
            "python3 tests/push/endpoint.py",
        );
        let started: Value = serde_json::from_str(&line)
            .unwrap_or_else(|_| panic!("the push service did not start: {line:?}"));
        PushService {
            child,
            base: format!("http://127.0.0.1:{}", started["port"]),
            subscriptions: started["subscriptions"]
                .as_array()
                .expect("subscriptions")
                .clone(),
        }
    }

    async fn messages(&self) -> Vec<Value> {
        let mut reply = client()
            .get(format!("{}/messages", self.base))
            .send()
            .await
            .expect("messages");
        reply.json().limit(1 << 24).await.expect("messages json")
    }

    /// The messages once `done` holds of them, within 30 s.
    pub(crate) async fn until(&self, what: &str, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        for _ in 0..300 {
            let got = self.messages().await;
            if done(&got) {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no {what} within 30 s: {:?}", self.messages().await);
    }

    /// Subscription `n` answers `status` from now on.
    async fn answer(&self, n: usize, status: u16) {
        let reply = client()
            .post(format!("{}/answer/{n}", self.base))
            .send_json(&json!({"status": status}))
            .await
            .expect("answer");
        assert_eq!(reply.status().as_u16(), 204);
    }
}

/// Messages to subscription `n` of `kind`.
fn of(got: &[Value], n: usize, kind: &str) -> usize {
    got.iter()
        .filter(|m| m["sub"] == n && m["payload"]["type"] == kind)
        .count()
}

pub(crate) async fn subscribe(app: &TestApp, who: &Player, push: &PushService, n: usize) {
    let stored = app
        .post(
            "/v1/players/me/push-subscriptions",
            who,
            push.subscriptions[n].clone(),
        )
        .await;
    assert_eq!(stored.status, 201, "{}", stored.body);
    assert_eq!(stored.body["endpoint"], push.subscriptions[n]["endpoint"]);
}

/// Plays the current hand to its end: how many moves each player made.
async fn play(app: &TestApp, table: &str, players: &[&Player]) -> Vec<usize> {
    let mut moves = vec![0; players.len()];
    while let Some((who, action)) = next_move(app, table, players).await {
        let at = players.iter().position(|p| p.id == who.id).expect("seated");
        moves[at] += 1;
        app.act(table, &who, action).await.ok();
    }
    moves
}

#[actix_web::test]
async fn a_turn_is_pushed_encrypted_and_signed_to_each_browser_of_a_player_away() {
    let push = PushService::start();
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);

    let key = app.get("/v1/push/vapid-public-key", ann).await.ok()["public_key"]
        .as_str()
        .expect("key")
        .to_owned();
    let ours = bourre::app::notify::push::Vapid::from_private(VAPID_PRIVATE_KEY).expect("vapid");
    assert_eq!(key, ours.public_key());

    // Refusals: keys that are not a browser's, an endpoint nobody subscribed.
    let mut bad = push.subscriptions[0].clone();
    bad["keys"]["p256dh"] = json!("AAAA");
    app.post("/v1/players/me/push-subscriptions", ann, bad)
        .await
        .problem(422, "invalid_push_subscription");
    let mut off_curve = push.subscriptions[0].clone();
    off_curve["keys"]["p256dh"] = json!(format!("BA{}", "A".repeat(85)));
    app.post("/v1/players/me/push-subscriptions", ann, off_curve)
        .await
        .problem(422, "invalid_push_subscription");
    let unknown = app
        .call(
            awc::http::Method::DELETE,
            "/v1/players/me/push-subscriptions",
            Some(&ann.token),
            Some(json!({"endpoint": "https://push.example.net/nobody"})),
        )
        .await;
    unknown.problem(404, "push_subscription_not_found");

    // Ann has two browsers, bob one; bob watches the table's stream.
    subscribe(&app, ann, &push, 0).await;
    subscribe(&app, ann, &push, 1).await;
    subscribe(&app, bob, &push, 2).await;
    let watching = open_stream(&app, &table, &bob.token).await;
    assert_eq!(watching.status().as_u16(), 200);

    app.start_hand(&table, ann).await.ok();
    let everyone = [ann, bob];
    let moves = play(&app, &table, &everyone).await;
    assert!(moves[0] > 0 && moves[1] > 0, "{moves:?}");
    let got = push
        .until("a push per turn of ann's, to both her browsers", |got| {
            of(got, 0, "turn.started") >= moves[0] && of(got, 1, "turn.started") >= moves[0]
        })
        .await;
    // Bob's turns were committed before ann's last: had they been pushed, they would be
    // here by now; give them a moment more.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let got = {
        let later = push.messages().await;
        assert!(later.len() >= got.len());
        later
    };
    assert_eq!(of(&got, 0, "turn.started"), moves[0], "{got:?}");
    assert_eq!(of(&got, 1, "turn.started"), moves[0], "{got:?}");
    assert_eq!(
        of(&got, 2, "turn.started"),
        0,
        "bob watches the table: no push {got:?}"
    );
    let name = app.view(&table, ann).await["name"].clone();
    for m in &got {
        assert_eq!(m["ok"], true, "not verified or not decrypted: {m}");
        assert_eq!(m["k"], key.as_str(), "{m}");
        assert_eq!(m["claims"]["sub"], "mailto:tests@bourre.invalid", "{m}");
        assert_eq!(m["encoding"], "aes128gcm", "{m}");
        assert_eq!(m["urgency"], "high", "{m}");
        assert_eq!(m["topic"], table.replace('-', ""), "{m}");
        let ttl: i64 = m["ttl"].as_str().expect("ttl").parse().expect("a number");
        assert!((60..=86_400).contains(&ttl), "{m}");
        let payload = &m["payload"];
        assert_eq!(
            payload["title"],
            format!("Your turn at {}", name.as_str().expect("name"))
        );
        assert_eq!(payload["url"], format!("/tables/{table}"));
        assert_eq!(payload["table_id"], table.as_str());
        assert!(payload["deadline"].is_string(), "{payload}");
        let text = payload.to_string();
        assert!(
            !text.contains("my_hand") && !text.contains("cards"),
            "{text}"
        );
    }

    // Bob leaves the table's page; once he counts as away, his turns are pushed. Ann's
    // second browser answers 410 (gone): it is unsubscribed.
    drop(watching);
    for _ in 0..300 {
        let left = app
            .sql_number(&format!(
                "SELECT count(*) AS n FROM watchers WHERE player_id = '{}'",
                bob.id
            ))
            .await;
        if left == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    push.answer(1, 410).await;
    app.start_hand(&table, ann).await.ok();
    let moves = play(&app, &table, &everyone).await;
    push.until("bob's turns pushed, and a 410", |got| {
        of(got, 2, "turn.started") >= moves[1]
            && got.iter().any(|m| m["sub"] == 1 && m["answered"] == 410)
    })
    .await;
    let mut gone = false;
    for _ in 0..100 {
        let left = app
            .sql_number(&format!(
                "SELECT count(*) AS n FROM push_subscriptions WHERE player_id = '{}'",
                ann.id
            ))
            .await;
        if left == 1 {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(gone, "a 410 did not remove the subscription");
    let removed = app
        .call(
            awc::http::Method::DELETE,
            "/v1/players/me/push-subscriptions",
            Some(&ann.token),
            Some(json!({"endpoint": push.subscriptions[1]["endpoint"]})),
        )
        .await;
    removed.problem(404, "push_subscription_not_found");

    // Bob signs in on ann's first browser: the subscription is his now, not hers.
    subscribe(&app, bob, &push, 0).await;
    let ann_has = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM push_subscriptions WHERE player_id = '{}'",
            ann.id
        ))
        .await;
    assert_eq!(ann_has, 0);
    let theirs = app
        .call(
            awc::http::Method::DELETE,
            "/v1/players/me/push-subscriptions",
            Some(&ann.token),
            Some(json!({"endpoint": push.subscriptions[0]["endpoint"]})),
        )
        .await;
    theirs.problem(404, "push_subscription_not_found");
    // The browser's whole PushSubscription JSON does as well as its endpoint.
    let his = app
        .call(
            awc::http::Method::DELETE,
            "/v1/players/me/push-subscriptions",
            Some(&bob.token),
            Some(push.subscriptions[0].clone()),
        )
        .await;
    assert_eq!(his.status, 204, "{}", his.body);
}

/// A reminder before a deadline is pushed even to a player watching the table, who gets no
/// "your turn" while they watch.
#[actix_web::test]
async fn a_reminder_is_pushed_even_to_a_player_watching() {
    let push = PushService::start();
    let mut quick = config(true);
    quick.webhooks.remind_before = Duration::from_secs(2);
    let app = TestApp::start_with(quick).await;
    let (players, _, table) = app
        .seated(
            &["ann", "bob"],
            500,
            json!({"ante": 5, "turn_timeout_secs": 4}),
            None,
        )
        .await;
    subscribe(&app, &players[0], &push, 0).await;
    subscribe(&app, &players[1], &push, 1).await;
    let _ann = open_stream(&app, &table, &players[0].token).await;
    let _bob = open_stream(&app, &table, &players[1].token).await;
    app.start_hand(&table, &players[0]).await.ok();
    let first = app.view(&table, &players[0]).await["to_act"]["player_id"]
        .as_str()
        .expect("to act")
        .to_owned();
    let n = if first == players[0].id { 0 } else { 1 };
    let got = push
        .until("a reminder", |got| of(got, n, "turn.reminder") > 0)
        .await;
    let reminder = got
        .iter()
        .find(|m| m["payload"]["type"] == "turn.reminder")
        .expect("reminder");
    assert_eq!(reminder["ok"], true, "{reminder}");
    assert!(
        reminder["payload"]["title"]
            .as_str()
            .is_some_and(|t| t.ends_with("ends soon")),
        "{reminder}"
    );
    assert!(
        got.iter().all(|m| m["payload"]["type"] != "turn.started"),
        "a turn pushed to a player watching: {got:?}"
    );
}

async fn subscriptions_of(app: &TestApp, who: &Player) -> i64 {
    app.sql_number(&format!(
        "SELECT count(*) AS n FROM push_subscriptions WHERE player_id = '{}'",
        who.id
    ))
    .await
}

/// A subscription is its session's: it ends with a logout of every session and with a
/// password change made from another session; a player lists theirs and removes one by
/// id; the export shows them; another player takes a browser's endpoint only with that
/// subscription's own keys.
#[actix_web::test]
async fn a_subscription_ends_with_its_session_and_moves_only_with_its_keys() {
    let push = PushService::start();
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    // A second session of ann's (a stolen one, say) subscribes browser 1.
    let stolen = app.login("ann").await;
    subscribe(&app, ann, &push, 0).await;
    subscribe(&app, &stolen, &push, 1).await;

    // Bob cannot take ann's browser 0 with keys of his own.
    let mut forged = push.subscriptions[2].clone();
    forged["endpoint"] = push.subscriptions[0]["endpoint"].clone();
    app.post("/v1/players/me/push-subscriptions", bob, forged)
        .await
        .problem(409, "push_endpoint_taken");
    assert_eq!(subscriptions_of(&app, ann).await, 2);

    // Logging out of every session ends both subscriptions.
    let out = app.post("/v1/auth/logout", ann, json!({"all": true})).await;
    assert_eq!(out.status, 204, "{}", out.body);
    assert_eq!(subscriptions_of(&app, ann).await, 0);

    // Signed in again on browser 3, and on browser 0 from yet another session: both are
    // listed (the request's own marked) and exported.
    let again = app.login("ann").await;
    let other = app.login("ann").await;
    subscribe(&app, &again, &push, 3).await;
    subscribe(&app, &other, &push, 0).await;
    let listed = app
        .get("/v1/players/me/push-subscriptions", &again)
        .await
        .ok();
    let listed = listed.as_array().expect("list").clone();
    assert_eq!(listed.len(), 2);
    let own: Vec<&Value> = listed
        .iter()
        .filter(|s| s["this_session"] == true)
        .collect();
    assert_eq!(own.len(), 1, "{listed:?}");
    assert_eq!(own[0]["endpoint"], push.subscriptions[3]["endpoint"]);
    let export = app.get("/v1/players/me/export", &again).await.ok();
    assert_eq!(
        export["push_subscriptions"].as_array().map(Vec::len),
        Some(2)
    );

    // A password change from the first session ends the other's subscription, not its own.
    let changed = app
        .call(
            awc::http::Method::PUT,
            "/v1/players/me/password",
            Some(&again.token),
            Some(json!({"current_password": "correct horse battery", "new_password": "another horse battery"})),
        )
        .await;
    assert_eq!(changed.status, 204, "{}", changed.body);
    let kept = app
        .get("/v1/players/me/push-subscriptions", &again)
        .await
        .ok();
    let kept = kept.as_array().expect("list").clone();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0]["endpoint"], push.subscriptions[3]["endpoint"]);

    // Only browser 3 hears of ann's turns now.
    app.start_hand(&table, bob).await.ok();
    let moves = play(&app, &table, &[&again, bob]).await;
    push.until("ann's turns on browser 3", |got| {
        of(got, 3, "turn.started") >= moves[0]
    })
    .await;
    let got = push.messages().await;
    assert_eq!(
        of(&got, 0, "turn.started") + of(&got, 1, "turn.started"),
        0,
        "{got:?}"
    );

    // Removed by its id; a second time, it is not found.
    let id = kept[0]["id"].as_str().expect("id");
    let path = format!("/v1/players/me/push-subscriptions/{id}");
    let gone = app
        .call(awc::http::Method::DELETE, &path, Some(&again.token), None)
        .await;
    assert_eq!(gone.status, 204, "{}", gone.body);
    app.call(awc::http::Method::DELETE, &path, Some(&again.token), None)
        .await
        .problem(404, "push_subscription_not_found");
}
