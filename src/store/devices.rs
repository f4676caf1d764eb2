//! Table `devices`: native apps' push tokens (FCM and APNs), each of the session that
//! registered it.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::devices;
use super::{Conn, StoreError};

/// A device as listed: `(id, platform, token, created_at, last_used_at)`.
pub type DeviceRow = (Uuid, String, String, DateTime<Utc>, Option<DateTime<Utc>>);

const COLUMNS: (
    devices::id,
    devices::platform,
    devices::token,
    devices::created_at,
    devices::last_used_at,
) = (
    devices::id,
    devices::platform,
    devices::token,
    devices::created_at,
    devices::last_used_at,
);

/// Registers `token` of `platform` for `player`'s `session` (as `id` when new): a token
/// another session registered moves to this one (a phone changing hands signs in afresh).
pub async fn register(
    conn: &mut Conn,
    id: Uuid,
    player: Uuid,
    session: Uuid,
    platform: &str,
    token: &str,
) -> Result<DeviceRow, StoreError> {
    Ok(diesel::insert_into(devices::table)
        .values((
            devices::id.eq(id),
            devices::player_id.eq(player),
            devices::session_id.eq(session),
            devices::platform.eq(platform),
            devices::token.eq(token),
        ))
        .on_conflict((devices::platform, devices::token))
        .do_update()
        .set((
            devices::player_id.eq(excluded(devices::player_id)),
            devices::session_id.eq(excluded(devices::session_id)),
        ))
        .returning(COLUMNS)
        .get_result(conn)
        .await?)
}

/// `player`'s devices, oldest first.
pub async fn of_player(conn: &mut Conn, player: Uuid) -> Result<Vec<DeviceRow>, StoreError> {
    Ok(devices::table
        .filter(devices::player_id.eq(player))
        .order((devices::created_at, devices::id))
        .select(COLUMNS)
        .load(conn)
        .await?)
}

/// Removes `player`'s device `id`; whether there was one.
pub async fn unregister(conn: &mut Conn, player: Uuid, id: Uuid) -> Result<bool, StoreError> {
    let gone = diesel::delete(
        devices::table
            .filter(devices::id.eq(id))
            .filter(devices::player_id.eq(player)),
    )
    .execute(conn)
    .await?;
    Ok(gone > 0)
}

/// Removes device `id`, with its messages (its push service said it is gone).
pub async fn remove(conn: &mut Conn, id: Uuid) -> Result<(), StoreError> {
    diesel::delete(devices::table.find(id))
        .execute(conn)
        .await?;
    Ok(())
}

/// Notes that device `id` took a message now.
pub async fn used(conn: &mut Conn, id: Uuid) -> Result<(), StoreError> {
    diesel::update(devices::table.find(id))
        .set(devices::last_used_at.eq(diesel::dsl::now))
        .execute(conn)
        .await?;
    Ok(())
}
