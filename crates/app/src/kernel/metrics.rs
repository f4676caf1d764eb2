//! Prometheus metrics, through the `metrics` facade and `metrics-exporter-prometheus`'s
//! recorder, installed only when `BOURRE_METRICS_BIND` is set (else every record is a
//! no-op, skipped before it builds its labels). Label values come from bounded sets only:
//! route templates, methods, statuses, event kinds, batch names; never an id or a name.
//!
//! Recorded where they happen: requests (the HTTP layer's `request_id`), actions committed
//! (`table::pipeline::write`), batches (`table::pipeline::batches`), kept tables
//! (`table::pipeline::kept`), listeners (`live::feeds`), outbox attempts
//! (`notify::dispatcher`, `notify::push`). Sampled at each scrape from the pool alone: its
//! connections, the outbox's depth, the sweeper's lag and the public log's size and lag
//! ([`sample`]).

use std::sync::atomic::{AtomicBool, Ordering};

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::store::{self, DbPool};

static ON: AtomicBool = AtomicBool::new(false);
static HANDLE: std::sync::OnceLock<PrometheusHandle> = std::sync::OnceLock::new();

/// Whether metrics are recorded (a recorder is installed).
pub fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// Seconds: from a millisecond to ten seconds (requests, commits).
const SECONDS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Items in a batch.
const SIZES: [f64; 9] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

/// Installs the process's recorder, and describes every metric; its handle (the same one
/// when called again).
pub fn install() -> Result<PrometheusHandle, String> {
    if let Some(handle) = HANDLE.get() {
        return Ok(handle.clone());
    }
    let recorder = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &SECONDS)
        .and_then(|b| b.set_buckets_for_metric(Matcher::Full("bourre_batch_items".into()), &SIZES))
        .map_err(|e| e.to_string())?
        .build_recorder();
    let handle = recorder.handle();
    metrics::set_global_recorder(recorder).map_err(|e| e.to_string())?;
    let _ = HANDLE.set(handle.clone());
    ON.store(true, Ordering::Relaxed);
    describe();
    metrics::gauge!("bourre_build_info", "version" => env!("CARGO_PKG_VERSION")).set(1.0);
    Ok(handle)
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        "bourre_http_requests_total",
        "HTTP requests answered, by route template, method and status"
    );
    describe_histogram!(
        "bourre_http_request_duration_seconds",
        Unit::Seconds,
        "Time to answer an HTTP request (a stream: its whole life), by route template and method"
    );
    describe_counter!(
        "bourre_actions_committed_total",
        "Table moves written, by the kind of their first event (the action itself)"
    );
    describe_histogram!(
        "bourre_batch_items",
        "Items done together by one batch (writes: moves in one commit), by batch"
    );
    describe_histogram!(
        "bourre_batch_duration_seconds",
        Unit::Seconds,
        "Time one batch took on the database (writes: to commit), by batch"
    );
    describe_counter!(
        "bourre_kept_tables_total",
        "Reads of a table this process keeps, by result: hit (unchanged) or miss"
    );
    describe_gauge!(
        "bourre_db_pool_connections",
        "Database connections of this process's pool, by state: in_use or idle"
    );
    describe_gauge!(
        "bourre_db_pool_waiting",
        "Requests waiting for a database connection"
    );
    describe_gauge!(
        "bourre_listeners_open",
        "Streams and long-polls open on this process, by kind"
    );
    describe_gauge!(
        "bourre_sweeper_lag_seconds",
        Unit::Seconds,
        "Age of the oldest turn deadline passed and not yet played for (0: none)"
    );
    describe_gauge!(
        "bourre_log_size",
        "Finished hands in the public log (its newest signed checkpoint's size)"
    );
    describe_gauge!(
        "bourre_log_lag_seconds",
        Unit::Seconds,
        "Age of the oldest finished hand not yet in the public log (0: none)"
    );
    describe_gauge!(
        "bourre_outbox_due",
        "Notification outbox rows due now, by stage: notification, webhook or push"
    );
    describe_gauge!(
        "bourre_outbox_oldest_due_seconds",
        Unit::Seconds,
        "Age of the oldest outbox row due (0: none)"
    );
    describe_gauge!(
        "bourre_outbox_failed",
        "Webhook deliveries marked failed and kept (a week)"
    );
    describe_counter!(
        "bourre_outbox_attempts_total",
        "Attempts to send a notification, by channel (webhook, push, device, mail) and result \
         (delivered, retried, failed, removed; stale for a turn over before it was sent)"
    );
    describe_gauge!("bourre_build_info", "This build: its version, as a label");
}

/// An attempt to send a notification over `channel`, and what became of it.
pub fn attempt(channel: &'static str, result: &'static str) {
    if on() {
        metrics::counter!("bourre_outbox_attempts_total", "channel" => channel, "result" => result)
            .increment(1);
    }
}

/// What a scrape reads from the database, and the pool.
#[derive(diesel::QueryableByName)]
struct Sampled {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    notifications: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    webhooks: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pushes: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    failed: i64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    oldest_due: f64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    sweeper_lag: f64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    log_size: i64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    log_lag: f64,
}

/// Sets what is sampled at a scrape: the pool's connections, and (one statement) the
/// outbox's depth and the sweeper's lag. A database that does not answer leaves those as
/// they were; the scrape still answers.
pub async fn sample(pool: &DbPool) {
    let status = pool.status();
    let idle = status.available;
    metrics::gauge!("bourre_db_pool_connections", "state" => "in_use")
        .set(status.size.saturating_sub(idle) as f64);
    metrics::gauge!("bourre_db_pool_connections", "state" => "idle").set(idle as f64);
    metrics::gauge!("bourre_db_pool_waiting").set(status.waiting as f64);
    let read = async {
        use diesel_async::RunQueryDsl;
        let mut conn = store::conn(pool).await.ok()?;
        diesel::sql_query(
            "SELECT (SELECT count(*) FROM notifications WHERE due_at <= now()) AS notifications, \
             (SELECT count(*) FROM deliveries WHERE state = 'pending' AND next_at <= now()) \
             AS webhooks, \
             (SELECT count(*) FROM push_messages WHERE next_at <= now()) AS pushes, \
             (SELECT count(*) FROM deliveries WHERE state = 'failed') AS failed, \
             COALESCE(EXTRACT(EPOCH FROM now() - LEAST( \
             (SELECT min(due_at) FROM notifications WHERE due_at <= now()), \
             (SELECT min(next_at) FROM deliveries WHERE state = 'pending' AND next_at <= now()), \
             (SELECT min(next_at) FROM push_messages WHERE next_at <= now()))), 0)::float8 \
             AS oldest_due, \
             COALESCE(EXTRACT(EPOCH FROM now() - (SELECT min(deadline) FROM tables \
             WHERE deadline_minute < now() AND deadline < now())), 0)::float8 AS sweeper_lag, \
             (SELECT size FROM log_head) AS log_size, \
             COALESCE(EXTRACT(EPOCH FROM now() - (SELECT min(queued_at) FROM log_queue)), 0)::float8 \
             AS log_lag",
        )
        .get_result::<Sampled>(&mut conn)
        .await
        .ok()
    };
    let Ok(Some(read)) = tokio::time::timeout(std::time::Duration::from_secs(2), read).await else {
        return;
    };
    for (stage, n) in [
        ("notification", read.notifications),
        ("webhook", read.webhooks),
        ("push", read.pushes),
    ] {
        metrics::gauge!("bourre_outbox_due", "stage" => stage).set(n as f64);
    }
    metrics::gauge!("bourre_outbox_failed").set(read.failed as f64);
    metrics::gauge!("bourre_outbox_oldest_due_seconds").set(read.oldest_due);
    metrics::gauge!("bourre_sweeper_lag_seconds").set(read.sweeper_lag);
    metrics::gauge!("bourre_log_size").set(read.log_size as f64);
    metrics::gauge!("bourre_log_lag_seconds").set(read.log_lag);
}
