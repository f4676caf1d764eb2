//! Kept tables' stamps read in batches: a request that relies on a kept table confirms
//! the table's `version` and `stamp`, and the caller's league role, in one statement with
//! other requests' (see [`crate::table::pipeline::batches`]).

use uuid::Uuid;

use crate::leagues::Role;
use crate::store::tables as store_tables;
use crate::store::{Conn, StoreError};
use crate::table::pipeline::batches::{Batch, Batches, Outcome, failed};

/// What tells whether a kept table still holds: the table's version and stamp, and a
/// member's role (`None`: not a member).
#[derive(Debug, Clone)]
pub struct Stamp {
    pub version: i64,
    pub stamp: i64,
    pub role: Option<Role>,
}

/// The [`Stamp`] of each `(table, member)`, `None` for a table that does not exist.
pub async fn stamps(
    conn: &mut Conn,
    checks: &[(Uuid, Uuid)],
) -> Result<Vec<Option<Stamp>>, StoreError> {
    let rows = store_tables::stamps(conn, checks).await?;
    let mut found: Vec<Option<Stamp>> = checks.iter().map(|_| None).collect();
    for (i, version, stamp, role) in rows {
        if let Some(slot) = usize::try_from(i - 1).ok().and_then(|i| found.get_mut(i)) {
            *slot = Some(Stamp {
                version,
                stamp,
                role: role.as_deref().map(Role::stored),
            });
        }
    }
    Ok(found)
}

/// Stamps read in batches, for requests that hold no connection (see
/// [`crate::App::table_view`]).
pub struct CheckBatch;

pub type Checks = Batches<CheckBatch>;

/// Checkers running at once: one, on one connection. A check is a read of a few rows by
/// key, done in well under a round trip of the requests waiting on it, so under load the
/// checks queued meanwhile share the next statement: each statement answers more requests
/// than with two checkers, for the same throughput (see `docs/benchmarks.md`, "The
/// database's work per move").
pub const CHECKERS: usize = 1;

impl Batch for CheckBatch {
    const NAME: &'static str = "stamps";
    type Item = (Uuid, Uuid);
    type Done = Option<Stamp>;

    async fn run(conn: &mut Conn, checks: Vec<(Uuid, Uuid)>) -> Vec<Outcome<Self>> {
        match stamps(conn, &checks).await {
            Ok(found) => found.into_iter().map(Ok).collect(),
            Err(e) => checks.iter().map(|_| failed::<Self>(&e)).collect(),
        }
    }
}
