//! Table `seats`: who sits where (written by [`super::table_write`]).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{seats, tables};
use super::{Conn, StoreError};

/// How many tables of the league the player sits at (one at most), only those with a hand
/// in play when `in_hand`.
pub async fn count_in_league(
    conn: &mut Conn,
    league: Uuid,
    player: Uuid,
    in_hand: bool,
) -> Result<i64, StoreError> {
    let mut query = seats::table
        .inner_join(tables::table)
        .filter(seats::league_id.eq(league))
        .filter(seats::player_id.eq(player))
        .into_boxed();
    if in_hand {
        query = query.filter(tables::in_hand.eq(true));
    }
    Ok(query.count().get_result(conn).await?)
}

/// The tables where the player sits.
pub async fn tables_of(conn: &mut Conn, player: Uuid) -> Result<Vec<Uuid>, StoreError> {
    Ok(seats::table
        .filter(seats::player_id.eq(player))
        .select(seats::table_id)
        .order(seats::table_id)
        .load(conn)
        .await?)
}
