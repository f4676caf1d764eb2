//! Cursors of the lists that page by time: `<microseconds>~<id>`, as made and as read back.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::kernel::error::{AppError, ErrorCode};

pub(crate) fn bad_cursor() -> AppError {
    AppError::refused(
        ErrorCode::InvalidQuery,
        "after is a next_cursor of this list",
    )
}

/// A time and an id, as a cursor: `<microseconds>~<id>`.
pub(crate) fn time_cursor(at: DateTime<Utc>, id: impl std::fmt::Display) -> String {
    format!("{}~{id}", at.timestamp_micros())
}

/// A cursor's time: 1 to 18 digits of microseconds (as documented, and as made).
pub(crate) fn parse_micros(text: &str) -> Result<DateTime<Utc>, AppError> {
    let digits = (1..=18).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| text.parse().ok())
        .flatten()
        .and_then(DateTime::from_timestamp_micros)
        .ok_or_else(bad_cursor)
}

/// A cursor's id: hyphenated lower-case hex (as documented, and as made).
pub(crate) fn parse_id(text: &str) -> Result<Uuid, AppError> {
    Uuid::parse_str(text)
        .ok()
        .filter(|id| id.to_string() == text)
        .ok_or_else(bad_cursor)
}

pub(crate) fn parse_time_cursor(text: &str) -> Result<(DateTime<Utc>, Uuid), AppError> {
    let (micros, id) = text.split_once('~').ok_or_else(bad_cursor)?;
    Ok((parse_micros(micros)?, parse_id(id)?))
}

/// The next page's cursor when this one is full.
pub(crate) fn next<T>(items: &[T], limit: i64, cursor: impl Fn(&T) -> String) -> Option<String> {
    (items.len() as i64 >= limit)
        .then(|| items.last().map(cursor))
        .flatten()
}
