//! The web client in a real browser: `tests/browser/league_night.mjs` drives Debian's
//! Chromium through npm `playwright-core` (pinned in `tests/browser/package-lock.json`)
//! against `bourre serve` on a fresh database of the test cluster. Three players sign up,
//! make and join a league, sit at a table with a bot and play hands to the end through the
//! pages alone; the table on one screen at three sizes in four languages; the result on
//! the felt; a refused move; the server restarted mid-hand; a timeout's move told to every
//! player; the hand history "verified", newest first, and a replay on the felt; chat
//! bubbles and unread counts; the last table seen shown offline; a guest kept, an email
//! verified, a password reset by mail; a sign-in with an OpenID provider
//! (`tests/oidc/provider.mjs`) and a provider linked; no console error. Screenshots and the
//! server's log go to `target/browser/`.
//!
//! Needs Node.js and Chromium (`/usr/bin/chromium`, or `BOURRE_CHROMIUM`); `bash .ci/run`
//! installs both when missing. The npm package is installed here when it is not yet.

use std::path::Path;
use std::process::Command;

use crate::mail::MailServer;
use crate::oidc::{PHONE, Provider, WEB};
use crate::support::{JWT_SECRET, LOG_SIGNING_KEY, free_port, fresh_database, scratch_dir};

/// The repository, tests/browser with its npm packages installed, and Chromium's path.
fn browser_ready() -> (&'static Path, std::path::PathBuf, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/browser");
    let chromium = std::env::var("BOURRE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        Path::new(&chromium).exists(),
        "no Chromium at {chromium}: install Debian's chromium package (bash .ci/run does), \
         or set BOURRE_CHROMIUM"
    );
    if ["playwright-core", "axe-core"]
        .iter()
        .any(|m| !dir.join("node_modules").join(m).exists())
    {
        let npm = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .expect("npm (install Node.js and npm)");
        assert!(npm.success(), "npm ci in tests/browser: {npm}");
    }
    (root, dir, chromium)
}

/// `node <script>` in tests/browser against `bourre serve` on `database`: the settings every
/// script takes (the binary, the database, the JWT secret, Chromium, where its screenshots and
/// the server's log go).
fn script(name: &str, dir: &Path, database: &str, chromium: &str, out: &Path) -> Command {
    let mut node = Command::new("node");
    node.arg(name)
        .current_dir(dir)
        .env("BOURRE_BIN", env!("CARGO_BIN_EXE_bourre"))
        .env("DATABASE_URL", database)
        .env("BOURRE_JWT_SECRET", JWT_SECRET)
        .env("CHROMIUM", chromium)
        .env("OUT_DIR", out)
        .env_remove("BOURRE_LOG");
    node
}

/// Asserts a script's `run` passed (it printed `<what>: passed`) and left `shots` in `out`;
/// `log` is the server's log, named when it failed.
fn passed(run: &std::process::Output, what: &str, out: &Path, log: &str, shots: &[&str]) {
    let said = String::from_utf8_lossy(&run.stdout);
    let complained = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "{what} in the browser failed ({}):\n{said}\n{complained}\n(server log: {})",
        run.status,
        out.join(log).display()
    );
    print!("{said}");
    assert!(said.contains(&format!("{what}: passed")), "{said}");
    for shot in shots {
        assert!(out.join(shot).exists(), "no screenshot {shot}");
    }
}

#[actix_web::test]
async fn a_league_night_in_the_browser() {
    let (root, dir, chromium) = browser_ready();
    let database = fresh_database().await;
    let smtp = MailServer::start(free_port(), &scratch_dir("browser-mail"));
    let oidc = Provider::start().await;
    let out = root.join("target/browser");
    let run = script("league_night.mjs", &dir, &database, &chromium, &out)
        .env("BOURRE_LOG_SIGNING_KEY", LOG_SIGNING_KEY)
        .env("BOURRE_SMTP_URL", format!("smtp://127.0.0.1:{}", smtp.port))
        .env("BOURRE_MAIL_FROM", "Bourré <no-reply@bourre.test>")
        .env("MAIL_DIR", &smtp.dir)
        .env(
            "BOURRE_OIDC_PROVIDERS",
            format!("google={}|{WEB}|{PHONE}", oidc.issuer),
        )
        .env("BOURRE_OIDC_SECRETS", "google=web-secret")
        .env("BOURRE_OIDC_ALLOW_HTTP", "1")
        .env("OIDC_ISSUER", &oidc.issuer)
        .output()
        .expect("node (install Node.js)");
    passed(
        &run,
        "league night",
        &out,
        "server.log",
        &[
            "table-phone-hand.png",
            "table-desktop-hand.png",
            "table-desktop-trick.png",
            "table-desktop-ja.png",
            "history-phone.png",
            "signin-phone.png",
            "identities-phone.png",
            "leagues-desktop.png",
            "league-phone.png",
            "table-phone.png",
            "table-desktop.png",
            "offline-desktop.png",
            "replay-phone.png",
            "chat-bubble-desktop.png",
            "table-en-phone.png",
            "table-zh-Hans-phone.png",
            "table-ja-phone.png",
            "table-th-phone.png",
        ],
    );
}

/// The public log checked in the browser (`tests/browser/public_log.mjs`): finished hands
/// "Checked in this browser: in the public log, entry N of M", a newer checkpoint proved
/// consistent with the one kept in the browser; a forked checkpoint signed with the log's
/// real key (a second root for a size seen, a newer log that does not extend the kept one)
/// and another key for the log, each a warning with both checkpoints to download; a table
/// rewritten in SQL refused. The script makes the log's signing key itself, to sign what a
/// lying server would, and rewrites the table with `psql`.
#[actix_web::test]
async fn the_public_log_checked_in_the_browser() {
    let (root, dir, chromium) = browser_ready();
    let database = fresh_database().await;
    let out = root.join("target/browser");
    let run = script("public_log.mjs", &dir, &database, &chromium, &out)
        .env_remove("BOURRE_LOG_SIGNING_KEY")
        .output()
        .expect("node (install Node.js)");
    passed(
        &run,
        "public log",
        &out,
        "public-log-server.log",
        &[
            "public-log-checked.png",
            "public-log-forked.png",
            "public-log-rewritten.png",
        ],
    );
}

/// A tournament in the browser (`tests/browser/tournament.mjs`): an admin makes a league
/// night on the league's page; players enter from the tournament's page (its countdown,
/// entries and pool shown), one through the page itself; when it starts, "My table now"
/// leads to their table, where they play the round through the pages; then the standings
/// and the prizes paid, in four languages, with no console error. Screenshots go to
/// `target/browser/`.
#[actix_web::test]
async fn a_tournament_in_the_browser() {
    let (root, dir, chromium) = browser_ready();
    let database = fresh_database().await;
    let out = root.join("target/browser");
    let run = script("tournament.mjs", &dir, &database, &chromium, &out)
        .env("BOURRE_LOG_SIGNING_KEY", LOG_SIGNING_KEY)
        .output()
        .expect("node (install Node.js)");
    passed(
        &run,
        "tournament",
        &out,
        "tournament-server.log",
        &[
            "tournament-scheduled-desktop.png",
            "tournament-running-phone.png",
            "tournament-finished-desktop.png",
        ],
    );
}
