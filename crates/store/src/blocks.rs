//! Table `blocks`: who blocked whom (see the `social` migration).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{blocks, players};
use super::{Conn, StoreError};

/// Records that `blocker` blocked `blocked`; whether it is new.
pub async fn insert(conn: &mut Conn, blocker: Uuid, blocked: Uuid) -> Result<bool, StoreError> {
    let n = diesel::insert_into(blocks::table)
        .values((blocks::blocker.eq(blocker), blocks::blocked.eq(blocked)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(n == 1)
}

/// Lifts `blocker`'s block of `blocked`; whether there was one.
pub async fn delete(conn: &mut Conn, blocker: Uuid, blocked: Uuid) -> Result<bool, StoreError> {
    let n = diesel::delete(blocks::table.find((blocker, blocked)))
        .execute(conn)
        .await?;
    Ok(n == 1)
}

/// The players `blocker` blocked, with their usernames and when, newest first.
pub async fn of(
    conn: &mut Conn,
    blocker: Uuid,
) -> Result<Vec<(Uuid, String, DateTime<Utc>)>, StoreError> {
    Ok(blocks::table
        .inner_join(players::table.on(players::id.eq(blocks::blocked)))
        .filter(blocks::blocker.eq(blocker))
        .order(blocks::created_at.desc())
        .select((blocks::blocked, players::username, blocks::created_at))
        .load(conn)
        .await?)
}

/// The players `blocker` blocked.
pub async fn blocked_by(conn: &mut Conn, blocker: Uuid) -> Result<Vec<Uuid>, StoreError> {
    Ok(blocks::table
        .filter(blocks::blocker.eq(blocker))
        .select(blocks::blocked)
        .load(conn)
        .await?)
}

/// The blocks made by any of `blockers`, as `(blocker, blocked)`.
pub async fn among(conn: &mut Conn, blockers: &[Uuid]) -> Result<Vec<(Uuid, Uuid)>, StoreError> {
    Ok(blocks::table
        .filter(blocks::blocker.eq_any(blockers))
        .select((blocks::blocker, blocks::blocked))
        .load(conn)
        .await?)
}

/// `blocker`'s block of `blocked`, with the blocked player's username and when, if there
/// is one.
pub async fn find(
    conn: &mut Conn,
    blocker: Uuid,
    blocked: Uuid,
) -> Result<Option<(Uuid, String, DateTime<Utc>)>, StoreError> {
    Ok(blocks::table
        .inner_join(players::table.on(players::id.eq(blocks::blocked)))
        .filter(blocks::blocker.eq(blocker))
        .filter(blocks::blocked.eq(blocked))
        .select((blocks::blocked, players::username, blocks::created_at))
        .first(conn)
        .await
        .optional()?)
}

/// Drops every block by or of `player` (their account is deleted).
pub async fn forget(conn: &mut Conn, player: Uuid) -> Result<(), StoreError> {
    diesel::delete(blocks::table.filter(blocks::blocker.eq(player).or(blocks::blocked.eq(player))))
        .execute(conn)
        .await?;
    Ok(())
}
