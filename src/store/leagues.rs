//! Table `leagues`.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::leagues;
use super::{Conn, StoreError};

#[derive(Debug, Clone, Queryable, serde::Serialize)]
pub struct League {
    pub id: Uuid,
    pub name: String,
    pub invite_code: String,
    pub starting_balance: i64,
    pub created_by: Uuid,
    pub created_at: DateTime<Utc>,
}

/// A new league's row.
pub struct NewLeague<'a> {
    pub id: Uuid,
    pub name: &'a str,
    pub invite_code: &'a str,
    pub starting_balance: i64,
    pub created_by: Uuid,
}

pub async fn find(conn: &mut Conn, id: Uuid) -> Result<Option<League>, StoreError> {
    Ok(leagues::table
        .find(id)
        .first::<League>(conn)
        .await
        .optional()?)
}

pub async fn insert(conn: &mut Conn, league: &NewLeague<'_>) -> Result<(), StoreError> {
    diesel::insert_into(leagues::table)
        .values((
            leagues::id.eq(league.id),
            leagues::name.eq(league.name),
            leagues::invite_code.eq(league.invite_code),
            leagues::starting_balance.eq(league.starting_balance),
            leagues::created_by.eq(league.created_by),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_invite_code(conn: &mut Conn, id: Uuid, code: &str) -> Result<(), StoreError> {
    diesel::update(leagues::table.find(id))
        .set(leagues::invite_code.eq(code))
        .execute(conn)
        .await?;
    Ok(())
}
