//! Who is at which table, across processes: a player with a stream or long-poll open on a
//! table is watching it, and is not pushed "your turn" there (see [`crate::notify::push`]). Each
//! process keeps its watchers in memory and writes them to the `watchers` table: a row
//! when a player's first listener of a table opens (before its first page is sent), and
//! every few seconds all of them refreshed and those gone removed. A player stays
//! watching for [`GRACE`] after their last listener closed, so the moment between two
//! long-polls, or an `EventSource` reconnecting, does not count as away; a process that
//! dies leaves rows that stop counting after `store::push::WATCHER_FRESH_SECS`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::time::Instant;
use uuid::Uuid;

use crate::live::Cases;
use crate::store;
use crate::{App, AppError};

/// How long a player counts as watching after their last listener of a table closed.
pub const GRACE: Duration = Duration::from_secs(10);
/// How often a process refreshes its watchers' rows.
const REFRESH_EVERY: Duration = Duration::from_secs(5);

/// This process's watchers.
#[derive(Clone)]
pub struct Presence {
    /// This process, as its rows name it.
    process: Uuid,
    watching: Arc<Mutex<HashMap<(Uuid, Uuid), Entry>>>,
    /// Held while the process's rows are written: a refresh (which removes the rows its
    /// snapshot lacks) and an arrival never interleave.
    writing: Arc<tokio::sync::Mutex<()>>,
}

impl Default for Presence {
    fn default() -> Presence {
        Presence {
            process: Uuid::new_v4(),
            watching: Arc::default(),
            writing: Arc::default(),
        }
    }
}

struct Entry {
    open: usize,
    /// When the last listener closed, if none is open.
    closed_at: Option<Instant>,
}

/// One listener's part in its player's watching a table; given back when dropped.
pub struct Watching {
    presence: Presence,
    key: (Uuid, Uuid),
}

impl Drop for Watching {
    fn drop(&mut self) {
        let mut watching = lock(&self.presence.watching);
        if let Some(entry) = watching.get_mut(&self.key) {
            entry.open = entry.open.saturating_sub(1);
            if entry.open == 0 {
                entry.closed_at = Some(Instant::now());
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Presence {
    /// `player` watches `table` with one more listener; whether their row is to be written
    /// (they were not watching it in this process).
    fn enter(&self, table: Uuid, player: Uuid) -> (Watching, bool) {
        let mut watching = lock(&self.watching);
        let entry = watching.entry((table, player)).or_insert(Entry {
            open: 0,
            closed_at: None,
        });
        let new = entry.open == 0 && entry.closed_at.is_none();
        entry.open += 1;
        entry.closed_at = None;
        (
            Watching {
                presence: self.clone(),
                key: (table, player),
            },
            new,
        )
    }

    /// The pairs still watching (those closed for longer than [`GRACE`] forgotten).
    fn current(&self) -> (Vec<Uuid>, Vec<Uuid>) {
        let mut watching = lock(&self.watching);
        watching.retain(|_, e| e.closed_at.is_none_or(|at| at.elapsed() < GRACE));
        watching.keys().copied().unzip()
    }
}

impl Cases<'_> {
    /// `player` watches `table` (a listener opens): written at once when it is their first.
    /// A write that fails is left to the next refresh (meanwhile a "your turn" may be
    /// pushed), and the listener opens all the same.
    pub(crate) async fn watch(&self, table: Uuid, player: Uuid) -> Watching {
        let presence = &self.live.presence;
        let (watching, new) = presence.enter(table, player);
        if new {
            // A refresh now under way either saw this pair, or removes rows before this
            // one is written.
            let _writing = presence.writing.lock().await;
            let written = async {
                let mut conn = store::conn(&self.pool).await?;
                store::push::arrive(&mut conn, presence.process, table, player).await?;
                Ok::<_, AppError>(())
            };
            if let Err(e) = written.await {
                crate::kernel::obs::warn("presence", serde_json::json!({"cause": e.to_string()}));
            }
        }
        watching
    }
}

impl App {
    /// Refreshes this process's watchers' rows every few seconds, for as long as it runs
    /// (nothing is written while it has none, and had none).
    pub async fn keep_presence_forever(self) {
        let mut had = false;
        loop {
            tokio::time::sleep(REFRESH_EVERY).await;
            let _writing = self.live.presence.writing.lock().await;
            let (tables, players) = self.live.presence.current();
            if tables.is_empty() && !had {
                continue;
            }
            had = !tables.is_empty();
            let written = async {
                let mut conn = store::conn(&self.pool).await?;
                store::push::watch(&mut conn, self.live.presence.process, &tables, &players)
                    .await?;
                Ok::<_, AppError>(())
            };
            if let Err(e) = written.await {
                crate::kernel::obs::warn("presence", serde_json::json!({"cause": e.to_string()}));
                had = true;
            }
        }
    }
}
