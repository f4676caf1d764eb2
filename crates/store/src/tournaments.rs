//! Tables `tournaments`, `tournament_entries`, `tournament_rounds` and `tournament_seats` (see
//! the `tournaments` migration), and the standings read from the ledger of their tables.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::schema::{
    players, tournament_entries, tournament_rounds, tournament_seats, tournaments,
};
use super::{Conn, StoreError};

/// A tournament's row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = tournaments)]
pub struct Tournament {
    pub id: Uuid,
    pub league_id: Uuid,
    pub name: String,
    pub created_by: Uuid,
    pub created_at: DateTime<Utc>,
    pub starts_at: DateTime<Utc>,
    pub settings: Value,
    pub status: String,
    pub round: i32,
    pub seeds: Vec<Vec<u8>>,
    pub announced: bool,
    pub previous_id: Option<Uuid>,
    pub ended_at: Option<DateTime<Utc>>,
}

pub async fn insert(conn: &mut Conn, row: &Tournament) -> Result<(), StoreError> {
    diesel::insert_into(tournaments::table)
        .values(row)
        .execute(conn)
        .await?;
    Ok(())
}

/// A recurring night's next one, unless it was made already: whether it was made now.
pub async fn insert_next(conn: &mut Conn, row: &Tournament) -> Result<bool, StoreError> {
    let made = diesel::insert_into(tournaments::table)
        .values(row)
        .on_conflict(tournaments::previous_id)
        .do_nothing()
        .execute(conn)
        .await?;
    Ok(made == 1)
}

pub async fn find(conn: &mut Conn, id: Uuid) -> Result<Option<Tournament>, StoreError> {
    Ok(tournaments::table
        .find(id)
        .select(Tournament::as_select())
        .first(conn)
        .await
        .optional()?)
}

/// The row, locked for the transaction: one writer of a tournament at a time.
pub async fn lock(conn: &mut Conn, id: Uuid) -> Result<Option<Tournament>, StoreError> {
    Ok(tournaments::table
        .find(id)
        .select(Tournament::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()?)
}

/// The row, locked, unless another process holds it (then it is that one's to run).
pub async fn lock_unless_held(conn: &mut Conn, id: Uuid) -> Result<Option<Tournament>, StoreError> {
    Ok(tournaments::table
        .find(id)
        .select(Tournament::as_select())
        .for_update()
        .skip_locked()
        .first(conn)
        .await
        .optional()?)
}

/// The night made from `id`, if it recurs and started.
pub async fn next_of(conn: &mut Conn, id: Uuid) -> Result<Option<Uuid>, StoreError> {
    Ok(tournaments::table
        .filter(tournaments::previous_id.eq(id))
        .select(tournaments::id)
        .first(conn)
        .await
        .optional()?)
}

/// Writes the row's changeable columns back.
pub async fn save(conn: &mut Conn, row: &Tournament) -> Result<(), StoreError> {
    diesel::update(tournaments::table.find(row.id))
        .set((
            tournaments::name.eq(&row.name),
            tournaments::starts_at.eq(row.starts_at),
            tournaments::settings.eq(&row.settings),
            tournaments::status.eq(&row.status),
            tournaments::round.eq(row.round),
            tournaments::seeds.eq(&row.seeds),
            tournaments::announced.eq(row.announced),
            tournaments::ended_at.eq(row.ended_at),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// A league's tournaments, the latest start first, from before `(starts_at, id)` if given.
pub async fn in_league(
    conn: &mut Conn,
    league: Uuid,
    before: Option<(DateTime<Utc>, Uuid)>,
    limit: i64,
) -> Result<Vec<Tournament>, StoreError> {
    let mut query = tournaments::table
        .filter(tournaments::league_id.eq(league))
        .select(Tournament::as_select())
        .order((tournaments::starts_at.desc(), tournaments::id.desc()))
        .limit(limit)
        .into_boxed();
    if let Some((at, id)) = before {
        query = query.filter(
            tournaments::starts_at
                .lt(at)
                .or(tournaments::starts_at.eq(at).and(tournaments::id.lt(id))),
        );
    }
    Ok(query.load(conn).await?)
}

/// Tournaments a process may have work on: scheduled ones whose announcement or start is
/// due, running ones, and cancelled ones with a table still open (to close once its hand
/// ends).
pub async fn live(conn: &mut Conn, limit: i64) -> Result<Vec<Uuid>, StoreError> {
    #[derive(QueryableByName)]
    struct Live {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let rows: Vec<Live> = diesel::sql_query(
        "SELECT id FROM tournaments WHERE status = 'running' OR (status = 'scheduled' \
         AND (starts_at <= now() OR (NOT announced AND starts_at \
         - make_interval(secs => (settings->>'lead_seconds')::int) <= now()))) \
         UNION SELECT DISTINCT s.tournament_id FROM tournaments c \
         JOIN tournament_seats s ON s.tournament_id = c.id \
         JOIN tables t ON t.id = s.table_id AND t.closed_at IS NULL \
         WHERE c.status = 'cancelled' LIMIT $1",
    )
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

/// Tournaments `player` created since `since`.
pub async fn created_since(
    conn: &mut Conn,
    player: Uuid,
    since: DateTime<Utc>,
) -> Result<i64, StoreError> {
    Ok(tournaments::table
        .filter(tournaments::created_by.eq(player))
        .filter(tournaments::created_at.gt(since))
        .count()
        .get_result(conn)
        .await?)
}

/// An entry, with its player's name.
#[derive(Debug, Clone, Queryable)]
pub struct Entry {
    pub player_id: Uuid,
    pub username: String,
    pub entry_no: i64,
    pub entered_at: DateTime<Utc>,
    pub first_round: i32,
    pub left_as: Option<String>,
    pub left_round: Option<i32>,
    pub buy_in: i64,
    pub prize: Option<i64>,
    pub place: Option<i32>,
}

/// The tournament's entries, in the order they entered.
pub async fn entries(conn: &mut Conn, tournament: Uuid) -> Result<Vec<Entry>, StoreError> {
    Ok(tournament_entries::table
        .inner_join(players::table.on(players::id.eq(tournament_entries::player_id)))
        .filter(tournament_entries::tournament_id.eq(tournament))
        .order(tournament_entries::entry_no.asc())
        .select((
            tournament_entries::player_id,
            players::username,
            tournament_entries::entry_no,
            tournament_entries::entered_at,
            tournament_entries::first_round,
            tournament_entries::left_as,
            tournament_entries::left_round,
            tournament_entries::buy_in,
            tournament_entries::prize,
            tournament_entries::place,
        ))
        .load(conn)
        .await?)
}

/// How many entries the tournament has.
pub async fn entry_count(conn: &mut Conn, tournament: Uuid) -> Result<i64, StoreError> {
    Ok(tournament_entries::table
        .filter(tournament_entries::tournament_id.eq(tournament))
        .count()
        .get_result(conn)
        .await?)
}

/// Whether `player` has an entry.
pub async fn entered(conn: &mut Conn, tournament: Uuid, player: Uuid) -> Result<bool, StoreError> {
    Ok(diesel::select(diesel::dsl::exists(
        tournament_entries::table.find((tournament, player)),
    ))
    .get_result(conn)
    .await?)
}

/// Enters `player`: when, or none if they had entered already.
pub async fn enter(
    conn: &mut Conn,
    tournament: Uuid,
    player: Uuid,
    first_round: i32,
    buy_in: i64,
) -> Result<Option<DateTime<Utc>>, StoreError> {
    Ok(diesel::insert_into(tournament_entries::table)
        .values((
            tournament_entries::tournament_id.eq(tournament),
            tournament_entries::player_id.eq(player),
            tournament_entries::first_round.eq(first_round),
            tournament_entries::buy_in.eq(buy_in),
        ))
        .on_conflict_do_nothing()
        .returning(tournament_entries::entered_at)
        .get_result(conn)
        .await
        .optional()?)
}

/// Deletes `player`'s entry: the buy-in it held, if there was one.
pub async fn delete_entry(
    conn: &mut Conn,
    tournament: Uuid,
    player: Uuid,
) -> Result<Option<i64>, StoreError> {
    Ok(
        diesel::delete(tournament_entries::table.find((tournament, player)))
            .returning(tournament_entries::buy_in)
            .get_result(conn)
            .await
            .optional()?,
    )
}

/// `player` leaves (`withdrawn` or `forfeited`) from `round` on; false if they had left.
pub async fn leave(
    conn: &mut Conn,
    tournament: Uuid,
    player: Uuid,
    left_as: &str,
    round: i32,
) -> Result<bool, StoreError> {
    let changed = diesel::update(tournament_entries::table.find((tournament, player)))
        .filter(tournament_entries::left_as.is_null())
        .set((
            tournament_entries::left_as.eq(left_as),
            tournament_entries::left_round.eq(round),
        ))
        .execute(conn)
        .await?;
    Ok(changed == 1)
}

/// Records `player`'s final place and prize.
pub async fn place(
    conn: &mut Conn,
    tournament: Uuid,
    player: Uuid,
    place: i32,
    prize: i64,
) -> Result<(), StoreError> {
    diesel::update(tournament_entries::table.find((tournament, player)))
        .set((
            tournament_entries::place.eq(place),
            tournament_entries::prize.eq(prize),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// A round's row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournament_rounds)]
pub struct Round {
    pub round: i32,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub draw_order: Vec<Uuid>,
}

pub async fn rounds(conn: &mut Conn, tournament: Uuid) -> Result<Vec<Round>, StoreError> {
    Ok(tournament_rounds::table
        .filter(tournament_rounds::tournament_id.eq(tournament))
        .order(tournament_rounds::round.asc())
        .select(Round::as_select())
        .load(conn)
        .await?)
}

pub async fn start_round(
    conn: &mut Conn,
    tournament: Uuid,
    round: i32,
    draw_order: &[Uuid],
) -> Result<(), StoreError> {
    diesel::insert_into(tournament_rounds::table)
        .values((
            tournament_rounds::tournament_id.eq(tournament),
            tournament_rounds::round.eq(round),
            tournament_rounds::draw_order.eq(draw_order),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn end_round(conn: &mut Conn, tournament: Uuid, round: i32) -> Result<(), StoreError> {
    diesel::update(tournament_rounds::table.find((tournament, round)))
        .set(tournament_rounds::ended_at.eq(diesel::dsl::now))
        .execute(conn)
        .await?;
    Ok(())
}

/// Where one player sat in one round.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = tournament_seats)]
pub struct Seating {
    pub tournament_id: Uuid,
    pub round: i32,
    pub player_id: Uuid,
    pub table_id: Option<Uuid>,
    /// The table's place in the round's draw, from 0.
    pub table_no: Option<i16>,
    pub seat: Option<i16>,
    pub sat_out: Option<String>,
    pub absent: bool,
}

pub async fn seat(conn: &mut Conn, rows: &[Seating]) -> Result<(), StoreError> {
    diesel::insert_into(tournament_seats::table)
        .values(rows)
        .execute(conn)
        .await?;
    Ok(())
}

/// Every round's seating, by round, then table and seat.
pub async fn seatings(conn: &mut Conn, tournament: Uuid) -> Result<Vec<Seating>, StoreError> {
    Ok(tournament_seats::table
        .filter(tournament_seats::tournament_id.eq(tournament))
        .order((
            tournament_seats::round.asc(),
            tournament_seats::table_no.asc(),
            tournament_seats::seat.asc(),
        ))
        .select(Seating::as_select())
        .load(conn)
        .await?)
}

/// The round's players who had turns at their table and took none themselves (every turn
/// timed out): they are marked absent, and returned.
pub async fn mark_absent(
    conn: &mut Conn,
    tournament: Uuid,
    round: i32,
) -> Result<Vec<Uuid>, StoreError> {
    #[derive(QueryableByName)]
    struct Absent {
        #[diesel(sql_type = SqlUuid)]
        player_id: Uuid,
    }
    let rows: Vec<Absent> = diesel::sql_query(
        "UPDATE tournament_seats s SET absent = true FROM (\
         SELECT s.player_id, \
         count(*) FILTER (WHERE e.kind = 'turn_timed_out') AS timed_out, \
         count(*) FILTER (WHERE e.kind IN ('declared', 'drew', 'played')) AS acted \
         FROM tournament_seats s JOIN events e ON e.table_id = s.table_id \
         AND e.payload->>'seat' = s.seat::text \
         WHERE s.tournament_id = $1 AND s.round = $2 GROUP BY s.player_id) c \
         WHERE s.tournament_id = $1 AND s.round = $2 AND s.player_id = c.player_id \
         AND c.timed_out > 0 AND c.acted <= c.timed_out RETURNING s.player_id",
    )
    .bind::<SqlUuid, _>(tournament)
    .bind::<Integer, _>(round)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.player_id).collect())
}

/// What a player did at the tournament's tables, from their ledger entries there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, QueryableByName)]
pub struct Tally {
    #[diesel(sql_type = SqlUuid)]
    pub player_id: Uuid,
    /// Chips won (less chips lost) in play.
    #[diesel(sql_type = BigInt)]
    pub chips: i64,
    /// Hands where they took (a share of) the pot.
    #[diesel(sql_type = BigInt)]
    pub hands_won: i64,
    /// Hands where they paid a bourré.
    #[diesel(sql_type = BigInt)]
    pub bourres: i64,
}

/// Each entrant's tally at the tournament's tables (zero for those who have not played).
pub async fn tallies(conn: &mut Conn, tournament: Uuid) -> Result<Vec<Tally>, StoreError> {
    Ok(diesel::sql_query(
        "SELECT e.player_id, coalesce(sum(CASE WHEN l.to_account = a.account THEN l.amount \
         ELSE -l.amount END), 0)::bigint AS chips, \
         count(DISTINCT (l.table_id, l.hand_no)) FILTER (WHERE l.reason = 'pot_won' \
         AND l.to_account = a.account) AS hands_won, \
         count(DISTINCT (l.table_id, l.hand_no)) FILTER (WHERE l.reason = 'bourre' \
         AND l.from_account = a.account) AS bourres \
         FROM tournament_entries e \
         CROSS JOIN LATERAL (SELECT 'player:' || e.player_id::text AS account) a \
         LEFT JOIN ledger l ON l.table_id IN (SELECT DISTINCT s.table_id FROM tournament_seats s \
         WHERE s.tournament_id = e.tournament_id AND s.table_id IS NOT NULL) \
         AND (l.to_account = a.account OR l.from_account = a.account) \
         AND l.reason IN ('ante', 'extra_ante', 'pot_won', 'bourre', 'pot_returned') \
         WHERE e.tournament_id = $1 GROUP BY e.player_id",
    )
    .bind::<SqlUuid, _>(tournament)
    .load(conn)
    .await?)
}

/// Players of `players` who sit at a table of `league` now, with that table; with
/// `own_seats_only`, only at tables whose seats are taken (not a tournament's, where
/// nobody stands up).
pub async fn seated_in_league(
    conn: &mut Conn,
    league: Uuid,
    players: &[Uuid],
    own_seats_only: bool,
) -> Result<Vec<(Uuid, Uuid)>, StoreError> {
    use super::schema::{seats, tables};
    let mut query = seats::table
        .inner_join(tables::table.on(tables::id.eq(seats::table_id)))
        .filter(seats::league_id.eq(league))
        .filter(seats::player_id.eq_any(players))
        .select((seats::player_id, seats::table_id))
        .into_boxed();
    if own_seats_only {
        query = query.filter(tables::seats_assigned.eq(false));
    }
    Ok(query.load(conn).await?)
}

/// Queues a tournament notification for the league's webhooks and its players' pushes.
pub async fn notify(
    conn: &mut Conn,
    league: Uuid,
    kind: &str,
    data: &Value,
) -> Result<(), StoreError> {
    use diesel::sql_types::{Jsonb, Text};
    diesel::sql_query(
        "INSERT INTO notifications (league_id, table_id, kind, data) VALUES ($1, NULL, $2, $3)",
    )
    .bind::<SqlUuid, _>(league)
    .bind::<Text, _>(kind)
    .bind::<Jsonb, _>(data)
    .execute(conn)
    .await?;
    Ok(())
}
