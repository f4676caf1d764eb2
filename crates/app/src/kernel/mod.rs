//! The kernel every room shares, and which imports no room: typed ids, the text the server
//! takes, errors, the player hold, how players are shown, paging, the notices a commit
//! tells other processes, idempotent replies, the drain, logs and metrics.

pub mod drain;
pub mod error;
pub mod idempotency;
pub mod ids;
pub mod metrics;
pub mod notice;
pub mod obs;
pub mod paging;
pub mod player;
pub mod shown;
pub mod text;
