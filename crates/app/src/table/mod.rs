//! The table aggregate and its one door: commands decide, the pipeline commits, the view redacts.
//!
//! The table aggregate. A table's state ([`state::TableState`]) is a fold of its events
//! ([`state::TableState::apply`]); a command is a pure decision on that state that gives a
//! [`change::TableChange`] (events, chips, the facts beside the log), which is folded into
//! the state it leaves ([`state::TableState::commit`]). [`read`] reads a table's state
//! from the database. The commands are in [`crate::table::commands`]; they reach a table's
//! state only through [`crate::table::pipeline`], which also writes their changes.

pub mod audit;
pub mod bots;
pub mod change;
pub mod commands;
pub mod event;
pub mod export;
pub mod history;
pub mod lobby;
pub mod notices;
pub mod pipeline;
pub mod read;
pub mod state;
pub mod sweeper;
pub mod view;

use state::TableState;

use crate::AppError;
use crate::ErrorCode;

room_cases!();

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

/// A balance the decision counted on changed before the write (a grant or a removal
/// committed in between): 409 `version_conflict`, like any race lost.
pub(crate) fn balances_moved() -> AppError {
    AppError::refused(
        ErrorCode::VersionConflict,
        "a balance at the table changed while the request was decided: reload and try again",
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
