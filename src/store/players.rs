//! Table `players`: accounts.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::players;
use super::{Conn, StoreError};

/// Adds a player; a username taken (whatever its case) fails with a unique violation.
pub async fn insert(
    conn: &mut Conn,
    id: Uuid,
    username: &str,
    password_hash: &str,
) -> Result<(), StoreError> {
    diesel::insert_into(players::table)
        .values((
            players::id.eq(id),
            players::username.eq(username),
            players::password_hash.eq(password_hash),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// The id, username and password hash of the player named `username`, whatever its case.
pub async fn credentials(
    conn: &mut Conn,
    username: &str,
) -> Result<Option<(Uuid, String, String)>, StoreError> {
    Ok(players::table
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>("lower(username) = lower(")
                .bind::<diesel::sql_types::Text, _>(username)
                .sql(")"),
        )
        .select((players::id, players::username, players::password_hash))
        .first(conn)
        .await
        .optional()?)
}

/// A player's username.
pub async fn username(conn: &mut Conn, id: Uuid) -> Result<Option<String>, StoreError> {
    Ok(players::table
        .find(id)
        .select(players::username)
        .first(conn)
        .await
        .optional()?)
}

/// Locks the player's row until the transaction ends (`FOR NO KEY UPDATE`, which rows
/// referring to the player do not wait for): a player's creations take turns, so a count
/// against a quota holds until the creation commits.
pub async fn lock(conn: &mut Conn, id: Uuid) -> Result<(), StoreError> {
    players::table
        .find(id)
        .select(players::id)
        .for_no_key_update()
        .first::<Uuid>(conn)
        .await
        .optional()?;
    Ok(())
}
