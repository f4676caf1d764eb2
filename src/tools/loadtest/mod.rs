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

mod bots;
mod ceiling;
mod http;
pub mod league;
mod report;
pub mod streams;

use bots::*;
use ceiling::*;
use http::*;
use report::*;
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

use crate::api;
use crate::app::ops::database as store;
use crate::app::{App, Config, JwtKeys};
use crate::engine::Phase;
use crate::engine::view::SeenHand;
use crate::tools::database::{self, DatabaseArgs};

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
    /// The database (the run uses database `bourre_loadtest` of the private cluster).
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Bots read the table before every turn, as a client that polls its view does. By
    /// default a bot reads the table only when it lacks its cards (once a hand, before it
    /// declares) and otherwise works out its legal moves from its own cards and the table's
    /// last reply, as a client following the table's events does.
    #[arg(long)]
    pub read_every_turn: bool,
    /// Record the server's metrics, as `bourre serve` with BOURRE_METRICS_BIND does (to
    /// measure their cost); the summary then counts the series rendered at the end.
    #[arg(long)]
    pub metrics: bool,
    /// A bot says a phrase at its table after every N changes (0: no chat), as the
    /// players of a chatty league do; the run lifts the chat's rate limit so that each is
    /// said.
    #[arg(long, default_value_t = 0)]
    pub chat_every: u32,
}

/// The database a benchmark uses: `--database-url`, or database `name` in the private
/// cluster under `--data-dir`, as its superuser (the run also checkpoints, and makes the
/// ceiling's scratch table).
fn database_url(name: &str, args: &DatabaseArgs) -> Result<String, String> {
    let cluster = || Ok(database::data_dir(&args.data_dir)?.join("pg"));
    Ok(database::database(args.database_url.as_deref(), name, cluster)?.admin_url)
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
    let url = database_url("bourre_loadtest", &args.database)?;
    store::migrate(&url).map_err(|e| e.to_string())?;
    let pool_size = args.pool.unwrap_or(args.clients).max(1);
    let workers = args.workers.unwrap_or_else(api::default_workers);
    let recorder = args
        .metrics
        .then(crate::app::kernel::metrics::install)
        .transpose()?;
    let (handle, addr) = serve_here(&url, pool_size, workers)?;
    let summary =
        actix_web::rt::System::new().block_on(drive(args, tables, pool_size, workers, &url, addr));
    actix_web::rt::System::new().block_on(handle.stop(true));
    let mut summary = summary?;
    summary.metrics_series = recorder.map(|r| {
        r.render()
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .count()
    });
    report(args.json, &summary, print_summary)
}

/// A benchmark's summary on stdout: one JSON object with `json`, else as `print` shows it.
fn report<T: Serialize>(json: bool, summary: &T, print: impl FnOnce(&T)) -> Result<(), String> {
    if json {
        println!(
            "{}",
            serde_json::to_string(summary).map_err(|e| e.to_string())?
        );
    } else {
        print(summary);
    }
    Ok(())
}

/// Starts the server in this process, on its own thread, for a benchmark: a fresh signing
/// secret, no limits on registrations and joins from this machine; its handle and address.
fn serve_here(
    url: &str,
    pool_size: usize,
    workers: usize,
) -> Result<(actix_web::dev::ServerHandle, std::net::SocketAddr), String> {
    let secret: [u8; 32] = rand::random();
    let app = App::new(
        store::pool(url, pool_size).map_err(|e| e.to_string())?,
        Config {
            jwt: JwtKeys::from_secret(hex::encode(secret).as_bytes())?,
            token_ttl: Duration::from_secs(86_400),
            refresh_ttl: Duration::from_secs(86_400),
            refresh_reuse_grace: Duration::from_secs(60),
            webhooks: crate::app::notify::dispatcher::WebhookConfig::default(),
            push: crate::app::notify::push::PushConfig::default(),
            hash_slots: workers,
            mail: None,
            guest_ttl: Duration::from_secs(30 * 86_400),
            chat_kept: Duration::from_secs(30 * 86_400),
            operator: None,
            chat_burst: i64::MAX,
            native: std::sync::Arc::new(crate::app::notify::native::Native::new(None, None, None)?),
            oidc: std::sync::Arc::new(crate::app::identity::oidc::Providers::parse(
                "", "", false, 0,
            )?),
            log_key: crate::app::log::note::SignerKey::generate("loadtest.bourre.invalid/log")?,
            allow_fixed_deck: false,
            sweep_every: Duration::from_millis(500),
            streams: crate::app::live::feeds::StreamLimits::default(),
            // Every bot registers and joins from this machine.
            address_limits: crate::app::identity::throttle::AddressLimits {
                registrations_per_hour: i32::MAX,
                guests_per_hour: i32::MAX,
                joins_per_hour: i32::MAX,
            },
            trusted_proxies: Vec::new(),
            cors_origins: crate::app::CorsOrigins::None,
            quotas: crate::app::Quotas {
                keys_per_day: i64::MAX,
                ..crate::app::Quotas::default()
            },
        },
    );
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (handle_tx, handle_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let result = actix_web::rt::System::new().block_on(async move {
            let server = api::server(app, listener, workers, Duration::from_secs(1))?;
            let _ = handle_tx.send(server.handle());
            server.await
        });
        if let Err(e) = result {
            eprintln!("bourre: the benchmark's server: {e}");
        }
    });
    let handle = handle_rx
        .recv_timeout(Duration::from_secs(30))
        .map_err(|_| "the server did not start".to_owned())?;
    Ok((handle, addr))
}

/// A league of `bots` (the first its admin, everyone with a billion chips); its id.
async fn make_league(http: &Http, bots: &[Bot], name: &str) -> Result<String, String> {
    let league = http
        .must(
            Method::POST,
            "/v1/leagues",
            Some(&bots[0].token),
            Some(&json!({"name": name, "starting_balance": 1_000_000_000})),
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
    Ok(league_id)
}

/// A table of the league made by the first of `seated`, everyone seated; its id.
async fn make_table(
    http: &Http,
    league: &str,
    seated: &[Bot],
    name: String,
) -> Result<String, String> {
    let rules = json!({"ante": 1, "pot_limit": 50, "max_players": 7});
    let table = http
        .must(
            Method::POST,
            "/v1/tables",
            Some(&seated[0].token),
            Some(&json!({"league_id": league, "name": name, "rules": rules})),
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
    let league_id = make_league(&http, &bots, &format!("Load test {run_id}")).await?;
    let new_table = async |seated: &[Bot], name: String| -> Result<String, String> {
        make_table(&http, &league_id, seated, name).await
    };
    let mut drivers = Vec::with_capacity(tables);
    for t in 0..tables {
        let seated = bots[t * args.players..(t + 1) * args.players].to_vec();
        let id = new_table(&seated, format!("Load {t}")).await?;
        let mut driver = Driver::new(
            id,
            seated,
            Style::Mixed,
            0x9e37_79b9_7f4a_7c15 ^ (t as u64 + 1),
            args.read_every_turn,
        );
        driver.chat_every = args.chat_every;
        drivers.push(driver);
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
    let history_id = new_table(&history_bots, "History".into()).await?;
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
            let id = new_table(&fresh_bots, format!("Fresh {n}")).await?;
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
        let first_hand = latency(first.borrow().samples.get("act").map_or(&[], |v| v), None);
        let after_history = latency(old.borrow().samples.get("act").map_or(&[], |v| v), None);
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
        .map(|(k, v)| (*k, latency(v, Some(seconds))))
        .collect();
    let actions = stats.writes();
    let requests: usize = stats.samples.values().map(Vec::len).sum();
    let act = endpoints
        .get("act")
        .cloned()
        .unwrap_or_else(|| latency(&[], Some(seconds)));
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
        metrics_series: None,
    })
}
