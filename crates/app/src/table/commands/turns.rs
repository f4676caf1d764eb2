//! `GET /v1/players/me/turns`: the tables where the caller is to act.

use crate::AppError;
use crate::kernel::ids::PlayerId;
use crate::kernel::paging::{next, parse_time_cursor, time_cursor};
use crate::store::{self};
use crate::table::Cases;
use crate::table::state::TableRow;

impl Cases<'_> {
    /// Up to `limit` tables where `player` must act, oldest deadline first, after the
    /// cursor `after` (`<microseconds of the deadline>~<table id>`), and the next page's
    /// cursor when this one is full.
    pub async fn turns(
        &self,
        player: PlayerId,
        after: Option<&str>,
        limit: i64,
    ) -> Result<(Vec<TableRow>, Option<String>), AppError> {
        let after = after.map(parse_time_cursor).transpose()?;
        let mut conn = store::conn(&self.pool).await?;
        let rows = store::tables::to_act_by(&mut conn, player.0, after, limit).await?;
        // Every table to act at has a deadline.
        let cursor = next(&rows, limit, |t| {
            time_cursor(t.deadline.unwrap_or_default(), t.id)
        });
        Ok((rows, cursor))
    }
}
