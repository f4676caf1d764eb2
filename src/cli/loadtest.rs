//! `bourre loadtest`: the server under load, measured against the database's own ceiling.
//!
//! One run, one database:
//! 1. starts the server in this process (a private cluster unless `DATABASE_URL` is set),
//!    registers T x P bot players in one league and seats P of them at each of T tables;
//! 2. fast-forwards a two-player table through `--history-hands` finished hands;
//! 3. measures the ceiling: bare single-row append transactions into a logged scratch table
//!    shaped like `events`, at the same concurrency, through the same pool type;
//! 4. drives full hands over HTTP with C concurrent clients for D seconds (a client reads
//!    the table as the player to act when its last answer was not that player's view, then
//!    acts with a legal action), with a progress display. Steps 3 and 4 run in turns, in
//!    slices (`--slices`), the ceiling first and last: this machine's speed drifts within a
//!    minute, and the ratio then compares runs made under the same conditions;
//! 5. times actions at fresh tables on their first hand and at the table with the long
//!    history, interleaved, with nothing else running.
//!
//! Each slice starts on a fresh checkpoint, once no autovacuum worker is
//! busy (waiting at most [`QUIET_WAIT`]): the ceiling does not share the machine with the
//! clean-up of the phase before it.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use awc::http::Method;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use futures_util::future::join_all;
use serde::Serialize;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::app::{App, Config, JwtKeys};
use crate::engine::Phase;
use crate::engine::view::SeenHand;
use crate::{api, embedded_pg, store};

#[derive(Debug, clap::Args)]
pub struct LoadtestArgs {
    /// Concurrent clients (and database connections of the server and of the ceiling run).
    #[arg(long, default_value_t = 32)]
    pub clients: usize,
    /// Tables played at (default: as many as clients; a table has one request in flight).
    #[arg(long)]
    pub tables: Option<usize>,
    /// Bot players per table (2..=7).
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Seconds of load (the ceiling runs as long, at most 10 s).
    #[arg(long, default_value_t = 20)]
    pub duration: u64,
    /// The load runs in this many slices, with a slice of the ceiling run before each and
    /// after the last (this machine's speed drifts within a minute: the ratio then compares
    /// runs made under the same conditions).
    #[arg(long, default_value_t = 4)]
    pub slices: u32,
    /// Finished hands at the history table before its actions are timed.
    #[arg(long, default_value_t = 500)]
    pub history_hands: u32,
    /// Hands timed at fresh tables and at the history table (each).
    #[arg(long, default_value_t = 20)]
    pub probe_hands: u32,
    /// Database connections of the server (default: --clients).
    #[arg(long)]
    pub pool: Option<usize>,
    /// HTTP worker threads of the server (default: one per core, as `bourre serve`).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Where the private cluster lives when DATABASE_URL is unset (default: BOURRE_DATA_DIR
    /// or ./.bourre); the run uses its database `bourre_loadtest`.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Bots read the table before every turn, as a client that polls its view does. By
    /// default a bot reads the table only when it lacks its cards (once a hand, before it
    /// declares) and otherwise works out its legal moves from its own cards and the table's
    /// last reply, as a client following the table's events does.
    #[arg(long)]
    pub read_every_turn: bool,
}

/// The database the run uses: `DATABASE_URL`, or `bourre_loadtest` in a private cluster.
fn database_url(args: &LoadtestArgs) -> Result<String, String> {
    if let Ok(url) = std::env::var("DATABASE_URL")
        && !url.is_empty()
    {
        return Ok(url);
    }
    let dir = match &args.data_dir {
        Some(dir) => dir.clone(),
        None => {
            PathBuf::from(std::env::var("BOURRE_DATA_DIR").unwrap_or_else(|_| ".bourre".into()))
        }
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let dir = std::path::absolute(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    embedded_pg::ensure_cluster(&dir.join("pg"), "bourre_loadtest").map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------------------
// Statistics

#[derive(Default)]
struct Stats {
    /// Latency samples in microseconds, per endpoint.
    samples: BTreeMap<&'static str, Vec<u32>>,
    errors: BTreeMap<&'static str, u64>,
    first_errors: Vec<String>,
}

impl Stats {
    fn record(
        &mut self,
        endpoint: &'static str,
        took: Duration,
        ok: bool,
        detail: &dyn Fn() -> String,
    ) {
        if ok {
            let micros = u32::try_from(took.as_micros()).unwrap_or(u32::MAX);
            self.samples.entry(endpoint).or_default().push(micros);
        } else {
            *self.errors.entry(endpoint).or_default() += 1;
            if self.first_errors.len() < 5 {
                self.first_errors.push(format!("{endpoint}: {}", detail()));
            }
        }
    }

    fn count(&self, endpoint: &str) -> usize {
        self.samples.get(endpoint).map_or(0, Vec::len)
    }

    /// Committed writes: actions and hand starts.
    fn writes(&self) -> usize {
        self.count("act") + self.count("start_hand")
    }

    fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }
}

#[derive(Debug, Clone, Serialize)]
struct Latency {
    count: usize,
    per_sec: f64,
    mean_ms: f64,
    p50_ms: f64,
    p95_ms: f64,
    p99_ms: f64,
    max_ms: f64,
}

fn latency(samples: &[u32], seconds: f64) -> Latency {
    let mut sorted = samples.to_vec();
    sorted.sort_unstable();
    let pct = |q: f64| -> f64 {
        if sorted.is_empty() {
            return 0.0;
        }
        let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
        f64::from(sorted[rank - 1]) / 1000.0
    };
    let mean = if sorted.is_empty() {
        0.0
    } else {
        sorted.iter().map(|&v| f64::from(v)).sum::<f64>() / sorted.len() as f64 / 1000.0
    };
    Latency {
        count: sorted.len(),
        per_sec: if seconds > 0.0 {
            sorted.len() as f64 / seconds
        } else {
            0.0
        },
        mean_ms: round3(mean),
        p50_ms: round3(pct(0.50)),
        p95_ms: round3(pct(0.95)),
        p99_ms: round3(pct(0.99)),
        max_ms: round3(pct(1.0)),
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

// ---------------------------------------------------------------------------------------
// HTTP

/// A small HTTP/1.1 client for the load: keep-alive connections to the one server,
/// requests with an optional bearer token and JSON body, answers with a `Content-Length`.
/// The load generator shares the machine with the server, so each request should cost it
/// as little as a tool like `wrk` spends: one write and, mostly, one read.
struct Http {
    addr: std::net::SocketAddr,
    /// Connections between requests (the drivers run on one thread).
    idle: RefCell<Vec<TcpStream>>,
}

struct Answer {
    status: u16,
    bytes: Vec<u8>,
}

impl Answer {
    fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The whole body as JSON (Null when it is not).
    fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or(Value::Null)
    }
}

/// What a bot reads of a table view: only what it plays by (the rest is skipped unparsed,
/// so the load generator takes little of the CPU it shares with the server).
#[derive(Debug, serde::Deserialize)]
struct Seen {
    status: String,
    hand_no: i32,
    my_seat: Option<u8>,
    to_act: Option<SeenTurn>,
    legal: Option<Legal>,
}

#[derive(Debug, serde::Deserialize)]
struct SeenTurn {
    seat: u8,
    player_id: String,
}

/// The viewer's legal actions.
#[derive(Debug, serde::Deserialize)]
struct Legal {
    action: String,
    can_pass: Option<bool>,
    can_play: Option<bool>,
    cards: Option<Vec<String>>,
}

/// Where the head of an answer ends, and its status and body length.
fn answer_head(buf: &[u8]) -> Result<Option<(usize, u16, usize)>, String> {
    let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Ok(None);
    };
    let head = std::str::from_utf8(&buf[..end]).map_err(|e| e.to_string())?;
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("a bad status line: {head:.80}"))?;
    let mut length = None;
    for line in lines {
        let (name, value) = line.split_once(':').unwrap_or((line, ""));
        if name.eq_ignore_ascii_case("content-length") {
            length = value.trim().parse().ok();
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err("a chunked answer (the load client reads Content-Length only)".into());
        }
    }
    Ok(Some((end + 4, status, length.unwrap_or(0))))
}

/// Sends one request on `stream` and reads its answer. `Ok(None)`: the connection was
/// closed before any of the answer arrived.
async fn exchange(stream: &mut TcpStream, request: &[u8]) -> Result<Option<Answer>, String> {
    if stream.write_all(request).await.is_err() {
        return Ok(None);
    }
    let mut buf = Vec::with_capacity(8192);
    loop {
        if let Some((start, status, length)) = answer_head(&buf)? {
            while buf.len() < start + length {
                if stream.read_buf(&mut buf).await.map_err(|e| e.to_string())? == 0 {
                    return Err("the connection closed inside an answer".into());
                }
            }
            buf.truncate(start + length);
            buf.drain(..start);
            return Ok(Some(Answer { status, bytes: buf }));
        }
        match stream.read_buf(&mut buf).await {
            Ok(0) | Err(_) if buf.is_empty() => return Ok(None),
            Ok(0) => return Err("the connection closed inside an answer".into()),
            Ok(_) => {}
            Err(e) => return Err(e.to_string()),
        }
    }
}

impl Http {
    fn new(addr: std::net::SocketAddr) -> Http {
        Http {
            addr,
            idle: RefCell::new(Vec::new()),
        }
    }

    async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (Result<Answer, String>, Duration) {
        let started = Instant::now();
        let result = self.call_inner(method, path, token, body).await;
        (result, started.elapsed())
    }

    async fn call_inner(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Answer, String> {
        let body = match body {
            Some(body) => serde_json::to_vec(body).map_err(|e| e.to_string())?,
            None => Vec::new(),
        };
        let mut request = Vec::with_capacity(256 + body.len());
        request.extend_from_slice(
            format!(
                "{} {path} HTTP/1.1\r\nHost: {}\r\n",
                method.as_str(),
                self.addr
            )
            .as_bytes(),
        );
        if let Some(token) = token {
            request.extend_from_slice(format!("Authorization: Bearer {token}\r\n").as_bytes());
        }
        request.extend_from_slice(
            format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            )
            .as_bytes(),
        );
        request.extend_from_slice(&body);
        // A kept connection the server has since closed gets the request again on a new
        // one: nothing of it was answered, so nothing of it was done.
        let kept = self.idle.borrow_mut().pop();
        for stream in [kept, None] {
            let reused = stream.is_some();
            let mut stream = match stream {
                Some(stream) => stream,
                None => TcpStream::connect(self.addr)
                    .await
                    .map_err(|e| format!("{path}: {e}"))?,
            };
            let answer =
                tokio::time::timeout(Duration::from_secs(60), exchange(&mut stream, &request))
                    .await
                    .map_err(|_| format!("{path}: no answer in 60 s"))?
                    .map_err(|e| format!("{path}: {e}"))?;
            match answer {
                Some(answer) => {
                    self.idle.borrow_mut().push(stream);
                    return Ok(answer);
                }
                None if reused => {}
                None => break,
            }
        }
        Err(format!("{path}: the server closed the connection"))
    }

    /// A set-up request that must succeed.
    async fn must(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Value, String> {
        let answer = self.call(method, path, token, body).await.0?;
        if answer.ok() {
            Ok(answer.json())
        } else {
            Err(format!("{path}: {} {}", answer.status, answer.json()))
        }
    }
}

#[derive(Debug, Clone)]
struct Bot {
    id: String,
    token: String,
}

async fn register(http: &Http, name: String) -> Result<Bot, String> {
    let body = json!({"username": name, "password": "load test password"});
    let reply = http
        .must(Method::POST, "/v1/auth/register", None, Some(&body))
        .await?;
    Ok(Bot {
        id: reply["player"]["id"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        token: reply["token"].as_str().unwrap_or_default().to_owned(),
    })
}

/// A small xorshift generator: the bots' choices need no cryptography.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// How a bot declares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Plays most hands, sometimes changing a card; a random legal card in play.
    Mixed,
    /// Passes whenever allowed (fast, uncontested hands).
    Pass,
    /// Plays every hand it may, standing pat.
    Play,
}

/// A legal action from the viewer's `legal`.
fn choose(legal: &Legal, style: Style, rng: &mut Rng) -> Option<Value> {
    match legal.action.as_str() {
        "declare" => {
            let pass = legal.can_pass == Some(true)
                && (legal.can_play != Some(true)
                    || match style {
                        Style::Pass => true,
                        Style::Play => false,
                        Style::Mixed => rng.below(4) == 0,
                    });
            // Playing bots stand pat (no discard), which every rule variant accepts.
            Some(json!({"type": "declare", "play": !pass}))
        }
        "draw" => Some(json!({"type": "draw", "discard": []})),
        "play" => {
            let cards = legal.cards.as_deref()?;
            let card = cards.get(rng.below(cards.len()))?;
            Some(json!({"type": "play", "card": card}))
        }
        _ => None,
    }
}

/// The seat's player to act in a view, and whether the view is that player's own.
fn to_act(view: &Seen) -> Option<(String, bool)> {
    if view.status != "playing" {
        return None;
    }
    let turn = view.to_act.as_ref()?;
    let own = view.my_seat == Some(turn.seat) && view.legal.is_some();
    Some((turn.player_id.clone(), own))
}

/// What a driver knows about its table.
enum Next {
    /// Ask the table (after an error).
    Unknown,
    /// Between hands: start the next one.
    Start,
    /// This player acts; with their own view when we have it.
    Actor(usize, Option<Seen>),
}

struct Driver {
    id: String,
    bots: Vec<Bot>,
    next: Next,
    style: Style,
    rng: Rng,
    read_every_turn: bool,
    /// Each bot's own last view, with its hand number: its cards and discards.
    own: Vec<Option<(i32, SeenHand)>>,
    /// The bot whose view is the table's last reply: what it shows everyone is current.
    last: Option<usize>,
}

impl Driver {
    fn new(id: String, bots: Vec<Bot>, style: Style, seed: u64, read_every_turn: bool) -> Driver {
        Driver {
            id,
            own: vec![None; bots.len()],
            bots,
            next: Next::Start,
            style,
            rng: Rng(seed),
            read_every_turn,
            last: None,
        }
    }

    /// Bot `i`'s legal moves worked out without reading the table: a draw (a bot stands
    /// pat, which is always allowed), or its legal cards from its own cards and the table's
    /// last reply (R9-R9d). `None` when it must read the table: to declare, when it has not
    /// seen its cards this hand, or with `--read-every-turn`.
    fn worked_out(&self, i: usize) -> Option<Legal> {
        if self.read_every_turn {
            return None;
        }
        let (hand_no, public) = self.own.get(self.last?)?.as_ref()?;
        let (own_no, own) = self.own.get(i)?.as_ref()?;
        if own_no != hand_no {
            return None;
        }
        let (action, cards) = match public.phase? {
            Phase::Draw => ("draw", None),
            Phase::Play => {
                let seen = SeenHand {
                    my_seat: own.my_seat,
                    my_hand: own.my_hand.clone(),
                    my_discards: own.my_discards.clone(),
                    ..public.clone()
                };
                let legal = seen.sight()?.legal();
                ("play", Some(legal.iter().map(|c| c.to_string()).collect()))
            }
            Phase::Declare | Phase::Complete => return None,
        };
        Some(Legal {
            action: action.to_owned(),
            can_pass: None,
            can_play: None,
            cards,
        })
    }

    fn bot_index(&self, player: &str) -> Option<usize> {
        self.bots.iter().position(|b| b.id == player)
    }

    fn learn(&mut self, view: Seen) {
        self.next = match to_act(&view) {
            None if view.status == "waiting" => Next::Start,
            None => Next::Unknown,
            Some((player, own)) => match self.bot_index(&player) {
                Some(i) => Next::Actor(i, own.then_some(view)),
                None => Next::Unknown,
            },
        };
    }

    /// One request. Returns whether it committed a change (an action or a hand start) and
    /// whether a hand ended.
    async fn step(&mut self, http: &Http, stats: &RefCell<Stats>) -> (bool, bool) {
        let path = format!("/v1/tables/{}", self.id);
        let next = std::mem::replace(&mut self.next, Next::Unknown);
        let (endpoint, method, url, who, body) = match next {
            Next::Unknown => ("get_table", Method::GET, path, 0, None),
            Next::Start => ("start_hand", Method::POST, format!("{path}/hands"), 0, None),
            Next::Actor(i, view) => match view
                .and_then(|v| v.legal)
                .or_else(|| self.worked_out(i))
                .and_then(|legal| choose(&legal, self.style, &mut self.rng))
            {
                Some(action) => (
                    "act",
                    Method::POST,
                    format!("{path}/actions"),
                    i,
                    Some(json!({"action": action})),
                ),
                None => ("get_table", Method::GET, path, i, None),
            },
        };
        let token = self.bots.get(who).map(|b| b.token.clone());
        let (result, took) = http
            .call(method, &url, token.as_deref(), body.as_ref())
            .await;
        // A success must carry a readable view.
        let seen = match &result {
            Ok(a) if a.ok() => serde_json::from_slice::<Seen>(&a.bytes).ok(),
            _ => None,
        };
        stats
            .borrow_mut()
            .record(endpoint, took, seen.is_some(), &|| match &result {
                Ok(a) => format!("{} {}", a.status, a.json()),
                Err(e) => e.clone(),
            });
        if let (Some(view), Ok(answer)) = (&seen, &result) {
            let hand = serde_json::from_slice::<SeenHand>(&answer.bytes).unwrap_or_default();
            if let Some(own) = self.own.get_mut(who) {
                *own = Some((view.hand_no, hand));
                self.last = Some(who);
            }
        }
        match seen {
            Some(view) => {
                let ended = endpoint == "act" && view.status == "waiting";
                self.learn(view);
                (endpoint != "get_table", ended)
            }
            None => {
                self.next = Next::Unknown;
                (false, false)
            }
        }
    }

    /// Plays until the current hand ends (starting one when between hands).
    async fn play_hand(&mut self, http: &Http, stats: &RefCell<Stats>) -> Result<(), String> {
        let mut started = false;
        for _ in 0..10_000 {
            if matches!(self.next, Next::Start) {
                if started {
                    return Ok(());
                }
                started = true;
            }
            let before = stats.borrow().error_count();
            self.step(http, stats).await;
            if stats.borrow().error_count() > before {
                let errors = stats.borrow().first_errors.join("; ");
                return Err(format!("table {}: {errors}", self.id));
            }
        }
        Err(format!("table {}: the hand did not end", self.id))
    }
}

// ---------------------------------------------------------------------------------------
// The ceiling: bare single-row append transactions

diesel::table! {
    loadtest_ceiling (table_id, seq) {
        table_id -> Uuid,
        seq -> Int8,
        hand_no -> Int4,
        kind -> Text,
        payload -> Jsonb,
        prev_hash -> Text,
        hash -> Text,
    }
}

const CEILING_DDL: &str = "CREATE TABLE IF NOT EXISTS loadtest_ceiling (
    table_id uuid NOT NULL,
    seq bigint NOT NULL CHECK (seq > 0),
    hand_no integer NOT NULL,
    kind text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    prev_hash text NOT NULL,
    hash text NOT NULL,
    PRIMARY KEY (table_id, seq)
)";

/// One-row insert transactions by `clients` connections for `seconds`.
#[derive(Debug, Clone, Copy)]
struct Ceiling {
    commits: u64,
    secs: f64,
}

impl Ceiling {
    fn per_sec(self) -> f64 {
        if self.secs > 0.0 {
            self.commits as f64 / self.secs
        } else {
            0.0
        }
    }
}

/// Runs [`Ceiling`] transactions.
async fn ceiling(url: &str, clients: usize, seconds: f64) -> Result<Ceiling, String> {
    let pool = store::pool(url, clients).map_err(|e| e.to_string())?;
    {
        let mut conn = store::conn(&pool).await.map_err(|e| e.to_string())?;
        diesel::sql_query(CEILING_DDL)
            .execute(&mut conn)
            .await
            .map_err(|e| e.to_string())?;
        diesel::sql_query("TRUNCATE loadtest_ceiling")
            .execute(&mut conn)
            .await
            .map_err(|e| e.to_string())?;
    }
    let payload = json!({"type": "played", "seat": 3, "card": "QH"});
    let hash = "0".repeat(64);
    let started = Instant::now();
    let end = started + Duration::from_secs_f64(seconds);
    let workers = (0..clients).map(|_| {
        let pool = pool.clone();
        let payload = payload.clone();
        let hash = hash.clone();
        tokio::spawn(async move {
            let table = uuid::Uuid::new_v4();
            let mut seq = 0i64;
            while Instant::now() < end {
                seq += 1;
                let mut conn = store::conn(&pool).await.map_err(|e| e.to_string())?;
                let row = (
                    loadtest_ceiling::table_id.eq(table),
                    loadtest_ceiling::seq.eq(seq),
                    loadtest_ceiling::hand_no.eq(1),
                    loadtest_ceiling::kind.eq("played"),
                    loadtest_ceiling::payload.eq(&payload),
                    loadtest_ceiling::prev_hash.eq(&hash),
                    loadtest_ceiling::hash.eq(&hash),
                );
                conn.transaction::<_, diesel::result::Error, _>(async |conn| {
                    diesel::insert_into(loadtest_ceiling::table)
                        .values(row)
                        .execute(conn)
                        .await
                })
                .await
                .map_err(|e| e.to_string())?;
            }
            Ok::<i64, String>(seq)
        })
    });
    let mut commits = 0u64;
    for done in join_all(workers).await {
        let n = done.map_err(|e| e.to_string())??;
        commits += u64::try_from(n).unwrap_or(0);
    }
    let elapsed = started.elapsed().as_secs_f64();
    let mut conn = store::conn(&pool).await.map_err(|e| e.to_string())?;
    diesel::sql_query("DROP TABLE loadtest_ceiling")
        .execute(&mut conn)
        .await
        .map_err(|e| e.to_string())?;
    Ok(Ceiling {
        commits,
        secs: elapsed,
    })
}

fn run_ceiling(url: &str, clients: usize, seconds: f64) -> Result<Ceiling, String> {
    let url = url.to_owned();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        runtime.block_on(ceiling(&url, clients, seconds))
    })
    .join()
    .map_err(|_| "the ceiling run panicked".to_owned())?
}

async fn settings(url: &str) -> Result<(String, String), String> {
    let mut conn = diesel_async::AsyncPgConnection::establish(url)
        .await
        .map_err(|e| e.to_string())?;
    let mut get = async |name: &str| {
        diesel::select(diesel::dsl::sql::<diesel::sql_types::Text>(&format!(
            "current_setting('{name}')"
        )))
        .get_result::<String>(&mut conn)
        .await
        .map_err(|e| e.to_string())
    };
    let fsync = get("fsync").await?;
    let sync = get("synchronous_commit").await?;
    Ok((fsync, sync))
}

/// Starts a checkpoint and waits for it, so that the run after it does not pay for the
/// pages an earlier phase left dirty (nor write whole pages to the WAL on their first change
/// since a checkpoint an earlier phase started). Needs a superuser or `pg_checkpoint`:
/// without, the run goes on and the summary says so.
async fn checkpoint(url: &str) -> bool {
    let Ok(mut conn) = diesel_async::AsyncPgConnection::establish(url).await else {
        return false;
    };
    diesel::sql_query("CHECKPOINT")
        .execute(&mut conn)
        .await
        .is_ok()
}

/// The longest wait for autovacuum workers to finish before a measured phase.
const QUIET_WAIT: Duration = Duration::from_secs(30);

/// Waits until no autovacuum worker is busy (at most [`QUIET_WAIT`]), then checkpoints
/// (see [`checkpoint`]). Returns whether the checkpoint was taken, and the seconds waited.
async fn fresh_start(url: &str) -> (bool, f64) {
    let started = Instant::now();
    if let Ok(mut conn) = diesel_async::AsyncPgConnection::establish(url).await {
        while started.elapsed() < QUIET_WAIT {
            let busy = diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(
                "(SELECT count(*) FROM pg_stat_activity \
                 WHERE backend_type = 'autovacuum worker')",
            ))
            .get_result::<i64>(&mut conn)
            .await;
            if !matches!(busy, Ok(n) if n > 0) {
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
        }
    }
    let waited = started.elapsed().as_secs_f64();
    (checkpoint(url).await, waited)
}

/// The load's progress display: a line a second (every five with `--json` when not on a
/// terminal), its clock counting the load's seconds only.
struct Progress {
    tty: bool,
    json: bool,
    duration: u64,
    tick: Cell<u64>,
    last: Cell<usize>,
}

impl Progress {
    /// Shows the progress each second until `end`.
    async fn show(&self, stats: &RefCell<Stats>, end: Instant) {
        while Instant::now() < end {
            actix_web::rt::time::sleep(Duration::from_secs(1)).await;
            let tick = self.tick.get() + 1;
            self.tick.set(tick);
            let (done, errors) = {
                let s = stats.borrow();
                (s.writes(), s.error_count())
            };
            let line = format!(
                "[{tick:>3}/{} s] {done} actions ({} /s now), {errors} errors",
                self.duration,
                done - self.last.get()
            );
            self.last.set(done);
            if self.tty {
                eprint!("\r{line}   ");
                let _ = std::io::stderr().flush();
            } else if !self.json || tick.is_multiple_of(5) {
                eprintln!("{line}");
            }
        }
    }

    fn done(&self) {
        if self.tty {
            eprintln!();
        }
    }
}

// ---------------------------------------------------------------------------------------
// The run

#[derive(Debug, Serialize)]
struct History {
    hands_before: u32,
    probe_hands: u32,
    first_hand: Latency,
    after_history: Latency,
    /// p50 action latency at the history table / at fresh tables' first hand.
    ratio: f64,
    fast_forward_secs: f64,
}

#[derive(Debug, Serialize)]
struct Summary {
    clients: usize,
    tables: usize,
    players: usize,
    duration_secs: f64,
    server_pool: usize,
    /// HTTP worker threads of the server (`--workers`).
    server_workers: usize,
    fsync: String,
    synchronous_commit: String,
    /// Committed writes per second: actions plus hand starts.
    actions_per_sec: f64,
    actions: usize,
    hands_per_sec: f64,
    requests_per_sec: f64,
    /// Whether bots read the table before every turn (`--read-every-turn`).
    read_every_turn: bool,
    errors: u64,
    /// Latency of POST /actions.
    p50_ms: f64,
    p95_ms: f64,
    p99_ms: f64,
    endpoints: BTreeMap<&'static str, Latency>,
    /// Over all the ceiling's slices.
    ceiling_per_sec: f64,
    ceiling_commits: u64,
    ceiling_secs: f64,
    /// Each slice of the ceiling run and of the load, in the order they ran (in turns,
    /// the ceiling first).
    ceiling_slices_per_sec: Vec<f64>,
    load_slices_per_sec: Vec<f64>,
    /// actions_per_sec / ceiling_per_sec.
    ratio: f64,
    /// Whether every slice of the ceiling and of the load started on a fresh checkpoint.
    checkpointed: bool,
    /// Seconds spent waiting for autovacuum workers before the measured phases.
    autovacuum_wait_secs: f64,
    history: Option<History>,
    first_errors: Vec<String>,
}

fn say(json: bool, text: &str) {
    if !json || std::io::stderr().is_terminal() {
        eprintln!("{text}");
    }
}

pub fn run(args: &LoadtestArgs) -> Result<(), String> {
    if !(2..=7).contains(&args.players) {
        return Err("--players is 2 to 7".into());
    }
    if args.clients == 0 || args.duration == 0 {
        return Err("--clients and --duration are at least 1".into());
    }
    let tables = args.tables.unwrap_or(args.clients).max(1);
    let url = database_url(args)?;
    store::migrate(&url).map_err(|e| e.to_string())?;
    let pool_size = args.pool.unwrap_or(args.clients).max(1);
    let secret: [u8; 32] = rand::random();
    let app = App::new(
        store::pool(&url, pool_size).map_err(|e| e.to_string())?,
        Config {
            jwt: JwtKeys::from_secret(hex::encode(secret).as_bytes())?,
            token_ttl: Duration::from_secs(86_400),
            allow_fixed_deck: false,
            sweep_every: Duration::from_millis(500),
        },
    );
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (handle_tx, handle_rx) = std::sync::mpsc::channel();
    let workers = args.workers.unwrap_or_else(api::default_workers);
    std::thread::spawn(move || {
        let result = actix_web::rt::System::new().block_on(async move {
            let server = api::server(app, listener, workers)?;
            let _ = handle_tx.send(server.handle());
            server.await
        });
        if let Err(e) = result {
            eprintln!("bourre loadtest: server: {e}");
        }
    });
    let handle = handle_rx
        .recv_timeout(Duration::from_secs(30))
        .map_err(|_| "the server did not start".to_owned())?;
    let summary =
        actix_web::rt::System::new().block_on(drive(args, tables, pool_size, workers, &url, addr));
    actix_web::rt::System::new().block_on(handle.stop(true));
    let summary = summary?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&summary).map_err(|e| e.to_string())?
        );
    } else {
        print_summary(&summary);
    }
    Ok(())
}

async fn drive(
    args: &LoadtestArgs,
    tables: usize,
    pool_size: usize,
    server_workers: usize,
    url: &str,
    addr: std::net::SocketAddr,
) -> Result<Summary, String> {
    let json_out = args.json;
    let (fsync, synchronous_commit) = settings(url).await?;
    say(
        json_out,
        &format!(
            "bourre loadtest: {} clients, {tables} tables x {} players, {} s; fsync={fsync} synchronous_commit={synchronous_commit}",
            args.clients, args.players, args.duration
        ),
    );
    let http = Http::new(addr);
    let run_id = hex::encode(rand::random::<[u8; 4]>());

    // Players: P per table, 2 for the history table, 2 for the fresh tables.
    let setup = Instant::now();
    let wanted = tables * args.players + 4;
    let mut bots = Vec::with_capacity(wanted);
    for chunk in (0..wanted).collect::<Vec<_>>().chunks(16) {
        let made = join_all(
            chunk
                .iter()
                .map(|i| register(&http, format!("lt{run_id}_{i}"))),
        )
        .await;
        for bot in made {
            bots.push(bot?);
        }
    }
    let admin = bots[0].clone();
    let league = http
        .must(
            Method::POST,
            "/v1/leagues",
            Some(&admin.token),
            Some(
                &json!({"name": format!("Load test {run_id}"), "starting_balance": 1_000_000_000}),
            ),
        )
        .await?;
    let league_id = league["id"].as_str().unwrap_or_default().to_owned();
    let code = league["invite_code"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    for chunk in bots[1..].chunks(32) {
        let path = format!("/v1/leagues/{league_id}/members");
        let body = json!({"invite_code": code});
        let joined = join_all(
            chunk
                .iter()
                .map(|b| http.must(Method::POST, &path, Some(&b.token), Some(&body))),
        )
        .await;
        for j in joined {
            j?;
        }
    }
    let rules = json!({"ante": 1, "pot_limit": 50, "max_players": 7});
    let new_table = async |owner: &Bot, seated: &[Bot], name: String| -> Result<String, String> {
        let table = http
            .must(
                Method::POST,
                "/v1/tables",
                Some(&owner.token),
                Some(&json!({"league_id": league_id, "name": name, "rules": rules})),
            )
            .await?;
        let id = table["id"].as_str().unwrap_or_default().to_owned();
        for b in seated {
            http.must(
                Method::POST,
                &format!("/v1/tables/{id}/seats"),
                Some(&b.token),
                None,
            )
            .await?;
        }
        Ok(id)
    };
    let mut drivers = Vec::with_capacity(tables);
    for t in 0..tables {
        let seated = bots[t * args.players..(t + 1) * args.players].to_vec();
        let id = new_table(&seated[0], &seated, format!("Load {t}")).await?;
        drivers.push(Driver::new(
            id,
            seated,
            Style::Mixed,
            0x9e37_79b9_7f4a_7c15 ^ (t as u64 + 1),
            args.read_every_turn,
        ));
    }
    let extra = &bots[tables * args.players..];
    let (history_bots, fresh_bots) = (extra[0..2].to_vec(), extra[2..4].to_vec());
    say(
        json_out,
        &format!(
            "set up {} players and {tables} tables in {:.1} s",
            bots.len(),
            setup.elapsed().as_secs_f64()
        ),
    );

    // The history table: uncontested hands (one player passes) up to --history-hands.
    let fast = Instant::now();
    let history_id = new_table(&history_bots[0], &history_bots, "History".into()).await?;
    let mut history = Driver::new(
        history_id,
        history_bots.clone(),
        Style::Pass,
        7,
        args.read_every_turn,
    );
    let scratch = RefCell::new(Stats::default());
    for n in 0..args.history_hands {
        history.play_hand(&http, &scratch).await?;
        if (n + 1).is_multiple_of(100) {
            say(json_out, &format!("history table: {} hands", n + 1));
        }
    }
    let fast_forward_secs = fast.elapsed().as_secs_f64();

    // The ceiling and the load, in turns: the ceiling first and last.
    let slices = args.slices.max(1);
    let slice_secs = args.duration as f64 / slices as f64;
    let ceiling_slice = (args.duration as f64).min(10.0) / (slices + 1) as f64;
    say(
        json_out,
        &format!(
            "ceiling: bare one-row insert transactions, {} connections, {} slices of {ceiling_slice:.1} s; \
             load: {} clients, {slices} slices of {slice_secs:.1} s; in turns",
            args.clients,
            slices + 1,
            args.clients
        ),
    );
    let workers = args.clients.min(tables);
    let stats = RefCell::new(Stats::default());
    let hands = RefCell::new(0usize);
    let mut clients: Vec<(Vec<Driver>, Http)> = (0..workers)
        .map(|_| (Vec::new(), Http::new(addr)))
        .collect();
    for (i, d) in drivers.into_iter().enumerate() {
        clients[i % workers].0.push(d);
    }
    let progress = Progress {
        tty: std::io::stderr().is_terminal(),
        json: json_out,
        duration: args.duration,
        tick: Cell::new(0),
        last: Cell::new(0),
    };
    let mut ceilings: Vec<Ceiling> = Vec::new();
    let mut loads: Vec<(usize, f64)> = Vec::new();
    let (mut checkpointed, mut waited) = (true, 0.0);
    for slice in 0..=slices {
        let (fresh, wait) = fresh_start(url).await;
        checkpointed &= fresh;
        waited += wait;
        let ceiling = run_ceiling(url, args.clients, ceiling_slice)?;
        say(
            json_out,
            &format!("ceiling: {:.0} commits/s", ceiling.per_sec()),
        );
        ceilings.push(ceiling);
        if slice == slices {
            break;
        }
        let (fresh, wait) = fresh_start(url).await;
        checkpointed &= fresh;
        waited += wait;
        let before = stats.borrow().writes();
        let started = Instant::now();
        let end = started + Duration::from_secs_f64(slice_secs);
        let client_futures = clients.iter_mut().map(|(group, http)| {
            let stats = &stats;
            let hands = &hands;
            async move {
                let mut i = 0;
                while Instant::now() < end {
                    let n = group.len();
                    let Some(d) = group.get_mut(i % n) else { break };
                    let (_, ended) = d.step(http, stats).await;
                    if ended {
                        *hands.borrow_mut() += 1;
                    }
                    i += 1;
                }
            }
        });
        futures_util::future::join(join_all(client_futures), progress.show(&stats, end)).await;
        let after = stats.borrow().writes();
        loads.push((after - before, started.elapsed().as_secs_f64()));
    }
    progress.done();
    let seconds: f64 = loads.iter().map(|(_, secs)| secs).sum();
    let ceiling = Ceiling {
        commits: ceilings.iter().map(|c| c.commits).sum(),
        secs: ceilings.iter().map(|c| c.secs).sum(),
    };
    let ceiling_per_sec = ceiling.per_sec();

    // Latency against history, with nothing else running: fresh tables' first hands and
    // the history table's next hands, interleaved.
    let mut history_out = None;
    if args.probe_hands > 0 {
        let first = RefCell::new(Stats::default());
        let old = RefCell::new(Stats::default());
        history.style = Style::Play;
        for n in 0..args.probe_hands {
            let id = new_table(&fresh_bots[0], &fresh_bots, format!("Fresh {n}")).await?;
            let mut fresh = Driver::new(
                id.clone(),
                fresh_bots.clone(),
                Style::Play,
                11 + u64::from(n),
                args.read_every_turn,
            );
            fresh.play_hand(&http, &first).await?;
            history.play_hand(&http, &old).await?;
            for b in &fresh_bots {
                http.must(
                    Method::DELETE,
                    &format!("/v1/tables/{id}/seats/me"),
                    Some(&b.token),
                    None,
                )
                .await?;
            }
        }
        let first_hand = latency(first.borrow().samples.get("act").map_or(&[], |v| v), 0.0);
        let after_history = latency(old.borrow().samples.get("act").map_or(&[], |v| v), 0.0);
        let ratio = if first_hand.p50_ms > 0.0 {
            round3(after_history.p50_ms / first_hand.p50_ms)
        } else {
            0.0
        };
        history_out = Some(History {
            hands_before: args.history_hands,
            probe_hands: args.probe_hands,
            first_hand,
            after_history,
            ratio,
            fast_forward_secs: round3(fast_forward_secs),
        });
    }

    let stats = stats.borrow();
    let endpoints: BTreeMap<&'static str, Latency> = stats
        .samples
        .iter()
        .map(|(k, v)| (*k, latency(v, seconds)))
        .collect();
    let actions = stats.writes();
    let requests: usize = stats.samples.values().map(Vec::len).sum();
    let act = endpoints
        .get("act")
        .cloned()
        .unwrap_or_else(|| latency(&[], seconds));
    let actions_per_sec = actions as f64 / seconds;
    Ok(Summary {
        clients: args.clients,
        tables,
        players: args.players,
        duration_secs: round3(seconds),
        server_pool: pool_size,
        server_workers,
        fsync,
        synchronous_commit,
        actions_per_sec: round3(actions_per_sec),
        actions,
        hands_per_sec: round3(*hands.borrow() as f64 / seconds),
        requests_per_sec: round3(requests as f64 / seconds),
        read_every_turn: args.read_every_turn,
        errors: stats.error_count(),
        p50_ms: act.p50_ms,
        p95_ms: act.p95_ms,
        p99_ms: act.p99_ms,
        endpoints,
        ceiling_per_sec: round3(ceiling_per_sec),
        ceiling_commits: ceiling.commits,
        ceiling_secs: round3(ceiling.secs),
        ceiling_slices_per_sec: ceilings.iter().map(|c| round3(c.per_sec())).collect(),
        load_slices_per_sec: loads
            .iter()
            .map(|(n, secs)| round3(*n as f64 / secs))
            .collect(),
        checkpointed,
        autovacuum_wait_secs: round3(waited),
        ratio: if ceiling_per_sec > 0.0 {
            round3(actions_per_sec / ceiling_per_sec)
        } else {
            0.0
        },
        history: history_out,
        first_errors: stats.first_errors.clone(),
    })
}

/// Rates rounded, separated by " / ".
fn joined(rates: &[f64]) -> String {
    rates
        .iter()
        .map(|r| format!("{r:.0}"))
        .collect::<Vec<_>>()
        .join(" / ")
}

fn print_summary(s: &Summary) {
    println!(
        "bourre loadtest: {} clients, {} tables x {} players, {:.1} s, server pool {}, {} HTTP worker(s); fsync={} synchronous_commit={}",
        s.clients,
        s.tables,
        s.players,
        s.duration_secs,
        s.server_pool,
        s.server_workers,
        s.fsync,
        s.synchronous_commit
    );
    println!(
        "server:  {:.0} actions/s (actions and hand starts), {:.1} hands/s, {:.0} requests/s, {} errors",
        s.actions_per_sec, s.hands_per_sec, s.requests_per_sec, s.errors
    );
    println!(
        "bots:    {}",
        if s.read_every_turn {
            "read the table before every turn"
        } else {
            "read the table once a hand each, then work out their moves from the replies"
        }
    );
    println!(
        "ceiling: {:.0} commits/s (bare one-row insert transactions, {} connections, {} s in {} slices, \
         in turns with the load's {})",
        s.ceiling_per_sec,
        s.clients,
        s.ceiling_secs,
        s.ceiling_slices_per_sec.len(),
        s.load_slices_per_sec.len()
    );
    println!(
        "slices:  ceiling {} commits/s; load {} actions/s",
        joined(&s.ceiling_slices_per_sec),
        joined(&s.load_slices_per_sec)
    );
    println!(
        "ratio:   {:.3} (server actions/s / ceiling commits/s){}",
        s.ratio,
        if s.checkpointed {
            "; each slice started on a fresh checkpoint"
        } else {
            "; no checkpoint before the slices (not allowed)"
        }
    );
    println!();
    println!(
        "{:<12} {:>8} {:>9} {:>8} {:>8} {:>8} {:>8}",
        "endpoint", "count", "per s", "p50 ms", "p95 ms", "p99 ms", "max ms"
    );
    for (name, l) in &s.endpoints {
        println!(
            "{:<12} {:>8} {:>9.0} {:>8.2} {:>8.2} {:>8.2} {:>8.2}",
            name, l.count, l.per_sec, l.p50_ms, l.p95_ms, l.p99_ms, l.max_ms
        );
    }
    if let Some(h) = &s.history {
        println!();
        println!(
            "history: POST /actions p50 {:.2} ms (mean {:.2}) at fresh tables' first hand, {:.2} ms (mean {:.2}) after {} hands: ratio {:.2} ({} hands each; fast-forward {:.1} s)",
            h.first_hand.p50_ms,
            h.first_hand.mean_ms,
            h.after_history.p50_ms,
            h.after_history.mean_ms,
            h.hands_before,
            h.ratio,
            h.probe_hands,
            h.fast_forward_secs
        );
    }
    for e in &s.first_errors {
        println!("error: {e}");
    }
}
