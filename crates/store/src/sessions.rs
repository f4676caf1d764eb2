//! Tables `sessions` and `refresh_tokens`: sign-ins, and the hashed refresh tokens rotated
//! from them.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{refresh_tokens, sessions};
use super::{Conn, StoreError};

/// A session as exported to its player.
#[derive(Debug, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = sessions)]
pub struct SessionRow {
    /// The session's id.
    pub id: Uuid,
    /// When it began: the sign-in.
    pub created_at: DateTime<Utc>,
    /// When its newest refresh token expires.
    pub expires_at: DateTime<Utc>,
    /// When it was ended (see `ended_why`); null while it goes on, and when it only expired.
    pub ended_at: Option<DateTime<Utc>>,
    /// `logout`, `logout_all`, `password_changed`, `password_reset`, `refresh_reused` or
    /// `account_deleted`.
    pub ended_why: Option<String>,
}

/// Starts session `id` of `player` with its first refresh token (by its hash).
pub async fn start(
    conn: &mut Conn,
    id: Uuid,
    player: Uuid,
    token_hash: &[u8],
    expires_at: DateTime<Utc>,
) -> Result<(), StoreError> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(id),
            sessions::player_id.eq(player),
            sessions::expires_at.eq(expires_at),
        ))
        .execute(conn)
        .await?;
    diesel::insert_into(refresh_tokens::table)
        .values((
            refresh_tokens::hash.eq(token_hash),
            refresh_tokens::session_id.eq(id),
            refresh_tokens::expires_at.eq(expires_at),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// A refresh token as found, with its session.
#[derive(Debug, Queryable)]
pub struct Refresh {
    pub session_id: Uuid,
    pub player_id: Uuid,
    pub expires_at: DateTime<Utc>,
    pub rotated_at: Option<DateTime<Utc>>,
    pub session_ended_at: Option<DateTime<Utc>>,
}

/// The refresh token whose hash is `token_hash`, its row and its session's locked until
/// the transaction ends (two refreshes with one token take turns).
pub async fn lock_refresh(
    conn: &mut Conn,
    token_hash: &[u8],
) -> Result<Option<Refresh>, StoreError> {
    Ok(refresh_tokens::table
        .inner_join(sessions::table)
        .filter(refresh_tokens::hash.eq(token_hash))
        .select((
            refresh_tokens::session_id,
            sessions::player_id,
            refresh_tokens::expires_at,
            refresh_tokens::rotated_at,
            sessions::ended_at,
        ))
        .for_update()
        .first(conn)
        .await
        .optional()?)
}

/// Rotates the session's refresh token (the one presented, or, when a rotated one was
/// presented again within the grace, the one that replaced it) out for `new_hash`, good
/// until `expires_at`.
pub async fn rotate(
    conn: &mut Conn,
    session: Uuid,
    new_hash: &[u8],
    expires_at: DateTime<Utc>,
) -> Result<(), StoreError> {
    diesel::update(
        refresh_tokens::table
            .filter(refresh_tokens::session_id.eq(session))
            .filter(refresh_tokens::rotated_at.is_null()),
    )
    .set(refresh_tokens::rotated_at.eq(diesel::dsl::now))
    .execute(conn)
    .await?;
    diesel::insert_into(refresh_tokens::table)
        .values((
            refresh_tokens::hash.eq(new_hash),
            refresh_tokens::session_id.eq(session),
            refresh_tokens::expires_at.eq(expires_at),
        ))
        .execute(conn)
        .await?;
    diesel::update(sessions::table.find(session))
        .set(sessions::expires_at.eq(expires_at))
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends session `id` (if it had not ended) for reason `why`; whether it was going. The
/// push subscriptions it made end with it.
pub async fn end(conn: &mut Conn, id: Uuid, why: &str) -> Result<bool, StoreError> {
    let ended: Vec<Uuid> = diesel::update(
        sessions::table
            .find(id)
            .filter(sessions::ended_at.is_null()),
    )
    .set((
        sessions::ended_at.eq(diesel::dsl::now),
        sessions::ended_why.eq(why),
    ))
    .returning(sessions::id)
    .get_results(conn)
    .await?;
    super::push::end_with_sessions(conn, &ended).await?;
    Ok(!ended.is_empty())
}

/// Ends every going session of `player` but `except`, for reason `why`; how many ended.
/// The push subscriptions they made end with them.
pub async fn end_all(
    conn: &mut Conn,
    player: Uuid,
    except: Option<Uuid>,
    why: &str,
) -> Result<usize, StoreError> {
    let going = sessions::table
        .filter(sessions::player_id.eq(player))
        .filter(sessions::ended_at.is_null())
        .filter(sessions::id.ne(except.unwrap_or_else(Uuid::nil)));
    let ended: Vec<Uuid> = diesel::update(going)
        .set((
            sessions::ended_at.eq(diesel::dsl::now),
            sessions::ended_why.eq(why),
        ))
        .returning(sessions::id)
        .get_results(conn)
        .await?;
    super::push::end_with_sessions(conn, &ended).await?;
    Ok(ended.len())
}

/// Drops sessions that ended, or whose refresh tokens all expired, before `before` (with
/// their refresh tokens); returns how many went.
pub async fn sweep(conn: &mut Conn, before: DateTime<Utc>) -> Result<usize, StoreError> {
    Ok(diesel::delete(
        sessions::table.filter(
            sessions::expires_at
                .lt(before)
                .or(sessions::ended_at.lt(before)),
        ),
    )
    .execute(conn)
    .await?)
}

/// Of `sessions` (id, player), those that go on; one statement.
pub async fn going_among(
    conn: &mut Conn,
    checks: &[(Uuid, Uuid)],
) -> Result<Vec<(Uuid, Uuid, bool)>, StoreError> {
    let ids: Vec<Uuid> = checks.iter().map(|c| c.0).collect();
    let rows: Vec<(Uuid, Uuid, Option<DateTime<Utc>>)> = sessions::table
        .filter(sessions::id.eq_any(ids))
        .select((sessions::id, sessions::player_id, sessions::ended_at))
        .load(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, player, ended)| (id, player, ended.is_none()))
        .collect())
}
