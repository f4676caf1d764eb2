//! Tables: create, sit, stand, start a hand, act, and read them back. Each use case is one
//! transaction: load the table and its current hand, let the engine decide, append the
//! events, move the chips, update the projections.
//!
//! The busiest ones (reading a table, acting, dealing a hand) are one read and one write
//! statement, each its own transaction: the read is a primary-key check of the table's
//! version and stamp against what this process kept of it ([`TableCache`]), or else one
//! statement for the table, its seats and its current hand's events; the write
//! ([`table_write`]) appends, moves the chips and updates the projections in one statement
//! that does nothing if the table moved on in between. Rarer writers lock the table's row
//! and append in a transaction.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::batches::{Batch, Batches, Outcome, failed};
use super::idempotency::{self, IdempotencyKey, Reply};
use super::ids::{LeagueId, PlayerId, TableId};
use super::leagues::{load_league, not_a_member, require_member, require_member_shared};
use super::table_cache::{Kept, TableCache};
use super::table_event::{ClientSeed, PlayerAmount, SeatPlayer, TableEvent};
use super::view::{self, TableView};
use super::writes::Writes;
use super::{App, AppError};
use crate::engine::deck::{self, Deck, hand_key};
use crate::engine::table::{Seated, plan_hand};
use crate::engine::{Action, Card, Event, HandStart, HandState, Seat, Settlement, TableRules};
use crate::store::events::{self as event_log, NewEvent};
use crate::store::ledger::{self, Transfer, player_account, pot_account};
use crate::store::schema::{seats, tables};
use crate::store::table_write::{self, NewHand, Prepared, Projection, TableWrite, Unchecked};
use crate::store::{self, Conn, StoreError};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tables)]
pub struct TableRow {
    pub id: Uuid,
    pub league_id: Uuid,
    pub name: String,
    pub rules: Value,
    pub created_by: Uuid,
    pub fixed_decks: Option<Value>,
    pub version: i64,
    pub hand_no: i32,
    pub hand_seq: Option<i64>,
    pub in_hand: bool,
    pub dealer: Option<i16>,
    pub exempt: Vec<Uuid>,
    pub next_seed: Vec<u8>,
    pub to_act: Vec<Uuid>,
    pub deadline: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
    /// Bumped when a balance the table shows moves outside its log (see the migration).
    pub stamp: i64,
}

impl TableRow {
    pub fn rules(&self) -> Result<TableRules, AppError> {
        serde_json::from_value(self.rules.clone())
            .map_err(|e| AppError::Internal(format!("stored rules unreadable: {e}")))
    }
}

/// A seated player with their league balance.
#[derive(Debug, Clone)]
pub struct SeatRow {
    pub seat: Seat,
    pub player_id: Uuid,
    pub username: String,
    pub balance: i64,
    /// The seat's client seed for the next hand, if chosen.
    pub client_seed: Option<String>,
    /// Consecutive turns the seat timed out (two in a row: stood up when the hand ends).
    pub timeouts: i16,
}

/// The current (or last) hand of a table, replayed from its events.
#[derive(Clone)]
pub struct LoadedHand {
    pub state: HandState,
    pub players: Vec<SeatPlayer>,
    pub server_seed: String,
    pub commitment: String,
    pub fixed_deck: bool,
}

/// A table with everything a use case needs.
#[derive(Clone)]
pub struct Loaded {
    pub table: TableRow,
    pub rules: TableRules,
    pub seats: Vec<SeatRow>,
    /// The chips in the table's pot.
    pub pot: i64,
    pub hand: Option<LoadedHand>,
    pub last_hash: String,
}

const MAX_NAME: usize = 80;

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
        .ok_or_else(|| AppError::not_found("table_not_found", format!("no table {id}")))
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
    role: Option<String>,
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
    ) = row.ok_or_else(|| AppError::not_found("table_not_found", format!("no table {id}")))?;
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
        role,
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
) -> Result<(TableRow, Option<String>, Vec<SeatRow>), AppError> {
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

fn parse_event(seq: i64, payload: &Value) -> Result<TableEvent, AppError> {
    TableEvent::from_payload(payload)
        .map_err(|e| AppError::Internal(format!("event {seq} unreadable: {e}")))
}

/// Replays the hand whose events (from its `hand_dealt` on) are `rows`.
fn replay_hand(rows: &[(i64, Value)]) -> Result<Option<LoadedHand>, AppError> {
    let mut hand: Option<LoadedHand> = None;
    let mut dealt: Option<(Vec<SeatPlayer>, String, String, bool)> = None;
    for (seq, payload) in rows {
        match parse_event(*seq, payload)? {
            TableEvent::HandDealt {
                players,
                server_seed,
                commitment,
                fixed_deck,
                ..
            } => dealt = Some((players, server_seed, commitment, fixed_deck)),
            TableEvent::Hand(Event::HandStarted(start)) => {
                let (players, server_seed, commitment, fixed_deck) = dealt
                    .take()
                    .ok_or_else(|| AppError::Internal("hand_started without hand_dealt".into()))?;
                let state = HandState::start(&start).map_err(AppError::Internal)?;
                hand = Some(LoadedHand {
                    state,
                    players,
                    server_seed,
                    commitment,
                    fixed_deck,
                });
            }
            TableEvent::Hand(event) => {
                let loaded = hand
                    .as_mut()
                    .ok_or_else(|| AppError::Internal("hand event before hand_started".into()))?;
                loaded
                    .state
                    .apply(&event)
                    .map_err(|e| AppError::Internal(format!("event {seq} does not replay: {e}")))?;
            }
            _ => {}
        }
    }
    Ok(hand)
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

/// What [`load_with`] read besides the table.
pub(crate) struct ExtrasRead {
    /// The member's role, when asked and they are a member.
    pub role: Option<String>,
    /// The settlement of the hand before the current one, when asked and there is one.
    pub previous: Option<crate::engine::Settlement>,
}

/// The table (locked when asked), its seats, its current hand replayed from that hand's
/// events only (the cost does not grow with the table's age), and the extras asked for:
/// one statement.
pub(crate) async fn load_with(
    conn: &mut Conn,
    id: TableId,
    extras: Extras,
) -> Result<(Loaded, ExtrasRead), AppError> {
    let read = read_table(conn, id, extras).await?;
    let table = read.table;
    let rules = table.rules()?;
    let last_hash = match read.last_hash {
        Some(hash) => hash,
        None if table.version == 0 => event_log::GENESIS_HASH.to_owned(),
        None => {
            return Err(AppError::Internal(format!(
                "table {id} has no event at its version or current hand"
            )));
        }
    };
    let hand = match table.hand_seq {
        Some(_) => replay_hand(&read.events)?,
        None => None,
    };
    let mut previous = read.previous;
    let ended = hand
        .as_ref()
        .is_some_and(|h| h.state.settlement().is_some());
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
        Some(payload) => {
            use serde::Deserialize;
            match TableEvent::deserialize(&payload) {
                Ok(TableEvent::Hand(Event::HandEnded(settlement))) => Some(*settlement),
                Ok(_) => None,
                Err(e) => return Err(AppError::Internal(e.to_string())),
            }
        }
        None => None,
    };
    Ok((
        Loaded {
            table,
            rules,
            seats: read.seats,
            pot: read.pot,
            hand,
            last_hash,
        },
        ExtrasRead {
            role: read.role,
            previous,
        },
    ))
}

/// What tells whether a kept table still holds: the table's version and stamp, and a
/// member's role (`None`: not a member).
#[derive(Debug, Clone)]
pub struct Stamp {
    version: i64,
    stamp: i64,
    role: Option<String>,
}

/// The [`Stamp`] of each `(table, member)` in one statement.
#[derive(Debug, Clone, diesel::query_builder::QueryId)]
struct StampQuery {
    ids: Vec<Uuid>,
    members: Vec<Uuid>,
}

impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for StampQuery {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> QueryResult<()> {
        use diesel::sql_types::{Array, Uuid};
        out.push_sql("SELECT q.i, t.version, t.stamp, (SELECT m.role FROM memberships m ");
        out.push_sql("WHERE m.league_id = t.league_id AND m.player_id = q.member) FROM unnest(");
        out.push_bind_param::<Array<Uuid>, _>(&self.ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Uuid>, _>(&self.members)?;
        out.push_sql(") WITH ORDINALITY AS q(id, member, i) JOIN tables t ON t.id = q.id");
        Ok(())
    }
}

impl diesel::query_builder::Query for StampQuery {
    type SqlType = (
        diesel::sql_types::BigInt,
        diesel::sql_types::BigInt,
        diesel::sql_types::BigInt,
        diesel::sql_types::Nullable<diesel::sql_types::Text>,
    );
}

/// The [`Stamp`] of each `(table, member)`, `None` for a table that does not exist.
async fn stamps(
    conn: &mut Conn,
    checks: &[(Uuid, Uuid)],
) -> Result<Vec<Option<Stamp>>, StoreError> {
    let query = StampQuery {
        ids: checks.iter().map(|c| c.0).collect(),
        members: checks.iter().map(|c| c.1).collect(),
    };
    let rows: Vec<(i64, i64, i64, Option<String>)> = query.load(conn).await?;
    let mut found: Vec<Option<Stamp>> = checks.iter().map(|_| None).collect();
    for (i, version, stamp, role) in rows {
        if let Some(slot) = usize::try_from(i - 1).ok().and_then(|i| found.get_mut(i)) {
            *slot = Some(Stamp {
                version,
                stamp,
                role,
            });
        }
    }
    Ok(found)
}

/// Stamps read in batches, for requests that hold no connection (see [`App::table_view`]).
pub struct CheckBatch;

pub type Checks = Batches<CheckBatch>;

/// Checkers running at once, each with one connection.
pub const CHECKERS: usize = 4;

impl Batch for CheckBatch {
    type Item = (Uuid, Uuid);
    type Done = Option<Stamp>;

    async fn run(conn: &mut Conn, checks: Vec<(Uuid, Uuid)>) -> Vec<Outcome<Self>> {
        match stamps(conn, &checks).await {
            Ok(found) => found.into_iter().map(Ok).collect(),
            Err(e) => checks.iter().map(|_| failed::<Self>(&e)).collect(),
        }
    }
}

fn no_table(id: TableId) -> AppError {
    AppError::not_found("table_not_found", format!("no table {id}"))
}

/// The table as kept by this process when its version and stamp are unchanged (one
/// primary-key read), else read in full and kept; with `member`'s role, read fresh.
async fn load_kept(
    conn: &mut Conn,
    tables: &TableCache,
    id: TableId,
    member: PlayerId,
) -> Result<(Arc<Kept>, Option<String>), AppError> {
    let stamp = stamps(conn, &[(id.0, member.0)])
        .await?
        .pop()
        .flatten()
        .ok_or_else(|| no_table(id))?;
    if let Some(kept) = tables.get(id.0, stamp.version, stamp.stamp) {
        #[cfg(debug_assertions)]
        check_matches_reload(conn, id, member, &kept).await?;
        return Ok((kept, stamp.role));
    }
    read_kept(conn, tables, id, member).await
}

/// Reads the table in full and keeps it; with `member`'s role.
async fn read_kept(
    conn: &mut Conn,
    tables: &TableCache,
    id: TableId,
    member: PlayerId,
) -> Result<(Arc<Kept>, Option<String>), AppError> {
    let extras = Extras {
        lock: false,
        member: Some(member),
        previous_settlement: true,
    };
    let (loaded, extras) = load_with(conn, id, extras).await?;
    let kept = Kept {
        loaded,
        previous: extras.previous,
    };
    tables.put(kept.clone());
    Ok((Arc::new(kept), extras.role))
}

/// Debug builds (the test suite) check that a table built in memory (after a write, or kept
/// by this process) is what a full read finds, whenever nothing changed in between.
#[cfg(debug_assertions)]
async fn check_matches_reload(
    conn: &mut Conn,
    id: TableId,
    player: PlayerId,
    kept: &Kept,
) -> Result<(), AppError> {
    let (reloaded, extras) = load_with(
        conn,
        id,
        Extras {
            lock: false,
            member: Some(player),
            previous_settlement: true,
        },
    )
    .await?;
    let (a, b) = (&reloaded.table, &kept.loaded.table);
    if (a.version, a.stamp) != (b.version, b.stamp) {
        return Ok(());
    }
    let fresh = view::table_view(
        &reloaded,
        Some(player),
        current_or_previous_settlement(&reloaded, extras.previous),
    );
    let from_kept = kept_view(kept, player);
    match (
        serde_json::to_value(&fresh),
        serde_json::to_value(&from_kept),
    ) {
        (Ok(a), Ok(b)) if a == b && reloaded.last_hash == kept.loaded.last_hash => Ok(()),
        (a, b) => Err(AppError::Internal(format!(
            "the table in memory differs from a reload: {a:?} != {b:?}"
        ))),
    }
}

pub(crate) async fn load(conn: &mut Conn, id: TableId) -> Result<Loaded, AppError> {
    Ok(load_with(conn, id, Extras::default()).await?.0)
}

/// [`load`] with the table's row locked (`FOR UPDATE`) until the transaction ends, and
/// `player`'s role in its league (403 `not_a_member` when they have none). Writers
/// that [`append`] take the row first, as the one-statement writes of [`table_write`] do
/// (their first step updates it): every writer takes the row before the log, so no two
/// wait for each other in opposite orders.
async fn load_locked(
    conn: &mut Conn,
    id: TableId,
    player: PlayerId,
) -> Result<(Loaded, String), AppError> {
    let extras = Extras {
        lock: true,
        member: Some(player),
        ..Extras::default()
    };
    let (loaded, extras) = load_with(conn, id, extras).await?;
    let role = extras.role.ok_or_else(not_a_member)?;
    Ok((loaded, role))
}
/// A closed table takes no more seats or hands.
fn ensure_open(loaded: &Loaded) -> Result<(), AppError> {
    match loaded.table.closed_at {
        Some(_) => Err(AppError::conflict("table_closed", "the table is closed")),
        None => Ok(()),
    }
}

fn seat_of(loaded: &Loaded, player: PlayerId) -> Option<Seat> {
    loaded
        .seats
        .iter()
        .find(|s| s.player_id == player.0)
        .map(|s| s.seat)
}

fn new_seed() -> Vec<u8> {
    let seed: [u8; 32] = rand::random();
    seed.to_vec()
}

fn stored(event: &TableEvent, hand_no: u32) -> Result<NewEvent, AppError> {
    Ok(NewEvent {
        hand_no: i32::try_from(hand_no).unwrap_or(i32::MAX),
        kind: event.kind(),
        payload: serde_json::to_value(event).map_err(|e| AppError::Internal(e.to_string()))?,
    })
}

/// A lost race on `(table_id, seq)` is 409 `version_conflict`; the caller fills in the
/// version the winner left.
fn lost_race(e: StoreError) -> AppError {
    if e.is_unique_violation() {
        moved_on()
    } else {
        e.into()
    }
}

/// Another request changed the table between this one's read and its write: 409
/// `version_conflict`; the caller fills in the version the winner left.
fn moved_on() -> AppError {
    AppError::Conflict {
        code: "version_conflict",
        detail: "another request changed the table first: reload it and try again".into(),
        current_version: None,
    }
}

/// Appends, mapping a lost race on `(table_id, seq)` to 409 `version_conflict`.
async fn append(
    conn: &mut Conn,
    loaded: &Loaded,
    new: &[NewEvent],
) -> Result<Vec<(i64, String)>, AppError> {
    event_log::append(
        conn,
        loaded.table.id,
        loaded.table.version,
        &loaded.last_hash,
        new,
    )
    .await
    .map_err(lost_race)
}

impl App {
    /// After a commit that appended quietly: wakes the long-polls and streams of every
    /// process (see [`crate::app::live::Live::announce`]).
    pub(crate) fn announce(&self, id: Uuid, version: i64) {
        self.live.announce(crate::app::live::Notice {
            table: id,
            seq: version,
        });
    }
}

fn version_conflict(current: i64) -> AppError {
    AppError::Conflict {
        code: "version_conflict",
        detail: "the table moved on: reload it and try again".into(),
        current_version: Some(current),
    }
}

/// Parses fixed decks (R4a): lists of 52 cards, top first.
fn parse_decks(decks: &[Vec<String>]) -> Result<Vec<Deck>, AppError> {
    decks
        .iter()
        .enumerate()
        .map(|(i, cards)| {
            let cards: Vec<Card> = cards
                .iter()
                .map(|c| c.parse::<Card>())
                .collect::<Result<_, _>>()
                .map_err(|e| AppError::unprocessable("invalid_deck", format!("decks[{i}]: {e}")))?;
            Deck::from_cards(&cards)
                .map_err(|e| AppError::unprocessable("invalid_deck", format!("decks[{i}]: {e}")))
        })
        .collect()
}

/// What the caller asks to create.
pub struct NewTable {
    pub league_id: LeagueId,
    pub name: String,
    pub rules: Value,
    pub decks: Option<Vec<Vec<String>>>,
}

impl App {
    pub async fn create_table(
        &self,
        creator: PlayerId,
        req: NewTable,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let rules: TableRules = serde_json::from_value(req.rules)
            .map_err(|e| AppError::unprocessable("invalid_rules", format!("rules: {e}")))?;
        rules
            .validate()
            .map_err(|e| AppError::unprocessable("invalid_rules", format!("rules.{e}")))?;
        let name = req.name.trim().to_owned();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(AppError::unprocessable(
                "invalid_name",
                format!("a table name has 1 to {MAX_NAME} characters"),
            ));
        }
        let decks = match &req.decks {
            Some(_) if !self.config.allow_fixed_deck => {
                return Err(AppError::unprocessable(
                    "fixed_deck_not_allowed",
                    "fixed decks are only accepted when the server runs with BOURRE_ALLOW_FIXED_DECK=1",
                ));
            }
            Some(decks) => {
                parse_decks(decks)?;
                Some(serde_json::to_value(decks).map_err(|e| AppError::Internal(e.to_string()))?)
            }
            None => None,
        };
        let id = Uuid::new_v4();
        let seed = new_seed();
        let created = TableEvent::TableCreated {
            name: name.clone(),
            rules,
            fixed_decks: decks.is_some(),
            commitment: deck::commitment(&seed),
        };
        let rules_json =
            serde_json::to_value(rules).map_err(|e| AppError::Internal(e.to_string()))?;
        let league_id = req.league_id;
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, creator, key.as_ref()).await? {
                return Ok(reply);
            }
            load_league(conn, league_id).await?;
            require_member(conn, league_id, creator).await?;
            diesel::insert_into(tables::table)
                .values((
                    tables::id.eq(id),
                    tables::league_id.eq(league_id.0),
                    tables::name.eq(&name),
                    tables::rules.eq(&rules_json),
                    tables::created_by.eq(creator.0),
                    tables::fixed_decks.eq(&decks),
                    tables::next_seed.eq(&seed),
                    tables::version.eq(1i64),
                ))
                .execute(conn)
                .await?;
            event_log::append(
                conn,
                id,
                0,
                event_log::GENESIS_HASH,
                &[stored(&created, 0)?],
            )
            .await?;
            let loaded = load(conn, TableId(id)).await?;
            let view = view::table_view(&loaded, Some(creator), None);
            idempotency::fresh(conn, creator, key.as_ref(), 201, view).await
        })
        .await
    }

    /// The caller's view of the table: its stamp is checked together with other requests'
    /// (see [`Checks`]), and the table is read only when what this process kept is stale.
    pub async fn table_view(&self, player: PlayerId, id: TableId) -> Result<TableView, AppError> {
        let stamp = self
            .checks
            .submit((id.0, player.0))
            .await?
            .ok_or_else(|| no_table(id))?;
        if stamp.role.is_none() {
            return Err(not_a_member());
        }
        let kept = match self.tables.get(id.0, stamp.version, stamp.stamp) {
            Some(kept) => {
                #[cfg(debug_assertions)]
                self.check_kept(id, player, &kept).await?;
                kept
            }
            None => {
                let mut conn = store::conn(&self.pool).await?;
                let (kept, role) = read_kept(&mut conn, &self.tables, id, player).await?;
                if role.is_none() {
                    return Err(not_a_member());
                }
                kept
            }
        };
        Ok(kept_view(&kept, player))
    }

    /// Debug builds: [`check_matches_reload`] on a connection of its own, for a request that
    /// holds none.
    #[cfg(debug_assertions)]
    async fn check_kept(&self, id: TableId, player: PlayerId, kept: &Kept) -> Result<(), AppError> {
        check_matches_reload(&mut *store::conn(&self.pool).await?, id, player, kept).await
    }

    pub async fn sit(
        &self,
        player: PlayerId,
        id: TableId,
        seat: Option<u8>,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                if let Some(reply) = idempotency::replayed(conn, player, key.as_ref()).await? {
                    return Ok(reply);
                }
                // The membership before the table (as admin changes to a member take them):
                // a grant to this player waits for this seat, or this seat for the grant.
                let league = LeagueId(load_table(conn, id).await?.league_id);
                require_member_shared(conn, league, player).await?;
                let (loaded, _) = load_locked(conn, id, player).await?;
                ensure_open(&loaded)?;
                if seat_of(&loaded, player).is_some() {
                    return Err(AppError::conflict(
                        "already_seated",
                        "the player already sits at this table",
                    ));
                }
                let taken: Vec<Seat> = loaded.seats.iter().map(|s| s.seat).collect();
                let seat = match seat {
                    Some(s) if s >= loaded.rules.max_players => {
                        return Err(AppError::unprocessable(
                            "invalid_seat",
                            format!(
                                "seats are numbered 0 to {} (R2)",
                                loaded.rules.max_players - 1
                            ),
                        ));
                    }
                    Some(s) if taken.contains(&s) => {
                        return Err(AppError::conflict(
                            "seat_taken",
                            format!("seat {s} is taken"),
                        ));
                    }
                    Some(s) => s,
                    None => (0..loaded.rules.max_players)
                        .find(|s| !taken.contains(s))
                        .ok_or_else(|| AppError::conflict("table_full", "every seat is taken"))?,
                };
                let event = TableEvent::SeatTaken {
                    seat,
                    player_id: player.0,
                };
                let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
                append(conn, &loaded, &[stored(&event, hand_no)?]).await?;
                diesel::insert_into(seats::table)
                    .values((
                        seats::table_id.eq(id.0),
                        seats::seat.eq(i16::from(seat)),
                        seats::player_id.eq(player.0),
                        seats::league_id.eq(league.0),
                    ))
                    .execute(conn)
                    .await?;
                bump_version(conn, &loaded, 1).await?;
                let view = view_after(conn, id, player).await?;
                idempotency::fresh(conn, player, key.as_ref(), 201, view).await
            })
            .await;
        let result = self.with_current_version(id, result).await;
        result.map_err(|e| match e {
            AppError::Store(s) if s.is_unique_violation() => AppError::conflict(
                "seated_elsewhere",
                "the player already sits at a table of this league, or the seat was just taken",
            ),
            other => other,
        })
    }

    pub async fn stand(&self, player: PlayerId, id: TableId) -> Result<TableView, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                let (loaded, _) = load_locked(conn, id, player).await?;
                let seat = seat_of(&loaded, player).ok_or_else(|| {
                    AppError::not_found("not_seated", "the player does not sit at this table")
                })?;
                let dealt_in = loaded.table.in_hand
                    && loaded
                        .hand
                        .as_ref()
                        .is_some_and(|h| h.players.iter().any(|p| p.player_id == player.0));
                if dealt_in {
                    return Err(AppError::conflict(
                        "hand_in_progress",
                        "a player dealt into the hand stands up when it ends",
                    ));
                }
                let event = TableEvent::SeatLeft {
                    seat,
                    player_id: player.0,
                };
                let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
                append(conn, &loaded, &[stored(&event, hand_no)?]).await?;
                diesel::delete(seats::table.find((id.0, i16::from(seat))))
                    .execute(conn)
                    .await?;
                let exempt: Vec<Uuid> = loaded
                    .table
                    .exempt
                    .iter()
                    .copied()
                    .filter(|p| *p != player.0)
                    .collect();
                diesel::update(tables::table.find(id.0))
                    .set(tables::exempt.eq(exempt))
                    .execute(conn)
                    .await?;
                bump_version(conn, &loaded, 1).await?;
                view_after(conn, id, player).await
            })
            .await;
        self.with_current_version(id, result).await
    }

    pub async fn start_hand(
        &self,
        player: PlayerId,
        id: TableId,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        if key.is_none()
            && let Some(kept) = start_on_kept(&self.writes, &self.tables, player, id).await?
        {
            return self.committed_on_kept(id, player, kept).await;
        }
        let tables = &self.tables;
        let result = self
            .guarded(key, async |conn, key| {
                start_in(conn, tables, player, id, key).await
            })
            .await;
        if let Ok(Reply::Fresh(view)) = &result {
            self.announce(id.0, view.version);
        }
        self.with_current_version(id, result).await
    }

    /// Performs `action` for the caller's seat. Without `expected_version`, a lost race
    /// is retried against the new state; with an idempotency key, a retry returns the
    /// stored response.
    pub async fn act(
        &self,
        player: PlayerId,
        id: TableId,
        expected_version: Option<i64>,
        action: Action,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let mut tries = 0;
        loop {
            tries += 1;
            let result = self
                .act_once(player, id, expected_version, action.clone(), key.clone())
                .await;
            let retry = match &result {
                Err(AppError::Conflict {
                    code: "version_conflict",
                    ..
                }) => expected_version.is_none() || key.is_some(),
                Err(AppError::Store(e)) => e.is_unique_violation() && key.is_some(),
                _ => false,
            };
            if !retry || tries >= 3 {
                return self.with_current_version(id, result).await;
            }
        }
    }

    /// A write that lost the race on the log reports the version the winner left.
    async fn with_current_version<T>(
        &self,
        id: TableId,
        result: Result<T, AppError>,
    ) -> Result<T, AppError> {
        match result {
            Err(AppError::Conflict {
                code: "version_conflict",
                detail,
                current_version: None,
            }) => {
                let mut conn = store::conn(&self.pool).await?;
                let version: i64 = tables::table
                    .find(id.0)
                    .select(tables::version)
                    .first(&mut conn)
                    .await?;
                Err(AppError::Conflict {
                    code: "version_conflict",
                    detail,
                    current_version: Some(version),
                })
            }
            other => other,
        }
    }

    /// The reply to a move committed on a kept table (see [`act_on_kept`]): the caller's view
    /// of the state it left, which this process keeps and announces.
    async fn committed_on_kept(
        &self,
        id: TableId,
        player: PlayerId,
        kept: Kept,
    ) -> Result<Reply<TableView>, AppError> {
        let view = kept_view(&kept, player);
        #[cfg(debug_assertions)]
        self.check_kept(id, player, &kept).await?;
        self.tables.put(kept);
        self.announce(id.0, view.version);
        Ok(Reply::Fresh(view))
    }

    /// One attempt.
    async fn act_once(
        &self,
        player: PlayerId,
        id: TableId,
        expected_version: Option<i64>,
        action: Action,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        if key.is_none()
            && let Some(kept) = act_on_kept(
                &self.writes,
                &self.tables,
                player,
                id,
                expected_version,
                &action,
            )
            .await?
        {
            return self.committed_on_kept(id, player, kept).await;
        }
        let tables = &self.tables;
        let reply = self
            .guarded(key, async |conn, key| {
                act_in(conn, tables, player, id, expected_version, action, key).await
            })
            .await?;
        if let Reply::Fresh(view) = &reply {
            self.announce(id.0, view.version);
        }
        Ok(reply)
    }

    /// Runs a read-decide-write use case on one connection. Without an idempotency key its
    /// read and its write are one statement each, with no transaction around them: the
    /// write is guarded by the version read (see [`table_write`]). With a key, they run in
    /// a transaction that also looks the key up first and stores the reply. The state the
    /// job leaves is kept (see [`TableCache`]) once it is committed.
    async fn guarded(
        &self,
        key: Option<IdempotencyKey>,
        job: impl AsyncFnOnce(
            &mut Conn,
            Option<&IdempotencyKey>,
        ) -> Result<(Reply<TableView>, Option<Kept>), AppError>,
    ) -> Result<Reply<TableView>, AppError> {
        use diesel_async::{AnsiTransactionManager, TransactionManager};
        let mut pooled = store::conn(&self.pool).await?;
        let conn: &mut Conn = &mut pooled;
        let (reply, kept) = match key {
            None => job(conn, None).await?,
            Some(key) => {
                AnsiTransactionManager::begin_transaction(conn).await?;
                let result = job(conn, Some(&key)).await;
                let end = match &result {
                    Ok(_) => AnsiTransactionManager::commit_transaction(conn).await,
                    Err(_) => AnsiTransactionManager::rollback_transaction(conn).await,
                };
                if let Err(e) = end {
                    // A failed commit leaves nothing behind; a broken connection is dropped
                    // by the pool.
                    let _ = AnsiTransactionManager::rollback_transaction(conn).await;
                    return Err(e.into());
                }
                result?
            }
        };
        if let Some(kept) = kept {
            self.tables.put(kept);
        }
        Ok(reply)
    }
}

/// Deals the next hand (see [`App::start_hand`]): one read, one write.
async fn start_in(
    conn: &mut Conn,
    tables: &TableCache,
    player: PlayerId,
    id: TableId,
    key: Option<&IdempotencyKey>,
) -> Result<(Reply<TableView>, Option<Kept>), AppError> {
    if let Some(reply) = idempotency::replayed(conn, player, key).await? {
        return Ok((reply, None));
    }
    let (kept, role) = load_kept(conn, tables, id, player).await?;
    ensure_open(&kept.loaded)?;
    if role.is_none() {
        return Err(not_a_member());
    }
    let dealt = deal(&kept, player, id)?;
    let written = write_table(Writer::Conn(conn), &dealt.write(&kept.loaded, None)).await?;
    answer(conn, player, key, 201, dealt.kept(written)).await
}

/// A hand dealt on the table as this process last kept it, with nothing read first, and
/// queued to be committed with other moves (see [`act_on_kept`], whose guards it shares).
/// `None` when that does not conclude: the caller then reads the table and deals again, so
/// a refusal is only ever made on the table as it is.
async fn start_on_kept(
    writes: &Writes,
    tables: &TableCache,
    player: PlayerId,
    id: TableId,
) -> Result<Option<Kept>, AppError> {
    let Some(kept) = tables.latest(id.0) else {
        return Ok(None);
    };
    if ensure_open(&kept.loaded).is_err() {
        return Ok(None);
    }
    let Ok(dealt) = deal(&kept, player, id) else {
        return Ok(None);
    };
    let unchecked = Unchecked {
        stamp: kept.loaded.table.stamp,
        member: player.0,
    };
    match write_table(
        Writer::Queued(writes),
        &dealt.write(&kept.loaded, Some(unchecked)),
    )
    .await
    {
        Ok(written) => Ok(Some(dealt.kept(written))),
        Err(AppError::Conflict {
            code: "version_conflict",
            ..
        }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The next hand, decided on `kept` for `player` (who must be seated, between hands): what
/// its write appends and moves, and the table as it leaves it.
struct Dealt {
    events: [NewEvent; 2],
    transfers: Vec<Transfer>,
    new_hand: NewHand,
    /// The table after the deal, but for the last event's hash (known once written).
    loaded: Loaded,
    previous: Option<Settlement>,
}

impl Dealt {
    /// The write, on the table as `before` was read (or kept, then `unchecked`).
    fn write<'a>(&'a self, before: &'a Loaded, unchecked: Option<Unchecked>) -> TableWrite<'a> {
        TableWrite {
            table_id: before.table.id,
            version: before.table.version,
            last_hash: &before.last_hash,
            events: &self.events,
            transfers: &self.transfers,
            projection: Projection {
                to_act: &self.loaded.table.to_act,
                deadline: self.loaded.table.deadline,
                in_hand: true,
                exempt: &[],
                next_seed: &before.table.next_seed,
                new_hand: Some(self.new_hand),
            },
            timeouts: &[],
            seats_gone: &[],
            unchecked,
        }
    }

    /// The table as a reload would find it once `written` was appended.
    fn kept(self, written: Vec<(i64, String)>) -> Kept {
        let mut loaded = self.loaded;
        if let Some((_, hash)) = written.last() {
            loaded.last_hash = hash.clone();
        }
        Kept {
            loaded,
            previous: self.previous,
        }
    }
}

/// Deals the next hand at `kept` for `player`, or refuses it (see [`Dealt`]).
fn deal(kept: &Kept, player: PlayerId, id: TableId) -> Result<Dealt, AppError> {
    let mut loaded = kept.loaded.clone();
    if seat_of(&loaded, player).is_none() {
        return Err(AppError::forbidden(
            "not_seated",
            "only a seated player may start a hand",
        ));
    }
    if loaded.table.in_hand {
        return Err(AppError::conflict(
            "hand_in_progress",
            "a hand is already in play",
        ));
    }
    // The hand before this one, for the view.
    let last_hand = current_or_previous_settlement(&loaded, kept.previous.clone());
    let rules = loaded.rules;
    let seated: Vec<Seated> = loaded
        .seats
        .iter()
        .map(|s| Seated {
            seat: s.seat,
            balance: s.balance,
            exempt: loaded.table.exempt.contains(&s.player_id),
        })
        .collect();
    let plan = plan_hand(&rules, &seated, loaded.table.dealer.map(seat_u8))
        .map_err(|e| AppError::unprocessable("not_enough_players", e.to_string()))?;
    let hand_no = u32::try_from(loaded.table.hand_no + 1).unwrap_or(u32::MAX);
    let seed = loaded.table.next_seed.clone();
    let client_seeds: Vec<ClientSeed> = loaded
        .seats
        .iter()
        .filter(|s| plan.entrants.iter().any(|e| e.seat == s.seat))
        .filter_map(|s| {
            s.client_seed
                .clone()
                .map(|seed| ClientSeed { seat: s.seat, seed })
        })
        .collect();
    let pairs: Vec<(Seat, &str)> = client_seeds
        .iter()
        .map(|c| (c.seat, c.seed.as_str()))
        .collect();
    let key_bytes = hand_key(&seed, &id.0.to_string(), hand_no, &pairs);
    let fixed = match &loaded.table.fixed_decks {
        Some(value) => {
            let decks: Vec<Vec<String>> = serde_json::from_value(value.clone())
                .map_err(|e| AppError::Internal(e.to_string()))?;
            parse_decks(&decks)?.into_iter().nth(hand_no as usize - 1)
        }
        None => None,
    };
    let fixed_deck = fixed.is_some();
    let deck = fixed.unwrap_or_else(|| Deck::shuffled(&key_bytes));
    let start = HandStart {
        hand_no,
        dealer: plan.dealer,
        rules,
        entrants: plan.entrants.clone(),
        carried: loaded.pot,
        deck,
        key: key_bytes,
    };
    let state = HandState::start(&start).map_err(AppError::Internal)?;
    let players: Vec<SeatPlayer> = plan
        .entrants
        .iter()
        .filter_map(|e| {
            loaded
                .seats
                .iter()
                .find(|s| s.seat == e.seat)
                .map(|s| SeatPlayer {
                    seat: s.seat,
                    player_id: s.player_id,
                })
        })
        .collect();
    let dealt = TableEvent::HandDealt {
        hand_no,
        players: players.clone(),
        sitting_out: plan.sitting_out.clone(),
        fixed_deck,
        commitment: deck::commitment(&seed),
        server_seed: hex::encode(&seed),
        client_seeds,
    };
    let started = TableEvent::Hand(Event::HandStarted(Box::new(start)));
    let new = [stored(&dealt, hand_no)?, stored(&started, hand_no)?];
    let hand_seq = loaded.table.version + 1;
    let started_seq = hand_seq + 1;
    let league = loaded.table.league_id;
    let transfers: Vec<Transfer> = plan
        .entrants
        .iter()
        .filter(|e| e.ante > 0)
        .filter_map(|e| {
            let p = players.iter().find(|p| p.seat == e.seat)?;
            Some(Transfer {
                league_id: league,
                from_account: player_account(p.player_id),
                to_account: pot_account(id.0),
                amount: e.ante,
                reason: "ante",
                table_id: Some(id.0),
                hand_no: Some(hand_no as i32),
                event_seq: Some(started_seq),
                note: None,
            })
        })
        .collect();
    let hand = LoadedHand {
        state,
        players,
        server_seed: hex::encode(&seed),
        commitment: deck::commitment(&seed),
        fixed_deck,
    };
    let (to_act, deadline) = turn_projection(&hand, &rules);
    let new_hand = NewHand {
        hand_no: hand_no as i32,
        hand_seq,
        dealer: i16::from(plan.dealer),
    };
    // Leave `loaded` as a reload would find it (but for the last hash, see `Dealt::kept`).
    let table = &mut loaded.table;
    table.version += new.len() as i64;
    table.hand_no = new_hand.hand_no;
    table.hand_seq = Some(hand_seq);
    table.in_hand = true;
    table.dealer = Some(new_hand.dealer);
    table.exempt = Vec::new();
    table.to_act = to_act;
    table.deadline = deadline;
    for seat in &mut loaded.seats {
        seat.client_seed = None;
    }
    apply_transfers(&mut loaded, &transfers);
    loaded.hand = Some(hand);
    Ok(Dealt {
        events: new,
        transfers,
        new_hand,
        loaded,
        previous: last_hand,
    })
}

/// Reads the table, lets the engine decide and writes the result (see [`App::act_once`]).
async fn act_in(
    conn: &mut Conn,
    tables: &TableCache,
    player: PlayerId,
    id: TableId,
    expected_version: Option<i64>,
    action: Action,
    key: Option<&IdempotencyKey>,
) -> Result<(Reply<TableView>, Option<Kept>), AppError> {
    if let Some(reply) = idempotency::replayed(conn, player, key).await? {
        return Ok((reply, None));
    }
    let (kept, role) = load_kept(conn, tables, id, player).await?;
    if role.is_none() {
        return Err(not_a_member());
    }
    let mut loaded = kept.loaded.clone();
    let seat = seat_of(&loaded, player).ok_or_else(|| {
        AppError::forbidden("not_seated", "only a seated player may act at this table")
    })?;
    if let Some(expected) = expected_version
        && expected != loaded.table.version
    {
        return Err(version_conflict(loaded.table.version));
    }
    // `play_moves` leaves `loaded` as a reload would find it: the view needs no second read.
    play_moves(
        Writer::Conn(conn),
        &mut loaded,
        Mover::Player(seat, action),
        None,
    )
    .await?;
    let kept = Kept {
        loaded,
        previous: kept.previous.clone(),
    };
    answer(conn, player, key, 200, kept).await
}

/// An action decided on the table as this process last kept it, with nothing read first,
/// and queued to be committed with others (see [`Writes`]): the write itself requires the
/// kept version and stamp, and the player still a member.
/// `None` when that does not conclude (nothing kept, the player not seated there, another
/// expected version, a refusal, or a table that moved on): the caller then reads the table
/// and decides again, so a refusal is only ever made on the table as it is.
async fn act_on_kept(
    writes: &Writes,
    tables: &TableCache,
    player: PlayerId,
    id: TableId,
    expected_version: Option<i64>,
    action: &Action,
) -> Result<Option<Kept>, AppError> {
    let Some(kept) = tables.latest(id.0) else {
        return Ok(None);
    };
    let mut loaded = kept.loaded.clone();
    let Some(seat) = seat_of(&loaded, player) else {
        return Ok(None);
    };
    if expected_version.is_some_and(|v| v != loaded.table.version) {
        return Ok(None);
    }
    let unchecked = Unchecked {
        stamp: loaded.table.stamp,
        member: player.0,
    };
    let mover = Mover::Player(seat, action.clone());
    match play_moves(Writer::Queued(writes), &mut loaded, mover, Some(unchecked)).await {
        Ok(()) => Ok(Some(Kept {
            loaded,
            previous: kept.previous.clone(),
        })),
        Err(AppError::Rule(_))
        | Err(AppError::Conflict {
            code: "version_conflict",
            ..
        }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The caller's view of `kept`, the state its write left (checked against a reload in
/// debug builds), stored under the idempotency key when there is one.
async fn answer(
    conn: &mut Conn,
    player: PlayerId,
    key: Option<&IdempotencyKey>,
    status: u16,
    kept: Kept,
) -> Result<(Reply<TableView>, Option<Kept>), AppError> {
    let view = kept_view(&kept, player);
    #[cfg(debug_assertions)]
    check_matches_reload(conn, TableId(kept.loaded.table.id), player, &kept).await?;
    let reply = idempotency::fresh(conn, player, key, status, view).await?;
    Ok((reply, Some(kept)))
}

/// Who moves: a player by choice, or the server for every seat whose deadline passed.
pub(crate) enum Mover {
    Player(Seat, Action),
    Timeout,
}

/// The pipeline shared by a player's action and a timeout, on a table as loaded: the engine
/// decides, and one statement ([`table_write`]) appends the events (a timed-out seat's
/// default action follows a `turn_timed_out` event), moves the chips and updates the seats'
/// timeout counts and the projections, unless the table moved on since it was loaded (409
/// `version_conflict`). When the hand ends, a seat that timed out twice in a row is stood
/// up (`seat_left`) in the same statement.
///
/// On success `loaded` is what a reload would give (version, turn, deadline, seats,
/// balances, pot, hash). The events are appended without a notice: the caller calls
/// [`App::announce`] with `loaded.table.version` once the write committed.
pub(crate) async fn play_moves(
    writer: Writer<'_>,
    loaded: &mut Loaded,
    mover: Mover,
    unchecked: Option<Unchecked>,
) -> Result<(), AppError> {
    let id = loaded.table.id;
    let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
    let Some(hand) = loaded.hand.as_mut().filter(|_| loaded.table.in_hand) else {
        return Err(AppError::Rule(crate::engine::RuleError::WrongPhase(
            "between hands",
        )));
    };
    let player_at = |hand: &LoadedHand, seat: Seat| {
        hand.players
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| p.player_id)
    };
    let mut new: Vec<NewEvent> = Vec::new();
    // The engine's events, each with its index in `new`.
    let mut events: Vec<(usize, Event)> = Vec::new();
    let mut acted: Vec<Uuid> = Vec::new();
    let mut timed_out: Vec<Uuid> = Vec::new();
    match mover {
        Mover::Player(seat, action) => {
            for event in hand.state.act(seat, &action)? {
                events.push((new.len(), event.clone()));
                new.push(stored(&TableEvent::Hand(event), hand_no)?);
            }
            acted.extend(player_at(hand, seat));
        }
        Mover::Timeout => {
            for seat in hand.state.to_act() {
                let Some(action) = crate::engine::bot::timeout_action(&hand.state, seat) else {
                    continue;
                };
                let player_id = player_at(hand, seat)
                    .ok_or_else(|| AppError::Internal(format!("no player at seat {seat}")))?;
                let timed = TableEvent::TurnTimedOut { seat, player_id };
                new.push(stored(&timed, hand_no)?);
                let caused = hand.state.act(seat, &action).map_err(|e| {
                    AppError::Internal(format!("the timeout action was refused: {e}"))
                })?;
                for event in caused {
                    events.push((new.len(), event.clone()));
                    new.push(stored(&TableEvent::Hand(event), hand_no)?);
                }
                timed_out.push(player_id);
            }
            if timed_out.is_empty() {
                return Ok(());
            }
        }
    }
    let ended = events.iter().any(|(_, e)| matches!(e, Event::HandEnded(_)));
    let next_seed = new_seed();
    if ended {
        let revealed = TableEvent::SeedRevealed {
            hand_no,
            server_seed: hand.server_seed.clone(),
            next_commitment: deck::commitment(&next_seed),
        };
        new.push(stored(&revealed, hand_no)?);
    }
    // Timeout counts: a real action resets the actor's, a timeout adds one. Only rows that
    // change are written.
    let mut timeouts: Vec<(Uuid, i16)> = Vec::new();
    for seat in &mut loaded.seats {
        let before = seat.timeouts;
        if acted.contains(&seat.player_id) {
            seat.timeouts = 0;
        }
        if timed_out.contains(&seat.player_id) {
            seat.timeouts = seat.timeouts.saturating_add(1);
        }
        if seat.timeouts != before {
            timeouts.push((seat.player_id, seat.timeouts));
        }
    }
    // Seats are in seat order.
    let sitting_out: Vec<(i16, Uuid)> = if ended {
        loaded
            .seats
            .iter()
            .filter(|s| s.timeouts >= 2)
            .map(|s| (i16::from(s.seat), s.player_id))
            .collect()
    } else {
        Vec::new()
    };
    for (seat, player_id) in &sitting_out {
        let left = TableEvent::SeatLeft {
            seat: seat_u8(*seat),
            player_id: *player_id,
        };
        new.push(stored(&left, hand_no)?);
    }
    timeouts.retain(|(player, _)| !sitting_out.iter().any(|(_, gone)| gone == player));
    let seats_gone: Vec<i16> = sitting_out.iter().map(|(seat, _)| *seat).collect();
    let hand = loaded
        .hand
        .as_ref()
        .ok_or_else(|| AppError::Internal("hand vanished".into()))?;
    let first_seq = loaded.table.version + 1;
    let (engine_events, engine_seqs): (Vec<Event>, Vec<i64>) = events
        .into_iter()
        .map(|(i, e)| (e, first_seq + i as i64))
        .unzip();
    let transfers = chip_moves(loaded, hand, &engine_events, &engine_seqs, hand_no);
    let (to_act, deadline, exempt, next_seed) = if ended {
        let exempt: Vec<Uuid> = hand
            .state
            .settlement()
            .map(|s| {
                s.exempt
                    .iter()
                    .filter_map(|seat| player_at(hand, *seat))
                    .filter(|p| !sitting_out.iter().any(|(_, gone)| gone == p))
                    .collect()
            })
            .unwrap_or_default();
        (Vec::new(), None, exempt, next_seed)
    } else {
        let (to_act, deadline) = turn_projection(hand, &loaded.rules);
        let table = &loaded.table;
        (
            to_act,
            deadline,
            table.exempt.clone(),
            table.next_seed.clone(),
        )
    };
    let in_hand = !ended;
    let write = TableWrite {
        table_id: id,
        version: loaded.table.version,
        last_hash: &loaded.last_hash,
        events: &new,
        transfers: &transfers,
        projection: Projection {
            to_act: &to_act,
            deadline,
            in_hand,
            exempt: &exempt,
            next_seed: &next_seed,
            new_hand: None,
        },
        timeouts: &timeouts,
        seats_gone: &seats_gone,
        unchecked,
    };
    let written = write_table(writer, &write).await?;
    // Leave `loaded` as a reload would find it.
    let table = &mut loaded.table;
    table.version += new.len() as i64;
    table.to_act = to_act;
    table.deadline = deadline;
    table.in_hand = in_hand;
    table.exempt = exempt;
    table.next_seed = next_seed;
    if let Some((seq, hash)) = written.last() {
        debug_assert_eq!(*seq, table.version);
        loaded.last_hash = hash.clone();
    }
    loaded
        .seats
        .retain(|s| !sitting_out.iter().any(|(_, gone)| *gone == s.player_id));
    apply_transfers(loaded, &transfers);
    Ok(())
}

/// Where a move is written: on the caller's connection (in its transaction, if any), or
/// queued to be committed with others (see [`Writes`]).
pub(crate) enum Writer<'a> {
    Conn(&'a mut Conn),
    Queued(&'a Writes),
}

/// Writes one move (see [`table_write`]): the appended events' `(seq, hash)`, or 409
/// `version_conflict` when the table moved on since it was read.
async fn write_table(
    writer: Writer<'_>,
    write: &TableWrite<'_>,
) -> Result<Vec<(i64, String)>, AppError> {
    let written = match writer {
        Writer::Conn(conn) => table_write::write(conn, write).await,
        Writer::Queued(writes) => writes.submit(Prepared::new(write)).await,
    };
    written
        .map_err(|e| match e {
            StoreError::Overdrawn(account) => {
                AppError::Internal(format!("{account} would be overdrawn: a rules bug"))
            }
            other => other.into(),
        })?
        .ok_or_else(moved_on)
}

/// Moves the seats' balances and the pot in memory as `transfers` moved them in the ledger.
fn apply_transfers(loaded: &mut Loaded, transfers: &[Transfer]) {
    let pot = pot_account(loaded.table.id);
    for t in transfers {
        if t.from_account == pot {
            loaded.pot -= t.amount;
        }
        if t.to_account == pot {
            loaded.pot += t.amount;
        }
        for seat in &mut loaded.seats {
            let account = player_account(seat.player_id);
            if t.from_account == account {
                seat.balance -= t.amount;
            }
            if t.to_account == account {
                seat.balance += t.amount;
            }
        }
    }
}

/// The caller's view of the table as the transaction leaves it.
async fn view_after(conn: &mut Conn, id: TableId, player: PlayerId) -> Result<TableView, AppError> {
    let extras = Extras {
        previous_settlement: true,
        ..Extras::default()
    };
    let (loaded, extras) = load_with(conn, id, extras).await?;
    let last_hand = current_or_previous_settlement(&loaded, extras.previous);
    Ok(view::table_view(&loaded, Some(player), last_hand))
}

/// Who must act now, and by when.
fn turn_projection(hand: &LoadedHand, rules: &TableRules) -> (Vec<Uuid>, Option<DateTime<Utc>>) {
    let to_act: Vec<Uuid> = hand
        .state
        .to_act()
        .iter()
        .filter_map(|seat| {
            hand.players
                .iter()
                .find(|p| p.seat == *seat)
                .map(|p| p.player_id)
        })
        .collect();
    let timeout = chrono::Duration::seconds(i64::try_from(rules.turn_timeout_secs).unwrap_or(0));
    // Microseconds: what the database keeps, so a view built from memory equals a reload.
    let deadline =
        (!to_act.is_empty()).then(|| chrono::SubsecRound::trunc_subsecs(Utc::now() + timeout, 6));
    (to_act, deadline)
}

async fn bump_version(conn: &mut Conn, loaded: &Loaded, by: i64) -> Result<(), AppError> {
    diesel::update(tables::table.find(loaded.table.id))
        .set(tables::version.eq(loaded.table.version + by))
        .execute(conn)
        .await?;
    Ok(())
}

/// The ledger entries of a batch of hand events: extra antes, pots won, bourré payments.
fn chip_moves(
    loaded: &Loaded,
    hand: &LoadedHand,
    events: &[Event],
    seqs: &[i64],
    hand_no: u32,
) -> Vec<Transfer> {
    let table = loaded.table.id;
    let player_of = |seat: Seat| {
        hand.players
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| player_account(p.player_id))
    };
    let mut out = Vec::new();
    let mut push = |from: Option<String>, to: Option<String>, amount: i64, reason, seq| {
        if let (Some(from_account), Some(to_account)) = (from, to) {
            out.push(Transfer {
                league_id: loaded.table.league_id,
                from_account,
                to_account,
                amount,
                reason,
                table_id: Some(table),
                hand_no: Some(hand_no as i32),
                event_seq: Some(seq),
                note: None,
            });
        }
    };
    let pot = || Some(pot_account(table));
    for (event, seq) in events.iter().zip(seqs) {
        match event {
            Event::Declared {
                seat, extra_ante, ..
            } if *extra_ante > 0 => push(player_of(*seat), pot(), *extra_ante, "extra_ante", *seq),
            Event::Revealed { extra_antes, .. } => {
                for extra in extra_antes {
                    push(
                        player_of(extra.seat),
                        pot(),
                        extra.amount,
                        "extra_ante",
                        *seq,
                    );
                }
            }
            Event::HandEnded(settlement) => {
                for payout in &settlement.payouts {
                    push(
                        pot(),
                        player_of(payout.seat),
                        payout.amount,
                        "pot_won",
                        *seq,
                    );
                }
                for bourre in &settlement.bourre {
                    push(player_of(bourre.seat), pot(), bourre.amount, "bourre", *seq);
                }
            }
            _ => {}
        }
    }
    out
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

/// `player`'s view of a kept table.
fn kept_view(kept: &Kept, player: PlayerId) -> TableView {
    let last_hand = current_or_previous_settlement(&kept.loaded, kept.previous.clone());
    view::table_view(&kept.loaded, Some(player), last_hand)
}

/// `TableView.last_hand` from what [`load_with`] read: the current hand's settlement when
/// it ended, else the previous hand's.
fn current_or_previous_settlement(
    loaded: &Loaded,
    previous: Option<crate::engine::Settlement>,
) -> Option<crate::engine::Settlement> {
    match loaded.hand.as_ref().and_then(|h| h.state.settlement()) {
        Some(settlement) => Some(settlement.clone()),
        None => previous,
    }
}

impl App {
    /// Tables where `player` must act, oldest deadline first.
    pub async fn turns(&self, player: PlayerId) -> Result<Vec<TableRow>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        Ok(tables::table
            .filter(tables::to_act.contains(vec![player.0]))
            .order(tables::deadline.asc())
            .select(TableRow::as_select())
            .load(&mut conn)
            .await?)
    }
}

impl App {
    /// Sets the caller's client seed for the next hand, between hands only: the server's
    /// seed for that hand is already committed. Returns the seat, the hand and the
    /// commitment.
    pub async fn set_client_seed(
        &self,
        player: PlayerId,
        id: TableId,
        seed: &str,
    ) -> Result<(Seat, u32, String), AppError> {
        let valid = (1..=64).contains(&seed.len())
            && seed
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !valid {
            return Err(AppError::unprocessable(
                "invalid_client_seed",
                "a client seed has 1 to 64 characters: letters, digits, '_' or '-'",
            ));
        }
        let seed = seed.to_owned();
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                let (loaded, _) = load_locked(conn, id, player).await?;
                let seat = seat_of(&loaded, player).ok_or_else(|| {
                    AppError::forbidden("not_seated", "only a seated player sets a client seed")
                })?;
                if loaded.table.in_hand {
                    return Err(AppError::conflict(
                        "hand_in_progress",
                        "client seeds are set between hands, for the next one",
                    ));
                }
                let event = TableEvent::ClientSeedSet {
                    seat,
                    player_id: player.0,
                    seed: seed.clone(),
                };
                let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
                append(conn, &loaded, &[stored(&event, hand_no)?]).await?;
                diesel::update(seats::table.find((id.0, i16::from(seat))))
                    .set(seats::client_seed.eq(Some(&seed)))
                    .execute(conn)
                    .await?;
                bump_version(conn, &loaded, 1).await?;
                Ok((seat, hand_no + 1, deck::commitment(&loaded.table.next_seed)))
            })
            .await;
        self.with_current_version(id, result).await
    }
}

impl App {
    /// Closes a table between hands (its creator or a league admin): the chips in its pot
    /// go back to the players seated, equally, the remainder to the lowest seat (R10e);
    /// with nobody seated, to the last hand's players. Everyone stands up.
    pub async fn close_table(
        &self,
        player: PlayerId,
        id: TableId,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                if let Some(reply) = idempotency::replayed(conn, player, key.as_ref()).await? {
                    return Ok(reply);
                }
                let (loaded, role) = load_locked(conn, id, player).await?;
                if role != "admin" && loaded.table.created_by != player.0 {
                    return Err(AppError::forbidden(
                        "not_admin",
                        "only the table's creator or a league admin closes a table",
                    ));
                }
                ensure_open(&loaded)?;
                if loaded.table.in_hand {
                    return Err(AppError::conflict(
                        "hand_in_progress",
                        "a table closes between hands",
                    ));
                }
                let mut owners: Vec<(Seat, Uuid)> =
                    loaded.seats.iter().map(|s| (s.seat, s.player_id)).collect();
                if owners.is_empty()
                    && let Some(hand) = &loaded.hand
                {
                    owners = hand.players.iter().map(|p| (p.seat, p.player_id)).collect();
                }
                let pot_account = pot_account(id.0);
                // Read with the table, under its lock: only this table's writes move it.
                let pot = loaded.pot;
                let league = LeagueId(loaded.table.league_id);
                let seats: Vec<Seat> = owners.iter().map(|(seat, _)| *seat).collect();
                let shares = crate::engine::table::share_equally(pot, &seats);
                let returned: Vec<PlayerAmount> = shares
                    .iter()
                    .filter_map(|share| {
                        owners
                            .iter()
                            .find(|(seat, _)| *seat == share.seat)
                            .map(|(_, p)| PlayerAmount {
                                player_id: *p,
                                amount: share.amount,
                            })
                    })
                    .collect();
                let to_treasury = pot - returned.iter().map(|r| r.amount).sum::<i64>();
                let event = TableEvent::TableClosed {
                    returned: returned.clone(),
                };
                let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
                let written = append(conn, &loaded, &[stored(&event, hand_no)?]).await?;
                let seq = written.iter().map(|w| w.0).next();
                let mut transfers: Vec<Transfer> = returned
                    .iter()
                    .map(|r| Transfer {
                        league_id: league.0,
                        from_account: pot_account.clone(),
                        to_account: player_account(r.player_id),
                        amount: r.amount,
                        reason: "pot_returned",
                        table_id: Some(id.0),
                        hand_no: Some(loaded.table.hand_no),
                        event_seq: seq,
                        note: None,
                    })
                    .collect();
                transfers.push(Transfer {
                    league_id: league.0,
                    from_account: pot_account.clone(),
                    to_account: crate::store::ledger::TREASURY.to_owned(),
                    amount: to_treasury,
                    reason: "pot_returned",
                    table_id: Some(id.0),
                    hand_no: Some(loaded.table.hand_no),
                    event_seq: seq,
                    note: None,
                });
                ledger::record(conn, &transfers).await?;
                diesel::delete(seats::table.filter(seats::table_id.eq(id.0)))
                    .execute(conn)
                    .await?;
                diesel::update(tables::table.find(id.0))
                    .set((
                        tables::closed_at.eq(Some(Utc::now())),
                        tables::exempt.eq(Vec::<Uuid>::new()),
                    ))
                    .execute(conn)
                    .await?;
                bump_version(conn, &loaded, 1).await?;
                let view = view_after(conn, id, player).await?;
                idempotency::fresh(conn, player, key.as_ref(), 200, view).await
            })
            .await;
        self.with_current_version(id, result).await
    }
}
