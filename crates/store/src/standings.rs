//! The standings rows (see the `standings` migration): booked by the statement of every
//! write that moves a player's chips in play or by grant, or ends a hand (the ledger's
//! `Booking`);
//! read here, and rewritten by `bourre rebuild`.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::standings;
use super::{Conn, StoreError};

/// All time, as a season number.
pub const ALL_TIME: i32 = 0;

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = standings)]
pub struct Row {
    pub league_id: Uuid,
    pub season: i32,
    pub player_id: Uuid,
    pub net: i64,
    pub grants: i64,
    pub hands_played: i32,
    pub pots_won: i32,
    pub split_pots: i32,
    pub bourres: i32,
    pub tricks: i32,
    pub rating: f64,
    pub rating_uncertainty: f64,
}

/// The rows of one season of a league ([`ALL_TIME`] for all time).
pub async fn of_season(conn: &mut Conn, league: Uuid, season: i32) -> Result<Vec<Row>, StoreError> {
    Ok(standings::table
        .filter(
            standings::league_id
                .eq(league)
                .and(standings::season.eq(season)),
        )
        .select(Row::as_select())
        .load(conn)
        .await?)
}

/// Every row of a league.
pub async fn of_league(conn: &mut Conn, league: Uuid) -> Result<Vec<Row>, StoreError> {
    Ok(standings::table
        .filter(standings::league_id.eq(league))
        .select(Row::as_select())
        .load(conn)
        .await?)
}

/// Replaces every row of a league with `rows`.
pub async fn replace_league(conn: &mut Conn, league: Uuid, rows: &[Row]) -> Result<(), StoreError> {
    diesel::delete(standings::table.filter(standings::league_id.eq(league)))
        .execute(conn)
        .await?;
    for chunk in rows.chunks(1000) {
        diesel::insert_into(standings::table)
            .values(chunk)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// A player's share of a hand that ended: what it adds to their standings rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandLine {
    pub player_id: Uuid,
    pub pots_won: i32,
    pub split_pots: i32,
    pub bourres: i32,
    pub tricks: i32,
    /// For a player who played the hand out: their rank by tricks (1 most; equal tricks
    /// share a rank). The rating update is over these players, in the order given.
    pub rank: Option<i32>,
}

/// Player `player`'s all-time rows in `leagues`.
pub async fn of_player(
    conn: &mut Conn,
    player: Uuid,
    leagues: &[Uuid],
) -> Result<Vec<Row>, StoreError> {
    Ok(standings::table
        .filter(standings::player_id.eq(player))
        .filter(standings::season.eq(ALL_TIME))
        .filter(standings::league_id.eq_any(leagues))
        .select(Row::as_select())
        .load(conn)
        .await?)
}
