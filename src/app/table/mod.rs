//! The table aggregate. A table's state ([`state::TableState`]) is a fold of its events
//! ([`state::TableState::apply`]); a use case is a pure decision on that state that gives a
//! [`change::TableChange`] (events, chips, the facts beside the log); the change is folded
//! into the state it leaves and written through the one write path ([`write`]). Use cases
//! reach a table's state only through [`crate::app::pipeline`].
//!
//! One file per use case: [`create`], [`seats`] (sit, stand), [`deal`], [`act`] (moves and
//! timeouts), [`client_seed`], [`close`]; [`read`] reads a table, [`turns`] lists the
//! caller's.

pub mod act;
pub mod change;
pub mod client_seed;
pub mod close;
pub mod create;
pub mod deal;
pub mod read;
pub mod seats;
pub mod state;
pub mod turns;
pub mod write;

use state::TableState;

use super::AppError;
use crate::app::ErrorCode;
use crate::engine::Seat;

/// A seat number as stored.
pub(crate) fn seat_u8(seat: i16) -> Seat {
    u8::try_from(seat).unwrap_or(u8::MAX)
}

/// A closed table takes no more seats or hands.
pub(crate) fn ensure_open(state: &TableState) -> Result<(), AppError> {
    match state.table.closed_at {
        Some(_) => Err(AppError::refused(
            ErrorCode::TableClosed,
            "the table is closed",
        )),
        None => Ok(()),
    }
}

/// 403 `not_seated`: the command is a seated player's.
pub(crate) fn not_seated(detail: &str) -> AppError {
    AppError::refused(ErrorCode::NotSeated, detail)
}

/// Another request changed the table between this one's read and its write: 409
/// `version_conflict`; the door fills in the version the winner left.
pub(crate) fn moved_on() -> AppError {
    AppError::refused(
        ErrorCode::VersionConflict,
        "another request changed the table first: reload it and try again",
    )
}

/// 409 `version_conflict`: the client decided on another version than `current`.
pub(crate) fn version_conflict(current: i64) -> AppError {
    AppError::Refused {
        code: ErrorCode::VersionConflict,
        detail: "the table moved on: reload it and try again".into(),
        current_version: Some(current),
    }
}
