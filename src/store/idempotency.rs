//! Table `idempotency`: replies stored under a player's idempotency keys (see
//! `app::idempotency`; a move decided on a kept table stores its reply in its own statement,
//! see [`super::table_write::KeyRow`]).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::schema::idempotency;
use super::{Conn, StoreError};

/// A stored reply: the request's fingerprint, the status and the body.
pub type Stored = (String, i16, Value);

/// Takes a transaction lock on `(player, key)`: concurrent retries of one key wait for the
/// first to commit.
pub async fn lock(conn: &mut Conn, player: Uuid, key: &str) -> Result<(), StoreError> {
    diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind::<diesel::sql_types::Text, _>(format!("idempotency|{player}|{key}"))
        .execute(conn)
        .await?;
    Ok(())
}

/// The reply stored under `(player, key)` after `since`, if any.
pub async fn find(
    conn: &mut Conn,
    player: Uuid,
    key: &str,
    since: DateTime<Utc>,
) -> Result<Option<Stored>, StoreError> {
    Ok(idempotency::table
        .find((player, key))
        .filter(idempotency::created_at.gt(since))
        .select((
            idempotency::request_hash,
            idempotency::status,
            idempotency::body,
        ))
        .first(conn)
        .await
        .optional()?)
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
