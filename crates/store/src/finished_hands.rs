//! Tables `finished_hands` and `finished_hand_players` (migration `finished_hands`): every
//! finished hand, by league and by player, in the order hands finished, with the span of
//! its rows in its table's log. What the hand-history exports page through; a trigger on
//! `events` fills them as each hand's last row is written.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{
    Array, BigInt, Integer, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::events::EventRow;
use super::{Conn, StoreError};

/// A finished hand: where it was played, when it finished, and its rows.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct FinishedHand {
    #[diesel(sql_type = SqlUuid)]
    pub table_id: Uuid,
    #[diesel(sql_type = Integer)]
    pub hand_no: i32,
    #[diesel(sql_type = SqlUuid)]
    pub league_id: Uuid,
    /// When its last row (`seed_revealed`) was written.
    #[diesel(sql_type = Timestamptz)]
    pub ended_at: DateTime<Utc>,
    /// Its rows in the table's log: from its `hand_dealt` to its `seed_revealed`.
    #[diesel(sql_type = BigInt)]
    pub first_seq: i64,
    #[diesel(sql_type = BigInt)]
    pub last_seq: i64,
}

/// Whose finished hands.
#[derive(Debug, Clone, Copy)]
pub enum Whose {
    /// A league's.
    League(Uuid),
    /// Those a player was dealt into.
    Player(Uuid),
}

/// A hand's place in the export order: its end, then its table and number.
pub type Place = (DateTime<Utc>, Uuid, i32);

/// Which finished hands a page holds: those that ended in `since..until` (either open),
/// after `after` in the page's order, at most `limit`.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// The last hand of the previous page.
    pub after: Option<Place>,
    pub newest_first: bool,
    pub limit: i64,
}

/// The columns of [`FinishedHand`], for a query whose `finished_hands` is `h`.
const COLUMNS: &str = "h.table_id, h.hand_no, h.league_id, h.ended_at, h.first_seq, h.last_seq";

/// A page of `whose` finished hands in `window`, in the window's order.
pub async fn page(
    conn: &mut Conn,
    whose: Whose,
    window: Window,
) -> Result<Vec<FinishedHand>, StoreError> {
    // The page starts after the previous page's last hand; else at the window's near edge,
    // as hand 0 of the nil table, which sorts before every hand (numbered from 1) of that
    // instant, so that `since` is inclusive and `until` exclusive. An open edge is infinity.
    let (direction, order, near, near_open, far_test, far, far_open) = if window.newest_first {
        (
            "<",
            "DESC",
            window.until,
            "infinity",
            ">=",
            window.since,
            "-infinity",
        )
    } else {
        (
            ">",
            "ASC",
            window.since,
            "-infinity",
            "<",
            window.until,
            "infinity",
        )
    };
    let (start, table, hand): (Option<DateTime<Utc>>, Uuid, i32) = match window.after {
        Some((at, table, hand)) => (Some(at), table, hand),
        None => (near, Uuid::nil(), 0),
    };
    let start_sql = format!("(coalesce($2, '{near_open}'::timestamptz), $3, $4)");
    let bound = format!("ended_at {far_test} coalesce($5, '{far_open}'::timestamptz)");
    let sql = match whose {
        Whose::League(_) => format!(
            "SELECT {COLUMNS} FROM finished_hands h WHERE h.league_id = $1 \
             AND (h.ended_at, h.table_id, h.hand_no) {direction} {start_sql} AND h.{bound} \
             ORDER BY h.ended_at {order}, h.table_id {order}, h.hand_no {order} LIMIT $6"
        ),
        Whose::Player(_) => format!(
            "SELECT {COLUMNS} FROM finished_hand_players p \
             JOIN finished_hands h ON h.table_id = p.table_id AND h.hand_no = p.hand_no \
             WHERE p.player_id = $1 \
             AND (p.ended_at, p.table_id, p.hand_no) {direction} {start_sql} AND p.{bound} \
             ORDER BY p.ended_at {order}, p.table_id {order}, p.hand_no {order} LIMIT $6"
        ),
    };
    let (Whose::League(id) | Whose::Player(id)) = whose;
    Ok(diesel::sql_query(sql)
        .bind::<SqlUuid, _>(id)
        .bind::<Nullable<Timestamptz>, _>(start)
        .bind::<SqlUuid, _>(table)
        .bind::<Integer, _>(hand)
        .bind::<Nullable<Timestamptz>, _>(far)
        .bind::<BigInt, _>(window.limit)
        .load(conn)
        .await?)
}

/// A table's finished hand, if it is one.
pub async fn one(
    conn: &mut Conn,
    table_id: Uuid,
    hand_no: i32,
) -> Result<Option<FinishedHand>, StoreError> {
    let mut found: Vec<FinishedHand> = diesel::sql_query(format!(
        "SELECT {COLUMNS} FROM finished_hands h WHERE h.table_id = $1 AND h.hand_no = $2"
    ))
    .bind::<SqlUuid, _>(table_id)
    .bind::<Integer, _>(hand_no)
    .load(conn)
    .await?;
    Ok(found.pop())
}

#[derive(QueryableByName)]
struct Row {
    /// The place of the row's hand in the list asked for, from 1.
    #[diesel(sql_type = BigInt)]
    hand: i64,
    #[diesel(sql_type = SqlUuid)]
    table_id: Uuid,
    #[diesel(sql_type = BigInt)]
    seq: i64,
    #[diesel(sql_type = Integer)]
    hand_no: i32,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Jsonb)]
    payload: Value,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Text)]
    prev_hash: String,
    #[diesel(sql_type = Text)]
    hash: String,
}

/// The rows of `hands`, each hand's in order, the hands in the order given.
pub async fn rows(
    conn: &mut Conn,
    hands: &[FinishedHand],
) -> Result<Vec<Vec<EventRow>>, StoreError> {
    let tables: Vec<Uuid> = hands.iter().map(|h| h.table_id).collect();
    let firsts: Vec<i64> = hands.iter().map(|h| h.first_seq).collect();
    let lasts: Vec<i64> = hands.iter().map(|h| h.last_seq).collect();
    let found: Vec<Row> = diesel::sql_query(
        // A range of the primary key per hand. `OFFSET 0` keeps the subquery a subquery: pulled
        // up into a join, the planner (which cannot tell how short each range is) hashes the
        // whole log instead, 20 times slower at 20,000 hands.
        "SELECT s.hand, e.table_id, e.seq, e.hand_no, e.kind, e.payload, e.created_at, \
         e.prev_hash, e.hash FROM unnest($1::uuid[], $2::bigint[], $3::bigint[]) \
         WITH ORDINALITY AS s(table_id, first_seq, last_seq, hand) CROSS JOIN LATERAL \
         (SELECT * FROM events WHERE events.table_id = s.table_id \
         AND events.seq BETWEEN s.first_seq AND s.last_seq OFFSET 0) e ORDER BY s.hand, e.seq",
    )
    .bind::<Array<SqlUuid>, _>(&tables)
    .bind::<Array<BigInt>, _>(&firsts)
    .bind::<Array<BigInt>, _>(&lasts)
    .load(conn)
    .await?;
    let mut out: Vec<Vec<EventRow>> = vec![Vec::new(); hands.len()];
    for row in found {
        let Some(rows) = usize::try_from(row.hand - 1)
            .ok()
            .and_then(|i| out.get_mut(i))
        else {
            continue;
        };
        rows.push(EventRow {
            table_id: row.table_id,
            seq: row.seq,
            hand_no: row.hand_no,
            kind: row.kind,
            payload: row.payload,
            created_at: row.created_at,
            prev_hash: row.prev_hash,
            hash: row.hash,
        });
    }
    Ok(out)
}

#[derive(QueryableByName)]
struct Logged {
    #[diesel(sql_type = SqlUuid)]
    table_id: Uuid,
    #[diesel(sql_type = Integer)]
    hand_no: i32,
    #[diesel(sql_type = BigInt)]
    idx: i64,
}

/// The public log's index of each of `hands` that is in it, as `(table, hand, index)`.
pub async fn log_indexes(
    conn: &mut Conn,
    hands: &[FinishedHand],
) -> Result<Vec<(Uuid, i32, i64)>, StoreError> {
    let tables: Vec<Uuid> = hands.iter().map(|h| h.table_id).collect();
    let numbers: Vec<i32> = hands.iter().map(|h| h.hand_no).collect();
    let found: Vec<Logged> = diesel::sql_query(
        "SELECT l.table_id, l.hand_no, l.idx FROM unnest($1::uuid[], $2::integer[]) \
         AS s(table_id, hand_no) CROSS JOIN LATERAL (SELECT * FROM log_leaves \
         WHERE log_leaves.table_id = s.table_id AND log_leaves.hand_no = s.hand_no OFFSET 0) l",
    )
    .bind::<Array<SqlUuid>, _>(&tables)
    .bind::<Array<Integer>, _>(&numbers)
    .load(conn)
    .await?;
    Ok(found
        .into_iter()
        .map(|l| (l.table_id, l.hand_no, l.idx))
        .collect())
}

#[derive(QueryableByName)]
struct Named {
    #[diesel(sql_type = SqlUuid)]
    table_id: Uuid,
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = SqlUuid)]
    league_id: Uuid,
    #[diesel(sql_type = Text)]
    league_name: String,
}

/// A table's name, and its league's id and name.
#[derive(Debug, Clone)]
pub struct TableNames {
    pub table: String,
    pub league_id: Uuid,
    pub league: String,
}

/// The names of `tables` and of their leagues.
pub async fn names(
    conn: &mut Conn,
    tables: &[Uuid],
) -> Result<Vec<(Uuid, TableNames)>, StoreError> {
    let found: Vec<Named> = diesel::sql_query(
        "SELECT t.id AS table_id, t.name AS table_name, l.id AS league_id, \
         l.name AS league_name FROM tables t JOIN leagues l ON l.id = t.league_id \
         WHERE t.id = ANY($1)",
    )
    .bind::<Array<SqlUuid>, _>(tables)
    .load(conn)
    .await?;
    Ok(found
        .into_iter()
        .map(|n| {
            (
                n.table_id,
                TableNames {
                    table: n.table_name,
                    league_id: n.league_id,
                    league: n.league_name,
                },
            )
        })
        .collect())
}

/// A finished hand's row and its players, as stored or as the log gives them (`bourre
/// rebuild`).
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct IndexRow {
    #[diesel(sql_type = SqlUuid)]
    pub table_id: Uuid,
    #[diesel(sql_type = Integer)]
    pub hand_no: i32,
    #[diesel(sql_type = SqlUuid)]
    pub league_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub ended_at: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    pub first_seq: i64,
    #[diesel(sql_type = BigInt)]
    pub last_seq: i64,
    /// Sorted.
    #[diesel(sql_type = Array<SqlUuid>)]
    pub players: Vec<Uuid>,
}

/// Every finished hand as the tables' logs give it: each `seed_revealed` row with its
/// hand's `hand_dealt`, by table and hand.
const DERIVED: &str = "SELECT r.table_id, (r.payload->>'hand_no')::integer AS hand_no, \
     t.league_id, r.created_at AS ended_at, d.seq AS first_seq, r.seq AS last_seq, \
     ARRAY(SELECT (p->>'player_id')::uuid FROM jsonb_array_elements(d.payload->'players') p \
     ORDER BY 1) AS players \
     FROM events r JOIN tables t ON t.id = r.table_id \
     JOIN events d ON d.table_id = r.table_id AND d.hand_no = (r.payload->>'hand_no')::integer \
     AND d.kind = 'hand_dealt' \
     WHERE r.kind = 'seed_revealed'";

/// Every finished hand as the logs give it, by table and hand.
pub async fn derived(conn: &mut Conn) -> Result<Vec<IndexRow>, StoreError> {
    Ok(diesel::sql_query(format!("{DERIVED} ORDER BY 1, 2"))
        .load(conn)
        .await?)
}

/// Every finished hand as stored, by table and hand, with the players stored for it at
/// its end; and how many player rows name no stored hand.
pub async fn stored(conn: &mut Conn) -> Result<(Vec<IndexRow>, i64), StoreError> {
    let rows = diesel::sql_query(
        "SELECT h.table_id, h.hand_no, h.league_id, h.ended_at, h.first_seq, h.last_seq, \
         ARRAY(SELECT p.player_id FROM finished_hand_players p WHERE p.table_id = h.table_id \
         AND p.hand_no = h.hand_no AND p.ended_at = h.ended_at ORDER BY 1) AS players \
         FROM finished_hands h ORDER BY 1, 2",
    )
    .load(conn)
    .await?;
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let stray: Count = diesel::sql_query(
        "SELECT count(*) AS n FROM finished_hand_players p WHERE NOT EXISTS (SELECT 1 \
         FROM finished_hands h WHERE h.table_id = p.table_id AND h.hand_no = p.hand_no \
         AND h.ended_at = p.ended_at)",
    )
    .get_result(conn)
    .await?;
    Ok((rows, stray.n))
}

/// Rewrites both tables whole from the logs.
pub async fn replace_all(conn: &mut Conn) -> Result<(), StoreError> {
    diesel::sql_query("DELETE FROM finished_hand_players")
        .execute(conn)
        .await?;
    diesel::sql_query("DELETE FROM finished_hands")
        .execute(conn)
        .await?;
    diesel::sql_query(format!(
        "WITH derived AS ({DERIVED}), hands AS (INSERT INTO finished_hands \
         (table_id, hand_no, league_id, ended_at, first_seq, last_seq) \
         SELECT table_id, hand_no, league_id, ended_at, first_seq, last_seq FROM derived) \
         INSERT INTO finished_hand_players (player_id, ended_at, table_id, hand_no) \
         SELECT DISTINCT unnest(players), ended_at, table_id, hand_no FROM derived"
    ))
    .execute(conn)
    .await?;
    Ok(())
}
