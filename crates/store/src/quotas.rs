//! Table `quota_uses`: what players used of their daily quotas, counted atomically.

use diesel::sql_types::{Integer, Text};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::{Conn, StoreError};

/// Counts one more `kind` for `player` today (UTC), unless `quota` are counted already:
/// whether it was. One statement: concurrent requests are each counted or refused, never
/// both past the quota.
pub async fn take(
    conn: &mut Conn,
    player: Uuid,
    kind: &str,
    quota: i64,
) -> Result<bool, StoreError> {
    let quota = i32::try_from(quota).unwrap_or(i32::MAX);
    if quota <= 0 {
        return Ok(false);
    }
    let taken = diesel::sql_query(
        "INSERT INTO quota_uses AS q (player_id, kind, day, used) \
         VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date, 1) \
         ON CONFLICT (player_id, kind, day) DO UPDATE SET used = q.used + 1 \
         WHERE q.used < $3",
    )
    .bind::<diesel::sql_types::Uuid, _>(player)
    .bind::<Text, _>(kind)
    .bind::<Integer, _>(quota)
    .execute(conn)
    .await?;
    Ok(taken == 1)
}

/// Drops the uses of days before yesterday; how many rows went.
pub async fn sweep(conn: &mut Conn) -> Result<usize, StoreError> {
    Ok(
        diesel::sql_query(
            "DELETE FROM quota_uses WHERE day < (now() AT TIME ZONE 'UTC')::date - 1",
        )
        .execute(conn)
        .await?,
    )
}
