//! Email and recovery against a real SMTP server (`tests/mail/smtp_server.py`, PyPI's
//! aiosmtpd, pinned in `tests/mail/requirements.txt`): a code read from the received mail
//! verifies an address and resets a forgotten password; codes are single-use with bounded
//! tries; a reset says nothing of whether an address is known, asking or confirming; a
//! code belongs to the address it was sent to; naming another's address spends nothing of
//! their recovery mail; mail survives a SIGKILL between the request and the send.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use awc::http::Method;
use serde_json::json;

use crate::support::{
    Player, Server, TestApp, config, free_port, fresh_database, log_file, scratch_dir, wait_for,
};

const FROM: &str = "Bourré <no-reply@bourre.test>";

/// The SMTP server, and where it keeps what it received.
pub struct MailServer {
    child: Child,
    pub port: u16,
    pub dir: PathBuf,
}

impl Drop for MailServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl MailServer {
    /// An SMTP server on `port`, keeping mail in `dir`.
    pub fn start(port: u16, dir: &Path) -> MailServer {
        let here = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mail");
        crate::support::python_packages(&format!("{here}/requirements.txt"), "aiosmtpd");
        let (child, line) = crate::support::first_line(
            Command::new("python3")
                .arg(format!("{here}/smtp_server.py"))
                .arg(port.to_string())
                .arg(dir)
                .stdin(Stdio::null())
                .stderr(Stdio::inherit()),
            "python3 tests/mail/smtp_server.py",
        );
        assert_eq!(line.trim(), "ready", "the SMTP server did not start");
        MailServer {
            child,
            port,
            dir: dir.to_owned(),
        }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The messages received so far, oldest first.
    fn received(&self) -> Vec<String> {
        received(&self.dir)
    }
}

fn received(dir: &Path) -> Vec<String> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a message"))
        .collect()
}

/// Waits for the `n`th message (from 1) in `dir` to `to`, and returns it (messages sent at
/// once may arrive in any order).
pub async fn nth_message(dir: &Path, to: &str, n: usize) -> String {
    let until = Instant::now() + Duration::from_secs(30);
    let envelope = format!("To: {to}\n");
    loop {
        let mut theirs = received(dir)
            .into_iter()
            .filter(|m| m.starts_with(&envelope));
        if let Some(message) = theirs.nth(n - 1) {
            return message;
        }
        assert!(Instant::now() < until, "message {n} to {to} never arrived");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The six-digit code in a message's body.
pub fn code_of(message: &str) -> String {
    let body = message
        .split_once("\r\n\r\n")
        .or_else(|| message.split_once("\n\n"))
        .map(|(_, body)| body)
        .expect("a body");
    body.split(|c: char| !c.is_ascii_digit())
        .find(|run| run.len() == 6)
        .expect("a six-digit code in the body")
        .to_owned()
}

pub fn mail_config(server: &MailServer, per_hour: i32) -> bourre::app::Config {
    bourre::app::Config {
        mail: Some(
            bourre::app::notify::mail::Mailer::new(&server.url(), FROM, per_hour).expect("mailer"),
        ),
        ..config(true)
    }
}

async fn put_email(app: &TestApp, who: &Player, email: &str) -> crate::support::Reply {
    app.call(
        Method::PUT,
        "/v1/players/me/email",
        Some(&who.token),
        Some(json!({"email": email})),
    )
    .await
}

async fn verify(app: &TestApp, who: &Player, code: &str) -> crate::support::Reply {
    app.post("/v1/players/me/email/verify", who, json!({"code": code}))
        .await
}

#[actix_web::test]
async fn an_address_is_verified_and_a_forgotten_password_reset_by_mailed_codes() {
    let smtp = MailServer::start(free_port(), &scratch_dir("mail-codes"));
    let app = TestApp::start_with(mail_config(&smtp, 5)).await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;

    put_email(&app, &ann, "ann@")
        .await
        .problem(422, "invalid_email");
    let set = put_email(&app, &ann, " Ann@Example.COM ").await;
    assert_eq!(set.status, 202, "{}", set.body);
    assert_eq!(set.body["email"], "ann@example.com");
    assert_eq!(set.body["verified"], false);
    let message = nth_message(&smtp.dir, "ann@example.com", 1).await;
    let code = code_of(&message);
    assert!(message.contains("no-reply@bourre.test"), "{message}");

    // Wrong tries are counted; the right code works once.
    let wrong = if code == "000000" { "111111" } else { "000000" };
    verify(&app, &ann, wrong).await.problem(422, "invalid_code");
    let verified = verify(&app, &ann, &code).await.ok();
    assert_eq!(verified["verified"], true);
    verify(&app, &ann, &code).await.problem(422, "invalid_code");
    let me = app.get("/v1/players/me", &ann).await.ok();
    assert_eq!(me["email"], "ann@example.com");
    assert_eq!(me["email_verified"], true);

    // The verified address set again stays verified, and is mailed nothing (counted below).
    let again = put_email(&app, &ann, "ann@example.com").await;
    assert_eq!(again.body["verified"], true, "{}", again.body);

    // Another account may name the address, not verify it.
    put_email(&app, &bob, "ann@example.com").await;
    let bobs = code_of(&nth_message(&smtp.dir, "ann@example.com", 2).await);
    verify(&app, &bob, &bobs).await.problem(409, "email_taken");

    // A reset for an address nobody verified mails nothing, and answers the same.
    let reset = |email: &str| {
        app.call(
            Method::POST,
            "/v1/auth/password-reset",
            None,
            Some(json!({"email": email})),
        )
    };
    assert_eq!(reset("nobody@example.com").await.status, 202);
    assert_eq!(reset("ANN@example.com").await.status, 202);
    let code = code_of(&nth_message(&smtp.dir, "ann@example.com", 3).await);
    assert_eq!(
        smtp.received().len(),
        3,
        "no mail to the unknown address, nor for the address verified already"
    );

    let confirm = |code: &str, password: &str| {
        app.call(
            Method::POST,
            "/v1/auth/password-reset/confirm",
            None,
            Some(json!({"email": "ann@example.com", "code": code, "new_password": password})),
        )
    };
    let wrong = if code == "000000" { "111111" } else { "000000" };
    confirm(wrong, "a brand new password")
        .await
        .problem(422, "invalid_code");
    confirm(&code, "short")
        .await
        .problem(422, "invalid_password");
    let session = confirm(&code, "a brand new password").await.ok();
    assert_eq!(session["player"]["id"], ann.id.as_str());
    // Every earlier session ended; the code is used up; the new password signs in.
    app.get("/v1/players/me", &ann)
        .await
        .problem(401, "session_ended");
    confirm(&code, "another new password")
        .await
        .problem(422, "invalid_code");
    let login = app
        .call(
            Method::POST,
            "/v1/auth/login",
            None,
            Some(json!({"username": "ann", "password": "a brand new password"})),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.body);

    // A guest with a verified address who resets a password is a guest no more.
    let guest = app
        .call(Method::POST, "/v1/auth/guest", None, None)
        .await
        .ok();
    let gus = Player::of_session(&guest);
    put_email(&app, &gus, "gus@example.com").await;
    let code = code_of(&nth_message(&smtp.dir, "gus@example.com", 1).await);
    verify(&app, &gus, &code).await.ok();
    reset("gus@example.com").await;
    let code = code_of(&nth_message(&smtp.dir, "gus@example.com", 2).await);
    let kept = app
        .call(
            Method::POST,
            "/v1/auth/password-reset/confirm",
            None,
            Some(json!({"email": "gus@example.com", "code": code, "new_password": "gus's own password"})),
        )
        .await
        .ok();
    assert_eq!(kept["player"]["guest"], false, "{kept}");
    assert_eq!(kept["player"]["id"], gus.id.as_str());

    // The export has the address; a deletion erases it.
    let token = session["token"].as_str().expect("token").to_owned();
    let fresh = Player {
        token,
        ..ann.clone()
    };
    let export = app.get("/v1/players/me/export", &fresh).await.ok();
    assert_eq!(export["player"]["email"], "ann@example.com", "{export}");
    app.call(
        Method::DELETE,
        "/v1/players/me",
        Some(&fresh.token),
        Some(json!({"password": "a brand new password"})),
    )
    .await
    .ok();
    assert_eq!(
        app.sql_number(&format!(
            "SELECT count(*) AS n FROM players WHERE id = '{}' AND email IS NULL",
            ann.id
        ))
        .await,
        1
    );
    assert_eq!(
        app.sql_number(&format!(
            "SELECT count(*) AS n FROM mail_codes WHERE player_id = '{}'",
            ann.id
        ))
        .await,
        0
    );
}

#[actix_web::test]
async fn codes_are_bounded_per_account_and_email_needs_a_mail_server() {
    let smtp = MailServer::start(free_port(), &scratch_dir("mail-bounds"));
    let app = TestApp::start_with(mail_config(&smtp, 2)).await;
    let cat = app.register("cat").await;
    put_email(&app, &cat, "cat@example.com").await;
    put_email(&app, &cat, "cat2@example.com").await;
    put_email(&app, &cat, "cat3@example.com")
        .await
        .problem(429, "rate_limited");
    // Only the newest code works; five wrong tries use it up.
    let first = code_of(&nth_message(&smtp.dir, "cat@example.com", 1).await);
    let newest = code_of(&nth_message(&smtp.dir, "cat2@example.com", 1).await);
    if first != newest {
        verify(&app, &cat, &first)
            .await
            .problem(422, "invalid_code");
    }
    let wrong = if newest == "000000" {
        "111111"
    } else {
        "000000"
    };
    for _ in 0..4 {
        verify(&app, &cat, wrong).await.problem(422, "invalid_code");
    }
    verify(&app, &cat, &newest)
        .await
        .problem(422, "invalid_code");
    assert_eq!(
        app.get("/v1/players/me", &cat).await.ok()["email_verified"],
        false
    );

    // A server without mail has no email operations.
    let plain = TestApp::start().await;
    let dan = plain.register("dan").await;
    put_email(&plain, &dan, "dan@example.com")
        .await
        .problem(404, "email_not_configured");
    plain
        .call(
            Method::POST,
            "/v1/auth/password-reset",
            None,
            Some(json!({"email": "dan@example.com"})),
        )
        .await
        .problem(404, "email_not_configured");
}

/// `POST /v1/auth/password-reset` for `email`.
async fn ask_reset(app: &TestApp, email: &str) -> crate::support::Reply {
    app.call(
        Method::POST,
        "/v1/auth/password-reset",
        None,
        Some(json!({"email": email})),
    )
    .await
}

/// `POST /v1/auth/password-reset/confirm`, from the client address `from` (the test's
/// servers trust the loopback proxy's `X-Forwarded-For`), and how long the answer took.
async fn confirm_reset(
    app: &TestApp,
    from: &str,
    email: &str,
    code: &str,
) -> (crate::support::Reply, Duration) {
    let started = Instant::now();
    let mut resp = app
        .client
        .post(format!("{}/v1/auth/password-reset/confirm", app.base))
        .insert_header(("X-Forwarded-For", from))
        .send_json(&json!({"email": email, "code": code, "new_password": "a brand new password"}))
        .await
        .expect("confirm");
    let body = resp.json::<serde_json::Value>().await.unwrap_or_default();
    let header = |name: &str| {
        resp.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let reply = crate::support::Reply {
        status: resp.status().as_u16(),
        content_type: header("content-type").unwrap_or_default(),
        retry_after: header("retry-after"),
        body,
    };
    (reply, started.elapsed())
}

/// A wrong code, not `code`.
fn other_than(code: &str) -> &'static str {
    if code == "000000" { "111111" } else { "000000" }
}

/// A server with mail (`per_hour` codes) behind the loopback proxy.
async fn proxied(smtp: &MailServer, per_hour: i32) -> TestApp {
    TestApp::start_with(bourre::app::Config {
        trusted_proxies: vec!["127.0.0.1/32".parse().expect("cidr")],
        ..mail_config(smtp, per_hour)
    })
    .await
}

#[actix_web::test]
async fn a_reset_code_belongs_to_the_address_it_was_mailed_to() {
    let smtp = MailServer::start(free_port(), &scratch_dir("mail-moved"));
    let app = TestApp::start_with(mail_config(&smtp, 5)).await;
    let ann = app.register("ann").await;
    put_email(&app, &ann, "old@example.com").await;
    let code = code_of(&nth_message(&smtp.dir, "old@example.com", 1).await);
    verify(&app, &ann, &code).await.ok();
    assert_eq!(ask_reset(&app, "old@example.com").await.status, 202);
    let old_code = code_of(&nth_message(&smtp.dir, "old@example.com", 2).await);

    // The account moves to a new address (round four: the old mailbox's code then reset
    // the password through the new address).
    put_email(&app, &ann, "new@example.com").await;
    let code = code_of(&nth_message(&smtp.dir, "new@example.com", 1).await);
    verify(&app, &ann, &code).await.ok();
    for email in ["new@example.com", "old@example.com"] {
        let (reply, _) = confirm_reset(&app, "198.51.100.7", email, &old_code).await;
        reply.problem(422, "invalid_code");
    }
    app.get("/v1/players/me", &ann).await.ok();

    // A code mailed to the new address works through it, and through it only.
    assert_eq!(ask_reset(&app, "new@example.com").await.status, 202);
    let new_code = code_of(&nth_message(&smtp.dir, "new@example.com", 2).await);
    let (reply, _) = confirm_reset(&app, "198.51.100.7", "new@example.com", &new_code).await;
    assert_eq!(reply.status, 200, "{}", reply.body);

    // Naming a new address voids the codes open, the reset's among them.
    assert_eq!(ask_reset(&app, "new@example.com").await.status, 202);
    let open = code_of(&nth_message(&smtp.dir, "new@example.com", 3).await);
    let ann = Player::of_session(&reply.body);
    put_email(&app, &ann, "third@example.com").await;
    put_email(&app, &ann, "new@example.com").await;
    let code = code_of(&nth_message(&smtp.dir, "new@example.com", 4).await);
    verify(&app, &ann, &code).await.ok();
    let (reply, _) = confirm_reset(&app, "198.51.100.7", "new@example.com", &open).await;
    reply.problem(422, "invalid_code");
}

#[actix_web::test]
async fn a_failed_reset_confirm_tells_nothing_of_the_address() {
    let smtp = MailServer::start(free_port(), &scratch_dir("mail-alike"));
    let app = proxied(&smtp, 5).await;
    let (known, open) = (app.register("kim").await, app.register("oda").await);
    for (who, email) in [(&known, "kim@example.com"), (&open, "oda@example.com")] {
        put_email(&app, who, email).await;
        let code = code_of(&nth_message(&smtp.dir, email, 1).await);
        verify(&app, who, &code).await.ok();
    }
    assert_eq!(ask_reset(&app, "oda@example.com").await.status, 202);
    let code = code_of(&nth_message(&smtp.dir, "oda@example.com", 2).await);
    let wrong = other_than(&code);

    // Round four: an unknown address answered at once, "the code is wrong, used or
    // expired"; a verified one with no code "no code is open"; one with a code "4 tries
    // left", after the new password's hashing. Now one answer, after the same work.
    let cases = ["nobody@example.com", "kim@example.com", "oda@example.com"];
    let mut fastest = [Duration::MAX; 3];
    let mut answers = Vec::new();
    for _ in 0..3 {
        for (i, email) in cases.iter().enumerate() {
            let (reply, took) = confirm_reset(&app, "198.51.100.7", email, wrong).await;
            reply.problem(422, "invalid_code");
            fastest[i] = fastest[i].min(took);
            answers.push(reply.body_alike());
        }
    }
    assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
    // The fastest of three answers of each kind, taken in turns: an address no account
    // verified is not answered before the new password is hashed (a hash takes tens of
    // milliseconds, the lookup of an address one or two).
    let slowest = fastest.iter().max().copied().unwrap_or_default();
    for (email, took) in cases.iter().zip(fastest) {
        assert!(
            took * 3 >= slowest,
            "{email} in {took:?}, another in {slowest:?}"
        );
    }
    // The right code still works, after three wrong tries.
    let (reply, _) = confirm_reset(&app, "198.51.100.7", "oda@example.com", &code).await;
    assert_eq!(reply.status, 200, "{}", reply.body);

    // Confirms are limited per client address (BOURRE_REGISTRATIONS_PER_HOUR, 20: ten made
    // above), and per address whoever sends them (30).
    for _ in 0..10 {
        let (reply, _) = confirm_reset(&app, "198.51.100.7", "any@example.com", wrong).await;
        reply.problem(422, "invalid_code");
    }
    let (reply, _) = confirm_reset(&app, "198.51.100.7", "any@example.com", wrong).await;
    reply.problem(429, "rate_limited");
    for n in 0..20 {
        let (reply, _) =
            confirm_reset(&app, &format!("192.0.2.{n}"), "any@example.com", wrong).await;
        reply.problem(422, "invalid_code");
    }
    let (reply, _) = confirm_reset(&app, "192.0.2.99", "any@example.com", wrong).await;
    reply.problem(429, "rate_limited");
    let (reply, _) = confirm_reset(&app, "192.0.2.99", "kim@example.com", wrong).await;
    reply.problem(422, "invalid_code");
}

#[actix_web::test]
async fn naming_anothers_address_spends_nothing_of_their_recovery_mail() {
    let smtp = MailServer::start(free_port(), &scratch_dir("mail-silence"));
    let app = TestApp::start_with(mail_config(&smtp, 3)).await;
    let (vic, eve) = (app.register("vic").await, app.register("eve").await);
    put_email(&app, &vic, "vic@example.com").await;
    let code = code_of(&nth_message(&smtp.dir, "vic@example.com", 1).await);
    verify(&app, &vic, &code).await.ok();

    // Round four: eve named vic's address as her own until refused, and vic's reset then
    // mailed nothing for an hour.
    for _ in 0..2 {
        assert_eq!(put_email(&app, &eve, "vic@example.com").await.status, 202);
    }
    put_email(&app, &eve, "vic@example.com")
        .await
        .problem(429, "rate_limited");
    put_email(&app, &eve, "eve@example.com")
        .await
        .problem(429, "rate_limited");
    nth_message(&smtp.dir, "vic@example.com", 3).await;

    assert_eq!(ask_reset(&app, "vic@example.com").await.status, 202);
    let code = code_of(&nth_message(&smtp.dir, "vic@example.com", 4).await);
    let reply = app
        .call(
            Method::POST,
            "/v1/auth/password-reset/confirm",
            None,
            Some(json!({"email": "vic@example.com", "code": code, "new_password": "vic's own again"})),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
}

#[actix_web::test]
async fn a_code_asked_for_before_a_sigkill_is_mailed_after_the_restart() {
    let db = fresh_database().await;
    let port = free_port();
    let smtp_url = format!("smtp://127.0.0.1:{port}");
    let mut server = Server::start_with(
        &db,
        &log_file("mail-sigkill"),
        &[("BOURRE_SMTP_URL", &smtp_url), ("BOURRE_MAIL_FROM", FROM)],
    );
    wait_for(&server.base(), "/readyz", Duration::from_secs(30)).await;
    let app = TestApp::at(server.base(), db.clone());
    let eve = app.register("eve").await;
    // No mail server listens yet: the mail waits in the outbox, retried.
    let set = put_email(&app, &eve, "eve@example.com").await;
    assert_eq!(set.status, 202, "{}", set.body);
    server.kill();
    let smtp = MailServer::start(port, &scratch_dir("mail-sigkill"));
    server.spawn();
    wait_for(&server.base(), "/readyz", Duration::from_secs(30)).await;
    let code = code_of(&nth_message(&smtp.dir, "eve@example.com", 1).await);
    verify(&app, &eve, &code).await.ok();
}
