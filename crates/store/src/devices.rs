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

/// Devices one player keeps; registering beyond drops their oldest (as Web Push
/// subscriptions, [`super::push::PER_PLAYER`]).
pub const PER_PLAYER: i64 = 10;

/// Whether `player` holds `token` of `platform` already.
pub async fn holds(
    conn: &mut Conn,
    player: Uuid,
    platform: &str,
    token: &str,
) -> Result<bool, StoreError> {
    Ok(diesel::select(diesel::dsl::exists(
        devices::table
            .filter(devices::player_id.eq(player))
            .filter(devices::platform.eq(platform))
            .filter(devices::token.eq(token)),
    ))
    .get_result(conn)
    .await?)
}

/// Registers `token` of `platform` for `player`'s `session` (as `id` when new): a token
/// another session registered moves to this one (a phone changing hands signs in afresh).
/// The player's oldest devices beyond [`PER_PLAYER`] are dropped. In a transaction that
/// holds the player's row, so that a burst of registrations keeps the bound.
pub async fn register(
    conn: &mut Conn,
    id: Uuid,
    player: Uuid,
    session: Uuid,
    platform: &str,
    token: &str,
) -> Result<DeviceRow, StoreError> {
    let row = diesel::insert_into(devices::table)
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
            devices::created_at.eq(diesel::dsl::now),
        ))
        .returning(COLUMNS)
        .get_result(conn)
        .await?;
    let kept = devices::table
        .filter(devices::player_id.eq(player))
        .order((devices::created_at.desc(), devices::id.desc()))
        .limit(PER_PLAYER)
        .select(devices::id)
        .load::<Uuid>(conn)
        .await?;
    diesel::delete(
        devices::table.filter(devices::player_id.eq(player).and(devices::id.ne_all(kept))),
    )
    .execute(conn)
    .await?;
    Ok(row)
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
