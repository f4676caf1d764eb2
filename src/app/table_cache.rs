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

use super::tables::Loaded;
use crate::engine::Settlement;

/// A table as of its `version` and `stamp`, with the settlement of the hand before its
/// current one.
#[derive(Clone)]
pub struct Kept {
    pub loaded: Loaded,
    pub previous: Option<Settlement>,
}

/// Tables kept, by id (at most 4,096: beyond, one is dropped for each added).
#[derive(Clone, Default)]
pub struct TableCache {
    entries: Arc<Mutex<HashMap<Uuid, Arc<Kept>>>>,
}

/// Tables kept at most.
const CAPACITY: usize = 4096;

impl TableCache {
    /// The table kept at exactly this version and stamp, if any.
    pub fn get(&self, id: Uuid, version: i64, stamp: i64) -> Option<Arc<Kept>> {
        let entries = self.entries.lock().ok()?;
        entries
            .get(&id)
            .filter(|k| k.loaded.table.version == version && k.loaded.table.stamp == stamp)
            .cloned()
    }

    /// The table as last kept, whatever its version: a guess, to be checked.
    pub fn latest(&self, id: Uuid) -> Option<Arc<Kept>> {
        self.entries.lock().ok()?.get(&id).cloned()
    }

    /// Keeps `kept`, a committed state, in place of what was kept of its table.
    pub fn put(&self, kept: Kept) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        let id = kept.loaded.table.id;
        if entries.len() >= CAPACITY
            && !entries.contains_key(&id)
            && let Some(other) = entries.keys().next().copied()
        {
            entries.remove(&other);
        }
        entries.insert(id, Arc::new(kept));
    }
}
