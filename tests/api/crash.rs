//! Crash safety, against the real binary in a process of its own:
//! - bots play over HTTP while the server is killed with SIGKILL several times and started
//!   again; afterwards every action answered 2xx is in the log, every hash chain and replay
//!   verifies, the ledger balances, every table goes on and no hand is stuck;
//! - PostgreSQL (a dedicated cluster) stops under the server: `/healthz` stays 200, `/readyz`
//!   and the API answer 503 `unavailable`, and the server recovers by itself when it is back;
//! - the server's log lines are JSON with a request id, and carry no token, password or seed.
//!
//! `BOURRE_CRASH_ROUNDS` (default 3) sets how many times the server is killed; the long
//! version is `BOURRE_CRASH_ROUNDS=40 cargo nextest run crash`.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use awc::http::Method;
use rand::RngExt;
use serde_json::{Value, json};

use crate::support::{
    Player, Server, TestApp, client, free_port, fresh_database, log_file, play_out, scratch_dir,
    wait_for,
};

const PASSWORD: &str = "correct horse battery";

/// One request; `None` when the server could not be reached or hung up.
async fn try_call(
    client: &awc::Client,
    base: &str,
    method: Method,
    path: &str,
    token: &str,
    body: Option<&Value>,
    key: Option<&str>,
) -> Option<(u16, Value)> {
    let mut req = client
        .request(method, format!("{base}{path}"))
        .insert_header(("Authorization", format!("Bearer {token}")));
    if let Some(key) = key {
        req = req.insert_header(("Idempotency-Key", key.to_owned()));
    }
    let mut resp = match body {
        Some(body) => req.send_json(body).await,
        None => req.send().await,
    }
    .ok()?;
    let bytes = resp.body().limit(16 << 20).await.ok()?;
    Some((
        resp.status().as_u16(),
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    ))
}

/// What the bots saw: the version each 2xx write produced, per table.
#[derive(Default)]
pub struct Acked {
    pub versions: RefCell<HashMap<String, Vec<i64>>>,
    pub writes: Cell<u64>,
    /// When each write was acknowledged, and whether it was a move (else a hand's start).
    pub times: RefCell<Vec<(Instant, bool)>>,
    /// 503 answers (the database away: the write is asked again with the same key).
    pub unavailable: Cell<u64>,
    /// Requests the server did not answer (it was down, or the request hung).
    pub unanswered: Cell<u64>,
    /// 5xx answers other than 503.
    pub server_errors: RefCell<Vec<String>>,
}

/// A bot driving one table as all its players until `stop`: start hands, then act with a
/// random legal move, each write with `expected_version` and an `Idempotency-Key` that is
/// retried unchanged while the server, or its database, is away (no answer, or 503).
async fn bot(
    base: Rc<RefCell<String>>,
    table: String,
    players: Vec<Player>,
    stop: Rc<Cell<bool>>,
    acked: Rc<Acked>,
) {
    let client = client();
    let mut rng = rand::rng();
    while !stop.get() {
        let url = base.borrow().clone();
        let view = match try_call(
            &client,
            &url,
            Method::GET,
            &format!("/v1/tables/{table}"),
            &players[0].token,
            None,
            None,
        )
        .await
        {
            Some((200, view)) => view,
            other => {
                acked.saw(other, "GET /v1/tables/{table}");
                actix_web::rt::time::sleep(Duration::from_millis(30)).await;
                continue;
            }
        };
        let (who, path, body) = if view["status"] != "playing" {
            (
                &players[0],
                format!("/v1/tables/{table}/hands"),
                Value::Null,
            )
        } else {
            let Some(actor) = view["to_act"]["player_id"].as_str() else {
                // Simultaneous declarations: anyone undecided may act; ask each.
                actix_web::rt::time::sleep(Duration::from_millis(10)).await;
                continue;
            };
            let who = players.iter().find(|p| p.id == actor).expect("seated bot");
            let mine = match try_call(
                &client,
                &url,
                Method::GET,
                &format!("/v1/tables/{table}"),
                &who.token,
                None,
                None,
            )
            .await
            {
                Some((200, mine)) => mine,
                other => {
                    acked.saw(other, "GET /v1/tables/{table}");
                    actix_web::rt::time::sleep(Duration::from_millis(30)).await;
                    continue;
                }
            };
            let legal = &mine["legal"];
            let action = match legal["action"].as_str() {
                Some("declare") if legal["can_play"] == true && rng.random_bool(0.8) => {
                    json!({"type": "declare", "play": true, "discard": []})
                }
                Some("declare") if legal["can_pass"] == false => {
                    json!({"type": "declare", "play": true, "discard": []})
                }
                Some("declare") => json!({"type": "declare", "play": false}),
                Some("draw") => json!({"type": "draw", "discard": []}),
                Some("play") => {
                    let cards = legal["cards"].as_array().expect("cards");
                    json!({"type": "play", "card": cards[rng.random_range(0..cards.len())]})
                }
                _ => continue,
            };
            (
                who,
                format!("/v1/tables/{table}/actions"),
                json!({"expected_version": mine["version"], "action": action}),
            )
        };
        let key = uuid::Uuid::new_v4().to_string();
        let is_move = !body.is_null();
        let body = is_move.then_some(body);
        // Retry the same write (same key) until the server answers it, and not with 503.
        let answer = loop {
            let url = base.borrow().clone();
            let answer = try_call(
                &client,
                &url,
                Method::POST,
                &path,
                &who.token,
                body.as_ref(),
                Some(&key),
            )
            .await;
            match answer {
                Some((status, _)) if status != 503 => break answer,
                other => acked.saw(other, &path),
            }
            if stop.get() {
                break None;
            }
            actix_web::rt::time::sleep(Duration::from_millis(30)).await;
        };
        match answer {
            Some((status, reply)) if (200..300).contains(&status) => {
                let version = reply["version"].as_i64().expect("a view with a version");
                acked
                    .versions
                    .borrow_mut()
                    .entry(table.clone())
                    .or_default()
                    .push(version);
                acked.writes.set(acked.writes.get() + 1);
                acked.times.borrow_mut().push((Instant::now(), is_move));
            }
            Some((status, reply)) if status >= 500 => {
                acked
                    .server_errors
                    .borrow_mut()
                    .push(format!("{status} {path}: {reply}"));
            }
            // 409 (someone else moved first) or a refusal: look again.
            _ => {}
        }
    }
}

impl Acked {
    /// Counts an answer that is not a success: a 503, none, or another 5xx.
    fn saw(&self, answer: Option<(u16, Value)>, what: &str) {
        match answer {
            None => self.unanswered.set(self.unanswered.get() + 1),
            Some((503, _)) => self.unavailable.set(self.unavailable.get() + 1),
            Some((status, reply)) if status >= 500 => self
                .server_errors
                .borrow_mut()
                .push(format!("{status} {what}: {reply}")),
            Some(_) => {}
        }
    }
}

/// A [`bot`] on every table of `tables`, through `base`, until the returned flag is set.
pub fn bots(
    base: &Rc<RefCell<String>>,
    tables: &[(String, Vec<Player>)],
    acked: &Rc<Acked>,
) -> (Rc<Cell<bool>>, Vec<actix_web::rt::task::JoinHandle<()>>) {
    let stop = Rc::new(Cell::new(false));
    let handles = tables
        .iter()
        .map(|(table, players)| {
            actix_web::rt::spawn(bot(
                base.clone(),
                table.clone(),
                players.clone(),
                stop.clone(),
                acked.clone(),
            ))
        })
        .collect();
    (stop, handles)
}

/// Registers `n` players, a league for them and `tables` tables of `per_table` seats.
pub async fn setup(
    app: &TestApp,
    tables: usize,
    per_table: usize,
) -> (String, Vec<(String, Vec<Player>)>) {
    let mut players = Vec::new();
    for i in 0..tables * per_table {
        players.push(app.register(&format!("bot{i}")).await);
    }
    let others: Vec<&Player> = players[1..].iter().collect();
    let league = app.league(&players[0], &others, 1_000_000).await;
    let mut out = Vec::new();
    for t in 0..tables {
        let seated: Vec<Player> = players[t * per_table..(t + 1) * per_table].to_vec();
        let table = app
            .table(
                &seated[0],
                &league,
                json!({"ante": 5, "max_players": per_table}),
                None,
            )
            .await;
        for (seat, p) in seated.iter().enumerate() {
            app.sit(&table, p, seat as u8).await;
        }
        out.push((table, seated));
    }
    (league, out)
}

/// Every string under a key named `server_seed` or `seed`.
fn seeds(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if (k == "server_seed" || k == "seed")
                    && let Some(s) = v.as_str()
                    && s.len() >= 16
                {
                    out.push(s.to_owned());
                }
                seeds(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| seeds(v, out)),
        _ => {}
    }
}

/// Everything that must hold after the crashes; returns the seeds of the finished hands.
pub async fn verify(
    app: &TestApp,
    league: &str,
    tables: &[(String, Vec<Player>)],
    acked: &Acked,
) -> Vec<String> {
    let mut all_seeds = Vec::new();
    for (table, players) in tables {
        let who = &players[0];
        // The log: contiguous, and every acknowledged write's version is in it.
        let mut seqs = BTreeSet::new();
        let mut after = 0;
        loop {
            let page = app
                .get(&format!("/v1/tables/{table}/events?after={after}"), who)
                .await
                .ok();
            let page = page.as_array().expect("events").clone();
            if page.is_empty() {
                break;
            }
            for e in &page {
                let seq = e["seq"].as_i64().expect("seq");
                seqs.insert(seq);
                after = after.max(seq);
            }
        }
        let max = seqs.iter().next_back().copied().unwrap_or(0);
        assert_eq!(seqs.len() as i64, max, "table {table}: the log has gaps");
        for v in acked.versions.borrow().get(table).into_iter().flatten() {
            assert!(
                seqs.contains(v),
                "table {table}: an acknowledged write (version {v}) is not in the log"
            );
        }
        // Every finished hand, page after page: chain, commitment and replay verify.
        let mut hands = Vec::new();
        let mut after = 0;
        loop {
            let page = app
                .get(&format!("/v1/tables/{table}/hands?after={after}"), who)
                .await
                .ok();
            hands.extend(page["hands"].as_array().expect("hands").iter().cloned());
            match page["next_cursor"].as_u64() {
                Some(next) => after = next,
                None => break,
            }
        }
        for hand in &hands {
            if hand["outcome"].is_null() {
                continue;
            }
            let n = hand["hand_no"].as_u64().expect("hand_no");
            let audit = app
                .get(&format!("/v1/tables/{table}/hands/{n}/audit"), who)
                .await
                .ok();
            assert_eq!(audit["verified"], true, "table {table} hand {n}: {audit}");
            let record = app
                .get(&format!("/v1/tables/{table}/hands/{n}"), who)
                .await
                .ok();
            seeds(&record, &mut all_seeds);
        }
        // No hand is stuck: someone is to act, and the hand can be played to its end.
        let view = app.view(table, who).await;
        if view["status"] == "playing" {
            assert!(
                view["to_act"].is_object() || view["phase"] == "declare",
                "table {table}: a hand in play with nobody to act: {view}"
            );
        }
    }
    // The ledger: each player's balance and each pot is the replay of its entries, and
    // the league's accounts sum to zero.
    let admin = &tables[0].1[0];
    let mut replay: HashMap<String, i64> = HashMap::new();
    let mut after = 0;
    loop {
        let page = app
            .get(
                &format!("/v1/leagues/{league}/ledger?after={after}&limit=200"),
                admin,
            )
            .await
            .ok();
        let entries = page["entries"].as_array().expect("entries");
        for e in entries {
            let amount = e["amount"].as_i64().expect("amount");
            assert!(amount > 0, "{e}");
            *replay
                .entry(e["from_account"].as_str().expect("from").to_owned())
                .or_default() -= amount;
            *replay
                .entry(e["to_account"].as_str().expect("to").to_owned())
                .or_default() += amount;
        }
        match page["next_cursor"].as_i64() {
            Some(next) if !entries.is_empty() => after = next,
            _ => break,
        }
    }
    assert_eq!(replay.values().sum::<i64>(), 0);
    let mut reported = 0;
    for (table, players) in tables {
        for p in players {
            let balance = app.balance(p, league).await;
            assert_eq!(
                replay
                    .get(&format!("player:{}", p.id))
                    .copied()
                    .unwrap_or(0),
                balance,
                "{}'s balance is not the replay of the ledger",
                p.name
            );
            reported += balance;
        }
        let view = app.view(table, &players[0]).await;
        let pot = view["pot"].as_i64().unwrap_or(0);
        assert_eq!(
            replay.get(&format!("pot:{table}")).copied().unwrap_or(0),
            pot,
            "table {table}: the pot is not the replay of the ledger"
        );
        reported += pot;
    }
    assert_eq!(
        reported + replay.get("treasury").copied().unwrap_or(0),
        0,
        "the league's accounts do not sum to zero"
    );
    all_seeds
}

/// Checks the server's log: JSON lines, request lines with an id, no secret.
fn check_log(log: &Path, secrets: &[String]) {
    let text = std::fs::read_to_string(log).expect("server log");
    let mut requests = 0;
    for line in text.lines() {
        assert!(!line.contains("panicked"), "the server panicked: {line}");
        for secret in secrets {
            assert!(
                !line.contains(secret.as_str()),
                "a secret is in the server's log: {line}"
            );
        }
        if line.starts_with("bourre:") || line.starts_with('!') {
            continue; // start-up lines
        }
        let parsed: Value = serde_json::from_str(line)
            .unwrap_or_else(|_| panic!("a log line that is not JSON: {line}"));
        if parsed["msg"] == "request" {
            requests += 1;
            assert!(parsed["request_id"].is_string(), "{line}");
            assert!(parsed["status"].is_u64(), "{line}");
            assert!(
                !parsed["path"].as_str().unwrap_or("?").contains('?'),
                "{line}"
            );
        }
    }
    assert!(requests > 0, "the server logged no request");
}

fn rounds() -> usize {
    std::env::var("BOURRE_CRASH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

#[actix_web::test]
async fn sigkill_mid_load_loses_no_acknowledged_action() {
    let db_url = fresh_database().await;
    let log = log_file("crash");
    let mut server = Server::start(&db_url, &log);
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    let app = TestApp::at(server.base(), db_url.clone());
    let (league, tables) = setup(&app, 2, 3).await;

    let base = Rc::new(RefCell::new(server.base()));
    let acked = Rc::new(Acked::default());
    let (stop, bots) = bots(&base, &tables, &acked);
    let mut rng = rand::rng();
    let rounds = rounds();
    for _ in 0..rounds {
        let before = acked.writes.get();
        // Let the bots make progress, then kill the server at a random moment.
        let until = Instant::now() + Duration::from_secs(20);
        while acked.writes.get() < before + 10 && Instant::now() < until {
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
        actix_web::rt::time::sleep(Duration::from_millis(rng.random_range(0..1000))).await;
        server.kill();
        actix_web::rt::time::sleep(Duration::from_millis(rng.random_range(0..200))).await;
        server.spawn();
        wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    }
    let before = acked.writes.get();
    let until = Instant::now() + Duration::from_secs(20);
    while acked.writes.get() < before + 5 && Instant::now() < until {
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    stop.set(true);
    for bot in bots {
        bot.await.expect("bot");
    }
    assert!(
        acked.writes.get() >= 10 * rounds as u64 / 2,
        "too few writes: {}",
        acked.writes.get()
    );
    assert!(
        acked.server_errors.borrow().is_empty(),
        "5xx answers: {:?}",
        acked.server_errors.borrow()
    );

    eprintln!(
        "crash test: {rounds} SIGKILLs, {} acknowledged writes",
        acked.writes.get()
    );
    let mut secrets = verify(&app, &league, &tables, &acked).await;
    // Every table goes on: finish the hand in play, then play one more.
    for (table, players) in &tables {
        let refs: Vec<&Player> = players.iter().collect();
        play_out(&app, table, &refs).await;
        app.start_hand(table, &players[0]).await.ok();
        play_out(&app, table, &refs).await;
    }
    secrets.extend(verify(&app, &league, &tables, &acked).await);
    assert!(!secrets.is_empty(), "no finished hand revealed a seed");
    for (_, players) in &tables {
        secrets.extend(players.iter().map(|p| p.token.clone()));
    }
    secrets.push(PASSWORD.to_owned());
    server.kill();
    check_log(&log, &secrets);
}

#[actix_web::test]
async fn postgres_restart_is_503_then_recovers_by_itself() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/restart-pg");
    let db = format!("bourre_restart_{}", uuid::Uuid::new_v4().simple());
    let ensure = {
        let dir = dir.clone();
        let db = db.clone();
        move || {
            bourre::tools::embedded_pg::ensure_cluster(&dir, &db)
                .expect("dedicated cluster")
                .admin
        }
    };
    let db_url = actix_web::rt::task::spawn_blocking(ensure.clone())
        .await
        .expect("cluster");
    let log = log_file("restart");
    let server = Server::start(&db_url, &log);
    let base = server.base();
    wait_for(&base, "/readyz", Duration::from_secs(60)).await;
    let app = TestApp::at(base.clone(), db_url);
    let (_league, tables) = setup(&app, 1, 2).await;
    let (table, players) = &tables[0];
    let refs: Vec<&Player> = players.iter().collect();
    app.start_hand(table, &players[0]).await.ok();

    // The database goes away.
    let stop_dir = dir.clone();
    actix_web::rt::task::spawn_blocking(move || {
        bourre::tools::embedded_pg::stop_cluster(&stop_dir)
    })
    .await
    .expect("join")
    .expect("stop the cluster");
    let health = app.call(Method::GET, "/healthz", None, None).await;
    assert_eq!(
        health.status, 200,
        "liveness does not depend on the database"
    );
    let ready = app.call(Method::GET, "/readyz", None, None).await;
    ready.problem(503, "unavailable");
    assert!(ready.body["request_id"].is_string(), "{}", ready.body);
    for _ in 0..3 {
        let me = app.get("/v1/players/me", &players[0]).await;
        me.problem(503, "unavailable");
        let view = app.get(&format!("/v1/tables/{table}"), &players[1]).await;
        view.problem(503, "unavailable");
    }

    // It comes back; the server recovers without a restart.
    actix_web::rt::task::spawn_blocking(ensure)
        .await
        .expect("restart the cluster");
    wait_for(&base, "/readyz", Duration::from_secs(30)).await;
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let me = app.get("/v1/players/me", &players[0]).await;
        if me.status == 200 {
            break;
        }
        assert!(Instant::now() < until, "no recovery: {}", me.body);
        me.problem(503, "unavailable");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    play_out(&app, table, &refs).await;
    app.start_hand(table, &players[0]).await.ok();
    play_out(&app, table, &refs).await;
    // A stream opened with a ticket, as a browser's EventSource does: the ticket, in the
    // URL's query, never reaches the log.
    let ticket = app
        .post(
            &format!("/v1/tables/{table}/stream-ticket"),
            &players[0],
            serde_json::json!(null),
        )
        .await
        .ok()["ticket"]
        .as_str()
        .expect("ticket")
        .to_owned();
    let mut stream = app
        .client
        .get(format!("{base}/v1/tables/{table}/stream?ticket={ticket}"))
        .send()
        .await
        .expect("stream");
    assert_eq!(stream.status().as_u16(), 200);
    let first = futures_util::StreamExt::next(&mut stream).await;
    assert!(
        first.is_some_and(|chunk| chunk.is_ok()),
        "the stream's first page"
    );
    drop(stream);
    drop(server);
    // The dedicated cluster is this test's alone: leave nothing running.
    actix_web::rt::task::spawn_blocking(move || bourre::tools::embedded_pg::stop_cluster(&dir))
        .await
        .expect("join")
        .expect("stop the cluster");
    let mut secrets: Vec<String> = players.iter().map(|p| p.token.clone()).collect();
    secrets.push(ticket);
    check_log(&log, &secrets);
}

/// The README's first command: `bourre serve` with `DATABASE_URL` unset makes its private
/// cluster, migrates it as the cluster's superuser, and serves as a role that is not one
/// (and that nobody reaches without its password).
/// A database that turns read-only under a running server, as the old primary is to the
/// connections still reaching it in a failover: writes answer 503 `unavailable` (SQLSTATE
/// 25006), and once the database takes writes again the server writes without a restart.
/// The read-only connections it holds are not lent again (a pool that lends a connection
/// as it is would keep them, and every write would go on failing).
#[actix_web::test]
async fn a_database_turned_read_only_is_503_then_its_connections_are_replaced() {
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let ann = &players[0];
    let (server, database) = app.db_url.rsplit_once('/').expect("a database URL");
    let database = database.split('?').next().expect("a name").to_owned();
    // Statements about the test's database, from another one (it refuses them once it is
    // read-only).
    let admin = |statement: String| {
        let url = format!("{server}/postgres");
        async move {
            let mut conn = AsyncPgConnection::establish(&url).await.expect("db");
            diesel::sql_query(&statement)
                .execute(&mut conn)
                .await
                .expect("statement");
        }
    };
    admin(format!(
        "ALTER DATABASE {database} SET default_transaction_read_only = on"
    ))
    .await;
    admin(format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = '{database}' AND pid <> pg_backend_pid()"
    ))
    .await;
    for _ in 0..3 {
        app.start_hand(&table, ann)
            .await
            .problem(503, "unavailable");
    }
    assert_eq!(app.view(&table, ann).await["status"], "waiting");
    admin(format!(
        "ALTER DATABASE {database} RESET default_transaction_read_only"
    ))
    .await;
    // A client retries after Retry-After; a connection made since the last refusal (by the
    // server's own background work) may still be read-only once.
    let mut answers = Vec::new();
    for _ in 0..4 {
        let reply = app.start_hand(&table, ann).await;
        answers.push(reply.status);
        if reply.status == 201 {
            break;
        }
        reply.problem(503, "unavailable");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(answers.last(), Some(&201), "{answers:?}");
}

#[actix_web::test]
async fn the_embedded_default_serves_as_a_role_that_is_not_a_superuser() {
    let data = scratch_dir("embedded");
    let port = free_port();
    let log = std::fs::File::create(data.join("serve.log")).expect("log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bourre"))
        .arg("serve")
        .env_remove("DATABASE_URL")
        .env_remove("BOURRE_JWT_SECRET")
        .env("BOURRE_DATA_DIR", &data)
        .env("BOURRE_BIND", format!("127.0.0.1:{port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("start bourre serve");
    let base = format!("http://127.0.0.1:{port}");
    wait_for(&base, "/readyz", Duration::from_secs(120)).await;
    let cluster = data.join("pg");
    let urls = {
        let cluster = cluster.clone();
        actix_web::rt::task::spawn_blocking(move || {
            bourre::tools::embedded_pg::ensure_cluster(&cluster, "bourre").expect("cluster")
        })
        .await
        .expect("join")
    };
    let app = TestApp::at(base, urls.admin.clone());
    let ann = app.register("ann").await;
    app.league(&ann, &[], 100).await;
    let server_roles = "SELECT count(DISTINCT usename) AS n FROM pg_stat_activity \
         WHERE datname = 'bourre' AND backend_type = 'client backend' \
         AND pid <> pg_backend_pid()";
    assert_eq!(app.sql_number(server_roles).await, 1);
    assert_eq!(
        app.sql_number(&format!(
            "{server_roles} AND usename = 'bourre_app' AND NOT (SELECT rolsuper FROM pg_roles \
             WHERE rolname = 'bourre_app')"
        ))
        .await,
        1
    );
    let _ = child.kill();
    let _ = child.wait();
    actix_web::rt::task::spawn_blocking(move || bourre::tools::embedded_pg::stop_cluster(&cluster))
        .await
        .expect("join")
        .expect("stop");
    let _ = std::fs::remove_dir_all(&data);
}
