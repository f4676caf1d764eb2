//! Sessions checked in batches: every authenticated request confirms that its token's
//! session goes on, in one statement with other requests' (see [`crate::table::pipeline::batches`]), so a
//! logout holds on every process at once for about one round trip shared by many requests.

use uuid::Uuid;

use crate::store::Conn;
use crate::table::pipeline::batches::{Batch, Batches, Outcome, failed};

/// Whether each `(session, player)` goes on: `Some(false)` ended, `None` no such session
/// of that player.
pub struct SessionBatch;

pub type SessionChecks = Batches<SessionBatch>;

/// Checkers running at once: one, on one connection. A check is a read of a few rows by
/// key, done in well under a round trip of the requests waiting on it, so under load the
/// checks queued meanwhile share the next statement: each statement answers more requests
/// than with two checkers, for the same throughput (see `docs/benchmarks.md`, "The
/// database's work per move").
pub const SESSION_CHECKERS: usize = 1;

impl Batch for SessionBatch {
    const NAME: &'static str = "sessions";
    type Item = (Uuid, Uuid);
    type Done = Option<bool>;

    async fn run(conn: &mut Conn, checks: Vec<(Uuid, Uuid)>) -> Vec<Outcome<Self>> {
        match crate::store::sessions::going_among(conn, &checks).await {
            Ok(rows) => checks
                .iter()
                .map(|(id, player)| {
                    Ok(rows
                        .iter()
                        .find(|(i, p, _)| i == id && p == player)
                        .map(|(_, _, going)| *going))
                })
                .collect(),
            Err(e) => checks.iter().map(|_| failed::<Self>(&e)).collect(),
        }
    }
}
