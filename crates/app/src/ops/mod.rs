//! Maintenance: the database a process runs on, readiness, rebuilding projections from the log, and
//! housekeeping.

pub mod health;
pub mod housekeeping;
pub mod rebuild;

room_cases!();

/// The database a process runs on: the binary migrates it and opens its pool here.
pub mod database {
    pub use crate::store::{DbPool, StoreError, conn, migrate, pool};
}
