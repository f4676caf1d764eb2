//! Sign-in with OpenID Connect against a real provider (`tests/oidc/provider.mjs`, npm's
//! oidc-provider, pinned in `tests/oidc/package-lock.json`): ID tokens verified through
//! discovery and the JWKS, the provider's key rotation followed (and the key set fetched
//! again no more than once a minute), tokens for another audience, expired, with a wrong
//! nonce or from a foreign issuer refused; linking and unlinking (never the last way in);
//! a browser's authorization-code flow with PKCE through the server.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, client, config, first_line};

/// The redirect URI the test clients are registered with (nothing listens there: the
/// flows stop at the redirect).
pub const REDIRECT: &str = "http://127.0.0.1:9/cb";
/// The web client's id, and the phone app's.
pub const WEB: &str = "bourre-web";
pub const PHONE: &str = "bourre-ios";

/// A running OpenID provider.
pub struct Provider {
    child: Child,
    pub issuer: String,
}

impl Drop for Provider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Provider {
    /// A provider on a free port, with clients [`WEB`] (secret `web-secret`), [`PHONE`]
    /// and `other-app` registered.
    pub async fn start() -> Provider {
        let here = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oidc");
        if !std::path::Path::new(&format!("{here}/node_modules/oidc-provider")).exists() {
            // As `.ci/run` does: the pinned packages.
            let installed = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(here)
                .status()
                .expect("npm ci");
            assert!(installed.success(), "npm ci in tests/oidc");
        }
        let (child, line) = first_line(
            Command::new("node")
                .arg(format!("{here}/provider.mjs"))
                .env("PORT", "0")
                .stdin(Stdio::null())
                .stderr(Stdio::null()),
            "node tests/oidc/provider.mjs",
        );
        let issuer = line
            .trim()
            .strip_prefix("listening ")
            .unwrap_or_else(|| panic!("the provider did not start: {line:?}"))
            .to_owned();
        let provider = Provider { child, issuer };
        provider.client(WEB, Some("web-secret"), &[REDIRECT]).await;
        provider.client(PHONE, None, &[REDIRECT]).await;
        provider.client("other-app", None, &[REDIRECT]).await;
        provider
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        let mut response = client()
            .post(format!("{}{path}", self.issuer))
            .send_json(&body)
            .await
            .expect("the provider");
        let status = response.status().as_u16();
        let text = response.body().await.expect("body");
        assert!(
            (200..300).contains(&status),
            "{path}: {status} {}",
            String::from_utf8_lossy(&text)
        );
        serde_json::from_slice(&text).unwrap_or(Value::Null)
    }

    /// Registers a client.
    pub async fn client(&self, id: &str, secret: Option<&str>, redirects: &[&str]) {
        let mut body = json!({"client_id": id, "redirect_uris": redirects});
        if let Some(secret) = secret {
            body["client_secret"] = json!(secret);
        }
        self.post("/test/clients", body).await;
    }

    /// An ID token for `sub` issued to `client_id` through a real authorization-code flow.
    pub async fn token(&self, client_id: &str, sub: &str, nonce: Option<&str>) -> String {
        self.token_for(json!({"client_id": client_id, "sub": sub, "nonce": nonce}))
            .await
    }

    async fn token_for(&self, mut body: Value) -> String {
        if body["nonce"].is_null() {
            body.as_object_mut().expect("object").remove("nonce");
        }
        self.post("/test/token", body).await["id_token"]
            .as_str()
            .expect("id_token")
            .to_owned()
    }

    /// A new signing key, the old one no longer published; its kid.
    pub async fn rotate(&self) -> String {
        self.post("/test/rotate", json!({})).await["kid"]
            .as_str()
            .expect("kid")
            .to_owned()
    }

    /// The server's providers: this one, as `name` (its web client's secret given).
    pub fn providers(&self, name: &str) -> Arc<bourre::app::identity::oidc::Providers> {
        Arc::new(
            bourre::app::identity::oidc::Providers::parse(
                &format!("{name}={}|{WEB}|{PHONE}", self.issuer),
                &format!("{name}=web-secret"),
                true,
                60,
            )
            .expect("providers"),
        )
    }
}

/// A server's configuration whose provider `test` is `provider` (its web client's secret
/// given), with ID tokens' times checked with `leeway` seconds.
fn provider_config(provider: &Provider, leeway: u64) -> bourre::app::Config {
    let mut config = config(false);
    config.oidc = Arc::new(
        bourre::app::identity::oidc::Providers::parse(
            &format!("test={}|{WEB}|{PHONE}", provider.issuer),
            "test=web-secret",
            true,
            leeway,
        )
        .expect("providers"),
    );
    config
}

/// A server of [`provider_config`].
async fn server(provider: &Provider, leeway: u64) -> TestApp {
    TestApp::start_with(provider_config(provider, leeway)).await
}

async fn sign_in(app: &TestApp, token: &str, nonce: Option<&str>) -> crate::support::Reply {
    let mut body = json!({"provider": "test", "id_token": token});
    if let Some(nonce) = nonce {
        body["nonce"] = json!(nonce);
    }
    app.call(Method::POST, "/v1/auth/oidc", None, Some(body))
        .await
}

/// A PKCE verifier and its S256 challenge, as a browser makes them.
pub fn pkce() -> (String, String) {
    use base64::Engine;
    use sha2::Digest;
    let bytes: [u8; 32] = rand::random();
    let verifier = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(sha2::Sha256::digest(verifier.as_bytes()));
    (verifier, challenge)
}

/// A refusal of the token, with `why` in its detail.
#[track_caller]
fn refused(reply: &crate::support::Reply, why: &str) {
    reply.problem(401, "invalid_id_token");
    let detail = reply.body["detail"].as_str().unwrap_or("");
    assert!(detail.contains(why), "{why:?} not in {detail:?}");
}

#[actix_web::test]
async fn a_provider_signs_a_player_in_and_finds_them_again() {
    let provider = Provider::start().await;
    let app = server(&provider, 60).await;
    let providers = app
        .call(Method::GET, "/v1/auth/oidc/providers", None, None)
        .await
        .ok();
    assert_eq!(providers, json!({"providers": [{"name": "test"}]}));

    // The first sign-in makes the player, named as the provider says, with its email.
    let token = provider.token(PHONE, "ann", Some("n-1")).await;
    let reply = sign_in(&app, &token, Some("n-1")).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let ann = Player::of_session(&reply.body);
    assert_eq!(ann.name, "ann");
    assert_eq!(reply.body["player"]["guest"], false);
    let me = app.get("/v1/players/me", &ann).await.ok();
    assert_eq!(me["display_name"], "ann");
    assert_eq!(me["email"], "ann@example.test");
    assert_eq!(me["email_verified"], true);
    assert_eq!(me["has_password"], false);

    // Later ones, for either client id and with no nonce sent, find them.
    for client_id in [WEB, PHONE] {
        let token = provider.token(client_id, "ann", None).await;
        let reply = sign_in(&app, &token, None).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert_eq!(reply.body["player"]["id"], ann.id.as_str());
    }
    let identities = app.get("/v1/players/me/identities", &ann).await.ok();
    assert_eq!(identities["identities"][0]["provider"], "test");
    assert_eq!(identities["identities"][0]["email"], "ann@example.test");
    let export = app.get("/v1/players/me/export", &ann).await.ok();
    assert_eq!(export["identities"][0]["subject"], "ann");
    assert_eq!(export["identities"][0]["issuer"], provider.issuer.as_str());

    // A player whose provider vouches for an address another account verified gets no
    // email, and a name of their own.
    let zed = app.register("zed").await;
    app.sql(&format!(
        "UPDATE players SET email = 'ann.@example.test', email_verified_at = now() \
         WHERE id = '{}'",
        zed.id
    ))
    .await;
    let token = provider.token(PHONE, "ann.", None).await;
    let other = Player::of_session(&sign_in(&app, &token, None).await.ok());
    assert_ne!(other.id, ann.id);
    assert_eq!(other.name, "ann.");
    let me = app.get("/v1/players/me", &other).await.ok();
    assert_eq!(me["email"], Value::Null, "{me}");

    // Deleting the account (it has no password: nothing to confirm) unlinks the provider:
    // the next sign-in makes a new player.
    app.call(
        Method::DELETE,
        "/v1/players/me",
        Some(&ann.token),
        Some(json!({})),
    )
    .await
    .ok();
    let token = provider.token(PHONE, "ann", None).await;
    let reply = sign_in(&app, &token, None).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    assert_ne!(reply.body["player"]["id"], ann.id.as_str());
}

/// Sign-ins of one identity at once, half through each of two server processes on one
/// database: every one gets a session of its own, and one player is made.
async fn sign_in_at_once(one: &TestApp, two: &TestApp, token: &str, n: usize) -> Vec<u16> {
    let replies = futures_util::future::join_all(
        (0..n).map(|i| sign_in(if i % 2 == 0 { one } else { two }, token, None)),
    )
    .await;
    let players: std::collections::BTreeSet<&str> = replies
        .iter()
        .map(|r| r.body["player"]["id"].as_str().unwrap_or("none"))
        .collect();
    assert_eq!(players.len(), 1, "one player, not {players:?}");
    let sessions: std::collections::BTreeSet<String> = replies
        .iter()
        .map(|r| crate::support::session_of(r.body["token"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(sessions.len(), n, "a session each");
    replies.iter().map(|r| r.status).collect()
}

#[actix_web::test]
async fn sign_ins_of_one_player_at_once_on_two_processes_each_get_a_session() {
    let provider = Provider::start().await;
    let one = server(&provider, 60).await;
    let two = TestApp::on_database(one.db_url.clone(), provider_config(&provider, 60));
    let token = provider.token(PHONE, "ann", None).await;

    // A new identity's first sign-in, twenty at once: one makes the player, the others
    // find them (round four: 18 of 20 answered 500, deadlocked).
    let mut statuses = sign_in_at_once(&one, &two, &token, 20).await;
    statuses.sort_unstable();
    assert_eq!(statuses[..19], [200; 19], "{statuses:?}");
    assert_eq!(statuses[19], 201, "{statuses:?}");

    // A known player on two devices at once, or a double tap: ten at once (round four:
    // each held the player's row shared, then waited for the others' to note them seen).
    let token = provider.token(WEB, "ann", None).await;
    let statuses = sign_in_at_once(&one, &two, &token, 10).await;
    assert_eq!(statuses, [200; 10]);
    assert_eq!(
        one.sql_number("SELECT count(*) AS n FROM identities").await,
        1
    );
}

#[actix_web::test]
async fn tokens_that_should_not_sign_in_are_refused_with_the_reason() {
    let provider = Provider::start().await;
    let foreign = Provider::start().await;
    let app = server(&provider, 1).await;

    let token = provider.token("other-app", "ann", None).await;
    refused(&sign_in(&app, &token, None).await, "another audience");

    let token = provider.token(PHONE, "ann", Some("sent")).await;
    refused(
        &sign_in(&app, &token, Some("another")).await,
        "`nonce` is not the one sent",
    );
    let token = provider.token(PHONE, "ann", None).await;
    refused(&sign_in(&app, &token, Some("sent")).await, "no `nonce`");

    let token = foreign.token(PHONE, "ann", None).await;
    refused(&sign_in(&app, &token, None).await, "issued by");

    let expiring = provider
        .token_for(json!({"client_id": PHONE, "sub": "ann", "ttl": 1}))
        .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    refused(&sign_in(&app, &expiring, None).await, "expired");

    let token = provider.token(PHONE, "ann", None).await;
    let mut tampered = token.clone();
    tampered.push_str("AAAA");
    refused(&sign_in(&app, &tampered, None).await, "signature");
    refused(
        &sign_in(&app, "not.a.token", None).await,
        "not a signed JWT",
    );
    // Signed with a shared secret, or not at all, whatever the claims say.
    let claims = token.split('.').nth(1).expect("claims").to_owned();
    let b64 = |text: &str| crate::support::base64url(text.as_bytes());
    let hs256 = format!(
        "{}.{claims}.{}",
        b64(r#"{"alg":"HS256","typ":"JWT"}"#),
        b64("a signature")
    );
    refused(&sign_in(&app, &hs256, None).await, "public-key algorithm");
    let none = format!("{}.{claims}.", b64(r#"{"alg":"none"}"#));
    refused(&sign_in(&app, &none, None).await, "not a signed JWT");

    // Nothing refused made a player.
    assert_eq!(
        app.sql_number("SELECT count(*) AS n FROM identities").await,
        0
    );
    // A provider the server does not have.
    app.call(
        Method::POST,
        "/v1/auth/oidc",
        None,
        Some(json!({"provider": "nope", "id_token": token})),
    )
    .await
    .problem(422, "unknown_provider");
}

#[actix_web::test]
async fn the_providers_key_rotation_is_followed_once_a_minute_at_most() {
    let provider = Provider::start().await;
    let app = server(&provider, 60).await;
    let old = provider.token(PHONE, "ann", None).await;
    let fetched = std::time::Instant::now();
    assert_eq!(sign_in(&app, &old, None).await.status, 201);

    // The provider signs with a new key. The key set was fetched less than a minute ago:
    // not again so soon, so the token is refused...
    let kid = provider.rotate().await;
    let token = provider.token(PHONE, "ann", None).await;
    refused(
        &sign_in(&app, &token, None).await,
        &format!(
            "signed with key {kid:?}, which {} does not publish",
            provider.issuer
        ),
    );
    // ...and a minute on, the set is fetched again, with the new key.
    tokio::time::sleep(Duration::from_secs(61).saturating_sub(fetched.elapsed())).await;
    let reply = sign_in(&app, &token, None).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    // The old key is gone from the set: a token it signed no longer verifies.
    refused(&sign_in(&app, &old, None).await, "does not publish");
}

async fn link(app: &TestApp, who: &Player, token: String) -> crate::support::Reply {
    link_with(app, who, json!({"provider": "test", "id_token": token})).await
}

async fn link_with(app: &TestApp, who: &Player, body: Value) -> crate::support::Reply {
    app.call(
        Method::POST,
        "/v1/players/me/identities",
        Some(&who.token),
        Some(body),
    )
    .await
}

async fn unlink(app: &TestApp, who: &Player) -> crate::support::Reply {
    app.call(
        Method::DELETE,
        "/v1/players/me/identities/test",
        Some(&who.token),
        None,
    )
    .await
}

#[actix_web::test]
async fn a_provider_is_linked_and_unlinked_but_never_the_last_way_in() {
    let provider = Provider::start().await;
    let app = server(&provider, 60).await;

    // A guest links a provider: a full account from then on, signed in by it.
    let gus = Player::of_session(
        &app.call(Method::POST, "/v1/auth/guest", None, None)
            .await
            .ok(),
    );
    let reply = link(&app, &gus, provider.token(PHONE, "gus", None).await).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    assert_eq!(reply.body["identities"][0]["provider"], "test");
    assert_eq!(app.get("/v1/players/me", &gus).await.ok()["guest"], false);
    let again = link(&app, &gus, provider.token(PHONE, "gus", None).await).await;
    assert_eq!(again.status, 200, "{}", again.body);
    let session = sign_in(&app, &provider.token(PHONE, "gus", None).await, None)
        .await
        .ok();
    assert_eq!(session["player"]["id"], gus.id.as_str());
    link(&app, &gus, provider.token(PHONE, "gus-2", None).await)
        .await
        .problem(409, "provider_already_linked");

    // An account with a password confirms a link with it; another account's identity is
    // not taken over.
    let ann = app.register("ann").await;
    let with_password = |token: String, password: &str| json!({"provider": "test", "id_token": token, "password": password});
    link(&app, &ann, provider.token(WEB, "ann-at-test", None).await)
        .await
        .problem(403, "wrong_password");
    let token = provider.token(WEB, "ann-at-test", None).await;
    link_with(&app, &ann, with_password(token, "not the password"))
        .await
        .problem(403, "wrong_password");
    let token = provider.token(PHONE, "gus", None).await;
    link_with(&app, &ann, with_password(token, "correct horse battery"))
        .await
        .problem(409, "identity_taken");
    let token = provider.token(WEB, "ann-at-test", None).await;
    let linked = link_with(&app, &ann, with_password(token, "correct horse battery")).await;
    assert_eq!(linked.status, 201, "{}", linked.body);
    let session = sign_in(&app, &provider.token(WEB, "ann-at-test", None).await, None)
        .await
        .ok();
    assert_eq!(session["player"]["id"], ann.id.as_str());

    // The guest's only way in stays; with a password it may go.
    unlink(&app, &gus).await.problem(409, "last_sign_in_method");
    app.post(
        "/v1/players/me/upgrade",
        &gus,
        json!({"username": "gus", "password": "correct horse"}),
    )
    .await
    .ok();
    assert_eq!(unlink(&app, &gus).await.status, 204);
    unlink(&app, &gus).await.problem(404, "identity_not_found");
    let reply = sign_in(&app, &provider.token(PHONE, "gus", None).await, None).await;
    assert_eq!(reply.status, 201, "a new player: {}", reply.body);
    assert_ne!(reply.body["player"]["id"], gus.id.as_str());
}

/// Goes through the provider's pages from `url` as a browser would (keeping its cookies),
/// signing in as `account`, up to the redirect back to [`REDIRECT`]: that URL's query.
pub async fn browse(issuer: &str, url: &str, account: &str) -> Vec<(String, String)> {
    let browser = awc::Client::builder()
        .disable_redirects()
        .timeout(Duration::from_secs(20))
        .finish();
    let mut cookies: Vec<(String, String)> = Vec::new();
    let mut next = url.to_owned();
    let mut form: Option<String> = None;
    for _ in 0..10 {
        let jar = cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let request = match &form {
            Some(_) => browser.post(&next),
            None => browser.get(&next),
        }
        .insert_header(("cookie", jar));
        let mut response = match form.take() {
            Some(account) => request.send_form(&[("account", account)]).await,
            None => request.send().await,
        }
        .expect("the provider");
        for set in response.headers().get_all("set-cookie") {
            let pair = set.to_str().unwrap_or("").split(';').next().unwrap_or("");
            if let Some((name, value)) = pair.split_once('=') {
                cookies.retain(|(k, _)| k != name);
                cookies.push((name.to_owned(), value.to_owned()));
            }
        }
        if let Some(location) = response.headers().get("location") {
            let location = location.to_str().expect("location");
            if let Some(query) = location.strip_prefix(&format!("{REDIRECT}?")) {
                return form_urlencoded::parse(query.as_bytes())
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect();
            }
            next = reqwest::Url::parse(issuer)
                .and_then(|base| base.join(location))
                .expect("location")
                .to_string();
            continue;
        }
        let page = String::from_utf8_lossy(&response.body().await.expect("page")).into_owned();
        let action = page
            .split("action=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("no sign-in form in {page}"));
        next = format!("{issuer}{action}");
        form = Some(account.to_owned());
    }
    panic!("the provider never sent the browser back");
}

/// The value of `name` in a query's pairs.
fn param(pairs: &[(String, String)], name: &str) -> String {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}

async fn start(app: &TestApp, redirect: &str, challenge: &str) -> crate::support::Reply {
    app.call(
        Method::POST,
        "/v1/auth/oidc/authorizations",
        None,
        Some(json!({"provider": "test", "redirect_uri": redirect, "code_challenge": challenge})),
    )
    .await
}

async fn exchange(app: &TestApp, state: &str, code: &str, verifier: &str) -> crate::support::Reply {
    app.call(
        Method::POST,
        "/v1/auth/oidc/exchange",
        None,
        Some(json!({"state": state, "code": code, "code_verifier": verifier})),
    )
    .await
}

/// A refusal of the code by the provider, its reason said.
#[track_caller]
fn invalid_grant(reply: &crate::support::Reply) {
    reply.problem(422, "authorization_failed");
    let detail = reply.body["detail"].as_str().unwrap_or("");
    assert!(detail.contains("invalid_grant"), "{detail}");
}

#[actix_web::test]
async fn a_browser_signs_in_through_the_server_with_pkce() {
    let provider = Provider::start().await;
    let app = server(&provider, 60).await;
    let (verifier, challenge) = pkce();
    let started = start(&app, REDIRECT, &challenge).await;
    assert_eq!(started.status, 201, "{}", started.body);
    let url = started.body["authorization_url"].as_str().expect("url");
    let query: Vec<(String, String)> = reqwest::Url::parse(url)
        .expect("url")
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(param(&query, "client_id"), WEB);
    assert_eq!(param(&query, "code_challenge_method"), "S256");
    assert_eq!(param(&query, "code_challenge"), challenge);
    assert_eq!(
        param(&query, "state"),
        started.body["state"].as_str().expect("state")
    );
    assert!(!param(&query, "nonce").is_empty());

    let back = browse(&provider.issuer, url, "bea").await;
    let (state, code) = (param(&back, "state"), param(&back, "code"));
    let exchanged = exchange(&app, &state, &code, &verifier).await.ok();
    assert_eq!(exchanged["provider"], "test");
    assert_eq!(exchanged["nonce"], param(&query, "nonce").as_str());
    let token = exchanged["id_token"].as_str().expect("id_token");
    let session = sign_in(&app, token, exchanged["nonce"].as_str()).await;
    assert_eq!(session.status, 201, "{}", session.body);
    assert_eq!(session.body["player"]["username"], "bea");

    // A state is used once; a code the provider did not give is refused with its reason.
    exchange(&app, &state, &code, &verifier)
        .await
        .problem(422, "authorization_failed");
    let again = start(&app, REDIRECT, &challenge).await.ok();
    let again = again["state"].as_str().expect("state");
    invalid_grant(&exchange(&app, again, "not-a-code", &verifier).await);

    // Whoever saw the URL the browser came back to has the code, not the verifier.
    let (verifier, challenge) = pkce();
    let started = start(&app, REDIRECT, &challenge).await.ok();
    let url = started["authorization_url"].as_str().expect("url");
    let back = browse(&provider.issuer, url, "bea").await;
    let (thief, _) = pkce();
    invalid_grant(&exchange(&app, &param(&back, "state"), &param(&back, "code"), &thief).await);

    // A sign-in not finished within ten minutes; values that do not read.
    let started = start(&app, REDIRECT, &challenge).await.ok();
    app.sql("UPDATE oidc_authorizations SET expires_at = now() - interval '1 second'")
        .await;
    let state = started["state"].as_str().expect("state");
    exchange(&app, state, "a-code", &verifier)
        .await
        .problem(422, "authorization_failed");
    exchange(&app, state, "a-code", "short")
        .await
        .problem(422, "authorization_failed");
    start(&app, "/relative", &challenge)
        .await
        .problem(422, "invalid_redirect_uri");
    start(&app, REDIRECT, "too-short")
        .await
        .problem(422, "invalid_code_challenge");
}

#[actix_web::test]
async fn a_provider_that_cannot_be_reached_or_names_another_issuer_is_unavailable() {
    // Nothing listens at the first; the second's document names 127.0.0.1, not localhost.
    let provider = Provider::start().await;
    let port = crate::support::free_port();
    let elsewhere = provider.issuer.replace("127.0.0.1", "localhost");
    let mut config = config(false);
    config.oidc = Arc::new(
        bourre::app::identity::oidc::Providers::parse(
            &format!("down=http://127.0.0.1:{port}|{PHONE} renamed={elsewhere}|{PHONE}"),
            "",
            true,
            60,
        )
        .expect("providers"),
    );
    let app = TestApp::start_with(config).await;
    let token = provider.token(PHONE, "ann", None).await;
    let (_, challenge) = pkce();
    for name in ["down", "renamed"] {
        let reply = app
            .call(
                Method::POST,
                "/v1/auth/oidc",
                None,
                Some(json!({"provider": name, "id_token": token})),
            )
            .await;
        // The token names its own issuer: a foreign one is said before any fetch.
        refused(&reply, "issued by");
        let started = app
            .call(
                Method::POST,
                "/v1/auth/oidc/authorizations",
                None,
                Some(json!({"provider": name, "redirect_uri": REDIRECT, "code_challenge": challenge})),
            )
            .await;
        started.problem(503, "provider_unavailable");
        let detail = started.body["detail"].as_str().unwrap_or("");
        assert!(detail.contains(name), "{detail}");
        if name == "renamed" {
            assert!(detail.contains("names the issuer"), "{detail}");
        }
    }
    assert_eq!(
        app.sql_number("SELECT count(*) AS n FROM oidc_authorizations")
            .await,
        0
    );
}
