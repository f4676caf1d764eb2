//! What a run measures and reports: latencies per endpoint, the progress line, the summary.

use super::*;

#[derive(Default)]
pub(super) struct Stats {
    /// Latency samples in microseconds, per endpoint.
    pub(super) samples: BTreeMap<&'static str, Vec<u32>>,
    pub(super) errors: BTreeMap<&'static str, u64>,
    pub(super) first_errors: Vec<String>,
}

impl Stats {
    pub(super) fn record(
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

    pub(super) fn count(&self, endpoint: &str) -> usize {
        self.samples.get(endpoint).map_or(0, Vec::len)
    }

    /// Committed writes: actions and hand starts.
    pub(super) fn writes(&self) -> usize {
        self.count("act") + self.count("start_hand")
    }

    pub(super) fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }
}

#[derive(Debug, Clone, Serialize)]
pub(super) struct Latency {
    pub(super) count: usize,
    /// Samples per second of the run, for samples taken over one (not wakes or probes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) per_sec: Option<f64>,
    pub(super) mean_ms: f64,
    pub(super) p50_ms: f64,
    pub(super) p95_ms: f64,
    pub(super) p99_ms: f64,
    pub(super) max_ms: f64,
}

/// Percentiles of `samples` (µs), and their rate when they were taken over `seconds`.
pub(super) fn latency(samples: &[u32], seconds: Option<f64>) -> Latency {
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
        per_sec: seconds
            .filter(|s| *s > 0.0)
            .map(|s| round3(sorted.len() as f64 / s)),
        mean_ms: round3(mean),
        p50_ms: round3(pct(0.50)),
        p95_ms: round3(pct(0.95)),
        p99_ms: round3(pct(0.99)),
        max_ms: round3(pct(1.0)),
    }
}

pub(super) fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The load's progress display: a line a second (every five with `--json` when not on a
/// terminal), its clock counting the load's seconds only.
pub(super) struct Progress {
    pub(super) tty: bool,
    pub(super) json: bool,
    pub(super) duration: u64,
    pub(super) tick: Cell<u64>,
    pub(super) last: Cell<usize>,
}

impl Progress {
    /// Shows the progress each second until `end`.
    pub(super) async fn show(&self, stats: &RefCell<Stats>, end: Instant) {
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

    pub(super) fn done(&self) {
        if self.tty {
            eprintln!();
        }
    }
}

// ---------------------------------------------------------------------------------------
// The run

#[derive(Debug, Serialize)]
pub(super) struct History {
    pub(super) hands_before: u32,
    pub(super) probe_hands: u32,
    pub(super) first_hand: Latency,
    pub(super) after_history: Latency,
    /// p50 action latency at the history table / at fresh tables' first hand.
    pub(super) ratio: f64,
    pub(super) fast_forward_secs: f64,
}

#[derive(Debug, Serialize)]
pub(super) struct Summary {
    pub(super) clients: usize,
    pub(super) tables: usize,
    pub(super) players: usize,
    pub(super) duration_secs: f64,
    pub(super) server_pool: usize,
    /// HTTP worker threads of the server (`--workers`).
    pub(super) server_workers: usize,
    pub(super) fsync: String,
    pub(super) synchronous_commit: String,
    /// Committed writes per second: actions plus hand starts.
    pub(super) actions_per_sec: f64,
    pub(super) actions: usize,
    pub(super) hands_per_sec: f64,
    pub(super) requests_per_sec: f64,
    /// Whether bots read the table before every turn (`--read-every-turn`).
    pub(super) read_every_turn: bool,
    pub(super) errors: u64,
    /// Latency of POST /actions.
    pub(super) p50_ms: f64,
    pub(super) p95_ms: f64,
    pub(super) p99_ms: f64,
    pub(super) endpoints: BTreeMap<&'static str, Latency>,
    /// Over all the ceiling's slices.
    pub(super) ceiling_per_sec: f64,
    pub(super) ceiling_commits: u64,
    pub(super) ceiling_secs: f64,
    /// Each slice of the ceiling run and of the load, in the order they ran (in turns,
    /// the ceiling first).
    pub(super) ceiling_slices_per_sec: Vec<f64>,
    pub(super) load_slices_per_sec: Vec<f64>,
    /// actions_per_sec / ceiling_per_sec.
    pub(super) ratio: f64,
    /// Whether every slice of the ceiling and of the load started on a fresh checkpoint.
    pub(super) checkpointed: bool,
    /// Seconds spent waiting for autovacuum workers before the measured phases.
    pub(super) autovacuum_wait_secs: f64,
    pub(super) history: Option<History>,
    pub(super) first_errors: Vec<String>,
    /// With `--metrics`: the series the recorder rendered at the end.
    pub(super) metrics_series: Option<usize>,
}

/// Rates rounded, separated by " / ".
pub(super) fn joined(rates: &[f64]) -> String {
    rates
        .iter()
        .map(|r| format!("{r:.0}"))
        .collect::<Vec<_>>()
        .join(" / ")
}

pub(super) fn print_summary(s: &Summary) {
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
            name,
            l.count,
            l.per_sec.unwrap_or_default(),
            l.p50_ms,
            l.p95_ms,
            l.p99_ms,
            l.max_ms
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
    if let Some(series) = s.metrics_series {
        println!("metrics recorded: {series} series at the end");
    }
    for e in &s.first_errors {
        println!("error: {e}");
    }
}
