//! The tables a client lists to find its way: a league's tables (the lobby) and the tables
//! where the caller sits, with whether it is their turn. Each list is a page in a stable
//! order; `next_cursor` (opaque) continues it.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::engine::TableRules;
use crate::kernel::ids::{LeagueId, PlayerId, seat};
use crate::kernel::paging::{bad_cursor, next, parse_id, parse_time_cursor, time_cursor};
use crate::leagues::{load_league, require_member};
pub use crate::store::discovery::TableFilter;
use crate::store::discovery::{self, TableEntryRow};
use crate::store::{self};
use crate::table::Cases;
use crate::table::view::TableStatus;

/// A seat to act, and who sits there.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatToAct {
    /// The seat to act, 0-7.
    #[schema(maximum = 7)]
    pub seat: u8,
    /// The player sitting there.
    pub player_id: Uuid,
}

/// A table as a list shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableEntry {
    /// The table's id.
    pub table_id: Uuid,
    /// The league the table belongs to.
    pub league_id: Uuid,
    /// The table's name.
    pub name: String,
    /// Whether the table waits between hands, plays a hand, or is closed.
    pub status: TableStatus,
    /// The rules the table was created with.
    pub rules: TableRules,
    /// How many seats are taken now.
    pub seats_taken: u8,
    /// `rules.max_players`.
    pub max_seats: u8,
    /// The hand in play, or the last one played (0 before the first).
    pub hand_no: i32,
    /// Whose turn it is (several at a simultaneous declaration); empty between hands.
    pub to_act: Vec<SeatToAct>,
    /// When the turn times out.
    pub deadline: Option<DateTime<Utc>>,
    /// The caller's seat here, if they sit here.
    #[schema(maximum = 7)]
    pub my_seat: Option<u8>,
    /// Whether the caller is to act here.
    pub my_turn: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TablesPage {
    /// The tables.
    pub tables: Vec<TableEntry>,
    /// The `after` of the next page; null on the last.
    pub next_cursor: Option<String>,
}

fn entry(row: TableEntryRow, player: PlayerId) -> Result<TableEntry, AppError> {
    let rules: TableRules = serde_json::from_value(row.rules)
        .map_err(|e| AppError::Internal(format!("stored rules unreadable: {e}")))?;
    let to_act: Vec<SeatToAct> = row
        .to_act_seats
        .iter()
        .zip(&row.to_act_players)
        .map(|(s, p)| SeatToAct {
            seat: seat(*s),
            player_id: *p,
        })
        .collect();
    Ok(TableEntry {
        table_id: row.id,
        league_id: row.league_id,
        name: row.name,
        status: match (row.closed, row.in_hand) {
            (true, _) => TableStatus::Closed,
            (false, true) => TableStatus::Playing,
            (false, false) => TableStatus::Waiting,
        },
        max_seats: rules.max_players,
        rules,
        seats_taken: u8::try_from(row.seats_taken).unwrap_or(u8::MAX),
        hand_no: row.hand_no,
        my_turn: to_act.iter().any(|t| t.player_id == player.0),
        to_act,
        deadline: row.deadline.filter(|_| row.in_hand),
        my_seat: row.my_seat.map(seat),
    })
}

impl Cases<'_> {
    /// The league's tables passing `filter`, open ones first, to members.
    pub async fn league_tables(
        &self,
        player: PlayerId,
        id: LeagueId,
        filter: TableFilter,
        after: Option<&str>,
        limit: i64,
    ) -> Result<TablesPage, AppError> {
        let after = match after {
            Some(text) => {
                let (closed, rest) = text.split_once('~').ok_or_else(bad_cursor)?;
                let closed = match closed {
                    "0" => false,
                    "1" => true,
                    _ => return Err(bad_cursor()),
                };
                let (at, table) = parse_time_cursor(rest)?;
                (closed, at, table)
            }
            None => (false, DateTime::<Utc>::UNIX_EPOCH, Uuid::nil()),
        };
        let mut conn = store::conn(&self.pool).await?;
        load_league(&mut conn, id).await?;
        require_member(&mut conn, id, player).await?;
        let rows =
            discovery::tables_of_league(&mut conn, player.0, id.0, filter, after, limit).await?;
        let next_cursor = next(&rows, limit, |r| {
            format!("{}~{}", u8::from(r.closed), time_cursor(r.created_at, r.id))
        });
        Ok(TablesPage {
            tables: rows
                .into_iter()
                .map(|r| entry(r, player))
                .collect::<Result<_, _>>()?,
            next_cursor,
        })
    }

    /// The tables where the caller sits, with whether it is their turn.
    pub async fn my_tables(
        &self,
        player: PlayerId,
        after: Option<&str>,
        limit: i64,
    ) -> Result<TablesPage, AppError> {
        let after = match after {
            Some(text) => parse_id(text)?,
            None => Uuid::nil(),
        };
        let mut conn = store::conn(&self.pool).await?;
        let rows = discovery::tables_of_player(&mut conn, player.0, after, limit).await?;
        let next_cursor = next(&rows, limit, |r| r.id.to_string());
        Ok(TablesPage {
            tables: rows
                .into_iter()
                .map(|r| entry(r, player))
                .collect::<Result<_, _>>()?,
            next_cursor,
        })
    }
}
