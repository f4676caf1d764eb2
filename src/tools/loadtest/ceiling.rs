//! The ceiling: bare single-row append transactions into a scratch table shaped like
//! `events`, and the database's state between slices.

use super::*;

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

/// The scratch table: `events`' columns, defaults and checks, its primary key, no foreign
/// key and no other index.
pub(super) const CEILING_DDL: &str = "CREATE TABLE IF NOT EXISTS loadtest_ceiling \
    (LIKE events INCLUDING DEFAULTS INCLUDING CONSTRAINTS, PRIMARY KEY (table_id, seq))";

/// One-row insert transactions by `clients` connections for `seconds`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ceiling {
    pub(super) commits: u64,
    pub(super) secs: f64,
}

impl Ceiling {
    pub(super) fn per_sec(self) -> f64 {
        if self.secs > 0.0 {
            self.commits as f64 / self.secs
        } else {
            0.0
        }
    }
}

/// Runs [`Ceiling`] transactions.
pub(super) async fn ceiling(url: &str, clients: usize, seconds: f64) -> Result<Ceiling, String> {
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

pub(super) fn run_ceiling(url: &str, clients: usize, seconds: f64) -> Result<Ceiling, String> {
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

pub(super) async fn settings(url: &str) -> Result<(String, String), String> {
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
pub(super) async fn checkpoint(url: &str) -> bool {
    let Ok(mut conn) = diesel_async::AsyncPgConnection::establish(url).await else {
        return false;
    };
    diesel::sql_query("CHECKPOINT")
        .execute(&mut conn)
        .await
        .is_ok()
}

/// The longest wait for autovacuum workers to finish before a measured phase.
pub(super) const QUIET_WAIT: Duration = Duration::from_secs(30);

/// Waits until no autovacuum worker is busy (at most [`QUIET_WAIT`]), then checkpoints
/// (see [`checkpoint`]). Returns whether the checkpoint was taken, and the seconds waited.
pub(super) async fn fresh_start(url: &str) -> (bool, f64) {
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
