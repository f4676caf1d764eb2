//! Limits: body size, page sizes, long-poll waits, username and password rules, login
//! throttling per account and address (across processes); request ids in headers and
//! problem bodies; 405 for a documented path with another method.

use std::time::{Duration, Instant};

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

/// A login attempt from `address` (sent as `X-Forwarded-For`, which counts only behind a
/// trusted proxy); returns the status, the `Retry-After` header and the body.
async fn login(
    app: &TestApp,
    address: &str,
    username: &str,
    password: &str,
) -> (u16, Option<u64>, Value) {
    let mut resp = app
        .client
        .post(format!("{}/v1/auth/login", app.base))
        .insert_header(("X-Forwarded-For", address))
        .send_json(&json!({"username": username, "password": password}))
        .await
        .expect("login");
    let retry_after = resp
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    let body = resp.json::<Value>().await.unwrap_or(Value::Null);
    (resp.status().as_u16(), retry_after, body)
}

/// Wrong passwords for `username` from `address` until `failures` of them were answered
/// 401, waiting out each 429 (its `Retry-After`); returns the 429s met.
async fn fail(app: &TestApp, address: &str, username: &str, failures: usize) -> usize {
    let (mut failed, mut refused) = (0, 0);
    while failed < failures {
        let (status, retry, body) = login(app, address, username, "wrong password!").await;
        match status {
            401 => failed += 1,
            429 => {
                assert_eq!(body["code"], "too_many_attempts", "{body}");
                let wait = retry.expect("Retry-After");
                assert!((1..=900).contains(&wait), "{wait}");
                refused += 1;
                tokio::time::sleep(Duration::from_secs(wait)).await;
            }
            other => panic!("{other}: {body}"),
        }
    }
    refused
}

#[actix_web::test]
async fn login_is_throttled_per_account_and_address_across_processes() {
    // Two server processes behind a proxy on this machine (trusted for X-Forwarded-For).
    let config = || bourre::app::Config {
        trusted_proxies: vec!["127.0.0.1/32".parse().expect("cidr")],
        ..crate::support::config(true)
    };
    let a = TestApp::start_with(config()).await;
    let b = TestApp::on_database(a.db_url.clone(), config());
    a.register("ann").await;
    a.register("bob").await;
    let (attacker, owner) = ("203.0.113.5", "198.51.100.7");
    // Three failures are free; from the fourth, each makes the next try wait longer
    // (1 s, 2 s, then 4 s), whatever the password.
    assert_eq!(fail(&a, attacker, "ann", 3).await, 0);
    fail(&a, attacker, "ann", 3).await;
    let (status, retry, body) = login(&b, attacker, "ANN", "correct horse battery").await;
    assert_eq!(status, 429, "the other process knows: {body}");
    assert!(retry.is_some_and(|s| (2..=4).contains(&s)), "{retry:?}");
    // Ann herself, from her own address, is never refused her password.
    let (status, _, body) = login(&b, owner, "ann", "correct horse battery").await;
    assert_eq!(status, 200, "{body}");
    // Another account from the attacker's address is not throttled by ann's failures.
    let (status, _, body) = login(&a, attacker, "bob", "correct horse battery").await;
    assert_eq!(status, 200, "{body}");
    // Parallel guesses are each counted before their password is checked: from a pair
    // with five failures behind it, the first guess counted makes the others wait (4 s).
    a.sql(
        "INSERT INTO login_failures (account, address, failures, last_failed_at, blocked_until) \
         VALUES ('bob', '192.0.2.8', 5, now(), now())",
    )
    .await;
    let guesses = (0..6).map(|_| login(&a, "192.0.2.8", "bob", "wrong password!"));
    let answers = futures_util::future::join_all(guesses).await;
    let through = answers.iter().filter(|(s, _, _)| *s == 401).count();
    assert_eq!(through, 1, "{answers:?}");
    // An address failing over many accounts slows down itself, not the others.
    let spray = "192.0.2.77";
    for i in 0..20 {
        let (status, _, body) = login(&a, spray, &format!("nobody{i}"), "wrong password!").await;
        assert_eq!(status, 401, "{i}: {body}");
    }
    let (status, _, body) = login(&b, spray, "nobody99", "wrong password!").await;
    assert_eq!(status, 401, "the 21st failure is counted: {body}");
    let (status, _, body) = login(&b, spray, "bob", "correct horse battery").await;
    assert_eq!(status, 429, "{body}");
    let (status, _, body) = login(&b, owner, "bob", "correct horse battery").await;
    assert_eq!(status, 200, "{body}");
}

#[actix_web::test]
async fn forwarded_addresses_count_only_from_trusted_proxies() {
    // No trusted proxy: every request is from 127.0.0.1, whatever it claims.
    let app = TestApp::start().await;
    app.register("ann").await;
    for address in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
        let (status, _, body) = login(&app, address, "ann", "wrong password!").await;
        assert_eq!(status, 401, "{body}");
    }
    let counted = "SELECT failures::bigint AS n FROM login_failures \
                   WHERE account = 'ann' AND address = '127.0.0.1'";
    assert_eq!(app.sql_number(counted).await, 3);
    // A name no account can have is refused without a count of its own.
    let (status, _, body) = login(&app, "x", &"n".repeat(4000), "wrong password!").await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(
        app.sql_number("SELECT count(*) AS n FROM login_failures WHERE account <> 'ann'")
            .await,
        1,
        "the address's own count only"
    );
}

#[actix_web::test]
async fn usernames_and_passwords_follow_the_rules() {
    let app = TestApp::start().await;
    let register = |username: String, password: String| {
        let app = &app;
        async move {
            app.call(
                Method::POST,
                "/v1/auth/register",
                None,
                Some(json!({"username": username, "password": password})),
            )
            .await
        }
    };
    let good = "correct horse".to_owned();
    for bad in [
        "ab".to_owned(),
        "a".repeat(33),
        "ann smith".to_owned(),
        "ann/../x".to_owned(),
        "ünïcode".to_owned(),
        String::new(),
    ] {
        register(bad.clone(), good.clone())
            .await
            .problem(422, "invalid_username");
    }
    for bad in ["short12".to_owned(), "x".repeat(129), String::new()] {
        register("carol".into(), bad)
            .await
            .problem(422, "invalid_password");
    }
    assert_eq!(register("abc".into(), "12345678".into()).await.status, 201);
    assert_eq!(register("a".repeat(32), "p".repeat(128)).await.status, 201);
    register("ABC".into(), "12345678".into())
        .await
        .problem(409, "username_taken");
}

#[actix_web::test]
async fn bodies_pages_and_waits_are_capped() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let league = app.league(&ann, &[&bob], 100).await;
    let table = app.table(&ann, &league, json!({"ante": 5}), None).await;

    // A body over 64 KiB is refused before it is parsed.
    let big = json!({"username": "x".repeat(70 * 1024), "password": "correct horse"});
    app.call(Method::POST, "/v1/auth/register", None, Some(big))
        .await
        .problem(400, "body_too_large");

    // Ledger pages hold at most 200 entries, whatever is asked.
    for _ in 0..205 {
        app.post(
            &format!("/v1/leagues/{league}/grants"),
            &ann,
            json!({"player_id": bob.id, "amount": 1, "reason": "page"}),
        )
        .await
        .ok();
    }
    for (limit, most) in [("100000", 200), ("0", 1), ("-5", 1), ("3", 3)] {
        let page = app
            .get(&format!("/v1/leagues/{league}/ledger?limit={limit}"), &ann)
            .await
            .ok();
        let n = page["entries"].as_array().expect("entries").len();
        assert_eq!(n, most, "limit={limit}");
        assert!(page["next_cursor"].is_i64());
    }
    for limit in ["100000", "0", "-1"] {
        let events = app
            .get(&format!("/v1/tables/{table}/events?limit={limit}"), &ann)
            .await
            .ok();
        assert!(events.as_array().expect("events").len() <= 500);
    }
    app.get(&format!("/v1/leagues/{league}/ledger?limit=x"), &ann)
        .await
        .problem(400, "invalid_query");

    // Long-polls wait at most 60 s, and no longer than asked.
    app.get(&format!("/v1/tables/{table}/events?wait=61"), &ann)
        .await
        .problem(400, "invalid_wait");
    let after = app.view(&table, &ann).await["version"].as_i64().expect("v");
    let started = Instant::now();
    let events = app
        .get(
            &format!("/v1/tables/{table}/events?after={after}&wait=1"),
            &ann,
        )
        .await
        .ok();
    assert_eq!(events, json!([]));
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(5),
        "{waited:?}"
    );
}

#[actix_web::test]
async fn request_ids_are_echoed_and_in_problem_bodies() {
    let app = TestApp::start().await;
    let mut resp = app
        .client
        .get(format!("{}/v1/players/me", app.base))
        .insert_header(("X-Request-Id", "client-chosen-id.1"))
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status().as_u16(), 401);
    assert_eq!(
        resp.headers()
            .get("x-request-id")
            .and_then(|v| v.to_str().ok()),
        Some("client-chosen-id.1")
    );
    let body: Value = resp.json().await.expect("problem");
    assert_eq!(body["request_id"], "client-chosen-id.1");

    // An unusable id is replaced by a fresh one; every answer has one.
    let mut resp = app
        .client
        .get(format!("{}/v1/tables/not-a-uuid", app.base))
        .insert_header(("X-Request-Id", "has spaces and {braces}"))
        .send()
        .await
        .expect("request");
    let header = resp
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .expect("an id")
        .to_owned();
    assert_ne!(header, "has spaces and {braces}");
    let body: Value = resp.json().await.expect("problem");
    assert_eq!(body["request_id"], header.as_str());
    let resp = app
        .client
        .get(format!("{}/healthz", app.base))
        .send()
        .await
        .expect("request");
    assert!(resp.headers().contains_key("x-request-id"));

    // A documented path with another method: 405 with Allow, as a problem.
    let resp = app
        .client
        .request(Method::PUT, format!("{}/v1/players/me", app.base))
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status().as_u16(), 405);
    assert_eq!(
        resp.headers().get("allow").and_then(|v| v.to_str().ok()),
        Some("DELETE, GET, HEAD, PATCH")
    );
    let reply = app.call(Method::DELETE, "/healthz", None, None).await;
    reply.problem(405, "method_not_allowed");
    let reply = app.call(Method::GET, "/v1/nowhere", None, None).await;
    reply.problem(404, "not_found");
}

/// The throttle counts failures: logins with the right password, many at once on two
/// processes, are never refused; wrong ones still are, after the free failures.
#[actix_web::test]
async fn logins_with_the_right_password_at_once_are_never_refused() {
    let database = crate::support::fresh_database().await;
    let one = TestApp::on_database(database.clone(), crate::support::config(true));
    let two = TestApp::on_database(database, crate::support::config(true));
    one.register("ann").await;
    let tries = (0..40).map(|i| {
        let app = if i % 2 == 0 { &one } else { &two };
        login(app, "203.0.113.7", "ann", "correct horse battery")
    });
    let statuses: Vec<u16> = futures_util::future::join_all(tries)
        .await
        .into_iter()
        .map(|(status, _, _)| status)
        .collect();
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    // A right password forgot nothing it should not: three wrong ones are free, the fourth
    // is counted and the next try waits.
    for _ in 0..4 {
        assert_eq!(
            login(&one, "203.0.113.7", "ann", "wrong password!").await.0,
            401
        );
    }
    let (status, retry, _) = login(&two, "203.0.113.7", "ann", "correct horse battery").await;
    assert_eq!((status, retry.is_some()), (429, true));
}

/// The peak memory a process reached (`VmHWM`), in MiB.
fn peak_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM");
    let kib: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("a number");
    kib / 1024
}

/// Password hashing (19 MiB a hash) runs in `BOURRE_HASH_SLOTS` slots: sixty logins of
/// thirty accounts at once raise the process's peak memory by about two hashes' worth, not
/// sixty.
#[actix_web::test]
async fn sixty_logins_at_once_hash_in_bounded_memory() {
    let database = crate::support::fresh_database().await;
    let log = crate::support::log_file("hash-slots");
    let server = crate::support::Server::start_with(
        &database,
        &log,
        &[
            ("BOURRE_HASH_SLOTS", "2"),
            ("BOURRE_REGISTRATIONS_PER_HOUR", "1000"),
        ],
    );
    crate::support::wait_for(&server.base(), "/readyz", Duration::from_secs(60)).await;
    let app = TestApp::at(server.base(), database);
    let names: Vec<String> = (0..30).map(|i| format!("player{i}")).collect();
    for name in &names {
        app.register(name).await;
    }
    let pid = server.pid().expect("running");
    let before = peak_mib(pid);
    let app = &app;
    let tries = names.iter().chain(names.iter()).map(|name| async move {
        login(app, "198.51.100.1", name, "correct horse battery")
            .await
            .0
    });
    let statuses = futures_util::future::join_all(tries).await;
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let grew = peak_mib(pid).saturating_sub(before);
    assert!(grew < 80, "the peak grew {grew} MiB for 60 logins");
}
