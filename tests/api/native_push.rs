//! Native push against stand-ins of FCM HTTP v1 and APNs written from their published
//! protocols (`tests/native/push_services.py`, PyPI's hypercorn, h2 and PyJWT pinned in
//! `tests/native/requirements.txt`), on loopback over TLS with a test CA
//! (`BOURRE_PUSH_CA_FILE`): the OAuth grant of the service account checked with its public
//! key, the APNs provider token with the .p8's, topic, push type and collapse id. Each turn
//! reaches the right device once, in the player's language; a device the service calls gone
//! is removed; 429 and 5xx are retried to one delivery; a device ends with its session; the
//! player's settings choose the kinds, and quiet hours hold pushes but a turn near its
//! deadline; a push committed before a SIGKILL is sent after it; two processes never send
//! one push twice.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{
    Player, Server, TestApp, config, fresh_database, log_file, next_move, scratch_dir, wait_for,
};

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
        let (child, line) = crate::support::first_line(
            Command::new("python3")
                .arg(format!("{here}/push_services.py"))
                .arg(&dir)
                .stdin(Stdio::null())
                .stderr(Stdio::null()),
            "python3 tests/native/push_services.py",
        );
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
    pub fn native(&self) -> Arc<bourre::app::notify::native::Native> {
        let file = |name: &str| self.dir.join(name).to_string_lossy().into_owned();
        let fcm =
            bourre::app::notify::native::Fcm::from_file(&file("service-account.json"), &self.base)
                .expect("fcm");
        let apns = bourre::app::notify::native::Apns::from_file(
            &file("apns-key.p8"),
            "ABC123DEFG",
            "TEAM123456",
            "com.example.bourre",
            &self.base,
        )
        .expect("apns");
        Arc::new(
            bourre::app::notify::native::Native::new(Some(fcm), Some(apns), Some(&file("ca.pem")))
                .expect("native"),
        )
    }

    /// The settings of a `bourre serve` process sending through these services.
    fn env(&self) -> Vec<(String, String)> {
        let file = |name: &str| self.dir.join(name).to_string_lossy().into_owned();
        [
            ("BOURRE_FCM_CREDENTIALS", file("service-account.json")),
            ("BOURRE_FCM_ENDPOINT", self.base.clone()),
            ("BOURRE_APNS_KEY", file("apns-key.p8")),
            ("BOURRE_APNS_KEY_ID", "ABC123DEFG".to_owned()),
            ("BOURRE_APNS_TEAM_ID", "TEAM123456".to_owned()),
            ("BOURRE_APNS_TOPIC", "com.example.bourre".to_owned()),
            ("BOURRE_APNS_ENDPOINT", self.base.clone()),
            ("BOURRE_PUSH_CA_FILE", file("ca.pem")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect()
    }

    /// A client trusting the services' CA.
    fn client(&self) -> reqwest::Client {
        let ca = std::fs::read(self.dir.join("ca.pem")).expect("ca.pem");
        bourre::app::notify::dispatcher::plain_client(Duration::from_secs(20), &ca, false)
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

    /// The next sends to `token` answer `answers`, after those queued before.
    async fn answer(&self, token: &str, answers: &[u16]) {
        self.control(json!({"token": token, "answers": answers}))
            .await;
    }

    /// The next sends to `token` go through: the answers queued are dropped.
    async fn accept(&self, token: &str) {
        self.control(json!({"token": token, "answers": [], "replace": true}))
            .await;
    }

    async fn control(&self, order: Value) {
        let reply = self
            .client()
            .post(format!("{}/control", self.base))
            .header("content-type", "application/json")
            .body(order.to_string())
            .send()
            .await
            .expect("control");
        assert_eq!(reply.status().as_u16(), 204);
    }

    /// The accepted messages once `done` holds of them, within 30 s.
    async fn until(&self, what: &str, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        self.within(what, 300, done).await
    }

    /// The accepted messages once `done` holds of them, within `tenths` tenths of a second.
    async fn within(&self, what: &str, tenths: u32, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        for _ in 0..tenths {
            let got = self.get("/messages").await;
            let got = got.as_array().cloned().unwrap_or_default();
            if done(&got) {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "no {what} within {} s: {}",
            tenths / 10,
            self.get("/attempts").await
        );
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

async fn set_settings(app: &TestApp, who: &Player, settings: &Value) -> crate::support::Reply {
    app.call(
        Method::PUT,
        "/v1/players/me/notification-settings",
        Some(&who.token),
        Some(settings.clone()),
    )
    .await
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
    // Never quiet, whatever the time in Tokyo.
    let mut loud = app
        .get("/v1/players/me/notification-settings", ann)
        .await
        .ok();
    loud["quiet_hours"] = Value::Null;
    set_settings(&app, ann, &loud).await.ok();

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

/// A player keeps their 10 latest devices, and registers at most so many new devices and
/// Web Push subscriptions a day (round four: one session registered 600 devices, each
/// then pushed every turn); registering one they hold again is free.
#[actix_web::test]
async fn devices_are_capped_per_player_and_new_ones_limited_per_day() {
    let services = Services::start("native-caps");
    let mut config = config(true);
    config.native = services.native();
    config.quotas.push_registrations_per_day = 12;
    let app = TestApp::start_with(config).await;
    let ann = app.register("ann").await;
    let token = |n: usize| format!("{}{n:04}", &FCM_TOKEN[..FCM_TOKEN.len() - 4]);
    let token_ends = |kept: &Value| -> Vec<String> {
        let devices = kept.as_array().cloned().unwrap_or_default();
        devices
            .iter()
            .filter_map(|d| d["token_end"].as_str().map(str::to_owned))
            .collect()
    };
    for n in 0..11 {
        assert_eq!(register(&app, &ann, "fcm", &token(n)).await.status, 201);
    }
    let kept = app.get("/v1/players/me/devices", &ann).await.ok();
    let ends = token_ends(&kept);
    assert_eq!(ends.len(), 10, "{kept}");
    assert!(
        !ends.iter().any(|end| token(0).ends_with(end)),
        "the oldest went: {kept}"
    );
    // Registering a held token again is free, and makes it the newest.
    for _ in 0..5 {
        assert_eq!(register(&app, &ann, "fcm", &token(1)).await.status, 201);
    }
    assert_eq!(register(&app, &ann, "fcm", &token(11)).await.status, 201);
    let beyond = register(&app, &ann, "fcm", &token(12)).await;
    beyond.problem(429, "quota_exceeded");
    // Web Push subscriptions count with the devices.
    app.post(
        "/v1/players/me/push-subscriptions",
        &ann,
        crate::support::browser_subscription("https://push.example.test/send/ann-1"),
    )
    .await
    .problem(429, "quota_exceeded");
    let kept = app.get("/v1/players/me/devices", &ann).await.ok();
    let ends = token_ends(&kept);
    assert_eq!(ends.len(), 10, "{kept}");
    assert!(ends.iter().any(|end| token(1).ends_with(end)), "{kept}");
    assert!(!ends.iter().any(|end| token(2).ends_with(end)), "{kept}");
    // Another player is not held to ann's day.
    let bob = app.register("bob").await;
    assert_eq!(register(&app, &bob, "fcm", &token(99)).await.status, 201);
}

/// The table a message to a device is about (FCM carries it in `data`, APNs beside `aps`).
fn table_of(message: &Value) -> &str {
    message["body"]["message"]["data"]["table_id"]
        .as_str()
        .or_else(|| message["body"]["table_id"].as_str())
        .unwrap_or_default()
}

/// The kind of a message to a device.
fn kind_of(message: &Value) -> &str {
    message["body"]["message"]["data"]["type"]
        .as_str()
        .or_else(|| message["body"]["type"].as_str())
        .unwrap_or_default()
}

/// The settings' defaults, refusals, and what is stored read back and exported; a hand's
/// end reaches the devices of a player who asked for it, saying what it did for them, and
/// nobody else's; a kind turned off is not pushed.
#[actix_web::test]
async fn a_players_settings_choose_what_reaches_their_devices() {
    let services = Services::start("native-settings");
    let app = with_services(&services).await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    let path = "/v1/players/me/notification-settings";
    let defaults = app.get(path, ann).await.ok();
    assert_eq!(
        defaults,
        json!({
            "web_push": {"turn_started": true, "turn_reminder": true, "hand_ended": false,
                         "tournaments": true},
            "devices": {"turn_started": true, "turn_reminder": true, "hand_ended": false,
                        "tournaments": true},
            "quiet_hours": {"start": "22:00", "end": "08:00"},
        })
    );
    let mut mine = defaults.clone();
    mine["quiet_hours"] = json!({"start": "07:00", "end": "07:00"});
    set_settings(&app, ann, &mine)
        .await
        .problem(422, "invalid_quiet_hours");
    mine["quiet_hours"] = json!({"start": "24:00", "end": "07:00"});
    set_settings(&app, ann, &mine)
        .await
        .problem(400, "malformed_body");
    mine["quiet_hours"] = Value::Null;
    mine["devices"]["hand_ended"] = json!(true);
    mine["devices"]["turn_started"] = json!(false);
    mine["devices"]["loud"] = json!(true);
    set_settings(&app, ann, &mine)
        .await
        .problem(400, "malformed_body");
    assert_eq!(
        app.get(path, ann).await.ok(),
        defaults,
        "a refusal stores nothing"
    );
    mine["devices"].as_object_mut().map(|d| d.remove("loud"));
    assert_eq!(set_settings(&app, ann, &mine).await.ok(), mine);
    assert_eq!(app.get(path, ann).await.ok(), mine);
    let export = app.get("/v1/players/me/export", ann).await.ok();
    assert_eq!(export["notification_settings"], mine);
    let mut bobs = defaults.clone();
    bobs["quiet_hours"] = Value::Null;
    set_settings(&app, bob, &bobs).await.ok();
    app.call(
        Method::PATCH,
        "/v1/players/me",
        Some(&ann.token),
        Some(json!({"locale": "th"})),
    )
    .await
    .ok();
    assert_eq!(register(&app, ann, "fcm", FCM_TOKEN).await.status, 201);
    assert_eq!(register(&app, bob, "apns", APNS_TOKEN).await.status, 201);

    app.start_hand(&table, ann).await.ok();
    let moves = play(&app, &table, &[ann, bob]).await;
    services
        .until("ann's hand's end and bob's turns", |got| {
            !to(got, FCM_TOKEN).is_empty() && to(got, APNS_TOKEN).len() >= moves[1]
        })
        .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let got = services.get("/messages").await;
    let got = got.as_array().cloned().unwrap_or_default();
    let anns = to(&got, FCM_TOKEN);
    assert_eq!(
        anns.len(),
        1,
        "ann's hand's end, and none of her turns: {anns:?}"
    );
    assert_eq!(kind_of(&anns[0]), "hand.ended");
    let bobs = to(&got, APNS_TOKEN);
    assert_eq!(
        bobs.len(),
        moves[1],
        "bob's turns, and not the hand's end: {bobs:?}"
    );
    assert!(
        bobs.iter().all(|m| kind_of(m) == "turn.started"),
        "{bobs:?}"
    );

    // What the hand did for ann (seat 0), in Thai.
    let view = app.view(&table, ann).await;
    let name = view["name"].as_str().expect("name");
    let settled = &view["last_hand"];
    let amount = |list: &str| {
        settled[list]
            .as_array()
            .into_iter()
            .flatten()
            .find(|e| e["seat"] == 0)
            .map(|e| e["amount"].clone())
    };
    let body = if let Some(chips) = amount("payouts") {
        format!("คุณได้ {chips} ชิป")
    } else if let Some(chips) = amount("bourre") {
        format!("คุณโดนบูเร จ่าย {chips} ชิปเข้ากองกลางรอบหน้า")
    } else if settled["outcome"]["type"] == "all_passed" {
        format!("ทุกคนหมอบ กองกลาง {} ชิปยกไปรอบหน้า", settled["carried"])
    } else {
        "ผู้เล่นคนอื่นได้กองกลางไป".to_owned()
    };
    let shown = &anns[0]["body"]["message"]["notification"];
    assert_eq!(shown["title"], format!("รอบที่ 1 ที่โต๊ะ {name} จบแล้ว"));
    assert_eq!(shown["body"], body);
}

/// Quiet hours in the player's time zone hold pushes until they end, when only a turn still
/// the player's is pushed (once); a turn whose deadline comes before their end is pushed at
/// once.
#[actix_web::test]
async fn quiet_hours_hold_pushes_but_a_turn_near_its_deadline() {
    use chrono::{DateTime, Utc};
    let services = Services::start("native-quiet");
    let app = with_services(&services).await;
    let (players, _, slow) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    // One table per league a player sits at: the fast one is another league's.
    let other = app.league(ann, &[bob], 500).await;
    let fast = app
        .table(
            ann,
            &other,
            json!({"ante": 5, "turn_timeout_secs": 30}),
            None,
        )
        .await;
    app.sit(&fast, ann, 0).await;
    app.sit(&fast, bob, 1).await;
    // Quiet hours in Kolkata, ending at the first whole minute at least 80 s from now.
    let zone: chrono_tz::Tz = "Asia/Kolkata".parse().expect("zone");
    let ends_at = (Utc::now().timestamp() + 80) / 60 * 60 + 60;
    let ends = DateTime::<Utc>::from_timestamp(ends_at, 0).expect("a time");
    let local = |at: DateTime<Utc>| at.with_timezone(&zone).format("%H:%M").to_string();
    let quiet = json!({"start": local(ends - chrono::Duration::hours(3)), "end": local(ends)});
    for (who, platform, token) in [(ann, "fcm", FCM_TOKEN), (bob, "apns", APNS_TOKEN)] {
        app.call(
            Method::PATCH,
            "/v1/players/me",
            Some(&who.token),
            Some(json!({"time_zone": "Asia/Kolkata"})),
        )
        .await
        .ok();
        let mut settings = app
            .get("/v1/players/me/notification-settings", who)
            .await
            .ok();
        settings["quiet_hours"] = quiet.clone();
        set_settings(&app, who, &settings).await.ok();
        assert_eq!(register(&app, who, platform, token).await.status, 201);
    }

    // The slow table's first turn (a day to act) is held; its player acts, so it is over.
    app.start_hand(&slow, ann).await.ok();
    let (first, action) = next_move(&app, &slow, &[ann, bob]).await.expect("a turn");
    app.act(&slow, &first, action).await.ok();
    // The fast table's first turn (30 s to act: its deadline comes before the quiet hours end,
    // or within the reminder's hour after) goes at once.
    app.start_hand(&fast, ann).await.ok();
    let early = services
        .until("the fast table's turn", |got| {
            got.iter().any(|m| table_of(m) == fast)
        })
        .await;
    assert!(
        Utc::now() < ends,
        "the quiet hours ended before the test could tell"
    );
    assert!(
        early.iter().all(|m| table_of(m) != slow),
        "the slow table's turn was not held: {early:?}"
    );
    assert!(
        app.sql_number("SELECT count(*) AS n FROM push_messages WHERE held")
            .await
            >= 1
    );

    // At their end, the player to act at the slow table is told, once.
    let view = app.view(&slow, ann).await;
    let to_act = view["to_act"]["player_id"].as_str().expect("to act");
    let token = if to_act == ann.id {
        FCM_TOKEN
    } else {
        APNS_TOKEN
    };
    services
        .within("the held turn at the quiet hours' end", 1800, |got| {
            got.iter().any(|m| table_of(m) == slow)
        })
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let got = services.get("/messages").await;
    let held: Vec<&Value> = got
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| table_of(m) == slow)
        .collect();
    assert_eq!(held.len(), 1, "one push for the slow table: {held:?}");
    assert_eq!(held[0]["token"], token, "to the player to act: {held:?}");
    assert!(
        held[0]["at"].as_f64().unwrap_or_default() >= ends_at as f64,
        "pushed before the quiet hours ended: {held:?}"
    );
}

/// A server killed with SIGKILL after the commit of a move and before its push reached the
/// device (the service was failing) sends it after it is started again, once.
#[actix_web::test]
async fn a_push_committed_before_a_crash_is_sent_after_it() {
    let services = Services::start("native-crash");
    let database = fresh_database().await;
    let log = log_file("native-crash");
    let env = services.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let mut server = Server::start_with(&database, &log, &env);
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    let app = TestApp::at(server.base(), database.clone());
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    assert_eq!(register(&app, ann, "fcm", FCM_TOKEN).await.status, 201);
    assert_eq!(register(&app, bob, "apns", APNS_TOKEN).await.status, 201);
    services.answer(FCM_TOKEN, &[503; 50]).await;
    services.answer(APNS_TOKEN, &[503; 50]).await;
    app.start_hand(&table, ann).await.ok();
    let (first, _) = next_move(&app, &table, &[ann, bob]).await.expect("a turn");
    let token = if first.id == ann.id {
        FCM_TOKEN
    } else {
        APNS_TOKEN
    };
    let mut refused = false;
    for _ in 0..300 {
        let attempts = services.get("/attempts").await;
        refused = attempts
            .as_array()
            .into_iter()
            .flatten()
            .any(|a| a["token"] == token && a["status"] == 503);
        if refused {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(refused, "the first turn's push was never tried");

    server.kill();
    services.accept(FCM_TOKEN).await;
    services.accept(APNS_TOKEN).await;
    assert!(
        to(
            &services
                .get("/messages")
                .await
                .as_array()
                .cloned()
                .unwrap_or_default(),
            token
        )
        .is_empty()
    );
    server.spawn();
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    // Sent once its lease (30 s) runs out, or its next try comes.
    services
        .within("the push after the restart", 900, |got| {
            !to(got, token).is_empty()
        })
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let got = services.get("/messages").await;
    let sent = to(got.as_array().map(Vec::as_slice).unwrap_or_default(), token);
    assert_eq!(sent.len(), 1, "the first turn's push, once: {sent:?}");
    assert_eq!(table_of(&sent[0]), table);
}

/// Two processes sending from one outbox: every turn reaches its player's device once.
#[actix_web::test]
async fn two_processes_never_send_one_push_twice() {
    let services = Services::start("native-two");
    let database = fresh_database().await;
    let mut one = config(true);
    one.native = services.native();
    let mut two = config(true);
    two.native = services.native();
    let one = TestApp::on_database(database.clone(), one);
    let two = TestApp::on_database(database, two);
    let (players, _, table) = one
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    assert_eq!(register(&one, ann, "fcm", FCM_TOKEN).await.status, 201);
    assert_eq!(register(&two, bob, "apns", APNS_TOKEN).await.status, 201);
    let mut moves = [0, 0];
    let mut n = 0;
    for _ in 0..3 {
        one.start_hand(&table, ann).await.ok();
        while let Some((who, action)) = next_move(&two, &table, &[ann, bob]).await {
            let app = if n % 2 == 0 { &one } else { &two };
            app.act(&table, &who, action).await.ok();
            moves[usize::from(who.id != ann.id)] += 1;
            n += 1;
        }
    }
    services
        .until("a push per turn", |got| {
            to(got, FCM_TOKEN).len() >= moves[0] && to(got, APNS_TOKEN).len() >= moves[1]
        })
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let got = services.get("/messages").await;
    let got = got.as_array().cloned().unwrap_or_default();
    assert_eq!(
        to(&got, FCM_TOKEN).len(),
        moves[0],
        "ann's turns, once each"
    );
    assert_eq!(
        to(&got, APNS_TOKEN).len(),
        moves[1],
        "bob's turns, once each"
    );
}

/// Quiet hours are read in the player's time zone: over midnight, within a day, across a
/// change of clocks, and not at all in a zone PostgreSQL does not know.
#[actix_web::test]
async fn quiet_hours_are_read_in_the_players_time_zone() {
    let app = TestApp::start().await;
    let epoch = |at: &str| {
        at.parse::<chrono::DateTime<chrono::Utc>>()
            .expect("a time")
            .timestamp()
    };
    let chicago = "America/Chicago";
    let cases = [
        // 23:00 in Chicago (CST, UTC-6), in the night's quiet hours: until 08:00 there.
        (
            chicago,
            "22:00",
            "08:00",
            "2026-12-04T05:00:00Z",
            epoch("2026-12-04T14:00:00Z"),
        ),
        // 03:00 there, the same night.
        (
            chicago,
            "22:00",
            "08:00",
            "2026-12-04T09:00:00Z",
            epoch("2026-12-04T14:00:00Z"),
        ),
        // 14:00 there: not quiet.
        (chicago, "22:00", "08:00", "2026-12-04T20:00:00Z", -1),
        // Quiet hours within a day, 13:00 to 15:00: at 14:00 they end at 15:00.
        (
            chicago,
            "13:00",
            "15:00",
            "2026-12-04T20:00:00Z",
            epoch("2026-12-04T21:00:00Z"),
        ),
        // At their end, not quiet.
        (chicago, "13:00", "15:00", "2026-12-04T21:00:00Z", -1),
        // The night the clocks go forward (8 March 2026, 02:00 CST): 08:00 is CDT, UTC-5.
        (
            chicago,
            "22:00",
            "08:00",
            "2026-03-08T06:00:00Z",
            epoch("2026-03-08T13:00:00Z"),
        ),
        // Tokyo, no change of clocks: 01:00 JST until 07:00 JST.
        (
            "Asia/Tokyo",
            "23:00",
            "07:00",
            "2026-12-03T16:00:00Z",
            epoch("2026-12-03T22:00:00Z"),
        ),
        // A zone PostgreSQL does not know: never quiet (and no error).
        ("Mars/Olympus", "00:00", "23:59", "2026-12-04T12:00:00Z", -1),
    ];
    for (zone, start, end, at, expected) in cases {
        let query = format!(
            "SELECT coalesce(extract(epoch FROM quiet_until('{zone}', '{start}', '{end}', \
             '{at}'))::bigint, -1) AS n"
        );
        assert_eq!(app.sql_number(&query).await, expected, "{query}");
    }
    // What the profile checks a zone with, beside the tz database of this build.
    for (zone, known) in [("Asia/Kolkata", 1), ("Mars/Olympus", 0)] {
        let query = format!("SELECT zone_known('{zone}')::int::bigint AS n");
        assert_eq!(app.sql_number(&query).await, known, "{query}");
    }
}
