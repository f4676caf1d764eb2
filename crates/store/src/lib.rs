//! PostgreSQL: the pool, migrations, the event log, the ledger and projections. Imports no
//! other layer: the use cases (`bourre-app`) call it, inside their transactions.

pub mod blocks;
pub mod chat;
pub mod devices;
pub mod discovery;
pub mod events;
pub mod export;
pub mod finished_hands;
pub mod idempotency;
pub mod identities;
pub mod league_history;
pub mod leagues;
pub mod ledger;
pub mod log;
pub mod mail;
pub mod memberships;
pub mod notification_settings;
pub mod outbox;
pub mod players;
pub mod push;
pub mod quotas;
pub mod reports;
pub mod schema;
pub mod seasons;
pub mod seats;
pub mod sessions;
pub mod standings;
pub mod table_write;
pub mod tables;
pub mod throttle;
pub mod tournaments;
pub mod webhooks;

use diesel_async::AsyncPgConnection;
use diesel_async::pooled_connection::deadpool::{Hook, HookError, Pool};
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub type DbPool = Pool<AsyncPgConnection>;
pub type Conn = AsyncPgConnection;

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

/// A failure of the database layer.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Query(diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(String),
    #[error("account {0} would go below zero")]
    Overdrawn(String),
    #[error("migrations: {0}")]
    Migration(String),
}

impl StoreError {
    /// Whether a database failure means the database is away (down, restarting, unreachable)
    /// rather than a bug: such requests get 503 and may be retried.
    pub fn away(&self) -> bool {
        match self {
            StoreError::Pool(_) => true,
            // A read-only node (SQLSTATE 25006): the primary changed, and the connection
            // reached the old one.
            StoreError::Query(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ClosedConnection,
                _,
            ))
            | StoreError::Query(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ReadOnlyTransaction,
                _,
            ))
            | StoreError::Query(diesel::result::Error::BrokenTransactionManager) => true,
            StoreError::Query(diesel::result::Error::DatabaseError(_, info)) => {
                let message = info.message().to_ascii_lowercase();
                [
                    "terminating connection",
                    "connection closed",
                    "connection reset",
                    "shutting down",
                    "starting up",
                    "in recovery mode",
                    "server closed the connection",
                    "broken pipe",
                    "error communicating",
                    "timed out",
                ]
                .iter()
                .any(|needle| message.contains(needle))
            }
            _ => false,
        }
    }
}

impl From<diesel::result::Error> for StoreError {
    fn from(e: diesel::result::Error) -> StoreError {
        if matches!(
            e,
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ReadOnlyTransaction,
                _
            )
        ) {
            read_only_seen();
        }
        StoreError::Query(e)
    }
}

/// When a statement last found its database read-only (SQLSTATE 25006: the node the pool's
/// connections reach became a standby, a failover under way), in milliseconds after
/// [`START`] (0: never). Connections made before then are dropped as they come back to the
/// pool (see [`pool`]): new ones reach whichever node the balancer now calls the primary.
static READ_ONLY_SEEN: AtomicU64 = AtomicU64::new(0);
static START: LazyLock<Instant> = LazyLock::new(Instant::now);

fn read_only_seen() {
    let now = u64::try_from(START.elapsed().as_millis()).unwrap_or(u64::MAX);
    READ_ONLY_SEEN.fetch_max(now.max(1), Ordering::Relaxed);
}

/// Whether a connection made at `created` was made before a statement last found the
/// database read-only.
fn made_before_read_only(created: Instant) -> bool {
    match READ_ONLY_SEEN.load(Ordering::Relaxed) {
        0 => false,
        seen => created < *START + Duration::from_millis(seen),
    }
}

impl StoreError {
    /// Whether a write lost a race on a unique key (another writer got there first).
    pub fn is_unique_violation(&self) -> bool {
        matches!(
            self,
            StoreError::Query(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _
            ))
        )
    }

    /// Whether a write named a row another transaction removed (a foreign key).
    pub fn is_foreign_key_violation(&self) -> bool {
        matches!(
            self,
            StoreError::Query(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ForeignKeyViolation,
                _
            ))
        )
    }

    /// Whether a write would have taken a balance below zero (the CHECK on `balances`),
    /// as opposed to other CHECK failures (such as a debit that found no balance row).
    pub fn is_negative_balance(&self) -> bool {
        matches!(
            self,
            StoreError::Query(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::CheckViolation,
                info
            )) if info.constraint_name() == Some("balances_check")
        )
    }

    /// Whether a write broke a CHECK constraint (e.g. a balance going negative).
    pub fn is_check_violation(&self) -> bool {
        matches!(
            self,
            StoreError::Query(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::CheckViolation,
                _
            ))
        )
    }
}

/// A pool of `size` connections to `url`.
pub fn pool(url: &str, size: usize) -> Result<DbPool, StoreError> {
    // A pooled connection is handed out as it is (no test query per checkout): a broken
    // one is noticed by `is_broken` and replaced.
    let mut config = ManagerConfig::default();
    config.recycling_method = RecyclingMethod::Fast;
    config.custom_setup = Box::new(|url| {
        use futures_util::FutureExt;
        async move {
            use diesel_async::{AsyncConnection, SimpleAsyncConnection};
            let mut conn = AsyncPgConnection::establish(url).await?;
            // Every statement on the hot paths is prepared once per connection and reads by
            // primary key or a leading index prefix: one generic plan serves all its
            // executions, where custom plans would be planned again at every execution.
            conn.batch_execute("SET plan_cache_mode = force_generic_plan")
                .await
                .map_err(diesel::ConnectionError::CouldntSetupConfiguration)?;
            Ok(conn)
        }
        .boxed()
    });
    let manager = AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(url, config);
    Pool::builder(manager)
        .max_size(size)
        // The connection returned last is lent first: under load the few connections in
        // use keep serving, each with its statements prepared and planned, instead of every
        // connection of the pool preparing and planning every statement in turn.
        .queue_mode(deadpool::managed::QueueMode::Lifo)
        // A connection to a node that became read-only is dropped, not lent again.
        .pre_recycle(Hook::sync_fn(|_, metrics| {
            if made_before_read_only(metrics.created) {
                Err(HookError::message(
                    "made before the database became read-only",
                ))
            } else {
                Ok(())
            }
        }))
        .build()
        .map_err(|e| StoreError::Pool(e.to_string()))
}

type MigrationConn =
    diesel_async::async_connection_wrapper::AsyncConnectionWrapper<AsyncPgConnection>;

/// Runs `job` with a migration connection to `url` on a thread of its own, outside any
/// async runtime (the synchronous migration harness drives its own).
fn with_migration_conn<T: Send + 'static>(
    url: &str,
    job: impl FnOnce(&mut MigrationConn) -> Result<T, String> + Send + 'static,
) -> Result<T, StoreError> {
    use diesel::Connection;
    let url = url.to_owned();
    let worker = std::thread::spawn(move || {
        let mut conn = MigrationConn::establish(&url).map_err(|e| e.to_string())?;
        job(&mut conn)
    });
    worker
        .join()
        .map_err(|_| StoreError::Migration("the migration thread panicked".into()))?
        .map_err(StoreError::Migration)
}

/// Runs every pending migration; returns how many ran.
pub fn migrate(url: &str) -> Result<usize, StoreError> {
    with_migration_conn(url, |conn| {
        conn.run_pending_migrations(MIGRATIONS)
            .map(|done| done.len())
            .map_err(|e| e.to_string())
    })
}

/// Reverts every migration; returns how many were reverted.
pub fn revert_all(url: &str) -> Result<usize, StoreError> {
    with_migration_conn(url, |conn| {
        conn.revert_all_migrations(MIGRATIONS)
            .map(|done| done.len())
            .map_err(|e| e.to_string())
    })
}

pub async fn conn(
    pool: &DbPool,
) -> Result<diesel_async::pooled_connection::deadpool::Object<AsyncPgConnection>, StoreError> {
    pool.get()
        .await
        .map_err(|e| StoreError::Pool(e.to_string()))
}
