//! The caller's redacted events of a table, optionally waiting for new ones.

use std::time::Duration;

use tokio::time::Instant;

use super::ids::{LeagueId, PlayerId, TableId};
use super::leagues::require_member;
use super::live::Waiter;
use super::table::read::load_seats;
use super::table_event::TableEvent;
use super::view::{EventOut, event_out};
use super::{App, AppError};
use crate::app::ErrorCode;
use crate::store::{self, events as event_log};

/// Longest long-poll a client may ask for.
pub const MAX_WAIT_SECS: u64 = 60;
/// Most events one page returns.
pub const MAX_PAGE: i64 = 500;

impl App {
    /// Events after `after`, as the caller may see them. With `wait` > 0 and nothing new,
    /// waits up to `wait` seconds for the next event.
    pub async fn events(
        &self,
        player: PlayerId,
        id: TableId,
        after: i64,
        wait: u64,
        limit: i64,
    ) -> Result<Vec<EventOut>, AppError> {
        if wait > MAX_WAIT_SECS {
            return Err(AppError::Refused {
                code: ErrorCode::InvalidWait,
                current_version: None,
                detail: format!("wait is at most {MAX_WAIT_SECS} seconds"),
            });
        }
        let until = Instant::now() + Duration::from_secs(wait);
        let mut waiter = self.live.subscribe();
        self.events_until(&mut waiter, player, id, after, until, limit)
            .await
    }

    /// Events after `after`, waiting until `until` for one when there is none. Woken by
    /// `waiter` (subscribed before the first read, so no notice is missed) when any server
    /// process appends to the table.
    pub async fn events_until(
        &self,
        waiter: &mut Waiter,
        player: PlayerId,
        id: TableId,
        after: i64,
        until: Instant,
        limit: i64,
    ) -> Result<Vec<EventOut>, AppError> {
        let limit = limit.clamp(1, MAX_PAGE);
        loop {
            let page = self.events_page(player, id, after, limit).await?;
            if !page.is_empty() || Instant::now() >= until {
                return Ok(page);
            }
            waiter.wait(id.0, after, until).await;
        }
    }

    async fn events_page(
        &self,
        player: PlayerId,
        id: TableId,
        after: i64,
        limit: i64,
    ) -> Result<Vec<EventOut>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let (table, role, seats) = load_seats(&mut conn, id, player).await?;
        if role.is_none() {
            require_member(&mut conn, LeagueId(table.league_id), player).await?;
        }
        let rows = event_log::load_after(&mut conn, id.0, after, limit).await?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let rules = crate::app::table::state::rules_of(&table)?;
        let my_seat = seats
            .iter()
            .find(|s| s.player_id == player.0)
            .map(|s| s.seat);
        rows.iter()
            .map(|row| {
                let event = TableEvent::decode(row.seq, &row.payload)?;
                let in_play = table.in_hand && row.hand_no == table.hand_no;
                event_out(row, &event, in_play, my_seat, rules.simultaneous_declare)
                    .map_err(|e| AppError::Internal(e.to_string()))
            })
            .collect()
    }
}
