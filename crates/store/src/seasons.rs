//! Table `seasons`: a league's closed seasons.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::seasons;
use super::{Conn, StoreError};

/// A league's closed seasons in order: number, start, close.
pub async fn closed(
    conn: &mut Conn,
    league: Uuid,
) -> Result<Vec<(i32, DateTime<Utc>, DateTime<Utc>)>, StoreError> {
    Ok(seasons::table
        .filter(seasons::league_id.eq(league))
        .order(seasons::number.asc())
        .select((seasons::number, seasons::started_at, seasons::closed_at))
        .load(conn)
        .await?)
}

pub async fn insert(
    conn: &mut Conn,
    league: Uuid,
    number: i32,
    started_at: DateTime<Utc>,
    closed_at: DateTime<Utc>,
) -> Result<(), StoreError> {
    diesel::insert_into(seasons::table)
        .values((
            seasons::league_id.eq(league),
            seasons::number.eq(number),
            seasons::started_at.eq(started_at),
            seasons::closed_at.eq(closed_at),
        ))
        .execute(conn)
        .await?;
    Ok(())
}
