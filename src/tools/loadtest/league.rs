//! `bourre leaguebench`: how reads grow with a league's age. Bots fill one league through
//! the real write path (HTTP to an in-process server, as `bourre loadtest` plays), and at
//! each `--at` count of finished hands, with nothing else running, the reads a client
//! makes of a league are timed: standings, the ledger (a page, and filtered by player and
//! by table), a table's hands, the members, `me/turns` and `me/tables`. The summary gives
//! each read's latency at each count and the ratio of the last count's median to the
//! first's (flat reads stay near 1). At each count the league's whole hand export is also
//! streamed (`GET /v1/leagues/{id}/hands/export`): hands per second, and the process's
//! resident memory before it and at most during it (flat: the same at every count).

use super::*;

#[derive(Debug, clap::Args)]
pub struct LeaguebenchArgs {
    /// Finished hands in the league at which the reads are timed, ascending.
    #[arg(long, value_delimiter = ',', default_value = "1000,20000")]
    pub at: Vec<u64>,
    /// Tables playing at once in the league.
    #[arg(long, default_value_t = 16)]
    pub tables: usize,
    /// Bot players per table (2..=7).
    #[arg(long, default_value_t = 3)]
    pub players: usize,
    /// Times each read is made at each count.
    #[arg(long, default_value_t = 30)]
    pub repeat: u32,
    /// The database (the run uses database `bourre_leaguebench` of the private cluster).
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The reads timed, by name, and their path (with `{league}`, `{table}`, `{player}`).
const READS: [(&str, &str); 8] = [
    ("standings", "/v1/leagues/{league}/standings"),
    ("ledger", "/v1/leagues/{league}/ledger?limit=50"),
    (
        "ledger_of_player",
        "/v1/leagues/{league}/ledger?limit=50&player_id={player}",
    ),
    (
        "ledger_of_table",
        "/v1/leagues/{league}/ledger?limit=50&table_id={table}",
    ),
    ("hands", "/v1/tables/{table}/hands?limit=50"),
    ("members", "/v1/leagues/{league}/members?limit=100"),
    ("me_turns", "/v1/players/me/turns"),
    ("me_tables", "/v1/players/me/tables?limit=50"),
];

#[derive(Debug, Serialize)]
struct Checkpoint {
    hands: u64,
    /// Seconds the hands since the last count took to play.
    fill_secs: f64,
    reads: BTreeMap<&'static str, Latency>,
    export: ExportRun,
}

/// The league's whole export, streamed once.
#[derive(Debug, Serialize)]
struct ExportRun {
    hands: u64,
    mib: f64,
    secs: f64,
    hands_per_sec: f64,
    /// The process's resident memory (server and bench) before the export, and at most
    /// while it streamed, sampled every 5 ms.
    rss_before_mib: f64,
    rss_peak_mib: f64,
}

/// The process's resident memory, in MiB (0 where /proc is not there).
fn rss_mib() -> f64 {
    let pages = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<f64>().ok())
        .unwrap_or(0.0);
    pages * 4096.0 / (1024.0 * 1024.0)
}

/// Streams the league's export to its end, counting its lines and bytes as they come.
async fn time_export(
    addr: std::net::SocketAddr,
    token: &str,
    league: &str,
) -> Result<ExportRun, String> {
    use futures_util::StreamExt;
    let rss_before_mib = rss_mib();
    let streaming = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let streaming = streaming.clone();
        std::thread::spawn(move || {
            let mut peak = rss_mib();
            // (`AtomicBool::load` by name: diesel's `load` is in scope too.)
            while std::sync::atomic::AtomicBool::load(
                &streaming,
                std::sync::atomic::Ordering::Relaxed,
            ) {
                peak = peak.max(rss_mib());
                std::thread::sleep(Duration::from_millis(5));
            }
            peak
        })
    };
    let started = Instant::now();
    let mut response = awc::Client::new()
        .get(format!("http://{addr}/v1/leagues/{league}/hands/export"))
        .bearer_auth(token)
        .timeout(Duration::from_secs(600))
        .send()
        .await
        .map_err(|e| format!("the export: {e}"))?;
    if response.status() != 200 {
        return Err(format!("the export answered {}", response.status()));
    }
    let (mut bytes, mut hands) = (0u64, 0u64);
    while let Some(chunk) = response.next().await {
        let chunk = chunk.map_err(|e| format!("the export was cut: {e}"))?;
        bytes += chunk.len() as u64;
        hands += chunk.iter().filter(|b| **b == b'\n').count() as u64;
    }
    let secs = started.elapsed().as_secs_f64();
    streaming.store(false, std::sync::atomic::Ordering::Relaxed);
    let rss_peak_mib = sampler.join().unwrap_or(0.0);
    Ok(ExportRun {
        hands,
        mib: round3(bytes as f64 / (1024.0 * 1024.0)),
        secs: round3(secs),
        hands_per_sec: round3(hands as f64 / secs.max(1e-9)),
        rss_before_mib: round3(rss_before_mib),
        rss_peak_mib: round3(rss_peak_mib),
    })
}

#[derive(Debug, Serialize)]
struct LeagueSummary {
    tables: usize,
    players: usize,
    repeat: u32,
    checkpoints: Vec<Checkpoint>,
    /// Each read's median at the last count over its median at the first.
    ratio_last_to_first: BTreeMap<&'static str, f64>,
}

pub fn run(args: &LeaguebenchArgs) -> Result<(), String> {
    if !(2..=7).contains(&args.players) || args.tables == 0 || args.repeat == 0 {
        return Err("--players is 2 to 7; --tables and --repeat at least 1".into());
    }
    if args.at.is_empty() || args.at.windows(2).any(|w| w[0] >= w[1]) {
        return Err("--at lists one or more ascending hand counts".into());
    }
    let url = database_url("bourre_leaguebench", &args.database)?;
    store::migrate(&url).map_err(|e| e.to_string())?;
    let (handle, addr) = serve_here(&url, args.tables.max(4), api::default_workers())?;
    let summary = actix_web::rt::System::new().block_on(fill_and_time(args, addr));
    actix_web::rt::System::new().block_on(handle.stop(true));
    report(args.json, &summary?, print_league)
}

fn print_league(summary: &LeagueSummary) {
    for c in &summary.checkpoints {
        println!("at {} hands (filled in {:.1} s):", c.hands, c.fill_secs);
        let e = &c.export;
        println!(
            "  export             {} hands, {:.1} MiB in {:.2} s: {:.0} hands/s; resident {:.1} MiB before, {:.1} MiB at most while streaming",
            e.hands, e.mib, e.secs, e.hands_per_sec, e.rss_before_mib, e.rss_peak_mib
        );
        for (name, l) in &c.reads {
            println!(
                "  {name:<18} p50 {:>8.3} ms  p95 {:>8.3} ms  max {:>8.3} ms",
                l.p50_ms, l.p95_ms, l.max_ms
            );
        }
    }
    println!("median at the last count / at the first:");
    for (name, ratio) in &summary.ratio_last_to_first {
        println!("  {name:<18} {ratio:.2}");
    }
}

async fn fill_and_time(
    args: &LeaguebenchArgs,
    addr: std::net::SocketAddr,
) -> Result<LeagueSummary, String> {
    let http = Http::new(addr);
    let run_id = hex::encode(rand::random::<[u8; 4]>());
    let mut bots = Vec::with_capacity(args.tables * args.players);
    for i in 0..args.tables * args.players {
        bots.push(register(&http, format!("lb{run_id}_{i}")).await?);
    }
    let league = make_league(&http, &bots, &format!("League bench {run_id}")).await?;
    let mut drivers = Vec::with_capacity(args.tables);
    for t in 0..args.tables {
        let seated = bots[t * args.players..(t + 1) * args.players].to_vec();
        let id = make_table(&http, &league, &seated, format!("Bench {t}")).await?;
        drivers.push(Driver::new(
            id,
            seated,
            Style::Mixed,
            0x51_7cc1_b727_220a ^ (t as u64 + 1),
            false,
        ));
    }
    let fill = |p: &str| {
        p.replace("{league}", &league)
            .replace("{table}", &drivers[0].id)
            .replace("{player}", &bots[0].id)
    };
    let paths: Vec<(&'static str, String)> = READS.iter().map(|(n, p)| (*n, fill(p))).collect();
    let stats = RefCell::new(Stats::default());
    let hands = Cell::new(0u64);
    let mut clients: Vec<(Driver, Http)> =
        drivers.into_iter().map(|d| (d, Http::new(addr))).collect();
    let mut checkpoints = Vec::new();
    for &target in &args.at {
        let started = Instant::now();
        let playing = clients.iter_mut().map(|(driver, http)| {
            let (stats, hands) = (&stats, &hands);
            async move {
                while hands.get() < target {
                    driver.play_hand(http, stats).await?;
                    hands.set(hands.get() + 1);
                }
                Ok::<_, String>(())
            }
        });
        for played in join_all(playing).await {
            played?;
        }
        let fill_secs = started.elapsed().as_secs_f64();
        say(
            args.json,
            &format!(
                "{} hands in {fill_secs:.1} s; timing the reads",
                hands.get()
            ),
        );
        let mut reads = BTreeMap::new();
        for (name, path) in &paths {
            let mut samples = Vec::with_capacity(args.repeat as usize);
            let timed = Instant::now();
            for _ in 0..args.repeat {
                let (answer, took) = http
                    .call(Method::GET, path, Some(&bots[0].token), None)
                    .await;
                let answer = answer?;
                if !answer.ok() {
                    return Err(format!("{name}: {} {}", answer.status, answer.json()));
                }
                samples.push(u32::try_from(took.as_micros()).unwrap_or(u32::MAX));
            }
            reads.insert(
                *name,
                latency(&samples, Some(timed.elapsed().as_secs_f64())),
            );
        }
        let export = time_export(addr, &bots[0].token, &league).await?;
        if export.hands != hands.get() {
            return Err(format!(
                "the export held {} hands of {}",
                export.hands,
                hands.get()
            ));
        }
        checkpoints.push(Checkpoint {
            hands: hands.get(),
            fill_secs: round3(fill_secs),
            reads,
            export,
        });
    }
    let ratio_last_to_first = match (
        checkpoints.as_slice().first(),
        checkpoints.as_slice().last(),
    ) {
        (Some(first), Some(last)) => READS
            .iter()
            .map(|(name, _)| {
                let (a, b) = (first.reads[name].p50_ms, last.reads[name].p50_ms);
                (*name, if a > 0.0 { round3(b / a) } else { 0.0 })
            })
            .collect(),
        _ => BTreeMap::new(),
    };
    Ok(LeagueSummary {
        tables: args.tables,
        players: args.players,
        repeat: args.repeat,
        checkpoints,
        ratio_last_to_first,
    })
}
