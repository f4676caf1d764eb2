//! The real app on port 0 against a fresh PostgreSQL database per test, driven over HTTP.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use awc::http::Method;
use bourre::api;
use bourre::app::{App, Config, JwtKeys};
use bourre::tools::database;
use bourre_store as store;
use diesel::QueryableByName;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::{Value, json};

pub const JWT_SECRET: &str = "test-secret-test-secret-test-secret!";

/// The server's administrative database URL: `DATABASE_URL`, or the private test cluster.
fn admin_url() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/test-pg");
    let url = std::env::var("DATABASE_URL").ok();
    database::database(url.as_deref(), "postgres", || Ok(dir))
        .expect("private PostgreSQL cluster")
        .admin_url
}

fn with_database(url: &str, db: &str) -> String {
    match url.rfind('/') {
        Some(i) => format!("{}/{db}", &url[..i]),
        None => panic!("database URL without a path: {url}"),
    }
}

#[derive(QueryableByName)]
struct Exists {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    exists: bool,
}

#[derive(QueryableByName)]
struct Datname {
    #[diesel(sql_type = diesel::sql_types::Text)]
    datname: String,
}

/// How long a test database outlives its test: older ones are from earlier runs.
const STALE_AFTER_SECS: u64 = 2 * 3600;

fn unix_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock after 1970")
        .as_secs()
}

/// Drops the test databases of earlier runs and the templates of other migrations, so the
/// test cluster does not grow with every run. Called under the template lock.
async fn drop_stale(admin: &mut AsyncPgConnection, template: &str) {
    let names: Vec<Datname> = diesel::sql_query(
        "SELECT datname FROM pg_database \
         WHERE datname LIKE 'bourre\\_test\\_%' OR datname LIKE 'bourre\\_tpl\\_%'",
    )
    .load(admin)
    .await
    .expect("list test databases");
    let now = unix_secs();
    for Datname { datname } in names {
        let stale = match datname.strip_prefix("bourre_test_") {
            Some(rest) => rest
                .split('_')
                .next()
                .and_then(|secs| secs.parse::<u64>().ok())
                .is_none_or(|made| now.saturating_sub(made) > STALE_AFTER_SECS),
            None => datname != template && !datname.ends_with("_building"),
        };
        if stale {
            diesel::sql_query(format!("DROP DATABASE IF EXISTS {datname} WITH (FORCE)"))
                .execute(admin)
                .await
                .expect("drop a stale test database");
        }
    }
}

/// A migrated template database named after the migrations' content, made once.
async fn template(admin: &mut AsyncPgConnection, admin_url: &str) -> String {
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
        .expect("migrations dir")
        .flatten()
    {
        for file in ["up.sql", "down.sql"] {
            let text = std::fs::read(entry.path().join(file)).unwrap_or_default();
            for byte in entry
                .file_name()
                .as_encoded_bytes()
                .iter()
                .chain(text.iter())
            {
                digest = (digest ^ u64::from(*byte)).wrapping_mul(0x100_0000_01b3);
            }
        }
    }
    let name = format!("bourre_tpl_{digest:016x}");
    diesel::sql_query("SELECT pg_advisory_lock(727274)")
        .execute(admin)
        .await
        .expect("lock");
    let exists: Exists = diesel::sql_query(format!(
        "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = '{name}') AS exists"
    ))
    .get_result(admin)
    .await
    .expect("exists");
    if !exists.exists {
        let building = format!("{name}_building");
        diesel::sql_query(format!("DROP DATABASE IF EXISTS {building}"))
            .execute(admin)
            .await
            .expect("drop");
        diesel::sql_query(format!("CREATE DATABASE {building}"))
            .execute(admin)
            .await
            .expect("create template");
        store::migrate(&with_database(admin_url, &building)).expect("migrate template");
        diesel::sql_query(format!("ALTER DATABASE {building} RENAME TO {name}"))
            .execute(admin)
            .await
            .expect("rename template");
    }
    drop_stale(admin, &name).await;
    diesel::sql_query("SELECT pg_advisory_unlock(727274)")
        .execute(admin)
        .await
        .expect("unlock");
    name
}

/// A fresh, migrated, empty database; returns its URL.
pub async fn fresh_database() -> String {
    let admin_url = admin_url();
    let mut admin = AsyncPgConnection::establish(&admin_url)
        .await
        .expect("admin connection");
    let template = template(&mut admin, &admin_url).await;
    let name = format!(
        "bourre_test_{}_{}",
        unix_secs(),
        uuid::Uuid::new_v4().simple()
    );
    for attempt in 0.. {
        match diesel::sql_query(format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .execute(&mut admin)
            .await
        {
            Ok(_) => break,
            Err(e) if attempt < 50 => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("create test database: {e}"),
        }
    }
    with_database(&admin_url, &name)
}

/// A running server and an HTTP client.
pub struct TestApp {
    pub base: String,
    pub db_url: String,
    pub client: awc::Client,
    /// The server's `App` (a clone sharing its kept tables), to look behind the API; `None`
    /// for a server in a process of its own.
    pub app: Option<App>,
}

/// A registered player.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: String,
    pub name: String,
    pub token: String,
}

impl Player {
    /// The player a sign-in's `SessionOut` body signed in.
    pub fn of_session(session: &Value) -> Player {
        Player {
            id: session["player"]["id"].as_str().expect("id").to_owned(),
            name: session["player"]["username"]
                .as_str()
                .expect("username")
                .to_owned(),
            token: session["token"].as_str().expect("token").to_owned(),
        }
    }
}

/// A response: status and JSON body (Null when empty or not JSON), its content type and
/// its `Retry-After`.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
    pub content_type: String,
    pub retry_after: Option<String>,
}

impl Reply {
    #[track_caller]
    pub fn ok(self) -> Value {
        assert!(
            (200..300).contains(&self.status),
            "expected success, got {} {}",
            self.status,
            self.body
        );
        self.body
    }

    /// The body but its `request_id`, which tells answers apart that are otherwise alike.
    pub fn body_alike(&self) -> Value {
        let mut body = self.body.clone();
        if let Some(fields) = body.as_object_mut() {
            fields.remove("request_id");
        }
        body
    }

    /// Asserts a problem+json refusal with this status and code (and, for a 429 or a 503,
    /// a `Retry-After` in seconds).
    #[track_caller]
    pub fn problem(&self, status: u16, code: &str) {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(self.body["code"], code, "{}", self.body);
        if status == 429 || status == 503 {
            let seconds = self
                .retry_after
                .as_deref()
                .and_then(|s| s.parse::<u64>().ok());
            assert!(
                seconds.is_some(),
                "{code}: Retry-After {:?}",
                self.retry_after
            );
        }
        assert_eq!(
            self.content_type, "application/problem+json",
            "{}",
            self.body
        );
    }
}

/// The codes the HTTP layer answers before any operation, which no operation lists.
const BEFORE_ANY_OPERATION: &[&str] = &[
    "malformed_request",
    "head_too_large",
    "request_timeout",
    "method_not_allowed",
    "origin_not_allowed",
];

/// Holds every refusal a test meets to the document: its code is one its operation lists
/// for its status (`x-error-codes`), so that a client handling the listed codes handles
/// all. A path no operation has, and a method it does not document, are not checked.
#[track_caller]
pub fn documented_refusal(method: &str, path: &str, reply: &Reply) {
    static DOC: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    let doc = DOC.get_or_init(|| serde_json::to_value(api::openapi()).expect("document"));
    let Some(code) = reply.body["code"].as_str() else {
        return;
    };
    if BEFORE_ANY_OPERATION.contains(&code) {
        return;
    }
    let path = path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path.split('/').collect();
    let matches = |template: &str| {
        let parts: Vec<&str> = template.split('/').collect();
        parts.len() == segments.len()
            && parts
                .iter()
                .zip(&segments)
                .all(|(p, s)| p == s || (p.starts_with('{') && !s.is_empty()))
    };
    let literal = |template: &str| template.split('/').filter(|p| !p.starts_with('{')).count();
    let Some(item) = doc["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(template, _)| matches(template))
        .max_by_key(|(template, _)| literal(template))
        .map(|(_, item)| item)
    else {
        return;
    };
    let Some(op) = item.get(method) else {
        return;
    };
    let response = &op["responses"][reply.status.to_string()];
    let response = match response["$ref"].as_str() {
        Some(r) => &doc["components"]["responses"][r.trim_start_matches("#/components/responses/")],
        None => response,
    };
    let listed = response["x-error-codes"]
        .as_array()
        .is_some_and(|codes| codes.iter().any(|c| c == code));
    assert!(
        listed,
        "{method} {path} answered {} `{code}`, which {} does not list there: {}",
        reply.status, op["operationId"], reply.body
    );
}

/// The tests' VAPID private key (base64url of 32 bytes).
pub const VAPID_PRIVATE_KEY: &str = "IQ9Ur0ykXoHS9gzfYX0aBjy9lvdrjx_PFUXmie9YRcY";

/// The tests' public log signing key (a development key, in Go's signed-note form).
pub const LOG_SIGNING_KEY: &str =
    "PRIVATE+KEY+tests.bourre.invalid/log+08fd3c1d+Ae3v6HiVUMejHtmqSslpjczz46c5R2Q81CRr6ygoLbUH";

/// The verifier key of [`LOG_SIGNING_KEY`].
pub const LOG_VERIFIER_KEY: &str =
    "tests.bourre.invalid/log+08fd3c1d+AfMrfaZUyM2aPPUNq/M+Nj4dxthddfacKg4Hx5xd/I/v";

pub fn config(allow_fixed_deck: bool) -> Config {
    Config {
        jwt: JwtKeys::from_secret(JWT_SECRET.as_bytes()).expect("keys"),
        token_ttl: Duration::from_secs(3600),
        refresh_ttl: Duration::from_secs(86_400),
        refresh_reuse_grace: Duration::from_secs(60),
        allow_fixed_deck,
        sweep_every: Duration::from_millis(100),
        streams: bourre::app::live::feeds::StreamLimits::default(),
        address_limits: bourre::app::identity::throttle::AddressLimits::default(),
        trusted_proxies: Vec::new(),
        cors_origins: bourre::app::CorsOrigins::None,
        quotas: bourre::app::Quotas::default(),
        webhooks: bourre::app::notify::dispatcher::WebhookConfig {
            allow_http: true,
            allow_private: true,
            remind_before: Duration::from_secs(3600),
            retry_base: Duration::from_millis(100),
        },
        push: bourre::app::notify::push::PushConfig {
            vapid: Some(std::sync::Arc::new(
                bourre::app::notify::push::Vapid::from_private(VAPID_PRIVATE_KEY).expect("vapid"),
            )),
            subject: "mailto:tests@bourre.invalid".into(),
        },
        hash_slots: 2,
        mail: None,
        guest_ttl: Duration::from_secs(30 * 86_400),
        chat_kept: Duration::from_secs(30 * 86_400),
        operator: None,
        chat_burst: bourre::app::social::chat::BURST,
        native: std::sync::Arc::new(
            bourre::app::notify::native::Native::new(None, None, None).expect("native"),
        ),
        oidc: std::sync::Arc::new(
            bourre::app::identity::oidc::Providers::parse("", "", false, 0).expect("providers"),
        ),
        log_key: bourre::app::log::note::SignerKey::parse(LOG_SIGNING_KEY).expect("log key"),
    }
}

impl TestApp {
    pub async fn start() -> TestApp {
        TestApp::start_with(config(true)).await
    }

    pub async fn start_with(config: Config) -> TestApp {
        let db_url = fresh_database().await;
        TestApp::on_database(db_url, config)
    }

    /// A client of a server running elsewhere (a process of its own, a balancer) at
    /// `base`, on the test's database `db_url`.
    pub fn at(base: String, db_url: String) -> TestApp {
        TestApp {
            base,
            db_url,
            client: client(),
            app: None,
        }
    }

    pub fn on_database(db_url: String, config: Config) -> TestApp {
        let app = App::new(store::pool(&db_url, 8).expect("pool"), config);
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let server = api::server(
            app.clone(),
            listener,
            api::default_workers(),
            std::time::Duration::from_secs(1),
        )
        .expect("server");
        actix_web::rt::spawn(server);
        TestApp {
            base: format!("http://127.0.0.1:{port}"),
            db_url,
            client: awc::Client::builder()
                .timeout(Duration::from_secs(90))
                .finish(),
            app: Some(app),
        }
    }

    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        let body = body.map(|b| serde_json::to_vec(&b).expect("json"));
        let content_type = body.as_ref().map(|_| "application/json");
        self.raw(method, path, token, content_type, body).await
    }

    /// A request with a raw body and content type.
    pub async fn raw(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        content_type: Option<&str>,
        body: Option<Vec<u8>>,
    ) -> Reply {
        let method_name = method.as_str().to_ascii_lowercase();
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            req = req.insert_header(("Authorization", format!("Bearer {token}")));
        }
        if let Some(ct) = content_type {
            req = req.insert_header(("Content-Type", ct));
        }
        let mut resp = match body {
            Some(body) => req.send_body(body).await,
            None => req.send().await,
        }
        .expect("request");
        let content_type = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let retry_after = resp
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let bytes = resp.body().limit(16 * 1024 * 1024).await.expect("body");
        let reply = Reply {
            status: resp.status().as_u16(),
            body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            content_type,
            retry_after,
        };
        if reply.content_type == "application/problem+json" {
            documented_refusal(&method_name, path, &reply);
        }
        reply
    }

    /// Runs `statement` on the test's database, behind the server's back.
    pub async fn sql(&self, statement: &str) {
        let mut conn = AsyncPgConnection::establish(&self.db_url)
            .await
            .expect("db");
        diesel::sql_query(statement)
            .execute(&mut conn)
            .await
            .expect(statement);
    }

    /// The single `bigint` that `query` selects, named `n`.
    pub async fn sql_number(&self, query: &str) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct Number {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = AsyncPgConnection::establish(&self.db_url)
            .await
            .expect("db");
        diesel::sql_query(query)
            .get_result::<Number>(&mut conn)
            .await
            .expect(query)
            .n
    }

    pub async fn get(&self, path: &str, who: &Player) -> Reply {
        self.call(Method::GET, path, Some(&who.token), None).await
    }

    pub async fn post(&self, path: &str, who: &Player, body: Value) -> Reply {
        self.call(Method::POST, path, Some(&who.token), Some(body))
            .await
    }

    pub async fn register(&self, name: &str) -> Player {
        self.sign_in("/v1/auth/register", name).await
    }

    /// `name` logs in again: a session of its own.
    pub async fn login(&self, name: &str) -> Player {
        self.sign_in("/v1/auth/login", name).await
    }

    async fn sign_in(&self, path: &str, name: &str) -> Player {
        let body = self
            .call(
                Method::POST,
                path,
                None,
                Some(json!({"username": name, "password": "correct horse battery"})),
            )
            .await
            .ok();
        Player::of_session(&body)
    }

    /// Dan's league of dan, ann, bob and cat (100 chips each), and a table of dan's (ante
    /// 5, pot limit 8, a fixed deck) where ann, bob and cat played one hand: ann took every
    /// trick, bob and cat were bourré and left 16 chips in the pot (R10e's tests).
    pub async fn carried_pot(&self) -> ([Player; 4], String, String) {
        let mut players = Vec::new();
        for name in ["dan", "ann", "bob", "cat"] {
            players.push(self.register(name).await);
        }
        let [dan, ann, bob, cat] = <[Player; 4]>::try_from(players).expect("four players");
        let league = self.league(&dan, &[&ann, &bob, &cat], 100).await;
        let d = deck(
            &[
                &["AH", "KH", "AD", "KD", "2C"],
                &["3C", "4C", "5C", "6C", "7C"],
                &["8C", "9C", "10C", "JC", "4S"],
            ],
            &[],
        );
        let table = self
            .table(
                &dan,
                &league,
                json!({"ante": 5, "pot_limit": 8}),
                Some(json!([d])),
            )
            .await;
        for (seat, p) in [&ann, &bob, &cat].into_iter().enumerate() {
            self.sit(&table, p, seat as u8).await;
        }
        self.start_hand(&table, &ann).await.ok();
        for p in [&bob, &cat, &ann] {
            self.declare(&table, p, true, &[]).await.ok();
        }
        play_out(self, &table, &[&ann, &bob, &cat]).await;
        assert_eq!(self.view(&table, &dan).await["pot"], 16);
        ([dan, ann, bob, cat], league, table)
    }

    /// A league created by `admin` that every other player joins; returns its id.
    pub async fn league(&self, admin: &Player, others: &[&Player], starting: i64) -> String {
        let league = self
            .post(
                "/v1/leagues",
                admin,
                json!({"name": "Friday night", "starting_balance": starting}),
            )
            .await
            .ok();
        let id = league["id"].as_str().expect("league id").to_owned();
        let code = league["invite_code"].as_str().expect("code").to_owned();
        for p in others {
            self.post(
                &format!("/v1/leagues/{id}/members"),
                p,
                json!({"invite_code": code}),
            )
            .await
            .ok();
        }
        id
    }

    /// A table in `league` with `rules` (and fixed `decks`); returns its id.
    pub async fn table(
        &self,
        owner: &Player,
        league: &str,
        rules: Value,
        decks: Option<Value>,
    ) -> String {
        let mut body = json!({"league_id": league, "name": "Table 1", "rules": rules});
        if let Some(decks) = decks {
            body["decks"] = decks;
        }
        let table = self.post("/v1/tables", owner, body).await.ok();
        table["id"].as_str().expect("table id").to_owned()
    }

    /// Registers `names`, makes a league (the first is its admin) with `starting` chips
    /// and a table with `rules` (and fixed `decks`), and seats everyone in order from seat
    /// 0. Returns the players, the league and the table.
    pub async fn seated(
        &self,
        names: &[&str],
        starting: i64,
        rules: Value,
        decks: Option<Value>,
    ) -> (Vec<Player>, String, String) {
        let mut players = Vec::new();
        for name in names {
            players.push(self.register(name).await);
        }
        let others: Vec<&Player> = players[1..].iter().collect();
        let league = self.league(&players[0], &others, starting).await;
        let table = self.table(&players[0], &league, rules, decks).await;
        for (seat, p) in players.iter().enumerate() {
            self.sit(&table, p, seat as u8).await;
        }
        (players, league, table)
    }

    pub async fn sit(&self, table: &str, who: &Player, seat: u8) -> Value {
        self.post(
            &format!("/v1/tables/{table}/seats"),
            who,
            json!({"seat": seat}),
        )
        .await
        .ok()
    }

    pub async fn view(&self, table: &str, who: &Player) -> Value {
        self.get(&format!("/v1/tables/{table}"), who).await.ok()
    }

    pub async fn start_hand(&self, table: &str, who: &Player) -> Reply {
        self.call(
            Method::POST,
            &format!("/v1/tables/{table}/hands"),
            Some(&who.token),
            None,
        )
        .await
    }

    pub async fn act(&self, table: &str, who: &Player, action: Value) -> Reply {
        self.post(
            &format!("/v1/tables/{table}/actions"),
            who,
            json!({"action": action}),
        )
        .await
    }

    pub async fn declare(&self, table: &str, who: &Player, play: bool, discard: &[&str]) -> Reply {
        let action = if play {
            json!({"type": "declare", "play": true, "discard": discard})
        } else {
            json!({"type": "declare", "play": false})
        };
        self.act(table, who, action).await
    }

    pub async fn play(&self, table: &str, who: &Player, card: &str) -> Reply {
        self.act(table, who, json!({"type": "play", "card": card}))
            .await
    }

    /// The league balance of `who` as `GET /v1/players/me` reports it.
    pub async fn balance(&self, who: &Player, league: &str) -> i64 {
        let me = self.get("/v1/players/me", who).await.ok();
        me["leagues"]
            .as_array()
            .expect("leagues")
            .iter()
            .find(|l| l["league_id"] == league)
            .and_then(|l| l["balance"].as_i64())
            .expect("balance")
    }
}

/// A browser's `PushSubscription` JSON for `endpoint`, with a valid P-256 `p256dh` key
/// (the curve's generator, uncompressed) and `auth` secret, and no `expirationTime`.
pub fn browser_subscription(endpoint: &str) -> Value {
    json!({
        "endpoint": endpoint,
        "expirationTime": null,
        "keys": {
            "p256dh": "BGsX0fLhLEJH-Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU",
            "auth": "8eDyX_uCN0XRhSbY5hs7Hg",
        },
    })
}

/// A 52-card deck (R4a) giving `hands[p]` to the p-th player from the dealer's left
/// (the dealer last; the dealer's last card is the trump upcard), then `stock` on top of
/// the rest.
pub fn deck(hands: &[&[&str]], stock: &[&str]) -> Value {
    let n = hands.len();
    let size = hands[0].len();
    let mut cards: Vec<String> = Vec::new();
    for round in 0..size {
        for hand in hands {
            cards.push(hand[round].to_uppercase());
        }
    }
    assert_eq!(cards.len(), n * size);
    cards.extend(stock.iter().map(|c| c.to_uppercase()));
    for rank in [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ] {
        for suit in ["C", "D", "H", "S"] {
            let card = format!("{rank}{suit}");
            if !cards.contains(&card) {
                cards.push(card);
            }
        }
    }
    assert_eq!(cards.len(), 52, "a card is listed twice");
    json!(cards)
}

/// The next move of the current hand (everyone plays and stands, then the first legal
/// card) and who makes it, or `None` when no hand is in play.
pub async fn next_move(app: &TestApp, table: &str, players: &[&Player]) -> Option<(Player, Value)> {
    let view = app.view(table, players[0]).await;
    if view["status"] != "playing" {
        return None;
    }
    let actor = view["to_act"]["player_id"].as_str().expect("to act");
    let who = players
        .iter()
        .find(|p| p.id == actor)
        .expect("a seated player");
    let mine = app.view(table, who).await;
    let action = legal_move(&mine).unwrap_or_else(|| panic!("no legal action: {mine}"));
    Some(((*who).clone(), action))
}

/// The viewer's move in `view` (play and stand when they may, then the first legal card),
/// or `None` when they have none now.
pub fn legal_move(view: &Value) -> Option<Value> {
    let legal = &view["legal"];
    match legal["action"].as_str() {
        Some("declare") if legal["can_play"] == true => {
            Some(json!({"type": "declare", "play": true, "discard": []}))
        }
        Some("declare") => Some(json!({"type": "declare", "play": false})),
        Some("draw") => Some(json!({"type": "draw", "discard": []})),
        Some("play") => Some(json!({"type": "play", "card": legal["cards"][0]})),
        _ => None,
    }
}

/// Plays the current hand to its end (see [`next_move`]).
pub async fn play_out(app: &TestApp, table: &str, players: &[&Player]) {
    for _ in 0..200 {
        let Some((who, action)) = next_move(app, table, players).await else {
            return;
        };
        app.act(table, &who, action).await.ok();
    }
    panic!("the hand did not end");
}

/// Unpadded base64url, for hand-made tokens.
pub fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// The session a token of the server names (its `sid`), or a new id for a token made here.
pub fn session_of(token: &str) -> String {
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::HS256);
    validation.validate_exp = false;
    jsonwebtoken::decode::<Value>(
        token,
        &jsonwebtoken::DecodingKey::from_secret(JWT_SECRET.as_bytes()).expect("key"),
        &validation,
    )
    .ok()
    .and_then(|data| data.claims["sid"].as_str().map(str::to_owned))
    .unwrap_or_else(|| uuid::Uuid::new_v4().to_string())
}

/// JWT claims for `player` in their session, expiring `exp_offset_secs` from now.
pub fn claims(player: &Player, exp_offset_secs: i64) -> Value {
    let now = chrono::Utc::now().timestamp();
    json!({
        "sub": player.id,
        "sid": session_of(&player.token),
        "name": player.name,
        "iat": now - 7200,
        "exp": now + exp_offset_secs,
    })
}

/// An HS256 token over `claims` signed with `secret`.
pub fn sign(secret: &[u8], claims: &Value) -> String {
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        claims,
        &jsonwebtoken::EncodingKey::from_secret(secret).expect("key"),
    )
    .expect("sign")
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `bourre serve` in a process of its own, its log appended to a file.
pub struct Server {
    child: Option<Child>,
    db_url: String,
    pub port: u16,
    log: PathBuf,
    /// Settings of its own, over the tests' ones.
    env: Vec<(String, String)>,
}

impl Server {
    pub fn start(db_url: &str, log: &Path) -> Server {
        Server::start_with(db_url, log, &[])
    }

    /// [`Server::start`] with these settings too.
    pub fn start_with(db_url: &str, log: &Path, env: &[(&str, &str)]) -> Server {
        let mut server = Server {
            child: None,
            db_url: db_url.to_owned(),
            port: free_port(),
            log: log.to_owned(),
            env: env
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        };
        server.spawn();
        server
    }

    /// Sends SIGTERM: the process, for [`Server::wait_exit`], and when it was sent.
    pub fn signal_term(&mut self) -> (Child, Instant) {
        let child = self.child.take().expect("a running server");
        let started = Instant::now();
        let sent = Command::new("kill")
            .arg("-TERM")
            .arg(child.id().to_string())
            .status()
            .expect("kill");
        assert!(sent.success());
        (child, started)
    }

    /// The exit status of a process sent SIGTERM, and how long after it it exited.
    pub async fn wait_exit(
        &self,
        (mut child, started): (Child, Instant),
    ) -> (std::process::ExitStatus, Duration) {
        loop {
            if let Some(status) = child.try_wait().expect("wait") {
                return (status, started.elapsed());
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the server outlived SIGTERM by a minute"
            );
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub fn spawn(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .expect("log file");
        let child = Command::new(env!("CARGO_BIN_EXE_bourre"))
            .arg("serve")
            .env("DATABASE_URL", &self.db_url)
            .env("BOURRE_JWT_SECRET", JWT_SECRET)
            .env("BOURRE_LOG_SIGNING_KEY", LOG_SIGNING_KEY)
            .env("BOURRE_BIND", format!("127.0.0.1:{}", self.port))
            .env("BOURRE_DB_POOL", "8")
            .env("BOURRE_SWEEP_MS", "200")
            .env("BOURRE_WEBHOOK_ALLOW_HTTP", "1")
            .env("BOURRE_VAPID_PRIVATE_KEY", VAPID_PRIVATE_KEY)
            .env("BOURRE_WEBHOOK_ALLOW_PRIVATE", "1")
            .env("BOURRE_WEBHOOK_RETRY_MS", "100")
            .env_remove("BOURRE_LOG")
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("start bourre serve");
        self.child = Some(child);
    }

    /// SIGKILL, then wait for the process to be gone.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The running process's id.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub fn client() -> awc::Client {
    awc::Client::builder()
        .timeout(Duration::from_secs(20))
        .finish()
}

/// Waits until `GET path` answers 200.
pub async fn wait_for(base: &str, path: &str, within: Duration) {
    let client = client();
    let until = Instant::now() + within;
    loop {
        if let Ok(resp) = client.get(format!("{base}{path}")).send().await
            && resp.status().as_u16() == 200
        {
            return;
        }
        assert!(Instant::now() < until, "{base}{path} not 200 in {within:?}");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Opens the table's stream for `token`: the response, to be read.
pub async fn open_stream(
    app: &TestApp,
    table: &str,
    token: &str,
) -> awc::ClientResponse<
    impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>> + use<>,
> {
    stream_request(app, table, token)
        .send()
        .await
        .expect("stream")
}

/// Opens the table's stream for `token` resuming after `last_event_id`, as a reconnecting
/// `EventSource` does: the response, to be read.
pub async fn resume_stream(
    app: &TestApp,
    table: &str,
    token: &str,
    last_event_id: i64,
) -> awc::ClientResponse<
    impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>> + use<>,
> {
    stream_request(app, table, token)
        .insert_header(("Last-Event-ID", last_event_id.to_string()))
        .send()
        .await
        .expect("stream")
}

fn stream_request(app: &TestApp, table: &str, token: &str) -> awc::ClientRequest {
    app.client
        .request(
            Method::GET,
            format!("{}/v1/tables/{table}/stream", app.base),
        )
        .insert_header(("Authorization", format!("Bearer {token}")))
}

/// Reads the stream until it ends, for at most `secs`: what it sent, and whether it ended.
pub async fn read_to_end(
    stream: &mut (
             impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
             + Unpin
         ),
    secs: u64,
) -> (String, bool) {
    use futures_util::StreamExt;
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(secs);
    let mut text = String::new();
    loop {
        match tokio::time::timeout_at(until, stream.next()).await {
            Ok(Some(Ok(chunk))) => text.push_str(&String::from_utf8_lossy(&chunk)),
            Ok(Some(Err(_)) | None) => return (text, true),
            Err(_) => return (text, false),
        }
    }
}

/// A fresh path for this test under `target/tmp` (made): `<name>-<random>`.
fn tmp_path(name: &str, suffix: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp");
    std::fs::create_dir_all(&dir).expect("target/tmp");
    dir.join(format!("{name}-{}{suffix}", uuid::Uuid::new_v4().simple()))
}

/// A fresh log file's path for a server process of this test.
pub fn log_file(name: &str) -> PathBuf {
    tmp_path(name, ".log")
}

/// A fresh directory of this test's own files.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = tmp_path(name, "");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Starts `command` (its stdout piped) and waits for the first line it prints, which says
/// it is ready: the process and that line. A process that says nothing within a minute,
/// however busy the machine (seen once: a node process wedged before it printed, its main
/// thread blocked), is killed and another started, three tries in all.
pub fn first_line(command: &mut Command, what: &str) -> (Child, String) {
    for _ in 0..3 {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let stdout = child.stdout.take().expect("stdout");
        let (said, first) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = said.send(line);
        });
        match first.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => return (child, line),
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
    panic!("{what} did not start in three tries")
}

/// Makes sure `python3` imports `modules` (`"http_ece, cryptography"`), installing the
/// pinned packages of `requirements` (a path) first when it does not, as `.ci/run` does.
pub fn python_packages(requirements: &str, modules: &str) {
    let ready = || {
        std::process::Command::new("python3")
            .args(["-c", &format!("import {modules}")])
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !ready() {
        let installed = std::process::Command::new("python3")
            .args(["-m", "pip", "install", "--quiet"])
            .args(["--disable-pip-version-check", "-r", requirements])
            .status()
            .expect("python3 -m pip");
        assert!(installed.success() && ready(), "{requirements}");
    }
}
