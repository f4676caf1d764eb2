//! Every write to a table, in one statement: the events appended to the log, the chips
//! moved and booked in the standings, the seats and the table's projection updated, all
//! guarded by the table's version.
//! Nothing else appends to `events` or moves a table's chips (see `app::table::write`,
//! which builds a [`TableWrite`] from the state before and after a change).
//!
//! The statement is its own transaction when run outside one, so a player's action costs
//! at most one read and this one write; plain moves (no chips, no seats) at several tables
//! can also share one statement and one commit ([`run_plain`]). Its first step updates the
//! table's row only if the version is still the one the caller read; every other step reads
//! that step's result, so when the table moved on nothing at all is written and the caller
//! reloads. Taking the table's row first, it waits behind (and never deadlocks with) a
//! writer that locked the row before appending.
//!
//! Credits may open a balance; debits update an existing one, never below zero (the CHECK
//! on `balances`), and a debit that finds no balance fails the statement
//! (`bourre_missing_debit`). The parts without rows (chips, seats, a new hand, a close) are
//! left out of the SQL, so each shape is its own statement, prepared once per connection.

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{
    Array, BigInt, Binary, Bool, Integer, Jsonb, Nullable, SmallInt, Text, Timestamptz,
};
use diesel::{QueryResult, sql_types};
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::events::NewEvent;
use super::ledger::Booking;
use super::ledger::{ChipRows, Transfer};
use super::standings::HandLine;
use super::{Conn, StoreError};

/// The table's projection after the move.
#[derive(Debug)]
pub struct Projection<'a> {
    pub to_act: &'a [Uuid],
    pub deadline: Option<DateTime<Utc>>,
    pub in_hand: bool,
    pub exempt: &'a [Uuid],
    pub next_seed: &'a [u8],
    /// Set when the move deals a new hand.
    pub new_hand: Option<NewHand>,
    /// Set when the move closes the table.
    pub closed_at: Option<DateTime<Utc>>,
}

/// A hand just dealt: its number, its first event, its dealer.
#[derive(Debug, Clone, Copy)]
pub struct NewHand {
    pub hand_no: i32,
    pub hand_seq: i64,
    pub dealer: i16,
}

/// A seat whose timeout count or client seed changes.
#[derive(Debug, Clone)]
pub struct SeatUpdate {
    pub player_id: Uuid,
    pub timeouts: i16,
    pub client_seed: Option<String>,
}

/// How the table's seats change.
#[derive(Debug, Default)]
pub struct SeatChanges {
    /// Seats taken: `(seat, player)`.
    pub taken: Vec<(i16, Uuid)>,
    pub updated: Vec<SeatUpdate>,
    /// Seats left.
    pub gone: Vec<i16>,
}

/// Everything one move writes.
#[derive(Debug)]
pub struct TableWrite<'a> {
    pub table_id: Uuid,
    pub league_id: Uuid,
    /// The version (last event's seq) the move was decided on.
    pub version: i64,
    pub events: &'a [NewEvent],
    /// Each event's `(seq, prev_hash, hash)` (see [`super::events::chain`]).
    pub chained: &'a [(i64, String, String)],
    pub transfers: &'a [Transfer],
    /// The lines of the hand the move ends, if it ends one (see [`HandLine`]).
    pub ended: &'a [HandLine],
    pub projection: Projection<'a>,
    pub seats: &'a SeatChanges,
    /// Players whose balances the transfers move who sit at another table of the league:
    /// those tables are stamped (see `tables.stamp`).
    pub stamp_seated: &'a [Uuid],
    /// Set when the move was decided on a state this process kept, not yet checked against
    /// the database in this request: the write then also requires this stamp, and that this
    /// player is still a member of the table's league.
    pub unchecked: Option<Unchecked>,
    /// What the move announces.
    pub notices: &'a [Notice],
}

/// A notification a move announces (see `app::notices`): written in the move's own
/// statement, when the table's league has a webhook or (a `turn.started`) its player a
/// push subscription.
#[derive(Debug, Clone)]
pub struct Notice {
    pub kind: &'static str,
    pub data: Value,
    pub due_at: DateTime<Utc>,
}

/// Notifications, a column per array parameter.
#[derive(Default)]
struct NoticeRows {
    table: Vec<Uuid>,
    league: Vec<Uuid>,
    kind: Vec<&'static str>,
    data: Vec<Value>,
    due_at: Vec<DateTime<Utc>>,
}

impl NoticeRows {
    fn new(table: Uuid, league: Uuid, notices: &[Notice]) -> NoticeRows {
        NoticeRows {
            table: notices.iter().map(|_| table).collect(),
            league: notices.iter().map(|_| league).collect(),
            kind: notices.iter().map(|n| n.kind).collect(),
            data: notices.iter().map(|n| n.data.clone()).collect(),
            due_at: notices.iter().map(|n| n.due_at).collect(),
        }
    }

    fn extend(&mut self, other: &NoticeRows) {
        self.table.extend_from_slice(&other.table);
        self.league.extend_from_slice(&other.league);
        self.kind.extend_from_slice(&other.kind);
        self.data.extend_from_slice(&other.data);
        self.due_at.extend_from_slice(&other.due_at);
    }

    /// `, nt AS (INSERT ...)`: the rows of the tables `written` names (a CTE of their
    /// ids), for leagues with a webhook, turns of players with a push subscription or a
    /// device, and hands' ends where a player dealt in asked to be pushed them. Each test
    /// looks its rows up by key (`OFFSET 0` keeps the planner from turning it into a hash
    /// of the whole table, built again by every statement): a move's cost does not grow
    /// with the number of webhooks, subscriptions, devices or players.
    fn walk_cte<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>, written: &str) -> QueryResult<()> {
        out.push_sql(
            ", nt AS (INSERT INTO notifications (table_id, league_id, kind, data, due_at)              SELECT x.* FROM unnest(",
        );
        out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.table)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.league)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.kind)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Jsonb>, _>(&self.data)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Timestamptz>, _>(&self.due_at)?;
        out.push_sql(
            ") AS x(table_id, league_id, kind, data, due_at) WHERE x.table_id = ANY (ARRAY(SELECT id FROM ",
        );
        out.push_sql(written);
        out.push_sql(
            ")) AND (EXISTS (SELECT 1 FROM webhooks w WHERE w.league_id = x.league_id OFFSET 0) \
             OR (x.kind = 'turn.started' AND (EXISTS (SELECT 1 FROM push_subscriptions s \
             WHERE s.player_id = (x.data->>'player_id')::uuid OFFSET 0) \
             OR EXISTS (SELECT 1 FROM devices d \
             WHERE d.player_id = (x.data->>'player_id')::uuid OFFSET 0))) \
             OR (x.kind = 'hand.ended' AND EXISTS (SELECT 1 \
             FROM jsonb_array_elements(x.data->'players') p, LATERAL (SELECT 1 \
             FROM notification_prefs n WHERE n.player_id = (p->>'player_id')::uuid \
             AND 'hand.ended' = ANY (n.web_push || n.devices) OFFSET 0) q OFFSET 0))))",
        );
        Ok(())
    }
}

/// See [`TableWrite::unchecked`].
#[derive(Debug, Clone, Copy)]
pub struct Unchecked {
    pub stamp: i64,
    pub member: Uuid,
}

/// Events to append, a column per array parameter.
#[derive(Default)]
struct EventRows {
    seq: Vec<i64>,
    hand_no: Vec<i32>,
    kind: Vec<&'static str>,
    payload: Vec<Value>,
    prev_hash: Vec<String>,
    hash: Vec<String>,
}

impl EventRows {
    fn extend(&mut self, other: &EventRows) {
        self.seq.extend_from_slice(&other.seq);
        self.hand_no.extend_from_slice(&other.hand_no);
        self.kind.extend_from_slice(&other.kind);
        self.payload.extend_from_slice(&other.payload);
        self.prev_hash.extend_from_slice(&other.prev_hash);
        self.hash.extend_from_slice(&other.hash);
    }
}

/// The six columns `seq, hand_no, kind, payload, prev_hash, hash`, as parameters.
impl QueryFragment<Pg> for EventRows {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_bind_param::<Array<BigInt>, _>(&self.seq)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.hand_no)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.kind)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Jsonb>, _>(&self.payload)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.prev_hash)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.hash)?;
        Ok(())
    }
}

/// The rows of a [`TableWrite`] as the statement's array parameters.
struct Statement {
    table_id: Uuid,
    version: i64,
    new_version: i64,
    to_act: Vec<Uuid>,
    deadline: Option<DateTime<Utc>>,
    in_hand: bool,
    exempt: Vec<Uuid>,
    next_seed: Vec<u8>,
    new_hand: Option<NewHand>,
    closed_at: Option<DateTime<Utc>>,
    league_id: Uuid,
    events: EventRows,
    chips: ChipRows,
    booking: Booking,
    taken_seat: Vec<i16>,
    taken_player: Vec<Uuid>,
    upd_player: Vec<Uuid>,
    upd_timeouts: Vec<i16>,
    upd_client_seed: Vec<Option<String>>,
    seats_gone: Vec<i16>,
    stamp_seated: Vec<Uuid>,
    unchecked: Option<Unchecked>,
    notices: NoticeRows,
}

impl QueryFragment<Pg> for Statement {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("WITH upd AS (UPDATE tables SET version = ");
        out.push_bind_param::<BigInt, _>(&self.new_version)?;
        out.push_sql(", to_act = ");
        out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.to_act)?;
        out.push_sql(", deadline = ");
        out.push_bind_param::<Nullable<Timestamptz>, _>(&self.deadline)?;
        out.push_sql(", in_hand = ");
        out.push_bind_param::<Bool, _>(&self.in_hand)?;
        out.push_sql(", exempt = ");
        out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.exempt)?;
        out.push_sql(", next_seed = ");
        out.push_bind_param::<Binary, _>(&self.next_seed)?;
        if let Some(hand) = &self.new_hand {
            out.push_sql(", hand_no = ");
            out.push_bind_param::<Integer, _>(&hand.hand_no)?;
            out.push_sql(", hand_seq = ");
            out.push_bind_param::<BigInt, _>(&hand.hand_seq)?;
            out.push_sql(", dealer = ");
            out.push_bind_param::<SmallInt, _>(&hand.dealer)?;
        }
        if let Some(closed_at) = &self.closed_at {
            out.push_sql(", closed_at = ");
            out.push_bind_param::<Timestamptz, _>(closed_at)?;
        }
        out.push_sql(" WHERE id = ");
        out.push_bind_param::<sql_types::Uuid, _>(&self.table_id)?;
        out.push_sql(" AND version = ");
        out.push_bind_param::<BigInt, _>(&self.version)?;
        if let Some(unchecked) = &self.unchecked {
            out.push_sql(" AND stamp = ");
            out.push_bind_param::<BigInt, _>(&unchecked.stamp)?;
            out.push_sql(
                " AND EXISTS (SELECT 1 FROM memberships m \
                 WHERE m.league_id = tables.league_id AND m.player_id = ",
            );
            out.push_bind_param::<sql_types::Uuid, _>(&unchecked.member)?;
            out.push_sql(")");
        }
        out.push_sql(
            " RETURNING id), \
             ev AS (INSERT INTO events (table_id, seq, hand_no, kind, payload, prev_hash, hash) \
             SELECT upd.id, x.* FROM upd, unnest(",
        );
        self.events.walk_ast(out.reborrow())?;
        out.push_sql(") AS x)");
        // The parts below are left out when they have no rows: most moves move no chips
        // and change no seat, and each shape is prepared once per connection.
        self.chips.walk_ctes(out.reborrow(), "upd")?;
        self.booking.walk_ctes(out.reborrow(), "upd")?;
        if !self.upd_player.is_empty() {
            out.push_sql(
                ", seat_upd AS (UPDATE seats SET timeouts = x.timeouts, \
                 client_seed = x.client_seed FROM upd, unnest(",
            );
            out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.upd_player)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<SmallInt>, _>(&self.upd_timeouts)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<Nullable<Text>>, _>(&self.upd_client_seed)?;
            out.push_sql(
                ") AS x(player_id, timeouts, client_seed) \
                 WHERE seats.table_id = upd.id AND seats.player_id = x.player_id)",
            );
        }
        if !self.seats_gone.is_empty() {
            out.push_sql(
                ", gone AS (DELETE FROM seats USING upd \
                 WHERE seats.table_id = upd.id AND seats.seat = ANY(",
            );
            out.push_bind_param::<Array<SmallInt>, _>(&self.seats_gone)?;
            out.push_sql("))");
        }
        if !self.taken_seat.is_empty() {
            out.push_sql(
                ", taken AS (INSERT INTO seats (table_id, seat, player_id, league_id) \
                 SELECT upd.id, x.seat, x.player_id, ",
            );
            out.push_bind_param::<sql_types::Uuid, _>(&self.league_id)?;
            out.push_sql(" FROM upd, unnest(");
            out.push_bind_param::<Array<SmallInt>, _>(&self.taken_seat)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.taken_player)?;
            out.push_sql(") AS x(seat, player_id))");
        }
        if !self.stamp_seated.is_empty() {
            // Tables other than this one where these players sit show their balances. Their
            // rows are taken in ascending order, as every writer takes table rows.
            out.push_sql(
                ", stamped AS (UPDATE tables SET stamp = stamp + 1 WHERE id IN \
                 (SELECT t.id FROM tables t, upd WHERE t.id <> upd.id AND t.id IN \
                 (SELECT s.table_id FROM seats s WHERE s.league_id = ",
            );
            out.push_bind_param::<sql_types::Uuid, _>(&self.league_id)?;
            out.push_sql(" AND s.player_id = ANY(");
            out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.stamp_seated)?;
            out.push_sql(")) ORDER BY t.id FOR UPDATE OF t))");
        }
        if !self.notices.kind.is_empty() {
            self.notices.walk_cte(out.reborrow(), "upd")?;
        }
        out.push_sql(" SELECT count(*) FROM upd");
        self.chips.walk_check(out.reborrow())?;
        Ok(())
    }
}

/// A [`Statement`] run by reference, so a batch that failed can run its moves again.
struct Run<'a>(&'a Statement);

impl QueryFragment<Pg> for Run<'_> {
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        self.0.walk_ast(out)
    }
}

/// The SQL depends on which parts have rows: statements are cached by their text.
impl QueryId for Run<'_> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Run<'_> {
    type SqlType = BigInt;
}

/// A move ready to be written: its statement, and the `(seq, hash)` of each event it
/// appends.
pub struct Prepared {
    statement: Statement,
    written: Vec<(i64, String)>,
}

impl Prepared {
    pub fn new(write: &TableWrite<'_>) -> Prepared {
        let written: Vec<(i64, String)> = write
            .chained
            .iter()
            .map(|(seq, _, hash)| (*seq, hash.clone()))
            .collect();
        let p = &write.projection;
        let seats = write.seats;
        let statement = Statement {
            table_id: write.table_id,
            version: write.version,
            new_version: write.version + write.events.len() as i64,
            to_act: p.to_act.to_vec(),
            deadline: p.deadline,
            in_hand: p.in_hand,
            exempt: p.exempt.to_vec(),
            next_seed: p.next_seed.to_vec(),
            new_hand: p.new_hand,
            closed_at: p.closed_at,
            league_id: write.league_id,
            events: EventRows {
                seq: written.iter().map(|(seq, _)| *seq).collect(),
                hand_no: write.events.iter().map(|e| e.hand_no).collect(),
                kind: write.events.iter().map(|e| e.kind).collect(),
                payload: write.events.iter().map(|e| e.payload.clone()).collect(),
                prev_hash: write.chained.iter().map(|c| c.1.clone()).collect(),
                hash: write.chained.iter().map(|c| c.2.clone()).collect(),
            },
            chips: ChipRows::new(write.league_id, write.transfers),
            booking: Booking::new(write.league_id, write.transfers, write.ended),
            taken_seat: seats.taken.iter().map(|t| t.0).collect(),
            taken_player: seats.taken.iter().map(|t| t.1).collect(),
            upd_player: seats.updated.iter().map(|u| u.player_id).collect(),
            upd_timeouts: seats.updated.iter().map(|u| u.timeouts).collect(),
            upd_client_seed: seats
                .updated
                .iter()
                .map(|u| u.client_seed.clone())
                .collect(),
            seats_gone: seats.gone.clone(),
            stamp_seated: write.stamp_seated.to_vec(),
            unchecked: write.unchecked,
            notices: NoticeRows::new(write.table_id, write.league_id, write.notices),
        };
        Prepared { statement, written }
    }

    pub fn table_id(&self) -> Uuid {
        self.statement.table_id
    }

    /// Whether the move only appends events and updates its table's row: no chips (credits
    /// and debits come from the transfers), no standings booked, no seats, no new hand.
    /// Such moves lock nothing but their table's row, so any number of them, taken in
    /// table order, can share a transaction without deadlocking with another.
    pub fn is_plain(&self) -> bool {
        let s = &self.statement;
        s.chips.is_empty()
            && s.booking.is_empty()
            && s.upd_player.is_empty()
            && s.seats_gone.is_empty()
            && s.taken_seat.is_empty()
            && s.stamp_seated.is_empty()
            && s.new_hand.is_none()
            && s.closed_at.is_none()
    }

    /// The appended events' `(seq, hash)` when the statement returned `applied` rows.
    fn outcome(&self, applied: i64) -> Option<Vec<(i64, String)>> {
        (applied == 1).then(|| self.written.clone())
    }
}

/// A balance that would go negative fails the statement with a CHECK violation (a debit
/// that finds no balance row fails it too, and stays a database error: the rows are
/// damaged).
fn overdrawn(e: diesel::result::Error) -> StoreError {
    match StoreError::from(e) {
        e if e.is_negative_balance() => {
            StoreError::Overdrawn("an account of this table's players or pot".into())
        }
        e => e,
    }
}

/// Writes `write` if the table is still at `write.version` (and, when unchecked, at its
/// stamp with the member still in the league): returns the `(seq, hash)` of each appended
/// event, or `None` (and writes nothing) otherwise. A balance that would go negative fails
/// the statement with [`StoreError::Overdrawn`].
pub async fn write(
    conn: &mut Conn,
    write: &TableWrite<'_>,
) -> Result<Option<Vec<(i64, String)>>, StoreError> {
    run(conn, &Prepared::new(write)).await
}

/// Runs one prepared move (see [`write`]).
pub async fn run(
    conn: &mut Conn,
    prepared: &Prepared,
) -> Result<Option<Vec<(i64, String)>>, StoreError> {
    let applied: i64 = Run(&prepared.statement)
        .get_result(conn)
        .await
        .map_err(overdrawn)?;
    Ok(prepared.outcome(applied))
}

/// Plain moves on distinct tables (see [`Prepared::is_plain`]) as one statement, one row
/// per move in array parameters: the same guards and writes as each move's own statement,
/// in one round trip and one commit. Its rows are the tables whose move was applied.
struct PlainMoves {
    id: Vec<Uuid>,
    version: Vec<i64>,
    new_version: Vec<i64>,
    to_act: Vec<String>,
    deadline: Vec<Option<DateTime<Utc>>>,
    in_hand: Vec<bool>,
    exempt: Vec<String>,
    next_seed: Vec<Vec<u8>>,
    stamp: Vec<Option<i64>>,
    member: Vec<Option<Uuid>>,
    ev_table: Vec<Uuid>,
    events: EventRows,
    notices: NoticeRows,
}

/// A list of players as a `uuid[]` literal, for a row of an array parameter (arrays of
/// arrays must be rectangular): the statement casts it back.
fn uuids(ids: &[Uuid]) -> String {
    let mut literal = String::with_capacity(2 + ids.len() * 37);
    literal.push('{');
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            literal.push(',');
        }
        literal.push_str(&id.to_string());
    }
    literal.push('}');
    literal
}

impl PlainMoves {
    fn new(moves: &[&Prepared]) -> PlainMoves {
        let all = || moves.iter().map(|m| &m.statement);
        let mut events = EventRows::default();
        let mut notices = NoticeRows::default();
        for m in all() {
            events.extend(&m.events);
            notices.extend(&m.notices);
        }
        PlainMoves {
            id: all().map(|s| s.table_id).collect(),
            version: all().map(|s| s.version).collect(),
            new_version: all().map(|s| s.new_version).collect(),
            to_act: all().map(|s| uuids(&s.to_act)).collect(),
            deadline: all().map(|s| s.deadline).collect(),
            in_hand: all().map(|s| s.in_hand).collect(),
            exempt: all().map(|s| uuids(&s.exempt)).collect(),
            next_seed: all().map(|s| s.next_seed.clone()).collect(),
            stamp: all().map(|s| s.unchecked.map(|u| u.stamp)).collect(),
            member: all().map(|s| s.unchecked.map(|u| u.member)).collect(),
            ev_table: all()
                .flat_map(|s| s.events.seq.iter().map(|_| s.table_id))
                .collect(),
            events,
            notices,
        }
    }
}

impl QueryFragment<Pg> for PlainMoves {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        // The moves as one row of arrays, each table's values at its place in `m.id`: the
        // plan finds each table by its key and joins nothing (a join with the rows of an
        // `unnest` was planned as a hash, built again by every statement).
        out.push_sql("WITH m AS (SELECT ");
        out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.id)?;
        out.push_sql(" AS id, ");
        out.push_bind_param::<Array<BigInt>, _>(&self.version)?;
        out.push_sql(" AS version, ");
        out.push_bind_param::<Array<BigInt>, _>(&self.new_version)?;
        out.push_sql(" AS new_version, ");
        out.push_bind_param::<Array<Text>, _>(&self.to_act)?;
        out.push_sql(" AS to_act, ");
        out.push_bind_param::<Array<Nullable<Timestamptz>>, _>(&self.deadline)?;
        out.push_sql(" AS deadline, ");
        out.push_bind_param::<Array<Bool>, _>(&self.in_hand)?;
        out.push_sql(" AS in_hand, ");
        out.push_bind_param::<Array<Text>, _>(&self.exempt)?;
        out.push_sql(" AS exempt, ");
        out.push_bind_param::<Array<Binary>, _>(&self.next_seed)?;
        out.push_sql(" AS next_seed, ");
        out.push_bind_param::<Array<Nullable<BigInt>>, _>(&self.stamp)?;
        out.push_sql(" AS stamp, ");
        out.push_bind_param::<Array<Nullable<sql_types::Uuid>>, _>(&self.member)?;
        let at = "[array_position(m.id, tables.id)]";
        out.push_sql(&format!(
            " AS member), \
             upd AS (UPDATE tables SET version = m.new_version{at}, \
             to_act = m.to_act{at}::uuid[], deadline = m.deadline{at}, \
             in_hand = m.in_hand{at}, exempt = m.exempt{at}::uuid[], \
             next_seed = m.next_seed{at} \
             FROM m WHERE tables.id = ANY (m.id) AND tables.version = m.version{at} \
             AND (m.stamp{at} IS NULL OR tables.stamp = m.stamp{at}) \
             AND (m.member{at} IS NULL OR EXISTS (SELECT 1 FROM memberships ms \
             WHERE ms.league_id = tables.league_id AND ms.player_id = m.member{at})) \
             RETURNING tables.id), \
             ev AS (INSERT INTO events (table_id, seq, hand_no, kind, payload, prev_hash, hash) \
             SELECT x.* FROM unnest("
        ));
        out.push_bind_param::<Array<sql_types::Uuid>, _>(&self.ev_table)?;
        out.push_sql(", ");
        self.events.walk_ast(out.reborrow())?;
        out.push_sql(
            ") AS x(table_id, seq, hand_no, kind, payload, prev_hash, hash) \
             WHERE x.table_id = ANY (ARRAY(SELECT id FROM upd)))",
        );
        self.notices.walk_cte(out.reborrow(), "upd")?;
        out.push_sql(" SELECT id FROM upd");
        Ok(())
    }
}

impl QueryId for PlainMoves {
    type QueryId = PlainMoves;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Query for PlainMoves {
    type SqlType = sql_types::Uuid;
}

/// Writes plain moves on distinct tables (see [`Prepared::is_plain`]) in one statement:
/// each outcome is that of [`run`] for its move. A statement that fails writes nothing.
pub async fn run_plain(
    conn: &mut Conn,
    moves: &[&Prepared],
) -> Result<Vec<Option<Vec<(i64, String)>>>, StoreError> {
    debug_assert!(moves.iter().all(|m| m.is_plain()));
    let applied: Vec<Uuid> = PlainMoves::new(moves).load(conn).await?;
    Ok(moves
        .iter()
        .map(|m| m.outcome(i64::from(applied.contains(&m.table_id()))))
        .collect())
}
