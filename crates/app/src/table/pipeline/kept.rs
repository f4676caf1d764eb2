//! What this process last read or wrote of each busy table, kept while the table's
//! `version` (its log) and `stamp` (its balances moved from outside, see the migration that
//! added it) are unchanged. A use case checks both with one primary-key read and, when they
//! match, skips reading and replaying the current hand. Every other process and every
//! restart simply reads again: the database stays the only source of truth.
//!
//! Only committed states are kept: a version number alone does not name a state once a
//! transaction that reached it rolled back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use uuid::Uuid;

use crate::table::state::TableState;

/// Tables kept, by id (at most 4,096: beyond, one is dropped for each added).
#[derive(Clone, Default)]
pub struct TableCache {
    entries: Arc<Mutex<HashMap<Uuid, Arc<TableState>>>>,
}

/// Tables kept at most.
const CAPACITY: usize = 4096;

impl TableCache {
    /// The table kept at exactly this version and stamp, if any.
    pub fn get(&self, id: Uuid, version: i64, stamp: i64) -> Option<Arc<TableState>> {
        let kept = self
            .entries
            .lock()
            .ok()?
            .get(&id)
            .filter(|k| k.table.version == version && k.table.stamp == stamp)
            .cloned();
        if crate::kernel::metrics::on() {
            let result = if kept.is_some() { "hit" } else { "miss" };
            metrics::counter!("bourre_kept_tables_total", "result" => result).increment(1);
        }
        kept
    }

    /// The table as last kept, whatever its version: a guess, to be checked.
    pub fn latest(&self, id: Uuid) -> Option<Arc<TableState>> {
        self.entries.lock().ok()?.get(&id).cloned()
    }

    /// Keeps `kept`, a committed state, in place of what was kept of its table.
    pub fn put(&self, kept: TableState) {
        self.put_shared(Arc::new(kept));
    }

    /// [`TableCache::put`] of a state already shared.
    pub fn put_shared(&self, kept: Arc<TableState>) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        let id = kept.table.id;
        if entries.len() >= CAPACITY
            && !entries.contains_key(&id)
            && let Some(other) = entries.keys().next().copied()
        {
            entries.remove(&other);
        }
        entries.insert(id, kept);
    }
}
