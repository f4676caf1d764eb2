//! The OpenAPI document's examples are real answers, and every answer is what the document
//! says. One test walks every operation on a running server; it checks each request body
//! and each answer against the schema the served document gives it (an undocumented status
//! or media type fails), then holds the document's examples to what it saw: one for every
//! request body and every successful answer with a body, each valid against its schema, and
//! none for anything the walk did not see.
//!
//! `BOURRE_WRITE_EXAMPLES=1` writes what the walk recorded to `openapi/examples.json` (ids
//! numbered, times moved to a fixed day) for the document to carry once rebuilt; then
//! `cargo run -- openapi > openapi/openapi.json`.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use awc::http::Method;
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Value, json};

use crate::mail::{MailServer, code_of, mail_config, nth_message};
use crate::native_push::{APNS_TOKEN, Services};
use crate::oidc::{PHONE, Provider, REDIRECT, browse, pkce};
use crate::support::{
    Player, Reply, TestApp, browser_subscription, free_port, legal_move, scratch_dir,
};

/// Not the tests' usual password, which the fuzzer's corpus knows.
const PASSWORD: &str = "lantern river oak";

/// The walk: a server, its served document, and what it recorded.
struct Walk {
    app: TestApp,
    /// The mail server the walk's codes go to.
    smtp: MailServer,
    /// The OpenID provider the walk signs in with.
    oidc: Provider,
    /// The push services the walk's devices are sent to.
    _native: Services,
    doc: Value,
    validators: HashMap<String, jsonschema::Validator>,
    /// By operation id: `request`, the first request body, and `responses`, the first
    /// successful answer of each status and media type.
    recorded: BTreeMap<String, Value>,
    /// Every (operation id, status) answered with success.
    seen: BTreeSet<(String, String)>,
}

impl Walk {
    async fn start() -> Walk {
        let smtp = MailServer::start(free_port(), &scratch_dir("examples-mail"));
        let oidc = Provider::start().await;
        let native = Services::start("examples-native");
        let app = TestApp::start_with(bourre::app::Config {
            oidc: oidc.providers("google"),
            native: native.native(),
            ..mail_config(&smtp, 20)
        })
        .await;
        let doc = app
            .call(Method::GET, "/openapi.json", None, None)
            .await
            .ok();
        Walk {
            app,
            smtp,
            oidc,
            _native: native,
            doc,
            validators: HashMap::new(),
            recorded: BTreeMap::new(),
            seen: BTreeSet::new(),
        }
    }

    /// The documented operation `method path` (query aside) is, by its fewest parameters.
    fn operation(&self, method: &Method, path: &str) -> Value {
        let path = path.split('?').next().unwrap_or(path);
        let segments: Vec<&str> = path.split('/').collect();
        let method = method.as_str().to_lowercase();
        self.doc["paths"]
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(template, _)| {
                let parts: Vec<&str> = template.split('/').collect();
                // A tile's path (`{tile}`, the last part) takes slashes.
                let rest = parts.last() == Some(&"{tile}") && segments.len() > parts.len();
                (parts.len() == segments.len() || rest)
                    && parts
                        .iter()
                        .zip(&segments)
                        .all(|(part, segment)| part.starts_with('{') || part == segment)
            })
            .filter_map(|(template, item)| {
                Some((template.matches('{').count(), item.get(&method)?))
            })
            .min_by_key(|(parameters, _)| *parameters)
            .map(|(_, op)| op.clone())
            .unwrap_or_else(|| panic!("{method} {path} is not documented"))
    }

    /// `object`, or what its `$ref` points to.
    fn resolve<'a>(&'a self, object: &'a Value) -> &'a Value {
        match object["$ref"].as_str() {
            Some(to) => self
                .doc
                .pointer(to.trim_start_matches('#'))
                .unwrap_or_else(|| panic!("{to} does not resolve")),
            None => object,
        }
    }

    /// Asserts `instance` is valid against `schema`, a schema of the document (what is
    /// checked is named by `what`).
    fn check(&mut self, what: &str, schema: &Value, instance: &Value) {
        let components = &self.doc["components"];
        let validator = self.validators.entry(what.to_owned()).or_insert_with(|| {
            let mut root = json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "components": components,
            });
            for (key, value) in schema.as_object().into_iter().flatten() {
                root[key] = value.clone();
            }
            jsonschema::draft202012::options()
                .should_validate_formats(true)
                .build(&root)
                .unwrap_or_else(|e| panic!("{what}: the schema does not compile: {e}"))
        });
        let errors: Vec<String> = validator
            .iter_errors(instance)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{what}: {instance} is not as documented: {errors:#?}"
        );
    }

    /// Checks an answer of operation `op` against the document and records it, with the
    /// `request` body that had it.
    fn answered(
        &mut self,
        op: &Value,
        status: u16,
        media: &str,
        body: &Value,
        request: Option<Value>,
    ) {
        let id = op["operationId"].as_str().expect("operation id").to_owned();
        let status = status.to_string();
        let response = self.resolve(&op["responses"][&status]).clone();
        assert!(
            response.is_object(),
            "{id}: {status} is not documented: {body}"
        );
        if media.is_empty() {
            assert!(
                response.get("content").is_none(),
                "{id} {status}: no body, though the document gives one"
            );
        } else {
            let schema = response
                .pointer(&format!("/content/{}/schema", media.replace('/', "~1")))
                .unwrap_or_else(|| panic!("{id} {status}: {media} is not documented"))
                .clone();
            self.check(&format!("{id} {status} {media}"), &schema, body);
        }
        if status.starts_with('2') {
            self.seen.insert((id.clone(), status.clone()));
            let entry = self
                .recorded
                .entry(id)
                .or_insert_with(|| json!({"responses": {}}));
            // Raw bytes have no JSON example.
            let example = !media.is_empty() && media != "application/octet-stream";
            if example && entry["responses"][&status].get(media).is_none() {
                entry["responses"][&status][media] = body.clone();
            }
            if let Some(request) = request
                && entry.get("request").is_none()
            {
                entry["request"] = request;
            }
        }
    }

    /// `method path` by `who` with a JSON `body`, each checked against the document.
    async fn call(
        &mut self,
        method: Method,
        path: &str,
        who: Option<&Player>,
        body: Option<Value>,
    ) -> Reply {
        let op = self.operation(&method, path);
        let id = op["operationId"].as_str().expect("operation id").to_owned();
        if let Some(body) = &body {
            let schema = op
                .pointer("/requestBody/content/application~1json/schema")
                .unwrap_or_else(|| panic!("{id} takes no JSON body"))
                .clone();
            self.check(&format!("{id} request"), &schema, body);
        }
        let reply = self
            .app
            .call(method, path, who.map(|p| p.token.as_str()), body.clone())
            .await;
        let media = reply.content_type.split(';').next().unwrap_or("").trim();
        self.answered(&op, reply.status, media, &reply.body, body);
        reply
    }

    /// As [`Walk::call`], asserting a success: its body.
    async fn ok(&mut self, method: Method, path: &str, who: &Player, body: Option<Value>) -> Value {
        self.call(method, path, Some(who), body).await.ok()
    }

    async fn get(&mut self, path: &str, who: &Player) -> Value {
        self.ok(Method::GET, path, who, None).await
    }

    async fn post(&mut self, path: &str, who: &Player, body: Value) -> Value {
        self.ok(Method::POST, path, who, Some(body)).await
    }

    /// `path` answers `status` with no body.
    async fn empty(
        &mut self,
        method: Method,
        path: &str,
        who: &Player,
        body: Option<Value>,
        status: u16,
    ) {
        let reply = self.call(method, path, Some(who), body).await;
        assert_eq!(reply.status, status, "{path}: {}", reply.body);
    }

    async fn sign_in(&mut self, path: &str, name: &str) -> (Player, String) {
        let reply = self
            .call(
                Method::POST,
                path,
                None,
                Some(json!({"username": name, "password": PASSWORD})),
            )
            .await;
        let body = reply.ok();
        let player = Player {
            id: body["player"]["id"].as_str().expect("id").to_owned(),
            name: name.to_owned(),
            token: body["token"].as_str().expect("token").to_owned(),
        };
        (
            player,
            body["refresh_token"].as_str().expect("refresh").to_owned(),
        )
    }

    async fn register(&mut self, name: &str) -> Player {
        self.sign_in("/v1/auth/register", name).await.0
    }

    /// The document's examples, each checked against its schema, as they would be
    /// recorded: (operation id, `request` or status, media type) to example.
    fn documented_examples(&mut self) -> BTreeMap<(String, String, String), Value> {
        let mut found = Vec::new();
        for item in self.doc["paths"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(_, i)| i)
        {
            for op in item.as_object().into_iter().flatten().map(|(_, op)| op) {
                let Some(id) = op["operationId"].as_str() else {
                    continue;
                };
                if let Some(media) = op.pointer("/requestBody/content/application~1json") {
                    found.push((
                        id.to_owned(),
                        "request".to_owned(),
                        "application/json".to_owned(),
                        media.clone(),
                    ));
                }
                for (status, response) in op["responses"].as_object().into_iter().flatten() {
                    for (media_type, media) in self.resolve(response)["content"]
                        .as_object()
                        .into_iter()
                        .flatten()
                    {
                        found.push((
                            id.to_owned(),
                            status.clone(),
                            media_type.clone(),
                            media.clone(),
                        ));
                    }
                }
            }
        }
        let mut examples = BTreeMap::new();
        for (id, at, media_type, media) in found {
            let Some(example) = media.get("example") else {
                continue;
            };
            self.check(
                &format!("{id} {at} {media_type} example"),
                &media["schema"],
                example,
            );
            examples.insert((id, at, media_type), example.clone());
        }
        examples
    }
}

/// Ids numbered in order of appearance and times moved to a fixed day (keeping their
/// distances), also inside a JSON document held in a string, so that recording again
/// changes less than everything.
#[derive(Default)]
struct Stable {
    ids: HashMap<String, String>,
    shift: Option<chrono::TimeDelta>,
}

impl Stable {
    fn value(&mut self, value: &Value) -> Value {
        match value {
            Value::String(text) => Value::String(self.text(text)),
            Value::Array(items) => items.iter().map(|v| self.value(v)).collect(),
            Value::Object(fields) => fields
                .iter()
                .map(|(k, v)| (k.clone(), self.value(v)))
                .collect(),
            other => other.clone(),
        }
    }

    fn text(&mut self, text: &str) -> String {
        if let Ok(at) = DateTime::parse_from_rfc3339(text) {
            let at = at.with_timezone(&Utc);
            let day = DateTime::parse_from_rfc3339("2026-06-01T18:00:00Z").expect("a time");
            let shift = *self.shift.get_or_insert(day.with_timezone(&Utc) - at);
            return (at + shift).to_rfc3339_opts(SecondsFormat::AutoSi, true);
        }
        // A document inside a string (a stream frame's data) is made stable as one.
        if text.starts_with('{')
            && let Ok(inner) = serde_json::from_str::<Value>(text)
        {
            return self.value(&inner).to_string();
        }
        let mut out = String::new();
        let mut rest = text;
        while let Some((before, id, after)) = first_uuid(rest) {
            out.push_str(before);
            let n = self.ids.len() + 1;
            let stable = self
                .ids
                .entry(id.to_owned())
                .or_insert_with(|| format!("00000000-0000-4000-8000-{n:012}"));
            out.push_str(stable);
            rest = after;
        }
        out.push_str(rest);
        out
    }
}

/// The first hyphenated UUID in `text`: what precedes it, it, and what follows.
fn first_uuid(text: &str) -> Option<(&str, &str, &str)> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(35)).find_map(|i| {
        let candidate = &bytes[i..i + 36];
        let shaped = candidate.iter().enumerate().all(|(j, b)| match j {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        });
        shaped.then(|| (&text[..i], &text[i..i + 36], &text[i + 36..]))
    })
}

/// The first frame of an SSE `text`, as the document's `StreamEvent`.
fn first_frame(text: &str) -> Value {
    let frame = text
        .split("\n\n")
        .find(|f| f.lines().any(|l| l.starts_with("event: ")))
        .unwrap_or_else(|| panic!("no event in {text:?}"));
    let field = |name: &str| {
        frame
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {frame:?}"))
            .to_owned()
    };
    json!({"id": field("id: "), "event": field("event: "), "data": field("data: ")})
}

#[actix_web::test]
async fn every_operation_answers_as_documented_and_its_examples_are_real() {
    let mut w = Walk::start().await;
    for path in [
        "/healthz",
        "/readyz",
        "/v1/push/vapid-public-key",
        "/v1/chat/phrases",
    ] {
        let reply = w.call(Method::GET, path, None, None).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    }

    // Accounts and sessions.
    let ann = w.register("ann").await;
    let bob = w.register("bob").await;
    let cat = w.register("cat").await;
    let dee = w.register("dee").await;
    let eve = w.register("eve").await;
    let fay = w.register("fay").await;
    // A guest, who keeps the account; a profile.
    let guest = w
        .call(Method::POST, "/v1/auth/guest", None, None)
        .await
        .ok();
    let gus = Player {
        id: guest["player"]["id"].as_str().expect("id").to_owned(),
        name: "gus".to_owned(),
        token: guest["token"].as_str().expect("token").to_owned(),
    };
    w.post(
        "/v1/players/me/upgrade",
        &gus,
        json!({"username": "gus", "password": PASSWORD}),
    )
    .await;
    w.ok(
        Method::PATCH,
        "/v1/players/me",
        &bob,
        Some(
            json!({"display_name": "Bobby Lafleur", "avatar": "heron", "locale": "en",
                    "time_zone": "America/Chicago"}),
        ),
    )
    .await;
    // Sign in with a provider: a browser's authorization-code flow with PKCE through the
    // server, a first sign-in (a new player) and a later one from the phone app; linking a
    // provider to an account, listed, unlinked.
    let providers = w
        .call(Method::GET, "/v1/auth/oidc/providers", None, None)
        .await
        .ok();
    assert_eq!(providers["providers"][0]["name"], "google");
    let (verifier, challenge) = pkce();
    let started = w
        .call(
            Method::POST,
            "/v1/auth/oidc/authorizations",
            None,
            Some(json!({"provider": "google", "redirect_uri": REDIRECT,
                        "code_challenge": challenge})),
        )
        .await
        .ok();
    let url = started["authorization_url"].as_str().expect("url");
    let back = browse(&w.oidc.issuer, url, "hal").await;
    let param = |name: &str| {
        back.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .expect(name)
    };
    let exchanged = w
        .call(
            Method::POST,
            "/v1/auth/oidc/exchange",
            None,
            Some(json!({"state": param("state"), "code": param("code"),
                        "code_verifier": verifier})),
        )
        .await
        .ok();
    let first = w
        .call(Method::POST, "/v1/auth/oidc", None, Some(exchanged.clone()))
        .await;
    assert_eq!(first.status, 201, "{}", first.body);
    let token = w.oidc.token(PHONE, "hal", None).await;
    let again = w
        .call(
            Method::POST,
            "/v1/auth/oidc",
            None,
            Some(json!({"provider": "google", "id_token": token})),
        )
        .await;
    assert_eq!(again.status, 200, "{}", again.body);
    let token = w.oidc.token(PHONE, "fay-at-google", None).await;
    let link = json!({"provider": "google", "id_token": token, "password": PASSWORD});
    let linked = w
        .call(
            Method::POST,
            "/v1/players/me/identities",
            Some(&fay),
            Some(link.clone()),
        )
        .await;
    assert_eq!(linked.status, 201, "{}", linked.body);
    let relinked = w
        .call(
            Method::POST,
            "/v1/players/me/identities",
            Some(&fay),
            Some(link),
        )
        .await;
    assert_eq!(relinked.status, 200, "{}", relinked.body);
    w.get("/v1/players/me/identities", &fay).await;
    w.empty(
        Method::DELETE,
        "/v1/players/me/identities/google",
        &fay,
        None,
        204,
    )
    .await;
    // A phone app's device: registered, listed, removed.
    let device = w
        .post(
            "/v1/players/me/devices",
            &fay,
            json!({"platform": "apns", "token": APNS_TOKEN}),
        )
        .await;
    w.get("/v1/players/me/devices", &fay).await;
    w.empty(
        Method::DELETE,
        &format!(
            "/v1/players/me/devices/{}",
            device["id"].as_str().expect("id")
        ),
        &fay,
        None,
        204,
    )
    .await;
    // What fay's browsers and devices are pushed: hands' ends too, and quiet at night.
    let mut settings = w.get("/v1/players/me/notification-settings", &fay).await;
    settings["devices"]["hand_ended"] = json!(true);
    settings["quiet_hours"] = json!({"start": "23:00", "end": "07:30"});
    w.ok(
        Method::PUT,
        "/v1/players/me/notification-settings",
        &fay,
        Some(settings),
    )
    .await;
    // An email, verified; a password reset by a mailed code (cat's other sessions end).
    w.ok(
        Method::PUT,
        "/v1/players/me/email",
        &cat,
        Some(json!({"email": "cat@example.com"})),
    )
    .await;
    let code = code_of(&nth_message(&w.smtp.dir, "cat@example.com", 1).await);
    w.post("/v1/players/me/email/verify", &cat, json!({"code": code}))
        .await;
    let asked = w
        .call(
            Method::POST,
            "/v1/auth/password-reset",
            None,
            Some(json!({"email": "cat@example.com"})),
        )
        .await;
    assert_eq!(asked.status, 202, "{}", asked.body);
    let code = code_of(&nth_message(&w.smtp.dir, "cat@example.com", 2).await);
    let reset = w
        .call(
            Method::POST,
            "/v1/auth/password-reset/confirm",
            None,
            Some(json!({"email": "cat@example.com", "code": code, "new_password": PASSWORD})),
        )
        .await
        .ok();
    let cat = Player {
        token: reset["token"].as_str().expect("token").to_owned(),
        ..cat
    };
    let (_, refresh) = w.sign_in("/v1/auth/login", "ann").await;
    let renewed = w
        .call(
            Method::POST,
            "/v1/auth/refresh",
            None,
            Some(json!({"refresh_token": refresh})),
        )
        .await
        .ok();
    let session = Player {
        token: renewed["token"].as_str().expect("token").to_owned(),
        ..ann.clone()
    };
    w.empty(
        Method::POST,
        "/v1/auth/logout",
        &session,
        Some(json!({"all": false})),
        204,
    )
    .await;

    // A league everyone joins, by its code or at its own address.
    let league = w
        .post(
            "/v1/leagues",
            &ann,
            json!({"name": "Friday night", "starting_balance": 500, "join_policy": "open"}),
        )
        .await;
    let id = league["id"].as_str().expect("league").to_owned();
    let code = league["invite_code"].as_str().expect("code").to_owned();
    // What the code opens, as an invite link's page asks before anyone signs in.
    let invite = w
        .call(Method::GET, &format!("/v1/invites/{code}"), None, None)
        .await
        .ok();
    assert_eq!(invite["league_name"], "Friday night", "{invite}");
    assert_eq!(invite["invited_by"], ann.name.as_str(), "{invite}");
    w.post("/v1/leagues/join", &bob, json!({"invite_code": code}))
        .await;
    for p in [&cat, &dee, &eve] {
        w.post(
            &format!("/v1/leagues/{id}/members"),
            p,
            json!({"invite_code": code}),
        )
        .await;
    }
    w.post(&format!("/v1/leagues/{id}/invite-code"), &ann, json!({}))
        .await;
    // The league's tables may say free text too.
    w.ok(
        Method::PATCH,
        &format!("/v1/leagues/{id}"),
        &ann,
        Some(json!({"chat": "text"})),
    )
    .await;
    w.empty(
        Method::POST,
        &format!("/v1/leagues/{id}/admins"),
        &ann,
        Some(json!({"player_id": eve.id})),
        204,
    )
    .await;
    w.post(
        &format!("/v1/leagues/{id}/grants"),
        &ann,
        json!({"player_id": bob.id, "amount": 50, "reason": "Won the raffle"}),
    )
    .await;
    w.empty(
        Method::DELETE,
        &format!("/v1/leagues/{id}/members/{}", dee.id),
        &ann,
        None,
        204,
    )
    .await;

    // A league whose admin approves each member.
    let club = w
        .post(
            "/v1/leagues",
            &cat,
            json!({"name": "Members only", "starting_balance": 200, "join_policy": "approval"}),
        )
        .await;
    let club_id = club["id"].as_str().expect("league").to_owned();
    let club_code = club["invite_code"].as_str().expect("code").to_owned();
    let asked = w
        .call(
            Method::POST,
            "/v1/leagues/join",
            Some(&fay),
            Some(json!({"invite_code": club_code})),
        )
        .await;
    assert_eq!(asked.status, 202, "{}", asked.body);
    let asked = w
        .call(
            Method::POST,
            &format!("/v1/leagues/{club_id}/members"),
            Some(&dee),
            Some(json!({"invite_code": club_code})),
        )
        .await;
    assert_eq!(asked.status, 202, "{}", asked.body);
    w.get(&format!("/v1/leagues/{club_id}/join-requests"), &cat)
        .await;
    w.ok(
        Method::POST,
        &format!("/v1/leagues/{club_id}/join-requests/{}", dee.id),
        &cat,
        None,
    )
    .await;
    w.empty(
        Method::DELETE,
        &format!("/v1/leagues/{club_id}/join-requests/{}", fay.id),
        &cat,
        None,
        204,
    )
    .await;

    // Webhooks: one removed; one whose admin leaves, taken over by another.
    let hooks = format!("/v1/leagues/{id}/webhooks");
    let kept = w
        .post(
            &hooks,
            &eve,
            json!({"url": "https://hooks.example.net/bourre", "events": ["turn.started", "hand.ended"]}),
        )
        .await;
    let kept = kept["id"].as_str().expect("hook").to_owned();
    let gone = w
        .post(
            &hooks,
            &ann,
            json!({"url": "https://hooks.example.net/old", "events": ["hand.ended"]}),
        )
        .await;
    let gone = gone["id"].as_str().expect("hook").to_owned();
    w.empty(Method::DELETE, &format!("{hooks}/{gone}"), &ann, None, 204)
        .await;
    w.get(&hooks, &ann).await;

    // A tournament: made, entered, listed, changed, withdrawn from, cancelled.
    let night = w
        .post(
            &format!("/v1/leagues/{id}/tournaments"),
            &ann,
            json!({
                "name": "Friday night", "starts_at": (Utc::now() + chrono::Duration::days(1))
                    .to_rfc3339_opts(SecondsFormat::Secs, true),
                "rounds": 3, "hands_per_round": 5, "table_size": {"min": 3, "max": 6},
                "buy_in": 20, "prizes": [60, 30, 10], "turn_seconds": 120,
                "late_registration_rounds": 1,
                "recurrence": {"rrule": "FREQ=WEEKLY;BYDAY=FR", "time_zone": "America/Chicago"},
            }),
        )
        .await;
    let night = format!(
        "/v1/tournaments/{}",
        night["id"].as_str().expect("tournament")
    );
    w.ok(Method::POST, &format!("{night}/entries"), &bob, None)
        .await;
    w.ok(Method::POST, &format!("{night}/entries"), &ann, None)
        .await;
    w.get(&night, &bob).await;
    w.get(&format!("/v1/leagues/{id}/tournaments"), &bob).await;
    w.ok(
        Method::PATCH,
        &night,
        &ann,
        Some(json!({"hands_per_round": 4, "lead_seconds": 3600})),
    )
    .await;
    w.empty(
        Method::DELETE,
        &format!("{night}/entries/me"),
        &bob,
        None,
        204,
    )
    .await;
    w.ok(Method::POST, &format!("{night}/cancel"), &ann, None)
        .await;

    // Push subscriptions.
    let push = "/v1/players/me/push-subscriptions";
    let subscription =
        |n: u8| browser_subscription(&format!("https://push.example.net/send/bob-{n}"));
    let first = w.post(push, &bob, subscription(1)).await;
    w.post(push, &bob, subscription(2)).await;
    w.get(push, &bob).await;
    w.empty(
        Method::DELETE,
        &format!("{push}/{}", first["id"].as_str().expect("subscription")),
        &bob,
        None,
        204,
    )
    .await;
    w.empty(
        Method::DELETE,
        push,
        &bob,
        Some(json!({"endpoint": "https://push.example.net/send/bob-2"})),
        204,
    )
    .await;

    // A table: seats, a bot, a client seed, a stream ticket.
    let table = w
        .post(
            "/v1/tables",
            &ann,
            json!({"league_id": id, "name": "Table 1", "rules": {"ante": 5}}),
        )
        .await;
    let table = table["id"].as_str().expect("table").to_owned();
    let t = format!("/v1/tables/{table}");
    for (p, seat) in [(&ann, 0), (&bob, 1), (&cat, 2)] {
        w.post(&format!("{t}/seats"), p, json!({"seat": seat}))
            .await;
    }
    w.ok(Method::DELETE, &format!("{t}/seats/me"), &cat, None)
        .await;
    let with_bot = w.post(&format!("{t}/bots"), &ann, json!({})).await;
    let bot_seat = with_bot["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .find(|s| s["bot"] == true)
        .and_then(|s| s["seat"].as_u64())
        .expect("the bot's seat");
    w.ok(Method::DELETE, &format!("{t}/bots/{bot_seat}"), &ann, None)
        .await;
    w.ok(
        Method::PUT,
        &format!("{t}/seats/me/client-seed"),
        &bob,
        Some(json!({"seed": "bobs-lucky-socks-7"})),
    )
    .await;
    let ticket = w
        .ok(Method::POST, &format!("{t}/stream-ticket"), &ann, None)
        .await;
    let ticket = ticket["ticket"].as_str().expect("ticket").to_owned();

    // A hand, played to its end from the views.
    let dealt = w.ok(Method::POST, &format!("{t}/hands"), &ann, None).await;
    let first = if dealt["to_act"]["player_id"] == bob.id.as_str() {
        &bob
    } else {
        &ann
    };
    w.get("/v1/players/me/turns", first).await;
    for _ in 0..100 {
        let view = w.get(&t, &ann).await;
        if view["status"] != "playing" {
            break;
        }
        let actor = view["to_act"]["player_id"].clone();
        let who = [&ann, &bob]
            .into_iter()
            .find(|p| actor == p.id.as_str())
            .expect("a seated player to act");
        let mine = w.get(&t, who).await;
        let action = legal_move(&mine).expect("a legal move");
        w.post(
            &format!("{t}/actions"),
            who,
            json!({"action": action, "expected_version": mine["version"]}),
        )
        .await;
    }
    assert_ne!(w.get(&t, &ann).await["status"], "playing", "the hand ended");

    // A word at the table: a phrase, and free text (the league allows it).
    w.post(&format!("{t}/chat"), &bob, json!({"phrase": "nice_hand"}))
        .await;
    w.post(
        &format!("{t}/chat"),
        &ann,
        json!({"text": "Same time next week?"}),
    )
    .await;
    let said = w.get(&format!("{t}/chat?after=0&limit=50"), &cat).await;
    let phrase_id = said["messages"][0]["id"].as_i64().expect("a message");

    // Blocks, a report, and what the admin does with it.
    let block = json!({"player_id": ann.id});
    w.post("/v1/players/me/blocks", &cat, block.clone()).await;
    w.post("/v1/players/me/blocks", &cat, block).await;
    w.get("/v1/players/me/blocks", &cat).await;
    w.empty(
        Method::DELETE,
        &format!("/v1/players/me/blocks/{}", ann.id),
        &cat,
        None,
        204,
    )
    .await;
    let report = json!({"kind": "message", "id": phrase_id.to_string(), "reason": "spam",
                        "note": "Said after every trick"});
    let filed = w.post("/v1/reports", &ann, report.clone()).await;
    w.post("/v1/reports", &ann, report).await;
    let reports = format!("/v1/leagues/{id}/reports");
    w.get(&format!("{reports}?state=open&limit=20"), &ann).await;
    w.post(
        &format!("{reports}/{}", filed["id"]),
        &ann,
        json!({"action": "dismiss"}),
    )
    .await;

    // What the table and the league keep of it.
    w.get(&format!("{t}/events?after=0&limit=5"), &ann).await;
    w.get(&format!("{t}/updates?after=0&limit=5"), &bob).await;
    w.get(&format!("{t}/hands"), &ann).await;
    w.get(&format!("{t}/hands/1"), &ann).await;
    w.get(&format!("{t}/hands/1/audit"), &ann).await;
    // The hand in the public log, added within seconds of its end.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while w
        .call(Method::GET, &format!("{t}/hands/1/proof"), Some(&ann), None)
        .await
        .status
        != 200
    {
        assert!(std::time::Instant::now() < deadline, "hand 1 never logged");
        actix_web::rt::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let log = w.call(Method::GET, "/v1/log", None, None).await.ok();
    let size = log["size"].as_u64().expect("size");
    w.call(
        Method::GET,
        &format!("/v1/log/consistency?from=1&to={size}"),
        None,
        None,
    )
    .await
    .ok();
    for (path, media) in [
        ("/v1/log/checkpoint".to_owned(), "text/plain"),
        (
            format!("/v1/log/tile/entries/000.p/{size}"),
            "application/octet-stream",
        ),
    ] {
        let op = w.operation(&Method::GET, &path);
        let mut answer = w
            .app
            .client
            .get(format!("{}{path}", w.app.base))
            .send()
            .await
            .expect(&path);
        let bytes = answer.body().await.expect("body");
        w.answered(
            &op,
            answer.status().as_u16(),
            media,
            &json!(String::from_utf8_lossy(&bytes)),
            None,
        );
    }
    let op = w.operation(&Method::GET, &format!("{t}/hands/1"));
    let mut transcript = w
        .app
        .client
        .get(format!("{}{t}/hands/1", w.app.base))
        .insert_header(("Authorization", format!("Bearer {}", ann.token)))
        .insert_header(("Accept", "text/plain"))
        .send()
        .await
        .expect("transcript");
    let text = transcript.body().await.expect("transcript body");
    w.answered(
        &op,
        transcript.status().as_u16(),
        "text/plain",
        &json!(String::from_utf8_lossy(&text)),
        None,
    );
    // Hand histories: one hand in BHH, and the NDJSON exports (each line a BHH hand: the
    // first stands for them all).
    w.get(&format!("{t}/hands/1/export"), &ann).await;
    for path in [
        format!("/v1/leagues/{id}/hands/export?order=desc&max=1"),
        "/v1/players/me/hands/export?max=1".to_owned(),
    ] {
        let op = w.operation(&Method::GET, &path);
        let mut answer = w
            .app
            .client
            .get(format!("{}{path}", w.app.base))
            .insert_header(("Authorization", format!("Bearer {}", ann.token)))
            .send()
            .await
            .expect(&path);
        let bytes = answer.body().limit(1 << 22).await.expect("body");
        let first: Value = String::from_utf8_lossy(&bytes)
            .lines()
            .next()
            .and_then(|line| serde_json::from_str(line).ok())
            .unwrap_or_else(|| panic!("{path}: no hand"));
        w.answered(
            &op,
            answer.status().as_u16(),
            "application/x-ndjson",
            &first,
            None,
        );
    }
    let op = w.operation(&Method::GET, &format!("{t}/stream"));
    let mut stream = w
        .app
        .client
        .get(format!("{}{t}/stream?ticket={ticket}", w.app.base))
        .send()
        .await
        .expect("stream");
    let status = stream.status().as_u16();
    let (text, _) = crate::support::read_to_end(&mut stream, 1).await;
    w.answered(&op, status, "text/event-stream", &first_frame(&text), None);
    for path in [
        format!("/v1/leagues/{id}"),
        format!("/v1/leagues/{id}/history"),
        format!("/v1/leagues/{id}/ledger"),
        format!("/v1/leagues/{id}/members"),
        format!("/v1/leagues/{id}/standings?sort=balance&order=desc"),
        format!("/v1/leagues/{id}/tables"),
        "/v1/leagues".to_owned(),
        "/v1/players/me".to_owned(),
        "/v1/players/me/tables".to_owned(),
        "/v1/players/me/export".to_owned(),
        format!("/v1/players/{}", bob.id),
    ] {
        w.get(&path, &ann).await;
    }
    // The webhook's deliveries (attempted, and failing: its host does not exist).
    let deliveries = format!("{hooks}/{kept}/deliveries?limit=2");
    for _ in 0..50 {
        if w.get(&deliveries, &eve).await["deliveries"]
            .as_array()
            .is_some_and(|d| !d.is_empty())
        {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Endings: a season, a password, an account (its webhook taken over), a table.
    w.ok(
        Method::POST,
        &format!("/v1/leagues/{id}/seasons"),
        &ann,
        None,
    )
    .await;
    w.empty(
        Method::PUT,
        "/v1/players/me/password",
        &bob,
        Some(json!({"current_password": PASSWORD, "new_password": "seven candles burning"})),
        204,
    )
    .await;
    w.empty(
        Method::DELETE,
        "/v1/players/me",
        &eve,
        Some(json!({"password": PASSWORD})),
        204,
    )
    .await;
    w.ok(
        Method::POST,
        &format!("{hooks}/{kept}/take-over"),
        &ann,
        None,
    )
    .await;
    w.ok(Method::POST, &format!("{t}/close"), &ann, None).await;

    // Every documented success was seen.
    let documented: BTreeSet<(String, String)> = w.doc["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(_, item)| item.as_object().into_iter().flatten())
        .filter_map(|(_, op)| {
            let id = op["operationId"].as_str()?.to_owned();
            Some(
                op["responses"]
                    .as_object()?
                    .keys()
                    .filter(|s| s.starts_with('2'))
                    .map(|s| (id.clone(), s.clone()))
                    .collect::<Vec<_>>(),
            )
        })
        .flatten()
        .collect();
    let unseen: Vec<_> = documented.difference(&w.seen).collect();
    assert!(unseen.is_empty(), "never answered: {unseen:?}");

    let recorded: BTreeMap<(String, String, String), Value> = w
        .recorded
        .iter()
        .flat_map(|(id, entry)| {
            let request = entry.get("request").map(|body| {
                (
                    (
                        id.clone(),
                        "request".to_owned(),
                        "application/json".to_owned(),
                    ),
                    body.clone(),
                )
            });
            let answers = entry["responses"]
                .as_object()
                .into_iter()
                .flatten()
                .flat_map(move |(status, answers)| {
                    answers
                        .as_object()
                        .into_iter()
                        .flatten()
                        .map(move |(media, body)| {
                            ((id.clone(), status.clone(), media.clone()), body.clone())
                        })
                });
            request.into_iter().chain(answers)
        })
        .collect();
    if std::env::var_os("BOURRE_WRITE_EXAMPLES").is_some() {
        let stable = Stable::default().value(&json!(w.recorded));
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/examples.json");
        std::fs::write(
            file,
            format!("{}\n", serde_json::to_string_pretty(&stable).expect("json")),
        )
        .expect("write openapi/examples.json");
        return;
    }
    let documented = w.documented_examples();
    let missing: Vec<_> = recorded
        .keys()
        .filter(|k| !documented.contains_key(*k))
        .collect();
    let stale: Vec<_> = documented
        .keys()
        .filter(|k| !recorded.contains_key(*k))
        .collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "the document's examples are not the walk's (record them again with \
         BOURRE_WRITE_EXAMPLES=1): missing {missing:?}, never seen {stale:?}"
    );
}
