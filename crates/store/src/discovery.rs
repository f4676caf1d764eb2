//! What a client lists: a player's leagues, a league's members and tables, a player's
//! tables. Each a page in a stable order, continued after a key (keyset paging).

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{
    Array, BigInt, Bool, Integer, Jsonb, Nullable, SmallInt, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::{Conn, StoreError};

/// One of a player's leagues.
#[derive(Debug, Clone, QueryableByName)]
pub struct LeagueRow {
    #[diesel(sql_type = SqlUuid)]
    pub league_id: Uuid,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Text)]
    pub role: String,
    #[diesel(sql_type = BigInt)]
    pub balance: i64,
    #[diesel(sql_type = Text)]
    pub join_policy: String,
    #[diesel(sql_type = Timestamptz)]
    pub joined_at: DateTime<Utc>,
}

/// `player`'s leagues in the order they joined, after `(joined_at, league)`.
pub async fn leagues_of(
    conn: &mut Conn,
    player: Uuid,
    after: (DateTime<Utc>, Uuid),
    limit: i64,
) -> Result<Vec<LeagueRow>, StoreError> {
    Ok(diesel::sql_query(
        "SELECT m.league_id, l.name, m.role, coalesce(b.balance, 0) AS balance, \
         l.join_policy, m.joined_at FROM memberships m JOIN leagues l ON l.id = m.league_id \
         LEFT JOIN balances b ON b.league_id = m.league_id AND b.account = 'player:' || $1 \
         WHERE m.player_id = $1 AND (m.joined_at, m.league_id) > ($2, $3) \
         ORDER BY m.joined_at, m.league_id LIMIT $4",
    )
    .bind::<SqlUuid, _>(player)
    .bind::<Timestamptz, _>(after.0)
    .bind::<SqlUuid, _>(after.1)
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?)
}

/// A member of a league.
#[derive(Debug, Clone, QueryableByName)]
pub struct MemberRow {
    #[diesel(sql_type = SqlUuid)]
    pub player_id: Uuid,
    #[diesel(sql_type = Text)]
    pub username: String,
    #[diesel(sql_type = Nullable<Text>)]
    pub display_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub avatar: Option<String>,
    #[diesel(sql_type = Text)]
    pub role: String,
    #[diesel(sql_type = BigInt)]
    pub balance: i64,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub table_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<SmallInt>)]
    pub seat: Option<i16>,
}

/// `league`'s members by username (whatever its case), after `after` (lower-cased).
pub async fn members_of(
    conn: &mut Conn,
    league: Uuid,
    after: &str,
    limit: i64,
) -> Result<Vec<MemberRow>, StoreError> {
    Ok(diesel::sql_query(
        "SELECT m.player_id, p.username, p.display_name, p.avatar, m.role, \
         coalesce(b.balance, 0) AS balance, \
         s.table_id, s.seat FROM memberships m JOIN players p ON p.id = m.player_id \
         LEFT JOIN balances b ON b.league_id = m.league_id \
         AND b.account = 'player:' || m.player_id \
         LEFT JOIN seats s ON s.league_id = m.league_id AND s.player_id = m.player_id \
         WHERE m.league_id = $1 AND lower(p.username) > $2 \
         ORDER BY lower(p.username) LIMIT $3",
    )
    .bind::<SqlUuid, _>(league)
    .bind::<Text, _>(after)
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?)
}

/// A table as a list shows it.
#[derive(Debug, Clone, QueryableByName)]
pub struct TableEntryRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub league_id: Uuid,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Jsonb)]
    pub rules: Value,
    #[diesel(sql_type = Integer)]
    pub hand_no: i32,
    #[diesel(sql_type = Bool)]
    pub in_hand: bool,
    #[diesel(sql_type = Bool)]
    pub closed: bool,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub deadline: Option<DateTime<Utc>>,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    pub seats_taken: i64,
    /// The seats to act and their players, in seat order.
    #[diesel(sql_type = Array<SmallInt>)]
    pub to_act_seats: Vec<i16>,
    #[diesel(sql_type = Array<SqlUuid>)]
    pub to_act_players: Vec<Uuid>,
    /// The asking player's seat there, if they sit there.
    #[diesel(sql_type = Nullable<SmallInt>)]
    pub my_seat: Option<i16>,
}

/// The columns of a [`TableEntryRow`] of `t`, for player `$1`.
const TABLE_ENTRY: &str = "SELECT t.id, t.league_id, t.name, t.rules, t.hand_no, t.in_hand, \
     t.closed_at IS NOT NULL AS closed, t.deadline, t.created_at, \
     (SELECT count(*) FROM seats s WHERE s.table_id = t.id) AS seats_taken, \
     ARRAY(SELECT s.seat FROM seats s WHERE s.table_id = t.id AND s.player_id = ANY(t.to_act) \
           ORDER BY s.seat) AS to_act_seats, \
     ARRAY(SELECT s.player_id FROM seats s WHERE s.table_id = t.id \
           AND s.player_id = ANY(t.to_act) ORDER BY s.seat) AS to_act_players, \
     (SELECT s.seat FROM seats s WHERE s.table_id = t.id AND s.player_id = $1) AS my_seat \
     FROM tables t";

/// Which of a league's tables to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableFilter {
    All,
    /// Not closed: waiting or playing.
    Open,
    Waiting,
    Playing,
    Closed,
}

impl TableFilter {
    fn sql(self) -> &'static str {
        match self {
            TableFilter::All => "TRUE",
            TableFilter::Open => "t.closed_at IS NULL",
            TableFilter::Waiting => "t.closed_at IS NULL AND NOT t.in_hand",
            TableFilter::Playing => "t.closed_at IS NULL AND t.in_hand",
            TableFilter::Closed => "t.closed_at IS NOT NULL",
        }
    }
}

/// `league`'s tables passing `filter`, open ones first, then by age, after the key
/// `(closed, created_at, id)`; as `player` sees them.
pub async fn tables_of_league(
    conn: &mut Conn,
    player: Uuid,
    league: Uuid,
    filter: TableFilter,
    after: (bool, DateTime<Utc>, Uuid),
    limit: i64,
) -> Result<Vec<TableEntryRow>, StoreError> {
    Ok(diesel::sql_query(format!(
        "{TABLE_ENTRY} WHERE t.league_id = $2 AND {} \
         AND (t.closed_at IS NOT NULL, t.created_at, t.id) > ($3, $4, $5) \
         ORDER BY t.closed_at IS NOT NULL, t.created_at, t.id LIMIT $6",
        filter.sql()
    ))
    .bind::<SqlUuid, _>(player)
    .bind::<SqlUuid, _>(league)
    .bind::<Bool, _>(after.0)
    .bind::<Timestamptz, _>(after.1)
    .bind::<SqlUuid, _>(after.2)
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?)
}

/// The tables where `player` sits, by id, after `after`.
pub async fn tables_of_player(
    conn: &mut Conn,
    player: Uuid,
    after: Uuid,
    limit: i64,
) -> Result<Vec<TableEntryRow>, StoreError> {
    Ok(diesel::sql_query(format!(
        "{TABLE_ENTRY} WHERE t.id IN (SELECT table_id FROM seats WHERE player_id = $1) \
         AND t.id > $2 ORDER BY t.id LIMIT $3"
    ))
    .bind::<SqlUuid, _>(player)
    .bind::<SqlUuid, _>(after)
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await?)
}
