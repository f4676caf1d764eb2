//! Table `notification_settings` and view `notification_prefs`: what a player is sent, by
//! kind and channel, and their quiet hours (see the `notification_settings` migration).

use chrono::NaiveTime;
use diesel::prelude::*;
use diesel::sql_types::{Array, Nullable, Text, Time};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::notification_settings;
use super::{Conn, StoreError};

/// A player's settings as the outbox reads them: the kinds sent to their browsers and to
/// their devices, and their quiet hours (local times; none when `None`).
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct Prefs {
    #[diesel(sql_type = Array<Text>)]
    pub web_push: Vec<String>,
    #[diesel(sql_type = Array<Text>)]
    pub devices: Vec<String>,
    #[diesel(sql_type = Nullable<Time>)]
    pub quiet_start: Option<NaiveTime>,
    #[diesel(sql_type = Nullable<Time>)]
    pub quiet_end: Option<NaiveTime>,
}

/// `player`'s settings (the defaults, for a player who never chose).
pub async fn of_player(conn: &mut Conn, player: Uuid) -> Result<Prefs, StoreError> {
    Ok(diesel::sql_query(
        "SELECT web_push, devices, quiet_start, quiet_end FROM notification_prefs \
         WHERE player_id = $1",
    )
    .bind::<diesel::sql_types::Uuid, _>(player)
    .get_result(conn)
    .await?)
}

/// Stores `prefs` as `player`'s settings.
pub async fn set(conn: &mut Conn, player: Uuid, prefs: &Prefs) -> Result<(), StoreError> {
    let row = (
        notification_settings::player_id.eq(player),
        notification_settings::web_push.eq(&prefs.web_push),
        notification_settings::devices.eq(&prefs.devices),
        notification_settings::quiet_start.eq(prefs.quiet_start),
        notification_settings::quiet_end.eq(prefs.quiet_end),
        notification_settings::updated_at.eq(diesel::dsl::now),
    );
    diesel::insert_into(notification_settings::table)
        .values(row)
        .on_conflict(notification_settings::player_id)
        .do_update()
        .set(row)
        .execute(conn)
        .await?;
    Ok(())
}

/// Drops `player`'s settings (their account is deleted).
pub async fn forget(conn: &mut Conn, player: Uuid) -> Result<(), StoreError> {
    diesel::delete(notification_settings::table.find(player))
        .execute(conn)
        .await?;
    Ok(())
}
