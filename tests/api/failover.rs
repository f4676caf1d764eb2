//! A database that dies, on the setup of `deploy/ha` as `deploy/ha/demo.sh` starts it (one
//! etcd, two PostgreSQL nodes run by Patroni with a synchronous standby, HAProxy in front of
//! whichever is the primary and of two `bourre serve` processes, pgBackRest archiving WAL):
//! - the primary's node is killed (its Patroni and PostgreSQL, SIGKILL) while bots play
//!   through the balancer with idempotency keys: Patroni promotes the standby, play goes on,
//!   and afterwards every action answered 2xx is in the new primary's log, none was applied
//!   twice, the ledger sums to zero, `rebuild --check` finds nothing, every finished hand's
//!   audit verifies, no client saw a 5xx but 503, and a stream open through the switch
//!   (reconnecting with its last id when it ends) misses no event, the league's webhook is
//!   told of every hand's end, each as one delivery, the sweeper acts for a table whose
//!   deadlines passed while the database was away, and every finished hand is in the public
//!   log once, the log after the switch extending the one signed before;
//! - a full backup, play, a point in time, more play, then a restore into a fresh cluster
//!   to that point: it has exactly the actions acknowledged before the point, and checks.
//!
//! The figures (the time from the kill to the first accepted move, a restore's duration) are
//! printed; docs/operations.md gives them.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::process::{Child, Command};
use std::rc::Rc;
use std::time::{Duration, Instant};

use crate::balancer::program;
use crate::crash::{Acked, bots, setup, verify};
use crate::webhooks::{Received, Receiver};
use futures_util::StreamExt;
use serde_json::json;

use crate::support::{
    Player, Server, TestApp, client, log_file, next_move, play_out, resume_stream, scratch_dir,
    wait_for,
};

/// The setup of deploy/ha, started by its demo.sh under a folder of this test's own, and
/// stopped (`demo.sh stop`) when dropped.
struct Ha {
    dir: PathBuf,
    demo: Child,
    ports: HashMap<String, u16>,
}

/// The repository's `deploy/ha/<name>`.
fn deployed(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("deploy/ha")
        .join(name)
}

/// The first of 11 consecutive ports free on loopback now, below Linux's range of ports for
/// outgoing connections (32768 up), so that no client of another test takes one of them
/// before the demo's programs bind it.
fn free_ports() -> u16 {
    for _ in 0..200 {
        let base: u16 = rand::random_range(20_000..32_000);
        let free =
            (base..base + 11).all(|port| std::net::TcpListener::bind(("127.0.0.1", port)).is_ok());
        if free {
            return base;
        }
    }
    panic!("no 11 consecutive free ports");
}

/// What is needed beyond Rust: Debian's packages, which `bash .ci/run` installs.
fn require_packages() {
    for (name, path) in [
        ("patroni", "/usr/bin/patroni"),
        ("etcd", "/usr/bin/etcd"),
        ("pgbackrest", "/usr/bin/pgbackrest"),
        ("curl", "/usr/bin/curl"),
        ("haproxy", "/usr/sbin/haproxy"),
    ] {
        program(name, &[path]);
    }
}

impl Ha {
    /// Starts the demo and waits until it is ready (its processes serve through HAProxy). A
    /// demo that stops before it is ready is started once more, afresh (a port taken between
    /// the check and the bind, say), what it printed told either way.
    fn start(name: &str) -> Ha {
        require_packages();
        Ha::try_start(name).unwrap_or_else(|first| {
            eprintln!("demo.sh stopped before it was ready; starting it afresh once:\n{first}");
            Ha::try_start(name).unwrap_or_else(|second| {
                panic!(
                    "demo.sh stopped twice before it was ready:\n{first}\n--- and then:\n{second}"
                )
            })
        })
    }

    /// One start of the demo: ready, or what it printed once it stopped (the demo stopped).
    fn try_start(name: &str) -> Result<Ha, String> {
        let dir = scratch_dir(name);
        let log = std::fs::File::create(dir.with_extension("log")).expect("demo log");
        let demo = Command::new("bash")
            .arg(deployed("demo.sh"))
            .arg(&dir)
            .env("BOURRE", env!("CARGO_BIN_EXE_bourre"))
            .env("BOURRE_HA_PORT", free_ports().to_string())
            // The bourre processes deliver webhooks to the test's receiver, on loopback.
            .env("BOURRE_WEBHOOK_ALLOW_HTTP", "true")
            .env("BOURRE_WEBHOOK_ALLOW_PRIVATE", "true")
            .stdout(log.try_clone().expect("log"))
            .stderr(log)
            .spawn()
            .expect("deploy/ha/demo.sh");
        let mut ha = Ha {
            dir,
            demo,
            ports: HashMap::new(),
        };
        let until = Instant::now() + Duration::from_secs(300);
        while !ha.dir.join("run/ready").exists() {
            if let Ok(Some(status)) = ha.demo.try_wait() {
                return Err(format!("demo.sh stopped ({status}):\n{}", ha.logs()));
            }
            assert!(
                Instant::now() < until,
                "demo.sh was not ready within 300 s:\n{}",
                ha.logs()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        let env = std::fs::read_to_string(ha.dir.join("ports.env")).expect("ports.env");
        ha.ports = env
            .lines()
            .filter_map(|line| line.split_once('='))
            .map(|(k, v)| (k.to_owned(), v.parse().expect("a port")))
            .collect();
        Ok(ha)
    }

    /// What the demo printed, then the last lines of each of its programs' logs: what a
    /// failed start is read from.
    fn logs(&self) -> String {
        let read = |path: &std::path::Path| {
            String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned()
        };
        let mut out = read(&self.dir.with_extension("log"));
        let mut logs: Vec<_> = std::fs::read_dir(self.dir.join("log"))
            .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        logs.sort();
        for path in logs {
            let text = read(&path);
            let lines: Vec<&str> = text.lines().collect();
            out.push_str(&format!("\n--- {} (last lines)\n", path.display()));
            out.push_str(&lines[lines.len().saturating_sub(15)..].join("\n"));
        }
        out
    }

    fn port(&self, name: &str) -> u16 {
        self.ports[name]
    }

    /// The API through HAProxy.
    fn api(&self) -> String {
        format!("http://127.0.0.1:{}", self.port("API_PORT"))
    }

    /// The public log's signing key both API processes sign with.
    fn log_key(&self) -> String {
        self.secret("log")
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned()
    }

    fn secret(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(format!("{name}.secret")))
            .expect("secret")
            .trim()
            .to_owned()
    }

    /// The database as the application reaches it: through HAProxy, on the primary.
    fn db_url(&self) -> String {
        self.db_url_at(self.port("PG_HA_PORT"))
    }

    fn db_url_at(&self, port: u16) -> String {
        format!(
            "postgres://bourre:{}@127.0.0.1:{port}/bourre",
            self.secret("app")
        )
    }

    /// Which node Patroni calls the primary now (`GET /primary` answers 200 there).
    async fn primary(&self) -> Option<&'static str> {
        for (node, port) in [("node1", "REST1_PORT"), ("node2", "REST2_PORT")] {
            let url = format!("http://127.0.0.1:{}/primary", self.port(port));
            if let Ok(resp) = client().get(url).send().await
                && resp.status().as_u16() == 200
            {
                return Some(node);
            }
        }
        None
    }

    /// Kills a node as a machine dies: its Patroni and its PostgreSQL (the postmaster, and
    /// with it every process of the cluster), SIGKILL, at once.
    fn kill(&self, node: &str) {
        let patroni = std::fs::read_to_string(self.dir.join(format!("run/{node}.pid")))
            .expect("the node's pid");
        let postmaster =
            std::fs::read_to_string(self.dir.join(format!("{node}/data/postmaster.pid")))
                .expect("the postmaster's pid");
        let postmaster = postmaster.lines().next().expect("a pid");
        let status = Command::new("kill")
            .args([
                "-KILL",
                "--",
                &format!("-{}", patroni.trim()),
                postmaster.trim(),
            ])
            .status()
            .expect("kill");
        assert!(status.success(), "could not kill {node}");
    }

    /// Runs a program of the database's as its owner (`postgres` when the test is root).
    fn as_owner(&self, program: &str, args: &[&str]) -> std::process::Output {
        let root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        let mut command = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--", program]);
            c
        } else {
            Command::new(program)
        };
        command.args(args).output().expect(program)
    }

    fn pgbackrest(&self, args: &[&str]) -> String {
        let config = format!("--config={}", self.dir.join("pgbackrest.conf").display());
        let mut all = vec![config.as_str(), "--stanza=bourre"];
        all.extend_from_slice(args);
        let out = self.as_owner("pgbackrest", &all);
        assert!(
            out.status.success(),
            "pgbackrest {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

impl Drop for Ha {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(deployed("demo.sh"))
            .arg("stop")
            .arg(&self.dir)
            .status();
        let _ = self.demo.wait();
    }
}

/// Waits until the bots' acknowledged writes reach `count` (at most `within`).
async fn until_writes(acked: &Acked, count: u64, within: Duration) {
    let until = Instant::now() + within;
    while acked.writes.get() < count && Instant::now() < until {
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        acked.writes.get() >= count,
        "play stalled at {} acknowledged writes (of {count})",
        acked.writes.get()
    );
}

/// The events of `kinds` in the logs of `tables`.
async fn events_of(app: &TestApp, tables: &[&str], kinds: &[&str]) -> i64 {
    let quoted = |items: &[&str]| {
        items
            .iter()
            .map(|k| format!("'{k}'"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    app.sql_number(&format!(
        "SELECT count(*) AS n FROM events WHERE kind IN ({}) AND table_id IN ({})",
        quoted(kinds),
        quoted(tables)
    ))
    .await
}

/// Checks the database behind `app` as `bourre rebuild --check` does: no stored balance,
/// table or seat differs from the replay of the log and the ledger.
async fn rebuild_finds_nothing(db_url: &str) {
    let pool = bourre_store::pool(db_url, 2).expect("pool");
    let report = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("rebuild");
    assert!(report.differences.is_empty(), "{:?}", report.differences);
}

#[actix_web::test]
async fn the_primary_dies_mid_play_and_nothing_acknowledged_is_lost() {
    let ha = Ha::start("failover");
    let app = TestApp::at(ha.api(), ha.db_url());
    let (league, tables) = setup(&app, 2, 3).await;
    // The league's webhook, told of each hand's end: the dispatchers go on through the
    // switch.
    let receiver = Receiver::start(0);
    let hook = app
        .post(
            &format!("/v1/leagues/{league}/webhooks"),
            &tables[0].1[0],
            json!({"url": receiver.url, "events": ["hand.ended"]}),
        )
        .await
        .ok();
    *receiver.secret.lock().expect("lock") = hook["secret"].as_str().expect("secret").to_owned();
    let acked = Rc::new(Acked::default());
    let (stop, handles) = bots(&Rc::new(RefCell::new(ha.api())), &tables, &acked);
    until_writes(&acked, 20, Duration::from_secs(60)).await;

    // A table where nobody moves, its turns 5 s: its deadlines pass while the database is
    // away, and the sweeper acts for the players once the new primary is up.
    let sleepers = [
        app.register("sleeper0").await,
        app.register("sleeper1").await,
    ];
    let quiet_league = app.league(&sleepers[0], &[&sleepers[1]], 1_000).await;
    let sleepy = app
        .table(
            &sleepers[0],
            &quiet_league,
            json!({"ante": 5, "turn_timeout_secs": 5}),
            None,
        )
        .await;
    for (seat, p) in sleepers.iter().enumerate() {
        app.sit(&sleepy, p, seat as u8).await;
    }
    // A stream open through the switch, from the table's first event.
    let (watched, watchers) = &tables[0];
    let mut stream = resume_stream(&app, watched, &watchers[0].token, 0).await;
    assert_eq!(stream.status(), 200);
    let primary = ha.primary().await.expect("a primary");
    let standby = if primary == "node1" { "node2" } else { "node1" };
    let before = acked.writes.get();
    app.start_hand(&sleepy, &sleepers[0]).await.ok();
    // The public log as it was signed before the switch.
    let log_before = checkpoint(&app, &ha).await;
    ha.kill(primary);
    let killed = Instant::now();
    until_writes(&acked, before + 30, Duration::from_secs(120)).await;
    stop.set(true);
    for handle in handles {
        handle.await.expect("bot");
    }
    assert_eq!(
        ha.primary().await,
        Some(standby),
        "the standby was not promoted"
    );
    // A move made now, on the new primary, reaches the stream.
    let refs: Vec<&Player> = watchers.iter().collect();
    let (moved, is_move) = match next_move(&app, watched, &refs).await {
        Some((who, action)) => (app.act(watched, &who, action).await, true),
        None => (app.start_hand(watched, &watchers[0]).await, false),
    };
    let last = moved.ok()["version"].as_i64().expect("a version");
    acked.times.borrow_mut().push((Instant::now(), is_move));
    acked
        .versions
        .borrow_mut()
        .entry(watched.clone())
        .or_default()
        .push(last);
    // The stream ends when its process cannot read the table (the database away); the
    // client reconnects with the last id it had, as EventSource does, and misses nothing.
    let mut text = String::new();
    let mut seen: Vec<i64> = Vec::new();
    let until = Instant::now() + Duration::from_secs(60);
    while !seen.contains(&last) {
        assert!(
            Instant::now() < until,
            "the stream never reached version {last}"
        );
        match tokio::time::timeout_at(until.into(), stream.next()).await {
            Ok(Some(Ok(chunk))) => {
                text.push_str(&String::from_utf8_lossy(&chunk));
                while let Some((frame, rest)) = text.split_once("\n\n") {
                    let id = frame.lines().find_map(|l| l.strip_prefix("id: "));
                    let event = frame.lines().find_map(|l| l.strip_prefix("event: "));
                    if let (Some(id), Some(event)) = (id, event)
                        && event != "view"
                    {
                        seen.push(id.parse().expect("an id"));
                    }
                    text = rest.to_owned();
                }
            }
            _ => loop {
                let resumed = resume_stream(
                    &app,
                    watched,
                    &watchers[0].token,
                    seen.last().copied().unwrap_or(0),
                )
                .await;
                if resumed.status() == 200 {
                    stream = resumed;
                    text.clear();
                    break;
                }
                actix_web::rt::time::sleep(Duration::from_millis(500)).await;
            },
        }
    }
    assert!(
        seen.windows(2).all(|w| w[1] == w[0] + 1),
        "the stream skipped or repeated events: {seen:?}"
    );
    let first = acked
        .times
        .borrow()
        .iter()
        .find(|(at, is_move)| *is_move && *at > killed)
        .map(|(at, _)| *at - killed)
        .expect("a move accepted after the kill");
    println!(
        "failover: the first move accepted {:.1} s after the primary's node was killed \
         ({} answers 503 meanwhile, {} writes acknowledged in all)",
        first.as_secs_f64(),
        acked.unavailable.get(),
        acked.writes.get()
    );
    assert!(
        acked.server_errors.borrow().is_empty(),
        "5xx other than 503: {:?}",
        acked.server_errors.borrow()
    );
    assert_eq!(
        acked.unanswered.get(),
        0,
        "requests the server never answered"
    );

    // Every acknowledged action is in the new primary's log, and none twice: one event per
    // move acknowledged, one deal per hand started.
    verify(&app, &league, &tables, &acked).await;
    let moves = acked.times.borrow().iter().filter(|(_, m)| *m).count() as i64;
    let starts = acked.times.borrow().len() as i64 - moves;
    let played: Vec<&str> = tables.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        events_of(&app, &played, &["declared", "drew", "played"]).await,
        moves
    );
    assert_eq!(events_of(&app, &played, &["hand_dealt"]).await, starts);
    // The sweeper went on: the quiet table's turns timed out on the new primary.
    let until = Instant::now() + Duration::from_secs(60);
    while events_of(&app, &[&sleepy], &["turn_timed_out"]).await == 0 {
        assert!(Instant::now() < until, "no turn timed out after the switch");
        actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    }
    rebuild_finds_nothing(&ha.db_url()).await;

    // Every hand that ended was told to the webhook, as one delivery (sent again, with its
    // id, if its sending was cut by the switch: at least once), signed; those ended on the
    // new primary too.
    for (table, players) in &tables {
        let refs: Vec<&Player> = players.iter().collect();
        play_out(&app, table, &refs).await;
    }
    let ended = events_of(&app, &played, &["hand_ended"]).await as usize;
    let hand = |r: &Received| {
        (
            r.body["data"]["table_id"].clone(),
            r.body["data"]["hand_no"].clone(),
        )
    };
    let got = receiver
        .until("every hand.ended", |got| {
            got.iter().map(hand).collect::<HashSet<_>>().len() >= ended
        })
        .await;
    let hands: HashSet<_> = got.iter().map(hand).collect();
    let ids: HashSet<&str> = got.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(hands.len(), ended);
    assert_eq!(ids.len(), ended, "a hand's end was told as two deliveries");
    assert_eq!(receiver.bad.load(std::sync::atomic::Ordering::SeqCst), 0);
    println!(
        "failover: {ended} hands ended, each told to the webhook as one delivery ({} sends in all)",
        got.len()
    );

    // Every hand that finished, before the switch or after, is in the public log once, and
    // the log after the switch extends the one signed before it.
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let finished = app
            .sql_number("SELECT count(*) AS n FROM events WHERE kind = 'seed_revealed'")
            .await;
        let logged = app
            .sql_number("SELECT count(DISTINCT (table_id, hand_no)) AS n FROM log_leaves")
            .await;
        if logged == finished {
            break;
        }
        assert!(
            Instant::now() < until,
            "{logged} of {finished} finished hands in the public log"
        );
        actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    }
    let log_after = checkpoint(&app, &ha).await;
    let mut consistency = client()
        .get(format!(
            "{}/v1/log/consistency?from={}&to={}",
            app.base, log_before.size, log_after.size
        ))
        .send()
        .await
        .expect("consistency");
    let proof: serde_json::Value = consistency.json().await.expect("json");
    let proof: Vec<_> = proof["proof"]
        .as_array()
        .expect("proof")
        .iter()
        .map(|h| bourre::app::log::decode_hash(h.as_str().unwrap_or_default()).expect("hash"))
        .collect();
    bourre::app::log::merkle::verify_consistency(
        log_before.size,
        log_after.size,
        &proof,
        &log_before.root,
        &log_after.root,
    )
    .expect("the log after the switch extends the one before");
    println!(
        "failover: the public log grew from {} to {} hands across the switch, consistently",
        log_before.size, log_after.size
    );
}

/// The public log's newest checkpoint, through the balancer, checked with the HA setup's key.
async fn checkpoint(app: &TestApp, ha: &Ha) -> bourre::app::log::note::Checkpoint {
    let key = bourre::app::log::note::SignerKey::parse(&ha.log_key()).expect("the log's key");
    let mut answer = client()
        .get(format!("{}/v1/log/checkpoint", app.base))
        .send()
        .await
        .expect("checkpoint");
    let note = answer.body().await.expect("body");
    bourre::app::log::note::Checkpoint::open(&String::from_utf8_lossy(&note), key.verifier())
        .expect("signed with the log's key")
}

#[actix_web::test]
async fn a_backup_restores_to_a_point_in_time_with_exactly_what_was_acknowledged_before_it() {
    let ha = Ha::start("restore");
    let app = TestApp::at(ha.api(), ha.db_url());
    let (league, tables) = setup(&app, 1, 3).await;
    let acked = Rc::new(Acked::default());
    let (stop, handles) = bots(&Rc::new(RefCell::new(ha.api())), &tables, &acked);
    until_writes(&acked, 10, Duration::from_secs(60)).await;
    ha.pgbackrest(&["--type=full", "backup"]);
    until_writes(&acked, acked.writes.get() + 10, Duration::from_secs(60)).await;
    stop.set(true);
    for handle in handles {
        handle.await.expect("bot");
    }

    // The point, a whole second (as an operator names one): every write before it
    // acknowledged, none after it begun.
    actix_web::rt::time::sleep(Duration::from_millis(1100)).await;
    let events_then = app.sql_number("SELECT count(*) AS n FROM events").await;
    let ledger_then = app.sql_number("SELECT count(*) AS n FROM ledger").await;
    let point = app
        .sql_number("SELECT floor(extract(epoch FROM clock_timestamp()))::bigint AS n")
        .await;
    let point = chrono::DateTime::from_timestamp(point, 0).expect("a time");
    actix_web::rt::time::sleep(Duration::from_millis(1100)).await;
    let after = Rc::new(Acked::default());
    let (stop, handles) = bots(&Rc::new(RefCell::new(ha.api())), &tables, &after);
    until_writes(&after, 10, Duration::from_secs(60)).await;
    stop.set(true);
    for handle in handles {
        handle.await.expect("bot");
    }
    // Whatever WAL is not archived yet goes to the repository now.
    ha.pgbackrest(&["check"]);

    let restored = ha.dir.join("restored");
    let started = Instant::now();
    ha.pgbackrest(&[
        &format!("--pg1-path={}", restored.display()),
        "--type=time",
        &format!("--target={}", point.format("%Y-%m-%d %H:%M:%S+00")),
        "--target-action=promote",
        "restore",
    ]);
    let port = crate::support::free_port();
    let socket = ha.dir.join("restored-socket");
    assert!(
        ha.as_owner("mkdir", &["-m", "0700", &socket.to_string_lossy()])
            .status
            .success()
    );
    let options = format!(
        "-p {port} -k {} -c archive_mode=off -c synchronous_standby_names= -c hot_standby=on",
        socket.display()
    );
    let pg_ctl = "/usr/lib/postgresql/15/bin/pg_ctl";
    let out = ha.as_owner(
        pg_ctl,
        &[
            "-D",
            &restored.to_string_lossy(),
            "-l",
            &ha.dir.join("log/restored.log").to_string_lossy(),
            "-o",
            &options,
            "-w",
            "-t",
            "120",
            "start",
        ],
    );
    assert!(
        out.status.success(),
        "the restored cluster did not start: {}",
        std::fs::read_to_string(ha.dir.join("log/restored.log")).unwrap_or_default()
    );
    let restored_url = ha.db_url_at(port);
    let restored_app = TestApp::at(String::new(), restored_url.clone());
    let until = Instant::now() + Duration::from_secs(120);
    while restored_app
        .sql_number("SELECT pg_is_in_recovery()::int::bigint AS n")
        .await
        != 0
    {
        assert!(
            Instant::now() < until,
            "the restore did not reach its point"
        );
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
    println!(
        "restore: a full backup and its WAL restored to a point in time and open in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(
        restored_app
            .sql_number("SELECT count(*) AS n FROM events")
            .await,
        events_then,
        "the restored log is not the log at the point"
    );
    assert_eq!(
        restored_app
            .sql_number("SELECT count(*) AS n FROM ledger")
            .await,
        ledger_then
    );
    rebuild_finds_nothing(&restored_url).await;
    // Served again, the restored database passes what the crash test checks.
    let server = Server::start_with(
        &restored_url,
        &log_file("restored"),
        &[
            ("BOURRE_JWT_SECRET", &ha.secret("jwt")),
            ("BOURRE_LOG_SIGNING_KEY", &ha.log_key()),
        ],
    );
    wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    let served = TestApp::at(server.base(), restored_url);
    verify(&served, &league, &tables, &acked).await;
    drop(server);
    ha.as_owner(
        pg_ctl,
        &["-D", &restored.to_string_lossy(), "-m", "fast", "stop"],
    );
}
