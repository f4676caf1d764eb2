//! The standings rows (see the `standings` migration): kept by triggers on `events` and
//! `ledger` in the transaction of every write; read here, and rewritten by `bourre
//! rebuild`.

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
