//! Table `idempotency`: replies stored under a player's idempotency keys (see
//! `app::idempotency`).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::schema::idempotency;
use super::{Conn, StoreError};

/// A stored reply: the request's fingerprint, the status and the body.
pub type Stored = (String, i16, Value);

/// Takes a transaction lock on the player's keys: their keyed requests take turns, so
/// concurrent retries of one key wait for the first to commit, and a new key is counted
/// against the quota with every other key of theirs stored or being stored.
pub async fn lock(conn: &mut Conn, player: Uuid) -> Result<(), StoreError> {
    diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind::<diesel::sql_types::Text, _>(format!("idempotency|{player}"))
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(QueryableByName)]
struct Found {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    stored: i64,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    request_hash: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::SmallInt>)]
    status: Option<i16>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Jsonb>)]
    body: Option<Value>,
}

/// The reply stored under `(player, key)` after `since`, if any, and how many replies the
/// player has stored since then (one query).
pub async fn find(
    conn: &mut Conn,
    player: Uuid,
    key: &str,
    since: DateTime<Utc>,
) -> Result<(Option<Stored>, i64), StoreError> {
    use diesel::sql_types::{Text, Timestamptz, Uuid as SqlUuid};
    let found: Found = diesel::sql_query(
        "SELECT (SELECT count(*) FROM idempotency WHERE player_id = $1 AND created_at > $3)          AS stored, i.request_hash, i.status, i.body FROM (SELECT 1) AS one          LEFT JOIN idempotency i ON i.player_id = $1 AND i.key = $2 AND i.created_at > $3",
    )
    .bind::<SqlUuid, _>(player)
    .bind::<Text, _>(key)
    .bind::<Timestamptz, _>(since)
    .get_result(conn)
    .await?;
    let stored = match (found.request_hash, found.status, found.body) {
        (Some(hash), Some(status), Some(body)) => Some((hash, status, body)),
        _ => None,
    };
    Ok((stored, found.stored))
}

/// Drops every reply stored at or before `expired`; returns how many went.
pub async fn sweep(conn: &mut Conn, expired: DateTime<Utc>) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(idempotency::table.filter(idempotency::created_at.le(expired)))
            .execute(conn)
            .await?,
    )
}

/// Stores a reply under `(player, key)`, first dropping the player's replies stored at or
/// before `expired`.
pub async fn save(
    conn: &mut Conn,
    player: Uuid,
    key: &str,
    stored: &Stored,
    expired: DateTime<Utc>,
) -> Result<(), StoreError> {
    diesel::delete(
        idempotency::table
            .filter(idempotency::player_id.eq(player))
            .filter(idempotency::created_at.le(expired)),
    )
    .execute(conn)
    .await?;
    diesel::insert_into(idempotency::table)
        .values((
            idempotency::player_id.eq(player),
            idempotency::key.eq(key),
            idempotency::request_hash.eq(&stored.0),
            idempotency::status.eq(stored.1),
            idempotency::body.eq(&stored.2),
        ))
        .execute(conn)
        .await?;
    Ok(())
}
