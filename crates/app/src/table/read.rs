//! Reading a table: its row, seats with names and balances, the current hand's events and
//! the previous hand's settlement, in one statement (one snapshot, one round trip).

use crate::AppError;
use crate::ErrorCode;
use crate::engine::Event;
use crate::kernel::ids::{PlayerId, TableId};
use crate::leagues::Role;
use crate::store::Conn;
use crate::store::events as event_log;
use crate::store::tables::{self as store_tables, PREVIOUS_HAND_WINDOW};
use crate::table::event::TableEvent;
use crate::table::state::{SeatRow, TableRow, TableState};

pub(crate) fn no_table(id: TableId) -> AppError {
    AppError::refused(ErrorCode::TableNotFound, format!("no table {id}"))
}

pub async fn load_table(conn: &mut Conn, id: TableId) -> Result<TableRow, AppError> {
    store_tables::find(conn, id.0)
        .await?
        .ok_or_else(|| no_table(id))
}

/// [`store_tables::read`] of the table and the extras asked for, or 404.
async fn read_table(
    conn: &mut Conn,
    id: TableId,
    extras: Extras,
) -> Result<store_tables::TableRead, AppError> {
    let member = extras.member.map(|p| p.0);
    store_tables::read(conn, id.0, extras.lock, member, extras.previous_settlement)
        .await?
        .ok_or_else(|| no_table(id))
}

/// The seats of a table with each player's name and league balance, and the member's role.
pub async fn load_seats(
    conn: &mut Conn,
    id: TableId,
    member: PlayerId,
) -> Result<(TableRow, Option<Role>, Vec<SeatRow>), AppError> {
    let read = read_table(
        conn,
        id,
        Extras {
            member: Some(member),
            ..Extras::default()
        },
    )
    .await?;
    Ok((
        read.table,
        read.role.as_deref().map(Role::stored),
        read.seats,
    ))
}

/// [`load_seats`] for a member of the table's league (403 `not_a_member` for anyone else):
/// the table, the caller's role, and its seats.
pub async fn load_seats_of_member(
    conn: &mut Conn,
    id: TableId,
    member: PlayerId,
) -> Result<(TableRow, Role, Vec<SeatRow>), AppError> {
    let (table, role, seats) = load_seats(conn, id, member).await?;
    let role = match role {
        Some(role) => role,
        None => {
            crate::leagues::require_member(
                conn,
                crate::kernel::ids::LeagueId(table.league_id),
                member,
            )
            .await?
        }
    };
    Ok((table, role, seats))
}

/// What a use case reads besides the table itself.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Extras {
    /// Lock the table's row (`FOR UPDATE`) before reading the rest.
    pub lock: bool,
    /// Also read this player's role in the table's league.
    pub member: Option<PlayerId>,
    /// Also read the settlement of the hand before the current one.
    pub previous_settlement: bool,
}

/// The table (locked when asked), its seats, its current hand replayed from that hand's
/// events only (the cost does not grow with the table's age), and the member's role when
/// asked: one statement.
pub(crate) async fn load_with(
    conn: &mut Conn,
    id: TableId,
    extras: Extras,
) -> Result<(TableState, Option<Role>), AppError> {
    let read = read_table(conn, id, extras).await?;
    let table = read.table;
    let last_hash = match read.last_hash {
        Some(hash) => hash,
        None if table.version == 0 => event_log::GENESIS_HASH.to_owned(),
        None => {
            return Err(AppError::Internal(format!(
                "table {id} has no event at its version or current hand"
            )));
        }
    };
    let hand_events: Vec<(i64, TableEvent)> = match table.hand_seq {
        Some(_) => read
            .events
            .iter()
            .map(|(seq, payload)| Ok((*seq, TableEvent::decode(*seq, payload)?)))
            .collect::<Result<_, AppError>>()?,
        None => Vec::new(),
    };
    let ended = hand_events
        .iter()
        .any(|(_, e)| matches!(e, TableEvent::Hand(Event::HandEnded(_))));
    let mut previous = read.previous;
    if let Some(hand_seq) = table.hand_seq
        && extras.previous_settlement
        && previous.is_none()
        && !ended
        && hand_seq - PREVIOUS_HAND_WINDOW > 1
    {
        // Rarely: further back than the window the statement looked at.
        previous =
            event_log::hand_ended_before(conn, table.id, hand_seq - PREVIOUS_HAND_WINDOW).await?;
    }
    let previous = match previous {
        Some(payload) => match TableEvent::decode(0, &payload)? {
            TableEvent::Hand(Event::HandEnded(settlement)) => Some(*settlement),
            _ => None,
        },
        None => None,
    };
    let state = TableState::from_stored(
        table,
        read.seats,
        read.pot,
        &hand_events,
        last_hash,
        previous,
    )?;
    Ok((state, read.role.as_deref().map(Role::stored)))
}

/// The table as [`load_with`] reads it for a use case: with the previous hand's settlement
/// and `player`'s role, locked when asked.
pub(crate) async fn load_for(
    conn: &mut Conn,
    id: TableId,
    player: Option<PlayerId>,
    lock: bool,
) -> Result<(TableState, Option<Role>), AppError> {
    let extras = Extras {
        lock,
        member: player,
        previous_settlement: true,
    };
    load_with(conn, id, extras).await
}
