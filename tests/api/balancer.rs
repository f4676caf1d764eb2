//! Three `bourre serve` processes on one database behind a real HAProxy, scraped by a real
//! Prometheus (Debian's packages, as `.ci/run` installs them): clients play through the
//! balancer while the processes are restarted one by one (SIGTERM, then start). Every
//! answered action is in the log, no client sees a 5xx or a broken connection, a stream
//! resumes from its Last-Event-ID on another process, and Prometheus's own API returns the
//! actions counter and the request histogram.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::support::{
    Player, Server, TestApp, client, free_port, fresh_database, legal_move, scratch_dir,
};

/// A program of the test's own, killed when dropped.
struct Daemon(Child);

impl Daemon {
    /// Waits until `GET url` answers 200, failing at once if the program exited.
    async fn until_up(&mut self, url: &str) {
        let started = Instant::now();
        loop {
            if let Ok(resp) = client().get(url).send().await
                && resp.status().is_success()
            {
                return;
            }
            if let Ok(Some(status)) = self.0.try_wait() {
                panic!("exited ({status}) before {url} was up: see its log in target/tmp");
            }
            assert!(started.elapsed() < Duration::from_secs(60), "{url} not up");
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The first of `candidates` that exists (panics, naming the Debian package, when none does).
pub fn program(name: &str, candidates: &[&str]) -> String {
    candidates
        .iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(|p| (*p).to_owned())
        .unwrap_or_else(|| panic!("no {name} (Debian's {name} package: bash .ci/run installs it)"))
}

/// The repository's file `name` (`deploy/...`).
fn deploy(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("deploy")
        .join(name)
}

/// HAProxy with the documented deployment (docs/operations.md, `deploy/haproxy.cfg`), on `port`, in front of
/// `backends`; its statistics (CSV) on `stats`, for the test to see which backends it
/// counts up.
fn haproxy(dir: &std::path::Path, port: u16, stats: u16, backends: &[u16]) -> Daemon {
    let documented = std::fs::read_to_string(deploy("haproxy.cfg")).expect("deploy/haproxy.cfg");
    let servers: String = backends
        .iter()
        .enumerate()
        .map(|(i, p)| format!("  server s{i} 127.0.0.1:{p} check\n"))
        .collect();
    let mut config: String = documented
        .lines()
        .filter(|line| !line.trim_start().starts_with("server "))
        .map(|line| match line.trim() {
            "bind :80" => format!("  bind 127.0.0.1:{port}\n"),
            _ => format!("{line}\n"),
        })
        .collect();
    assert!(
        config.contains(&format!("bind 127.0.0.1:{port}")),
        "{documented}"
    );
    config.push_str(&servers);
    config.push_str(&format!(
        "listen stats\n  bind 127.0.0.1:{stats}\n  stats enable\n  stats uri /stats\n"
    ));
    let path = dir.join("haproxy.cfg");
    std::fs::write(&path, config).expect("haproxy.cfg");
    let log = std::fs::File::create(dir.join("haproxy.log")).expect("log");
    let child = Command::new(program("haproxy", &["/usr/sbin/haproxy"]))
        .arg("-db")
        .arg("-f")
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .spawn()
        .expect("start haproxy");
    Daemon(child)
}

fn prometheus(dir: &std::path::Path, port: u16, targets: &[u16]) -> Daemon {
    let targets: Vec<String> = targets.iter().map(|p| format!("'127.0.0.1:{p}'")).collect();
    // Scraped every second, with the alerting rules of docs/operations.md loaded.
    let config = format!(
        "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n\
         rule_files:\n  - {}\n\
         scrape_configs:\n  - job_name: bourre\n    static_configs:\n\
         \x20     - targets: [{}]\n",
        deploy("alerts.yml").display(),
        targets.join(", ")
    );
    let path = dir.join("prometheus.yml");
    std::fs::write(&path, config).expect("prometheus.yml");
    let log = std::fs::File::create(dir.join("prometheus.log")).expect("log");
    let child = Command::new(program("prometheus", &["/usr/bin/prometheus"]))
        .arg(format!("--config.file={}", path.display()))
        .arg(format!(
            "--storage.tsdb.path={}",
            dir.join("tsdb").display()
        ))
        .arg(format!("--web.listen-address=127.0.0.1:{port}"))
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .spawn()
        .expect("start prometheus");
    Daemon(child)
}

/// Waits until HAProxy (its statistics at `stats`) counts every backend up.
async fn until_balanced(stats: &str, backends: usize) {
    let started = Instant::now();
    loop {
        let csv = match client().get(format!("{stats}/stats;csv")).send().await {
            Ok(mut resp) => resp.body().await.map(|b| b.to_vec()).unwrap_or_default(),
            Err(_) => Vec::new(),
        };
        let csv = String::from_utf8_lossy(&csv);
        let up = csv
            .lines()
            .filter(|l| l.starts_with("bourre,s"))
            .filter(|l| l.split(',').nth(17) == Some("UP"))
            .count();
        if up == backends {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "HAProxy does not count every backend up: {csv}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until `GET url` answers 200.
async fn until_up(url: &str) {
    let started = Instant::now();
    loop {
        if let Ok(resp) = client().get(url).send().await
            && resp.status().is_success()
        {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{url} not up");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

/// What the clients saw.
#[derive(Default)]
struct Seen {
    /// (table, version) of every action answered 200.
    answered: Vec<(String, i64)>,
    /// Every 5xx, or request that got no answer.
    failures: Vec<String>,
}

impl Seen {
    /// The answer to request `what` below 500, if there was one; a 5xx or no answer is
    /// kept as a failure.
    fn answer(&mut self, what: &str, sent: Result<(u16, Value), String>) -> Option<(u16, Value)> {
        match sent {
            Ok((status, body)) if status >= 500 => {
                self.failures.push(format!("{what} {status}: {body}"));
                None
            }
            Ok(answer) => Some(answer),
            Err(e) => {
                self.failures.push(e);
                None
            }
        }
    }
}

/// A player's request through the balancer with an idempotency key: the status and body,
/// or why there was none.
async fn send(
    base: &str,
    method: awc::http::Method,
    path: &str,
    who: &Player,
    body: Option<Value>,
) -> Result<(u16, Value), String> {
    let req = client()
        .request(method, format!("{base}{path}"))
        .insert_header(("Authorization", format!("Bearer {}", who.token)))
        .insert_header(("Idempotency-Key", uuid::Uuid::new_v4().to_string()));
    let sent = match body {
        Some(body) => req.send_json(&body).await,
        None => req.send().await,
    };
    let mut resp = sent.map_err(|e| format!("{path}: {e}"))?;
    let bytes = resp
        .body()
        .limit(1 << 22)
        .await
        .map_err(|e| format!("{path}: {e}"))?;
    let status = resp.status().as_u16();
    Ok((
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    ))
}

/// Two players at `table` play hand after hand until `stop`, through the balancer.
async fn play(
    base: String,
    table: String,
    players: Vec<Player>,
    stop: Rc<RefCell<bool>>,
    seen: Rc<RefCell<Seen>>,
) {
    use awc::http::Method;
    let path = format!("/v1/tables/{table}");
    while !*stop.borrow() {
        let mut acted = false;
        for who in &players {
            let sent = send(&base, Method::GET, &path, who, None).await;
            let Some((200, view)) = seen.borrow_mut().answer("view", sent) else {
                continue;
            };
            let Some(action) = legal_move(&view) else {
                continue;
            };
            let body = json!({"action": action, "expected_version": view["version"]});
            let actions = format!("{path}/actions");
            let sent = send(&base, Method::POST, &actions, who, Some(body)).await;
            let answer = seen.borrow_mut().answer("action", sent);
            if let Some((200, reply)) = answer {
                let version = reply["version"].as_i64().unwrap_or(-1);
                seen.borrow_mut().answered.push((table.clone(), version));
                acted = true;
            }
        }
        if !acted {
            // Between hands: deal the next (a refusal means another client did, or a hand
            // is on).
            let hands = format!("{path}/hands");
            let sent = send(&base, Method::POST, &hands, &players[0], None).await;
            seen.borrow_mut().answer("deal", sent);
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Follows the table's stream through the balancer until `stop`, reconnecting with
/// `Last-Event-ID` whenever it ends: every seq it was given, in order.
async fn follow(
    base: String,
    table: String,
    who: Player,
    stop: Rc<RefCell<bool>>,
    seqs: Rc<RefCell<Vec<i64>>>,
    reconnects: Rc<RefCell<usize>>,
) {
    let mut last: Option<i64> = None;
    let mut pending = String::new();
    while !*stop.borrow() {
        let mut req = client()
            .get(format!("{base}/v1/tables/{table}/stream"))
            .insert_header(("Authorization", format!("Bearer {}", who.token)));
        if let Some(last) = last {
            req = req.insert_header(("Last-Event-ID", last.to_string()));
        }
        let mut resp = req.send().await.expect("the stream through the balancer");
        assert_eq!(
            resp.status().as_u16(),
            200,
            "the stream through the balancer"
        );
        loop {
            match tokio::time::timeout(Duration::from_millis(500), resp.next()).await {
                Ok(Some(Ok(chunk))) => pending.push_str(&String::from_utf8_lossy(&chunk)),
                // The stream ended (its process stopped): reconnect.
                Ok(Some(Err(_)) | None) => break,
                Err(_) if *stop.borrow() => return,
                Err(_) => continue,
            }
            while let Some(end) = pending.find("\n\n") {
                let frame: String = pending.drain(..end + 2).collect();
                // The views between events repeat their last event's id.
                if frame.lines().any(|l| l == "event: view") {
                    continue;
                }
                if let Some(id) = frame.lines().find_map(|l| l.strip_prefix("id: ")) {
                    let seq: i64 = id.trim().parse().expect("seq");
                    seqs.borrow_mut().push(seq);
                    last = Some(seq);
                }
            }
        }
        pending.clear();
        *reconnects.borrow_mut() += 1;
    }
}

/// Prometheus's answer to an instant query: the result vector.
async fn query(prometheus: &str, promql: &str) -> Vec<Value> {
    let url = format!(
        "{prometheus}/api/v1/query?query={}",
        promql
            .bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect::<String>()
    );
    let mut resp = client().get(url).send().await.expect("prometheus query");
    let body: Value = resp.json().await.expect("prometheus json");
    assert_eq!(body["status"], "success", "{body}");
    body["data"]["result"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[actix_web::test]
async fn rolling_restarts_behind_haproxy_lose_nothing_and_prometheus_scrapes_them() {
    let database = fresh_database().await;
    let dir = scratch_dir("balancer");
    let metrics: Vec<u16> = (0..3).map(|_| free_port()).collect();
    let mut servers: Vec<Server> = metrics
        .iter()
        .enumerate()
        .map(|(i, port)| {
            let bind = format!("127.0.0.1:{port}");
            Server::start_with(
                &database,
                &dir.join(format!("server{i}.log")),
                &[
                    ("BOURRE_METRICS_BIND", &bind),
                    ("BOURRE_DRAIN_DELAY_MS", "4500"),
                    ("BOURRE_SHUTDOWN_GRACE_SECS", "10"),
                ],
            )
        })
        .collect();
    for server in &servers {
        until_up(&format!("{}/readyz", server.base())).await;
    }
    let (port, stats_port) = (free_port(), free_port());
    let mut balancer = haproxy(
        &dir,
        port,
        stats_port,
        &servers.iter().map(|s| s.port).collect::<Vec<_>>(),
    );
    let base = format!("http://127.0.0.1:{port}");
    let stats = format!("http://127.0.0.1:{stats_port}");
    balancer.until_up(&format!("{base}/readyz")).await;
    until_balanced(&stats, servers.len()).await;
    let prometheus_port = free_port();
    let mut scraper = prometheus(&dir, prometheus_port, &metrics);
    let prometheus = format!("http://127.0.0.1:{prometheus_port}");
    scraper.until_up(&format!("{prometheus}/-/ready")).await;

    // Two tables of two players, set up through the balancer.
    let app = TestApp::at(base.clone(), database.clone());
    let (first, _, one) = app
        .seated(&["ann", "bob"], 100_000, json!({"ante": 1}), None)
        .await;
    let (second, _, two) = app
        .seated(&["cat", "dan"], 100_000, json!({"ante": 1}), None)
        .await;
    let stop = Rc::new(RefCell::new(false));
    let stop_following = Rc::new(RefCell::new(false));
    let seen = Rc::new(RefCell::new(Seen::default()));
    let seqs = Rc::new(RefCell::new(Vec::new()));
    let reconnects = Rc::new(RefCell::new(0));
    let players = vec![
        actix_web::rt::spawn(play(
            base.clone(),
            one.clone(),
            first.clone(),
            stop.clone(),
            seen.clone(),
        )),
        actix_web::rt::spawn(play(base.clone(), two, second, stop.clone(), seen.clone())),
    ];
    let follower = actix_web::rt::spawn(follow(
        base.clone(),
        one.clone(),
        first[1].clone(),
        stop_following.clone(),
        seqs.clone(),
        reconnects.clone(),
    ));
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;
    // Each process in turn: SIGTERM, exit 0, start again, ready, back in HAProxy's pool
    // (as a rolling restart waits for it before the next process).
    let servers_count = servers.len();
    for server in &mut servers {
        let before = seen.borrow().answered.len();
        let stopping = server.signal_term();
        let (status, took) = server.wait_exit(stopping).await;
        assert!(status.success(), "exit {status:?}");
        assert!(took < Duration::from_secs(15), "took {took:?}");
        server.spawn();
        until_up(&format!("{}/readyz", server.base())).await;
        until_balanced(&stats, servers_count).await;
        assert!(
            seen.borrow().answered.len() > before,
            "no action answered while a process restarted"
        );
    }
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;
    *stop.borrow_mut() = true;
    for task in players {
        task.await.expect("client");
    }
    // The stream has a moment to see the last moves.
    actix_web::rt::time::sleep(Duration::from_secs(1)).await;
    *stop_following.borrow_mut() = true;
    follower.await.expect("follower");

    let seen = std::mem::take(&mut *seen.borrow_mut());
    assert!(seen.failures.is_empty(), "clients saw: {:?}", seen.failures);
    assert!(seen.answered.len() > 20, "{} actions", seen.answered.len());
    // Every answered action is in the log.
    let tables: BTreeSet<&String> = seen.answered.iter().map(|(t, _)| t).collect();
    for table in tables {
        let versions: BTreeSet<i64> = seen
            .answered
            .iter()
            .filter(|(t, _)| t == table)
            .map(|(_, v)| *v)
            .collect();
        let list: Vec<String> = versions.iter().map(i64::to_string).collect();
        let logged = app
            .sql_number(&format!(
                "SELECT count(*) AS n FROM events WHERE table_id = '{table}' \
                 AND seq = ANY(ARRAY[{}]::bigint[])",
                list.join(",")
            ))
            .await;
        assert_eq!(
            logged,
            versions.len() as i64,
            "answered versions missing from the log"
        );
    }
    // The stream, across every restart, saw each event of its table once, in order.
    let seqs = seqs.borrow().clone();
    assert!(*reconnects.borrow() >= 1, "the stream never moved");
    assert!(seqs.windows(2).all(|w| w[1] == w[0] + 1), "{seqs:?}");
    let head = app
        .sql_number(&format!(
            "SELECT max(seq) AS n FROM events WHERE table_id = '{one}'"
        ))
        .await;
    assert_eq!(
        seqs.last().copied(),
        Some(head),
        "the stream missed the last events"
    );

    // Prometheus scraped every process: the actions counter and the request histogram,
    // with the types the metadata API reports.
    let deadline = Instant::now() + Duration::from_secs(20);
    let actions = loop {
        let got = query(&prometheus, "sum(bourre_actions_committed_total)").await;
        let total: f64 = got
            .first()
            .and_then(|r| r["value"][1].as_str())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0);
        if total > 0.0 || Instant::now() > deadline {
            break total;
        }
        actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    };
    assert!(actions > 0.0, "no actions counted by Prometheus");
    let up = query(&prometheus, "up{job=\"bourre\"}").await;
    assert_eq!(up.len(), 3, "{up:?}");
    let p99 = query(
        &prometheus,
        "histogram_quantile(0.99, sum by (le) (rate(bourre_http_request_duration_seconds_bucket{route=\"/v1/tables/{table_id}/actions\"}[1m])))",
    )
    .await;
    assert_eq!(p99.len(), 1, "{p99:?}");
    let mut resp = client()
        .get(format!("{prometheus}/api/v1/metadata"))
        .send()
        .await
        .expect("metadata");
    let metadata: Value = resp.json().limit(1 << 22).await.expect("metadata json");
    let kind = |name: &str| metadata["data"][name][0]["type"].clone();
    assert_eq!(kind("bourre_actions_committed_total"), "counter");
    assert_eq!(kind("bourre_http_request_duration_seconds"), "histogram");
    assert_eq!(kind("bourre_listeners_open"), "gauge");
    // The alerting rules loaded, and evaluate.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let mut resp = client()
            .get(format!("{prometheus}/api/v1/rules"))
            .send()
            .await
            .expect("rules");
        let rules: Value = resp.json().limit(1 << 22).await.expect("rules json");
        let loaded: Vec<&Value> = rules["data"]["groups"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|g| g["rules"].as_array().into_iter().flatten())
            .collect();
        let evaluated = loaded.iter().all(|r| r["health"] == "ok");
        if loaded.len() == 9 && evaluated {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "rules not loaded and healthy: {rules}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    }
}
