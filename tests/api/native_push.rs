//! Native push against stand-ins of FCM HTTP v1 and APNs written from their published
//! protocols (`tests/native/push_services.py`, PyPI's hypercorn, h2 and PyJWT pinned in
//! `tests/native/requirements.txt`), on loopback over TLS with a test CA
//! (`BOURRE_PUSH_CA_FILE`): the OAuth grant of the service account checked with its public
//! key, the APNs provider token with the .p8's, topic, push type and collapse id. Each turn
//! reaches the right device once, in the player's language; a device the service calls gone
//! is removed; 429 and 5xx are retried to one delivery; a device ends with its session.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, config, next_move, scratch_dir};

/// An APNs device token, and an FCM registration token.
pub const APNS_TOKEN: &str = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
const FCM_TOKEN: &str = "fcm-ann:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx";

/// The stand-in services, and where their keys are.
pub struct Services {
    child: Child,
    base: String,
    dir: PathBuf,
}

impl Drop for Services {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Services {
    pub fn start(name: &str) -> Services {
        let here = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/native");
        crate::support::python_packages(
            &format!("{here}/requirements.txt"),
            "hypercorn, h2, jwt, cryptography",
        );
        let dir = scratch_dir(name);
        let mut child = Command::new("python3")
            .arg(format!("{here}/push_services.py"))
            .arg(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 tests/native/push_services.py");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the services' first line");
        let port = line
            .trim()
            .strip_prefix("ready ")
            .unwrap_or_else(|| panic!("the push services did not start: {line:?}"))
            .to_owned();
        Services {
            child,
            base: format!("https://127.0.0.1:{port}"),
            dir,
        }
    }

    /// The server's settings for these services.
    pub fn native(&self) -> Arc<bourre::app::native::Native> {
        let file = |name: &str| self.dir.join(name).to_string_lossy().into_owned();
        let fcm = bourre::app::native::Fcm::from_file(&file("service-account.json"), &self.base)
            .expect("fcm");
        let apns = bourre::app::native::Apns::from_file(
            &file("apns-key.p8"),
            "ABC123DEFG",
            "TEAM123456",
            "com.example.bourre",
            &self.base,
        )
        .expect("apns");
        Arc::new(
            bourre::app::native::Native::new(Some(fcm), Some(apns), Some(&file("ca.pem")))
                .expect("native"),
        )
    }

    /// A client trusting the services' CA.
    fn client(&self) -> reqwest::Client {
        let ca = std::fs::read(self.dir.join("ca.pem")).expect("ca.pem");
        bourre::app::dispatcher::plain_client(Duration::from_secs(20), &ca, false)
            .expect("a client")
    }

    async fn get(&self, path: &str) -> Value {
        let reply = self
            .client()
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect(path);
        serde_json::from_slice(&reply.bytes().await.expect("body")).expect("json")
    }

    /// The next sends to `token` answer `answers`.
    async fn answer(&self, token: &str, answers: &[u16]) {
        let reply = self
            .client()
            .post(format!("{}/control", self.base))
            .header("content-type", "application/json")
            .body(json!({"token": token, "answers": answers}).to_string())
            .send()
            .await
            .expect("control");
        assert_eq!(reply.status().as_u16(), 204);
    }

    /// The accepted messages once `done` holds of them, within 30 s.
    async fn until(&self, what: &str, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        for _ in 0..300 {
            let got = self.get("/messages").await;
            let got = got.as_array().cloned().unwrap_or_default();
            if done(&got) {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no {what} within 30 s: {}", self.get("/attempts").await);
    }
}

/// Messages to device `token`.
fn to(got: &[Value], token: &str) -> Vec<Value> {
    got.iter()
        .filter(|m| m["token"] == token)
        .cloned()
        .collect()
}

async fn register(
    app: &TestApp,
    who: &Player,
    platform: &str,
    token: &str,
) -> crate::support::Reply {
    app.post(
        "/v1/players/me/devices",
        who,
        json!({"platform": platform, "token": token}),
    )
    .await
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

async fn with_services(services: &Services) -> TestApp {
    let mut config = config(true);
    config.native = services.native();
    TestApp::start_with(config).await
}

#[actix_web::test]
async fn each_turn_reaches_the_players_device_once_in_their_language() {
    let services = Services::start("native-turns");
    let app = with_services(&services).await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    app.call(
        Method::PATCH,
        "/v1/players/me",
        Some(&ann.token),
        Some(json!({"locale": "ja", "time_zone": "Asia/Tokyo"})),
    )
    .await
    .ok();

    register(&app, ann, "apns", "not hex")
        .await
        .problem(422, "invalid_device_token");
    let device = register(&app, ann, "fcm", FCM_TOKEN).await;
    assert_eq!(device.status, 201, "{}", device.body);
    assert_eq!(device.body["token_end"], &FCM_TOKEN[FCM_TOKEN.len() - 6..]);
    assert_eq!(register(&app, bob, "apns", APNS_TOKEN).await.status, 201);
    let listed = app.get("/v1/players/me/devices", bob).await.ok();
    assert_eq!(listed[0]["platform"], "apns");
    assert!(!listed.to_string().contains(APNS_TOKEN), "{listed}");

    app.start_hand(&table, ann).await.ok();
    let moves = play(&app, &table, &[ann, bob]).await;
    assert!(moves[0] > 0 && moves[1] > 0, "{moves:?}");
    let got = services
        .until("a push per turn", |got| {
            to(got, FCM_TOKEN).len() >= moves[0] && to(got, APNS_TOKEN).len() >= moves[1]
        })
        .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let later = services.get("/messages").await;
    let later = later.as_array().cloned().unwrap_or_default();
    assert!(later.len() >= got.len());
    let (fcm, apns) = (to(&later, FCM_TOKEN), to(&later, APNS_TOKEN));
    assert_eq!(fcm.len(), moves[0], "once per turn of ann's: {fcm:?}");
    assert_eq!(apns.len(), moves[1], "once per turn of bob's: {apns:?}");

    let name = app.view(&table, ann).await["name"]
        .as_str()
        .expect("name")
        .to_owned();
    let collapse = table.replace('-', "");
    for m in &fcm {
        let message = &m["body"]["message"];
        assert_eq!(
            message["notification"]["title"],
            format!("{name}であなたの番です")
        );
        assert_eq!(message["data"]["table_id"], table.as_str());
        assert_eq!(message["data"]["url"], format!("/tables/{table}"));
        assert_eq!(message["android"]["collapse_key"], collapse.as_str());
    }
    for m in &apns {
        assert_eq!(
            m["body"]["aps"]["alert"]["title"],
            format!("Your turn at {name}")
        );
        assert_eq!(m["headers"]["apns-collapse-id"], collapse.as_str());
        assert_eq!(m["headers"]["apns-topic"], "com.example.bourre");
        assert_eq!(m["headers"]["apns-push-type"], "alert");
        assert_eq!(m["body"]["table_id"], table.as_str());
    }
    let text = json!(later).to_string();
    assert!(
        !text.contains("my_hand") && !text.contains("cards"),
        "{text}"
    );
    // One OAuth grant and one provider token served every push.
    let stats = services.get("/stats").await;
    assert_eq!(stats, json!({"grants": 1, "provider_tokens": 1}));
    let used = app.get("/v1/players/me/devices", ann).await.ok();
    assert!(used[0]["last_used_at"].is_string(), "{used}");
}

#[actix_web::test]
async fn failures_are_retried_to_one_delivery_and_gone_devices_removed() {
    let services = Services::start("native-failures");
    let app = with_services(&services).await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    assert_eq!(register(&app, ann, "fcm", FCM_TOKEN).await.status, 201);
    assert_eq!(register(&app, bob, "apns", APNS_TOKEN).await.status, 201);
    services.answer(FCM_TOKEN, &[503, 500]).await;
    services.answer(APNS_TOKEN, &[429, 500]).await;

    app.start_hand(&table, ann).await.ok();
    // The first turns: each device's first push fails twice, then goes through once.
    let got = services
        .until("the first turns, after the failures", |got| {
            !to(got, FCM_TOKEN).is_empty() || !to(got, APNS_TOKEN).is_empty()
        })
        .await;
    let attempts = services.get("/attempts").await;
    let refused = attempts
        .as_array()
        .into_iter()
        .flatten()
        .filter(|a| a["status"] != 200)
        .count();
    assert!(refused >= 2, "{attempts}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let later = services.get("/messages").await;
    let later = later.as_array().cloned().unwrap_or_default();
    assert!(later.len() >= got.len());
    for token in [FCM_TOKEN, APNS_TOKEN] {
        let sent = to(&later, token);
        let turns: std::collections::BTreeSet<String> =
            sent.iter().map(|m| m["body"].to_string()).collect();
        assert_eq!(turns.len(), sent.len(), "a turn pushed twice: {sent:?}");
    }

    // The services now call both devices gone: they are removed at their next push.
    services.answer(FCM_TOKEN, &[404]).await;
    services.answer(APNS_TOKEN, &[410]).await;
    play(&app, &table, &[ann, bob]).await;
    app.start_hand(&table, bob).await.ok();
    play(&app, &table, &[ann, bob]).await;
    for who in [ann, bob] {
        let mut left = Value::Null;
        for _ in 0..300 {
            left = app.get("/v1/players/me/devices", who).await.ok();
            if left == json!([]) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(left, json!([]), "{} still has a device", who.name);
    }
}

#[actix_web::test]
async fn a_device_ends_with_its_session_and_moves_with_a_new_one() {
    let services = Services::start("native-sessions");
    let app = with_services(&services).await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    assert_eq!(register(&app, &ann, "apns", APNS_TOKEN).await.status, 201);
    // The phone changes hands: bob signs in on it and registers its token.
    assert_eq!(register(&app, &bob, "apns", APNS_TOKEN).await.status, 201);
    assert_eq!(
        app.get("/v1/players/me/devices", &ann).await.ok(),
        json!([])
    );
    let device = app.get("/v1/players/me/devices", &bob).await.ok();
    assert_eq!(device.as_array().map(Vec::len), Some(1), "{device}");
    let export = app.get("/v1/players/me/export", &bob).await.ok();
    assert_eq!(export["devices"][0]["platform"], "apns");

    // Bob logs out: the device goes with the session.
    app.call(
        Method::POST,
        "/v1/auth/logout",
        Some(&bob.token),
        Some(json!({})),
    )
    .await;
    let bob = app.login("bob").await;
    assert_eq!(
        app.get("/v1/players/me/devices", &bob).await.ok(),
        json!([])
    );
    let id = device[0]["id"].as_str().expect("id");
    app.call(
        Method::DELETE,
        &format!("/v1/players/me/devices/{id}"),
        Some(&bob.token),
        None,
    )
    .await
    .problem(404, "device_not_found");

    // A server without FCM or APNs takes no device.
    let plain = TestApp::start().await;
    let cat = plain.register("cat").await;
    register(&plain, &cat, "fcm", FCM_TOKEN)
        .await
        .problem(422, "push_platform_not_configured");
}
