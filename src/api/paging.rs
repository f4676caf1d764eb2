//! The query of a paged list: a cursor (`after`, a page's `next_cursor`) and a page size
//! (`limit`), checked before the list is read (400 `invalid_query`).

use serde::Deserialize;
use utoipa::IntoParams;

use super::error::ApiError;
use crate::app::ErrorCode;
use crate::app::leagues::discovery::MAX_PAGE as MAX_LIST_PAGE;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Entries with an id greater than this cursor (`next_cursor` of the previous page).
    #[serde(default)]
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// Page size, at most 200 (default 50).
    #[serde(default)]
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<i64>,
}

impl HistoryQuery {
    /// The cursor and the page size asked for (0 and 50 when left out): 400
    /// `invalid_query` for a negative cursor or a size not from 1 to `max`.
    pub fn page(&self, max: i64) -> Result<(i64, i64), ApiError> {
        let after = self.after.unwrap_or(0);
        let limit = self.limit.unwrap_or(50);
        if after < 0 || !(1..=max).contains(&limit) {
            return Err(ApiError::refused(
                ErrorCode::InvalidQuery,
                format!("after is 0 or more; limit is 1 to {max}"),
            ));
        }
        Ok((after, limit))
    }
}

/// A page of a list: continue `after` a page's `next_cursor`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// A `next_cursor` of the list (default: from the start).
    #[param(max_length = 200)]
    pub after: Option<String>,
    /// Items per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A page of a list whose cursor is a time and an id: the caller's leagues, their turns.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TimePageQuery {
    /// A `next_cursor` of the list (default: from the start).
    #[param(
        pattern = "^[0-9]{1,18}~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
    )]
    pub after: Option<String>,
    /// Items per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A page of the caller's tables.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MyTablesQuery {
    /// A `next_cursor` of the list (default: from the start).
    #[param(pattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")]
    pub after: Option<String>,
    /// Items per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// Longest cursor accepted.
const MAX_CURSOR: usize = 200;

/// The page size (the cursor's length checked too), or 400 `invalid_query`.
pub fn page_limit(after: Option<&str>, limit: Option<i64>) -> Result<i64, ApiError> {
    if after.is_some_and(|a| a.len() > MAX_CURSOR) {
        return Err(ApiError::refused(
            ErrorCode::InvalidQuery,
            format!("after is a next_cursor of at most {MAX_CURSOR} characters"),
        ));
    }
    let limit = limit.unwrap_or(50);
    if (1..=MAX_LIST_PAGE).contains(&limit) {
        Ok(limit)
    } else {
        Err(ApiError::refused(
            ErrorCode::InvalidQuery,
            format!("limit is from 1 to {MAX_LIST_PAGE}"),
        ))
    }
}
