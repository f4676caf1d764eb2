//! Webhooks from the notification outbox (issue "your turn, wherever you are"): a receiver
//! on loopback checks every delivery's Standard Webhooks signature with this file's own
//! implementation of the specification (HMAC-SHA256 over `id.timestamp.body`, keyed with
//! the base64 after `whsec_`), and what was announced, to whom and in what order.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App as Web, HttpRequest, HttpResponse, HttpServer, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{KeyInit, Mac};
use serde_json::{Value, json};

use crate::support::{
    Player, Server, TestApp, config, fresh_database, log_file, next_move, wait_for,
};

/// A delivery as the receiver got it.
#[derive(Debug, Clone)]
pub(crate) struct Received {
    pub(crate) id: String,
    pub(crate) body: Value,
}

/// An HTTP endpoint on loopback that verifies signatures with `secret` (once known) and
/// answers 500 to its first `failures` requests.
pub(crate) struct Receiver {
    pub(crate) url: String,
    got: Arc<Mutex<Vec<Received>>>,
    pub(crate) secret: Arc<Mutex<String>>,
    pub(crate) bad: Arc<AtomicUsize>,
    failures: Arc<AtomicUsize>,
}

struct Shared {
    got: Arc<Mutex<Vec<Received>>>,
    secret: Arc<Mutex<String>>,
    failures: Arc<AtomicUsize>,
    bad: Arc<AtomicUsize>,
}

/// The Standard Webhooks signature, written from the specification.
fn expected_signature(secret: &str, id: &str, timestamp: &str, body: &[u8]) -> String {
    let key = STANDARD
        .decode(secret.strip_prefix("whsec_").expect("whsec_ prefix"))
        .expect("base64 secret");
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&key).expect("key");
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.as_bytes());
    mac.update(b".");
    mac.update(body);
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

async fn receive(req: HttpRequest, body: web::Bytes, shared: web::Data<Shared>) -> HttpResponse {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let (id, timestamp, signature) = (
        header("webhook-id"),
        header("webhook-timestamp"),
        header("webhook-signature"),
    );
    let secret = shared.secret.lock().expect("lock").clone();
    let fresh = timestamp
        .parse::<i64>()
        .is_ok_and(|t| (chrono::Utc::now().timestamp() - t).abs() < 300);
    let signed = signature
        .split(' ')
        .any(|s| s == expected_signature(&secret, &id, &timestamp, &body));
    if !fresh || !signed {
        shared.bad.fetch_add(1, Ordering::SeqCst);
        return HttpResponse::BadRequest().finish();
    }
    let failing = shared
        .failures
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
        .is_ok();
    shared.got.lock().expect("lock").push(Received {
        id,
        body: serde_json::from_slice(&body).expect("JSON body"),
    });
    if failing {
        HttpResponse::InternalServerError().finish()
    } else {
        HttpResponse::NoContent().finish()
    }
}

impl Receiver {
    pub(crate) fn start(failures: usize) -> Receiver {
        let got = Arc::new(Mutex::new(Vec::new()));
        let secret = Arc::new(Mutex::new(String::new()));
        let bad = Arc::new(AtomicUsize::new(0));
        let failures = Arc::new(AtomicUsize::new(failures));
        let shared = web::Data::new(Shared {
            got: got.clone(),
            secret: secret.clone(),
            failures: failures.clone(),
            bad: bad.clone(),
        });
        let server = HttpServer::new(move || {
            Web::new()
                .app_data(shared.clone())
                .default_service(web::to(receive))
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .expect("bind");
        let port = server.addrs()[0].port();
        actix_web::rt::spawn(server.run());
        Receiver {
            url: format!("http://127.0.0.1:{port}/hooks"),
            got,
            secret,
            bad,
            failures,
        }
    }

    pub(crate) fn got(&self) -> Vec<Received> {
        self.got.lock().expect("lock").clone()
    }

    /// Waits until `done` holds of what arrived (at most 40 s: a delivery a killed process
    /// held waits out its 30 s lease).
    pub(crate) async fn until(
        &self,
        what: &str,
        done: impl Fn(&[Received]) -> bool,
    ) -> Vec<Received> {
        for _ in 0..800 {
            let got = self.got();
            if done(&got) {
                return got;
            }
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{what}: not in 40 s; got {:?}", self.got());
    }
}

/// The newest delivery listed at `path` (an endpoint's deliveries) once `done` holds of it,
/// or as it is after 5 s.
async fn newest_delivery(
    app: &TestApp,
    admin: &Player,
    path: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let mut newest = Value::Null;
    for _ in 0..100 {
        newest = app.get(path, admin).await.ok()["deliveries"][0].clone();
        if done(&newest) {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    newest
}

/// Adds `receiver` as a webhook of `league` for `events`; keeps its secret.
pub(crate) async fn subscribe(
    app: &TestApp,
    admin: &Player,
    league: &str,
    receiver: &Receiver,
    events: &[&str],
) -> Value {
    let hook = app
        .post(
            &format!("/v1/leagues/{league}/webhooks"),
            admin,
            json!({"url": receiver.url, "events": events}),
        )
        .await;
    assert_eq!(hook.status, 201, "{}", hook.body);
    let secret = hook.body["secret"].as_str().expect("secret shown once");
    assert!(secret.starts_with("whsec_"), "{secret}");
    *receiver.secret.lock().expect("lock") = secret.to_owned();
    hook.body
}

#[actix_web::test]
async fn each_turn_of_a_hand_is_announced_once_to_its_player_in_order() {
    let app = TestApp::start().await;
    let receiver = Receiver::start(0);
    let (players, league, table) = app
        .seated(&["ann", "bob", "cat"], 500, json!({"ante": 5}), None)
        .await;
    let hook = subscribe(
        &app,
        &players[0],
        &league,
        &receiver,
        &["turn.started", "hand.ended"],
    )
    .await;

    // Listed to admins without its secret; members may not see it.
    let listed = app
        .get(&format!("/v1/leagues/{league}/webhooks"), &players[0])
        .await
        .ok();
    assert_eq!(listed[0]["id"], hook["id"]);
    assert!(listed[0].get("secret").is_none(), "{listed}");
    app.get(&format!("/v1/leagues/{league}/webhooks"), &players[1])
        .await
        .problem(403, "not_admin");

    // A hand played to its end, the player of each move noted in order.
    app.start_hand(&table, &players[0]).await.ok();
    let everyone: Vec<&Player> = players.iter().collect();
    let mut actors = Vec::new();
    while let Some((who, action)) = next_move(&app, &table, &everyone).await {
        actors.push(who.id.clone());
        app.act(&table, &who, action).await.ok();
    }
    receiver
        .until("the hand's end", |got| {
            got.iter().any(|r| r.body["type"] == "hand.ended")
        })
        .await;
    let got = receiver
        .until("every turn", |got| {
            got.iter()
                .filter(|r| r.body["type"] == "turn.started")
                .count()
                >= actors.len()
        })
        .await;
    assert_eq!(receiver.bad.load(Ordering::SeqCst), 0, "a bad signature");

    let mut turns: Vec<&Received> = got
        .iter()
        .filter(|r| r.body["type"] == "turn.started")
        .collect();
    turns.sort_by_key(|r| r.body["data"]["version"].as_i64().expect("version"));
    let announced: Vec<String> = turns
        .iter()
        .map(|r| {
            r.body["data"]["player_id"]
                .as_str()
                .expect("player")
                .to_owned()
        })
        .collect();
    assert_eq!(
        announced, actors,
        "one turn.started per move, to its player, in order"
    );
    let ids: HashSet<&str> = got.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), got.len(), "a message delivered twice");
    for r in &turns {
        let data = &r.body["data"];
        assert_eq!(data["table_id"], table.as_str());
        assert!(data["deadline"].is_string(), "{data}");
        assert!(r.body["timestamp"].is_string(), "{}", r.body);
        let text = r.body.to_string();
        assert!(
            !text.contains("my_hand") && !text.contains("\"cards\""),
            "{text}"
        );
    }
    let ended = got
        .iter()
        .find(|r| r.body["type"] == "hand.ended")
        .expect("hand.ended");
    assert_eq!(ended.body["data"]["hand_no"], 1);
    assert!(
        ended.body["data"]["settlement"]["outcome"].is_object(),
        "{}",
        ended.body
    );
}

#[actix_web::test]
async fn a_failing_endpoint_is_retried_with_the_same_id_until_it_answers() {
    let app = TestApp::start().await;
    // The outbox's attempts are counted (this test process records metrics).
    let metrics = bourre::app::kernel::metrics::install().expect("recorder");
    let attempts = |result: &str| {
        let series =
            format!("bourre_outbox_attempts_total{{channel=\"webhook\",result=\"{result}\"}} ");
        metrics
            .render()
            .lines()
            .find_map(|l| l.strip_prefix(series.as_str())?.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let (retried, delivered) = (attempts("retried"), attempts("delivered"));
    let receiver = Receiver::start(3);
    let (players, league, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let hook = subscribe(&app, &players[0], &league, &receiver, &["turn.started"]).await;
    app.start_hand(&table, &players[0]).await.ok();

    let got = receiver.until("four attempts", |got| got.len() >= 4).await;
    assert!(
        got.iter().all(|r| r.id == got[0].id),
        "one webhook-id: {got:?}"
    );
    assert!(got.iter().all(|r| r.body == got[0].body), "the same body");

    let path = format!(
        "/v1/leagues/{league}/webhooks/{}/deliveries",
        hook["id"].as_str().expect("id")
    );
    let delivery = &newest_delivery(&app, &players[0], &path, |d| d["state"] == "delivered").await;
    assert_eq!(delivery["state"], "delivered", "{delivery}");
    assert_eq!(delivery["id"], got[0].id.as_str());
    let statuses: Vec<i64> = delivery["attempts"]
        .as_array()
        .expect("attempts")
        .iter()
        .map(|a| a["status"].as_i64().expect("status"))
        .collect();
    assert_eq!(statuses, [500, 500, 500, 204]);
    assert_eq!(attempts("retried") - retried, 3.0);
    assert_eq!(attempts("delivered") - delivered, 1.0);
    app.get(&path, &players[1]).await.problem(403, "not_admin");

    // A week after it was delivered, the housekeeper drops it.
    app.sql("UPDATE deliveries SET finished_at = now() - interval '6 days'")
        .await;
    let keep = app.app.as_ref().expect("in process");
    keep.ops().sweep_expired().await.expect("sweep");
    assert_eq!(
        app.get(&path, &players[0]).await.ok()["deliveries"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    app.sql("UPDATE deliveries SET finished_at = now() - interval '8 days'")
        .await;
    keep.ops().sweep_expired().await.expect("sweep");
    assert_eq!(
        app.get(&path, &players[0]).await.ok()["deliveries"],
        json!([])
    );
}

#[actix_web::test]
async fn private_addresses_are_refused_without_the_flag() {
    let mut strict = config(true);
    strict.webhooks.allow_private = false;
    let app = TestApp::start_with(strict).await;
    let receiver = Receiver::start(0);
    let (players, league, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let hooks = format!("/v1/leagues/{league}/webhooks");
    for url in [
        receiver.url.clone(),
        "http://10.1.2.3/x".into(),
        "http://169.254.169.254/latest/meta-data".into(),
        "http://[::1]:8080/".into(),
        // IPv4 carried in IPv6: translated (RFC 2765), compatible, NAT64.
        receiver.url.replace("127.0.0.1", "[::ffff:0:127.0.0.1]"),
        "http://[::127.0.0.1]/".into(),
        "http://[64:ff9b::a9fe:a9fe]/".into(),
        "http://[2001:db8::1]/".into(),
        "ftp://example.com/".into(),
    ] {
        app.post(
            &hooks,
            &players[0],
            json!({"url": url, "events": ["turn.started"]}),
        )
        .await
        .problem(422, "invalid_webhook");
    }
    // A name is checked after DNS, on the addresses connected to: localhost is refused
    // when the delivery is made, and nothing reaches the receiver.
    let port = receiver.url.split(':').nth(2).expect("port");
    let by_name = format!("http://localhost:{port}/hooks");
    let hook = app
        .post(
            &hooks,
            &players[0],
            json!({"url": by_name, "events": ["turn.started"]}),
        )
        .await;
    assert_eq!(hook.status, 201, "{}", hook.body);
    app.start_hand(&table, &players[0]).await.ok();
    let path = format!(
        "{hooks}/{}/deliveries",
        hook.body["id"].as_str().expect("id")
    );
    let delivery = newest_delivery(&app, &players[0], &path, |d| {
        d["attempts"][0]["error"].is_string()
    })
    .await;
    let error = delivery["attempts"][0]["error"].as_str().unwrap_or("");
    assert!(
        error.contains("no address webhooks may be sent to"),
        "{error}"
    );
    assert!(receiver.got().is_empty());
}

#[actix_web::test]
async fn two_processes_never_send_one_delivery_twice() {
    let database = fresh_database().await;
    let one = TestApp::on_database(database.clone(), config(true));
    let two = TestApp::on_database(database, config(true));
    let receiver = Receiver::start(0);
    let (players, league, table) = one
        .seated(&["ann", "bob", "cat", "dan"], 500, json!({"ante": 5}), None)
        .await;
    subscribe(
        &one,
        &players[0],
        &league,
        &receiver,
        &["turn.started", "hand.ended"],
    )
    .await;
    let everyone: Vec<&Player> = players.iter().collect();
    let mut moves = 0;
    for _ in 0..3 {
        one.start_hand(&table, &players[0]).await.ok();
        while let Some((who, action)) = next_move(&two, &table, &everyone).await {
            let app = if moves % 2 == 0 { &one } else { &two };
            app.act(&table, &who, action).await.ok();
            moves += 1;
        }
    }
    receiver
        .until("three hands' ends", |got| {
            got.iter()
                .filter(|r| r.body["type"] == "hand.ended")
                .count()
                >= 3
        })
        .await;
    // Time for a second sending of anything, were there one.
    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    let got = receiver.got();
    let ids: HashSet<&str> = got.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids.len(), got.len(), "a delivery sent twice");
    assert_eq!(
        got.len(),
        moves + 3,
        "one turn.started per move and one hand.ended per hand"
    );
}

/// A server killed with SIGKILL after the commit of a move and before its notification was
/// delivered (the endpoint was failing) delivers it after it is started again, with the
/// same `webhook-id`.
#[actix_web::test]
async fn a_notification_committed_before_a_crash_is_delivered_after_it() {
    let database = fresh_database().await;
    let log = log_file("webhooks");
    let mut server = Server::start(&database, &log);
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    let app = TestApp::at(server.base(), database.clone());
    let receiver = Receiver::start(usize::MAX);
    let (players, league, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    subscribe(&app, &players[0], &league, &receiver, &["turn.started"]).await;
    app.start_hand(&table, &players[0]).await.ok();
    let failed = receiver
        .until("a failed attempt", |got| !got.is_empty())
        .await;
    let id = failed[0].id.clone();

    server.kill();
    receiver.failures.store(0, Ordering::SeqCst);
    let seen = receiver.got().len();
    server.spawn();
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    // The first attempt after the restart succeeds: the receiver's last answer was 204.
    let got = receiver
        .until("the delivery after the restart", |got| got.len() > seen)
        .await;
    assert!(got.iter().all(|r| r.id == id), "one message: {got:?}");
    let hooks = app
        .get(&format!("/v1/leagues/{league}/webhooks"), &players[0])
        .await
        .ok();
    let hook = hooks[0]["id"].as_str().expect("hook").to_owned();
    let path = format!("/v1/leagues/{league}/webhooks/{hook}/deliveries");
    let delivery = newest_delivery(&app, &players[0], &path, |d| d["state"] == "delivered").await;
    assert_eq!(delivery["state"], "delivered");
}

/// A turn's reminder goes out `remind_before` its deadline while the turn is still the
/// player's; a turn they took in time has none; a turn that ran out is announced as
/// `player.timed_out`.
#[actix_web::test]
async fn reminders_and_timeouts_are_announced() {
    let mut quick = config(true);
    quick.webhooks.remind_before = Duration::from_secs(2);
    let app = TestApp::start_with(quick).await;
    let receiver = Receiver::start(0);
    let (players, league, table) = app
        .seated(
            &["ann", "bob"],
            500,
            json!({"ante": 5, "turn_timeout_secs": 4}),
            None,
        )
        .await;
    subscribe(
        &app,
        &players[0],
        &league,
        &receiver,
        &["turn.started", "turn.reminder", "player.timed_out"],
    )
    .await;
    app.start_hand(&table, &players[0]).await.ok();
    let first = app.view(&table, &players[0]).await["to_act"]["player_id"]
        .as_str()
        .expect("to act")
        .to_owned();
    // Nobody moves: two seconds before the deadline, a reminder; at it, a timeout.
    let got = receiver
        .until("a reminder and a timeout", |got| {
            got.iter().any(|r| r.body["type"] == "turn.reminder")
                && got.iter().any(|r| r.body["type"] == "player.timed_out")
        })
        .await;
    let reminder = got
        .iter()
        .find(|r| r.body["type"] == "turn.reminder")
        .expect("reminder");
    assert_eq!(reminder.body["data"]["player_id"], first.as_str());
    let timed_out = got
        .iter()
        .find(|r| r.body["type"] == "player.timed_out")
        .expect("timeout");
    assert_eq!(timed_out.body["data"]["player_id"], first.as_str());

    // The next player acts at once: the turn they took gets no reminder (the one after it,
    // whoever's it is, may: it starts its own countdown).
    let everyone: Vec<&Player> = players.iter().collect();
    let taken = app.view(&table, &players[0]).await["version"].clone();
    if let Some((who, action)) = next_move(&app, &table, &everyone).await {
        app.act(&table, &who, action).await.ok();
    }
    actix_web::rt::time::sleep(Duration::from_millis(3000)).await;
    let late: Vec<Value> = receiver
        .got()
        .iter()
        .filter(|r| r.body["type"] == "turn.reminder" && r.body["data"]["version"] == taken)
        .map(|r| r.body.clone())
        .collect();
    assert!(
        late.is_empty(),
        "a reminder for a turn already taken: {late:?}"
    );
}

/// With simultaneous declaration every player is to act at once: each is told once, not
/// again whenever another declares; a player is told again only after acting themselves.
#[actix_web::test]
async fn simultaneous_declarations_announce_each_turn_once() {
    let app = TestApp::start().await;
    let receiver = Receiver::start(0);
    let (players, league, table) = app
        .seated(
            &["ann", "bob", "cat"],
            500,
            json!({"ante": 5, "simultaneous_declare": true}),
            None,
        )
        .await;
    subscribe(
        &app,
        &players[0],
        &league,
        &receiver,
        &["turn.started", "hand.ended"],
    )
    .await;
    app.start_hand(&table, &players[0]).await.ok();
    let everyone: Vec<&Player> = players.iter().collect();
    while let Some((who, action)) = next_move(&app, &table, &everyone).await {
        app.act(&table, &who, action).await.ok();
    }
    let got = receiver
        .until("the hand's end", |got| {
            got.iter().any(|r| r.body["type"] == "hand.ended")
        })
        .await;
    let record = app
        .get(&format!("/v1/tables/{table}/hands/1"), &players[0])
        .await
        .ok();
    let seat_of = |player: &str| players.iter().position(|p| p.id == player).expect("seat") as i64;
    // The seqs at which each seat acted (declared, drew, played).
    let acted = |seat: i64, after: i64, upto: i64| {
        record["events"]
            .as_array()
            .expect("events")
            .iter()
            .any(|e| {
                let seq = e["seq"].as_i64().expect("seq");
                let kind = e["kind"].as_str().unwrap_or("");
                seq > after
                    && seq <= upto
                    && matches!(kind, "declared" | "drew" | "played")
                    && e["payload"]["seat"] == seat
            })
    };
    let mut told: Vec<(i64, i64)> = got
        .iter()
        .filter(|r| r.body["type"] == "turn.started")
        .map(|r| {
            let data = &r.body["data"];
            (
                seat_of(data["player_id"].as_str().expect("player")),
                data["version"].as_i64().expect("version"),
            )
        })
        .collect();
    told.sort_by_key(|t| t.1);
    for seat in 0..3 {
        let mine: Vec<i64> = told.iter().filter(|t| t.0 == seat).map(|t| t.1).collect();
        assert!(!mine.is_empty(), "seat {seat} never told: {told:?}");
        for pair in mine.windows(2) {
            assert!(
                acted(seat, pair[0], pair[1]),
                "seat {seat} told twice without acting in between: {told:?}"
            );
        }
    }
}

/// An endpoint that takes connections and never answers: how many it took, and how many
/// of them the other side has closed.
struct Silent {
    url: String,
    taken: Arc<AtomicUsize>,
    closed: Arc<AtomicUsize>,
}

impl Silent {
    fn start() -> Silent {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let (taken, closed) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (t, c) = (taken.clone(), closed.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                t.fetch_add(1, Ordering::SeqCst);
                let c = c.clone();
                std::thread::spawn(move || {
                    use std::io::Read;
                    let mut stream = stream;
                    let mut buf = [0u8; 4096];
                    while matches!(stream.read(&mut buf), Ok(n) if n > 0) {}
                    c.fetch_add(1, Ordering::SeqCst);
                });
            }
        });
        Silent {
            url: format!("http://127.0.0.1:{port}/never"),
            taken,
            closed,
        }
    }
}

/// A league whose ten endpoints never answer holds at most its share of the places a
/// process sends from: another league's turn is delivered while every connection to the
/// silent endpoints is still waiting for its answer (each waits 10 s before it is given
/// up), not after.
#[actix_web::test]
async fn a_league_of_silent_endpoints_delays_only_itself() {
    let app = TestApp::start().await;
    let silent = Silent::start();
    let receiver = Receiver::start(0);
    let (others, other_league, other_table) = app
        .seated(&["cat", "dan"], 500, json!({"ante": 5}), None)
        .await;
    subscribe(
        &app,
        &others[0],
        &other_league,
        &receiver,
        &["turn.started"],
    )
    .await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 5_000, json!({"ante": 5}), None)
        .await;
    for _ in 0..10 {
        let added = app
            .post(
                &format!("/v1/leagues/{league}/webhooks"),
                &players[0],
                json!({"url": silent.url, "events": ["turn.started"]}),
            )
            .await;
        assert_eq!(added.status, 201, "{}", added.body);
    }
    // A hand's turns: more deliveries than a process sends at once.
    let everyone: Vec<&Player> = players.iter().collect();
    let mut turns = 0;
    app.start_hand(&table, &players[0]).await.ok();
    turns += 1;
    while let Some((who, action)) = next_move(&app, &table, &everyone).await {
        app.act(&table, &who, action).await.ok();
        turns += 1;
    }
    assert!(turns * 10 > 32, "{turns} turns");
    // The silent league's first connections are taken, then another league's turn.
    for _ in 0..200 {
        if silent.taken.load(Ordering::SeqCst) > 0 {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    app.start_hand(&other_table, &others[0]).await.ok();
    receiver
        .until("the other league's turn", |got| !got.is_empty())
        .await;
    assert_eq!(
        silent.closed.load(Ordering::SeqCst),
        0,
        "the other league's turn waited for the silent endpoints to be given up"
    );
    let in_flight = silent.taken.load(Ordering::SeqCst);
    assert!(
        (1..=8).contains(&in_flight),
        "{in_flight} connections to one league's endpoints at once"
    );
}
