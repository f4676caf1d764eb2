//! Reading a table: its row, seats with names and balances, the current hand's events and
//! the previous hand's settlement, in one statement (one snapshot, one round trip).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::state::{SeatRow, TableRow, TableState};
use crate::app::AppError;
use crate::app::ErrorCode;
use crate::app::ids::{PlayerId, TableId};
use crate::app::leagues::Role;
use crate::app::table_event::TableEvent;
use crate::engine::{Event, Seat};
use crate::store::Conn;
use crate::store::events as event_log;
use crate::store::schema::tables;

pub(crate) fn no_table(id: TableId) -> AppError {
    AppError::refused(ErrorCode::TableNotFound, format!("no table {id}"))
}

fn seat_u8(seat: i16) -> Seat {
    u8::try_from(seat).unwrap_or(u8::MAX)
}

pub async fn load_table(conn: &mut Conn, id: TableId) -> Result<TableRow, AppError> {
    tables::table
        .find(id.0)
        .select(TableRow::as_select())
        .first(conn)
        .await
        .optional()?
        .ok_or_else(|| no_table(id))
}

/// A table's row with its seats, its current hand's events and the extras asked for, read
/// in one statement (one snapshot, one round trip, prepared once per connection). The seats
/// and events come as parallel arrays, each array in the same (unspecified) order: the
/// caller sorts them.
struct TableQuery {
    /// `TableRow`'s columns.
    columns: <TableRow as Selectable<diesel::pg::Pg>>::SelectExpression,
    id: Uuid,
    /// The player whose league role is read, if any.
    member: Option<Uuid>,
    /// Whether to look for the previous hand's `hand_ended` (near the current hand's start).
    previous: bool,
}

impl TableQuery {
    fn new(id: TableId, member: Option<Uuid>, previous: bool) -> TableQuery {
        TableQuery {
            columns: <TableRow as Selectable<diesel::pg::Pg>>::construct_selection(),
            id: id.0,
            member,
            previous,
        }
    }
}

impl diesel::query_builder::QueryId for TableQuery {
    type QueryId = TableQuery;
    const HAS_STATIC_QUERY_ID: bool = true;
}

/// Events a hand's `hand_ended` is at most this far before the next hand's first event in
/// practice (its `seed_revealed`, seats left and taken, client seeds set in between).
const PREVIOUS_HAND_WINDOW: i64 = 64;

impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for TableQuery {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> QueryResult<()> {
        use diesel::sql_types::{Bool, Nullable};
        out.push_sql("SELECT ");
        diesel::query_builder::QueryFragment::walk_ast(&self.columns, out.reborrow())?;
        out.push_sql(
            ", (SELECT m.role FROM memberships m \
                 WHERE m.league_id = tables.league_id AND m.player_id = ",
        );
        out.push_bind_param::<Nullable<diesel::sql_types::Uuid>, _>(&self.member)?;
        out.push_sql(
            "), (SELECT b.balance FROM balances b \
                 WHERE b.league_id = tables.league_id \
                   AND b.account = 'pot:' || tables.id::text), \
             s.seat, s.player_id, s.username, s.balance, s.client_seed, s.timeouts, \
             e.seq, e.payload, e.hash, \
             CASE WHEN ",
        );
        out.push_bind_param::<Bool, _>(&self.previous)?;
        out.push_sql(&format!(
            " THEN (SELECT p.payload FROM events p \
                     WHERE p.table_id = tables.id AND p.seq < tables.hand_seq \
                       AND p.seq >= tables.hand_seq - {PREVIOUS_HAND_WINDOW} \
                       AND p.kind = 'hand_ended' \
                     ORDER BY p.seq DESC LIMIT 1) END \
             FROM tables \
             CROSS JOIN LATERAL ( \
               SELECT coalesce(array_agg(s.seat), '{{}}') AS seat, \
                      coalesce(array_agg(s.player_id), '{{}}') AS player_id, \
                      coalesce(array_agg(p.username), '{{}}') AS username, \
                      coalesce(array_agg(coalesce(b.balance, 0)), '{{}}') \
                        AS balance, \
                      coalesce(array_agg(s.client_seed), '{{}}') AS client_seed, \
                      coalesce(array_agg(s.timeouts), '{{}}') AS timeouts \
               FROM seats s JOIN players p ON p.id = s.player_id \
               LEFT JOIN balances b ON b.league_id = s.league_id \
                                   AND b.account = 'player:' || s.player_id::text \
               WHERE s.table_id = tables.id) s \
             CROSS JOIN LATERAL ( \
               SELECT coalesce(array_agg(e.seq), '{{}}') AS seq, \
                      coalesce(array_agg(e.payload), '{{}}') AS payload, \
                      coalesce(array_agg(e.hash), '{{}}') AS hash \
               FROM events e \
               WHERE e.table_id = tables.id \
                 AND e.seq >= coalesce(tables.hand_seq, tables.version) \
                 AND e.seq <= tables.version) e \
             WHERE tables.id = "
        ));
        out.push_bind_param::<diesel::sql_types::Uuid, _>(&self.id)?;
        Ok(())
    }
}

impl diesel::query_builder::Query for TableQuery {
    type SqlType = (
        diesel::dsl::AsSelect<TableRow, diesel::pg::Pg>,
        diesel::sql_types::Nullable<diesel::sql_types::Text>,
        diesel::sql_types::Nullable<diesel::sql_types::BigInt>,
        diesel::sql_types::Array<diesel::sql_types::SmallInt>,
        diesel::sql_types::Array<diesel::sql_types::Uuid>,
        diesel::sql_types::Array<diesel::sql_types::Text>,
        diesel::sql_types::Array<diesel::sql_types::BigInt>,
        diesel::sql_types::Array<diesel::sql_types::Nullable<diesel::sql_types::Text>>,
        diesel::sql_types::Array<diesel::sql_types::SmallInt>,
        diesel::sql_types::Array<diesel::sql_types::BigInt>,
        diesel::sql_types::Array<diesel::sql_types::Jsonb>,
        diesel::sql_types::Array<diesel::sql_types::Text>,
        diesel::sql_types::Nullable<diesel::sql_types::Jsonb>,
    );
}

/// What [`TableQuery`] returns: the table; the member's role; the pot; the seats (seat, player,
/// username, balance, client seed, timeouts); the events (seq, payload, hash); the previous
/// hand's `hand_ended` payload if found near the current hand's start.
type TableTuple = (
    TableRow,
    Option<String>,
    Option<i64>,
    Vec<i16>,
    Vec<Uuid>,
    Vec<String>,
    Vec<i64>,
    Vec<Option<String>>,
    Vec<i16>,
    Vec<i64>,
    Vec<Value>,
    Vec<String>,
    Option<Value>,
);

/// The table's row, the member's role, its seats, the events of its current hand (or its
/// last event when no hand was dealt yet), and the previous hand's end if it was found near
/// the current hand's start.
struct TableRead {
    table: TableRow,
    role: Option<Role>,
    pot: i64,
    seats: Vec<SeatRow>,
    /// `(seq, payload)` in order.
    events: Vec<(i64, Value)>,
    last_hash: Option<String>,
    previous: Option<Value>,
}

async fn read_table(conn: &mut Conn, id: TableId, extras: Extras) -> Result<TableRead, AppError> {
    let (member, previous) = (extras.member.map(|p| p.0), extras.previous_settlement);
    if extras.lock {
        // The lock first, in a statement of its own: the read below then takes its snapshot
        // after any writer this one waited for (one statement that waited on `FOR UPDATE`
        // would see the new row beside the old seats and events).
        tables::table
            .find(id.0)
            .select(tables::id)
            .for_update()
            .first::<Uuid>(conn)
            .await
            .optional()?;
    }
    let row = TableQuery::new(id, member, previous)
        .get_result::<TableTuple>(conn)
        .await
        .optional()?;
    let (
        table,
        role,
        pot,
        seat,
        player,
        username,
        balance,
        client_seed,
        timeouts,
        seq,
        payload,
        hash,
        previous,
    ) = row.ok_or_else(|| no_table(id))?;
    let mut seats: Vec<SeatRow> = seat
        .into_iter()
        .zip(player)
        .zip(username)
        .zip(balance)
        .zip(client_seed)
        .zip(timeouts)
        .map(
            |(((((seat, player_id), username), balance), client_seed), timeouts)| SeatRow {
                seat: seat_u8(seat),
                player_id,
                username,
                balance,
                client_seed,
                timeouts,
            },
        )
        .collect();
    seats.sort_by_key(|s| s.seat);
    let mut events: Vec<(i64, Value, String)> = seq
        .into_iter()
        .zip(payload)
        .zip(hash)
        .map(|((seq, payload), hash)| (seq, payload, hash))
        .collect();
    events.sort_by_key(|e| e.0);
    let last_hash = events.last().map(|e| e.2.clone());
    Ok(TableRead {
        table,
        role: role.as_deref().map(Role::stored),
        pot: pot.unwrap_or(0),
        seats,
        events: events
            .into_iter()
            .map(|(seq, payload, _)| (seq, payload))
            .collect(),
        last_hash,
        previous,
    })
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
    Ok((read.table, read.role, read.seats))
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
        previous = previous_hand_ended(conn, table.id, hand_seq - PREVIOUS_HAND_WINDOW).await?;
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
    Ok((state, read.role))
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

/// The payload of the last `hand_ended` event before `before`.
async fn previous_hand_ended(
    conn: &mut Conn,
    table: Uuid,
    before: i64,
) -> Result<Option<Value>, diesel::result::Error> {
    use crate::store::schema::events;
    events::table
        .filter(events::table_id.eq(table))
        .filter(events::seq.lt(before))
        .filter(events::kind.eq("hand_ended"))
        .order(events::seq.desc())
        .select(events::payload)
        .first::<Value>(conn)
        .await
        .optional()
}
