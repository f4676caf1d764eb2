//! Table `tables` (and, read with it, the seats and the current hand's events): a table's
//! row, the one-statement read of a table, and the queries of the sweeper and of
//! `me/turns`. Writes go through [`super::table_write`].

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::schema::tables;
use super::{Conn, StoreError};

/// A table's row: its identity and the projection the write path keeps of its log.
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
    /// Its seats are given by the tournament that opened it: nobody sits down, stands up or
    /// seats a bot there.
    pub seats_assigned: bool,
    /// The most hands it deals, if it has a limit (a tournament's round).
    pub hand_limit: Option<i32>,
}

/// A seated player with their league balance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: u8,
    pub player_id: Uuid,
    pub username: String,
    /// The player's display name and avatar, if they chose them.
    pub display_name: Option<String>,
    pub avatar: Option<String>,
    pub balance: i64,
    /// The seat's client seed for the next hand, if chosen.
    pub client_seed: Option<String>,
    /// Consecutive turns the seat timed out (two in a row: stood up when the hand ends).
    pub timeouts: i16,
    /// Whether the player is a server-side bot.
    pub bot: bool,
}

/// A seat number as stored (a CHECK keeps it from 0 to 7).
pub fn seat_u8(seat: i16) -> u8 {
    u8::try_from(seat).unwrap_or(u8::MAX)
}

/// A new table's row, at version 0: its first event follows through the write path.
pub struct NewTableRow<'a> {
    pub id: Uuid,
    pub league_id: Uuid,
    pub name: &'a str,
    pub rules: &'a Value,
    pub created_by: Uuid,
    pub fixed_decks: Option<&'a Value>,
    pub next_seed: &'a [u8],
    /// See [`TableRow::seats_assigned`].
    pub seats_assigned: bool,
    /// See [`TableRow::hand_limit`].
    pub hand_limit: Option<i32>,
}

/// Tables `player` created since `since` (not those a tournament opened).
pub async fn created_since(
    conn: &mut Conn,
    player: Uuid,
    since: DateTime<Utc>,
) -> Result<i64, StoreError> {
    Ok(tables::table
        .filter(tables::created_by.eq(player))
        .filter(tables::created_at.gt(since))
        .filter(tables::seats_assigned.eq(false))
        .count()
        .get_result(conn)
        .await?)
}

pub async fn insert(conn: &mut Conn, row: &NewTableRow<'_>) -> Result<(), StoreError> {
    diesel::insert_into(tables::table)
        .values((
            tables::id.eq(row.id),
            tables::league_id.eq(row.league_id),
            tables::name.eq(row.name),
            tables::rules.eq(row.rules),
            tables::created_by.eq(row.created_by),
            tables::fixed_decks.eq(row.fixed_decks),
            tables::next_seed.eq(row.next_seed),
            tables::version.eq(0i64),
            tables::seats_assigned.eq(row.seats_assigned),
            tables::hand_limit.eq(row.hand_limit),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn find(conn: &mut Conn, id: Uuid) -> Result<Option<TableRow>, StoreError> {
    Ok(tables::table
        .find(id)
        .select(TableRow::as_select())
        .first(conn)
        .await
        .optional()?)
}

/// The table's version, if it exists.
pub async fn version(conn: &mut Conn, id: Uuid) -> Result<Option<i64>, StoreError> {
    Ok(tables::table
        .find(id)
        .select(tables::version)
        .first(conn)
        .await
        .optional()?)
}

/// Tables where `player` is to act, oldest deadline first.
pub async fn to_act_by(
    conn: &mut Conn,
    player: Uuid,
    after: Option<(DateTime<Utc>, Uuid)>,
    limit: i64,
) -> Result<Vec<TableRow>, StoreError> {
    use super::schema::seats;
    // A player to act sits at the table: the player's seats (indexed) find the tables, so
    // the read does not grow with the number of tables.
    let mut query = tables::table
        .filter(
            tables::id.eq_any(
                seats::table
                    .filter(seats::player_id.eq(player))
                    .select(seats::table_id),
            ),
        )
        .filter(tables::to_act.contains(vec![player]))
        .into_boxed();
    if let Some((deadline, id)) = after {
        query = query.filter(
            tables::deadline
                .gt(deadline)
                .or(tables::deadline.eq(deadline).and(tables::id.gt(id))),
        );
    }
    Ok(query
        .order((tables::deadline.asc(), tables::id.asc()))
        .limit(limit)
        .select(TableRow::as_select())
        .load(conn)
        .await?)
}

/// Tables whose turn deadline passed: found by the indexed minute of the deadline (at or
/// before the deadline itself), then by the deadline.
fn due() -> diesel::expression::SqlLiteral<diesel::sql_types::Bool> {
    diesel::dsl::sql::<diesel::sql_types::Bool>(
        "tables.deadline_minute < now() AND tables.deadline < now()",
    )
}

/// At most `limit` tables whose turn deadline passed, the most overdue first.
pub async fn overdue(conn: &mut Conn, limit: i64) -> Result<Vec<Uuid>, StoreError> {
    Ok(tables::table
        .filter(due())
        .order((tables::deadline_minute.asc(), tables::deadline.asc()))
        .limit(limit)
        .select(tables::id)
        .load(conn)
        .await?)
}

#[derive(Debug, diesel::QueryableByName)]
pub struct StalledBot {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub table_id: Uuid,
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub bot: Uuid,
}

/// At most `limit` tables where a bot has been to act for more than `secs` seconds (its
/// move lost to a crash between a commit and the bot's turn), with the bot.
pub async fn stalled_bots(
    conn: &mut Conn,
    secs: i64,
    limit: i64,
) -> Result<Vec<StalledBot>, StoreError> {
    Ok(diesel::sql_query(
        "SELECT DISTINCT ON (t.id) t.id AS table_id, p.id AS bot \
         FROM tables t \
         JOIN players p ON p.id = ANY(t.to_act) AND p.is_bot \
         JOIN events e ON e.table_id = t.id AND e.seq = t.version \
         WHERE t.in_hand AND e.created_at < now() - make_interval(secs => $1) \
         ORDER BY t.id LIMIT $2",
    )
    .bind::<diesel::sql_types::BigInt, _>(secs)
    .bind::<diesel::sql_types::BigInt, _>(limit)
    .load(conn)
    .await?)
}

/// Locks the table's row if its deadline passed and no other transaction holds it
/// (`FOR UPDATE SKIP LOCKED`); whether it did.
pub async fn lock_if_overdue(conn: &mut Conn, id: Uuid) -> Result<bool, StoreError> {
    let locked: Option<Uuid> = tables::table
        .find(id)
        .filter(due())
        .select(tables::id)
        .for_update()
        .skip_locked()
        .first(conn)
        .await
        .optional()?;
    Ok(locked.is_some())
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
    fn new(id: Uuid, member: Option<Uuid>, previous: bool) -> TableQuery {
        TableQuery {
            columns: <TableRow as Selectable<diesel::pg::Pg>>::construct_selection(),
            id,
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
pub const PREVIOUS_HAND_WINDOW: i64 = 64;

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
             s.seat, s.player_id, s.username, s.display_name, s.avatar, s.balance, \
             s.client_seed, s.timeouts, s.bot, \
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
                      coalesce(array_agg(p.display_name), '{{}}') AS display_name, \
                      coalesce(array_agg(p.avatar), '{{}}') AS avatar, \
                      coalesce(array_agg(coalesce(b.balance, 0)), '{{}}') \
                        AS balance, \
                      coalesce(array_agg(s.client_seed), '{{}}') AS client_seed, \
                      coalesce(array_agg(s.timeouts), '{{}}') AS timeouts, \
                      coalesce(array_agg(p.is_bot), '{{}}') AS bot \
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
        diesel::sql_types::Array<diesel::sql_types::Nullable<diesel::sql_types::Text>>,
        diesel::sql_types::Array<diesel::sql_types::Nullable<diesel::sql_types::Text>>,
        diesel::sql_types::Array<diesel::sql_types::BigInt>,
        diesel::sql_types::Array<diesel::sql_types::Nullable<diesel::sql_types::Text>>,
        diesel::sql_types::Array<diesel::sql_types::SmallInt>,
        diesel::sql_types::Array<diesel::sql_types::Bool>,
        diesel::sql_types::Array<diesel::sql_types::BigInt>,
        diesel::sql_types::Array<diesel::sql_types::Jsonb>,
        diesel::sql_types::Array<diesel::sql_types::Text>,
        diesel::sql_types::Nullable<diesel::sql_types::Jsonb>,
    );
}

/// What [`TableQuery`] returns: the table; the member's role; the pot; the seats (seat, player,
/// username, display name, avatar, balance, client seed, timeouts, bot); the events (seq, payload, hash); the previous
/// hand's `hand_ended` payload if found near the current hand's start.
type TableTuple = (
    TableRow,
    Option<String>,
    Option<i64>,
    Vec<i16>,
    Vec<Uuid>,
    Vec<String>,
    Vec<Option<String>>,
    Vec<Option<String>>,
    Vec<i64>,
    Vec<Option<String>>,
    Vec<i16>,
    Vec<bool>,
    Vec<i64>,
    Vec<Value>,
    Vec<String>,
    Option<Value>,
);

/// The table's row, the member's role, its seats, the events of its current hand (or its
/// last event when no hand was dealt yet), and the previous hand's end if it was found near
/// the current hand's start.
pub struct TableRead {
    pub table: TableRow,
    /// As stored.
    pub role: Option<String>,
    pub pot: i64,
    pub seats: Vec<SeatRow>,
    /// `(seq, payload)` in order.
    pub events: Vec<(i64, Value)>,
    pub last_hash: Option<String>,
    pub previous: Option<Value>,
}

/// The table `id` (`None` when there is none) with its seats, current hand's events,
/// `member`'s role, and with `previous` the previous hand's end; its row locked first with
/// `lock`.
pub async fn read(
    conn: &mut Conn,
    id: Uuid,
    lock: bool,
    member: Option<Uuid>,
    previous: bool,
) -> Result<Option<TableRead>, StoreError> {
    if lock {
        // The lock first, in a statement of its own: the read below then takes its snapshot
        // after any writer this one waited for (one statement that waited on `FOR UPDATE`
        // would see the new row beside the old seats and events).
        tables::table
            .find(id)
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
        display_name,
        avatar,
        balance,
        client_seed,
        timeouts,
        bot,
        seq,
        payload,
        hash,
        previous,
    ) = match row {
        Some(row) => row,
        None => return Ok(None),
    };
    let names = username.into_iter().zip(display_name).zip(avatar);
    let rest = balance.into_iter().zip(client_seed).zip(timeouts).zip(bot);
    let mut seats: Vec<SeatRow> = seat
        .into_iter()
        .zip(player)
        .zip(names)
        .zip(rest)
        .map(
            |(
                ((seat, player_id), ((username, display_name), avatar)),
                (((balance, client_seed), timeouts), bot),
            )| SeatRow {
                seat: seat_u8(seat),
                player_id,
                username,
                display_name,
                avatar,
                balance,
                client_seed,
                timeouts,
                bot,
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
    Ok(Some(TableRead {
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
    }))
}

/// The version, stamp and member's stored role of each `(table, member)`, in one statement.
#[derive(Debug, Clone, diesel::query_builder::QueryId)]
struct StampQuery {
    ids: Vec<Uuid>,
    members: Vec<Uuid>,
}

impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for StampQuery {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> diesel::QueryResult<()> {
        use diesel::sql_types::{Array, Uuid};
        out.push_sql("SELECT q.i, t.version, t.stamp, (SELECT m.role FROM memberships m ");
        out.push_sql("WHERE m.league_id = t.league_id AND m.player_id = q.member) FROM unnest(");
        out.push_bind_param::<Array<Uuid>, _>(&self.ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Uuid>, _>(&self.members)?;
        // Each table by its key (`OFFSET 0` keeps the planner from reading every table to
        // hash them, the plan it prefers while there are few).
        out.push_sql(
            ") WITH ORDINALITY AS q(id, member, i), LATERAL (SELECT t.version, t.stamp, \
             t.league_id FROM tables t WHERE t.id = q.id OFFSET 0) t",
        );
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

/// For each `(table, member)` found: its place in `checks` (from 1), the table's version and
/// stamp, and the member's role as stored.
pub async fn stamps(
    conn: &mut Conn,
    checks: &[(Uuid, Uuid)],
) -> Result<Vec<(i64, i64, i64, Option<String>)>, StoreError> {
    let query = StampQuery {
        ids: checks.iter().map(|c| c.0).collect(),
        members: checks.iter().map(|c| c.1).collect(),
    };
    Ok(query.load(conn).await?)
}

/// The league's tables that have not closed.
pub async fn open_in_league(conn: &mut Conn, league: Uuid) -> Result<Vec<Uuid>, StoreError> {
    Ok(tables::table
        .filter(tables::league_id.eq(league))
        .filter(tables::closed_at.is_null())
        .order(tables::id)
        .select(tables::id)
        .load(conn)
        .await?)
}

/// Stamps every table where `player` sits (so what server processes kept of them is read
/// again: what the player shows changed), taking their rows in ascending order as every
/// writer does.
pub async fn restamp_seated(conn: &mut Conn, player: Uuid) -> Result<(), StoreError> {
    diesel::sql_query(
        "UPDATE tables SET stamp = stamp + 1 WHERE id IN (SELECT id FROM tables WHERE id IN \
         (SELECT table_id FROM seats WHERE player_id = $1) ORDER BY id FOR UPDATE)",
    )
    .bind::<diesel::sql_types::Uuid, _>(player)
    .execute(conn)
    .await?;
    Ok(())
}
