//! Maintenance: the database a process runs on, readiness, rebuilding projections from the log, and
//! housekeeping.

pub mod health;
pub mod housekeeping;
pub mod rebuild;

/// This room's use cases, over the app's context (its pool, configuration, bus and the
/// rooms' state): `app.ops().…`.
pub struct Cases<'a>(pub(crate) &'a crate::App);

impl std::ops::Deref for Cases<'_> {
    type Target = crate::App;

    fn deref(&self) -> &crate::App {
        self.0
    }
}

/// The database a process runs on: the binary migrates it and opens its pool here.
pub mod database {
    pub use crate::store::{DbPool, StoreError, conn, migrate, pool};
}
