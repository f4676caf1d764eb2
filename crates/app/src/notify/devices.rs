//! Native apps' devices: an FCM registration token or an APNs device token, registered by
//! a session and ending with it (logout, logout-all, a password change ending others, the
//! account's deletion), like Web Push subscriptions. Their pushes: see [`crate::notify::native`].

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::ids::PlayerId;
use crate::kernel::player::Authenticated;
use crate::kernel::player::hold_player;
use crate::notify::Cases;
use crate::store;
use crate::store::devices::DeviceRow;
use crate::store::players::Hold;
use crate::{AppError, ErrorCode};

/// A device's push service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Platform {
    /// Firebase Cloud Messaging (Android, and iOS apps that use it): a registration token.
    Fcm,
    /// Apple Push Notification service: a device token, in hex.
    Apns,
}

impl Platform {
    pub fn as_str(self) -> &'static str {
        match self {
            Platform::Fcm => "fcm",
            Platform::Apns => "apns",
        }
    }

    fn stored(text: &str) -> Platform {
        if text == "apns" {
            Platform::Apns
        } else {
            Platform::Fcm
        }
    }

    /// Whether `token` is one of this platform's: FCM's 1 to 4096 of `A-Z a-z 0-9 : _ -`,
    /// APNs' 32 to 200 hexadecimal digits.
    fn takes(self, token: &str) -> bool {
        match self {
            Platform::Fcm => {
                (1..=4096).contains(&token.len())
                    && token
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'_' | b'-'))
            }
            Platform::Apns => {
                (32..=200).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_hexdigit())
            }
        }
    }
}

/// One of the caller's devices (never its whole token).
#[derive(Debug, Serialize, ToSchema)]
pub struct DeviceOut {
    /// The device's id, for `DELETE /v1/players/me/devices/{device_id}`.
    pub id: Uuid,
    /// The push service it is reached through.
    pub platform: Platform,
    /// The token's last 6 characters, to tell devices apart.
    pub token_end: String,
    /// When it was registered.
    pub created_at: DateTime<Utc>,
    /// When a push last reached its push service; null before the first.
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<DeviceRow> for DeviceOut {
    fn from((id, platform, token, created_at, last_used_at): DeviceRow) -> DeviceOut {
        let start = token.len().saturating_sub(6);
        DeviceOut {
            id,
            platform: Platform::stored(&platform),
            token_end: token.get(start..).unwrap_or_default().to_owned(),
            created_at,
            last_used_at,
        }
    }
}

impl Cases<'_> {
    /// Registers `token` of `platform` for the caller's session (a token another session
    /// registered moves to this one; the caller's oldest beyond
    /// [`store::devices::PER_PLAYER`] go): 422 `push_platform_not_configured` when the
    /// server does not send through that platform, 422 `invalid_device_token` for a token
    /// not of its form, 429 `quota_exceeded` for a token new to the caller beyond
    /// [`crate::Quotas::push_registrations_per_day`].
    pub async fn register_device(
        &self,
        caller: Authenticated,
        platform: Platform,
        token: &str,
    ) -> Result<DeviceOut, AppError> {
        let native = &self.config.native;
        let configured = match platform {
            Platform::Fcm => native.fcm.is_some(),
            Platform::Apns => native.apns.is_some(),
        };
        if !configured {
            return Err(AppError::refused(
                ErrorCode::PushPlatformNotConfigured,
                format!("this server sends no push through {}", platform.as_str()),
            ));
        }
        let token = token.trim();
        if !platform.takes(token) {
            return Err(AppError::refused(
                ErrorCode::InvalidDeviceToken,
                match platform {
                    Platform::Fcm => "an FCM token is 1 to 4096 letters, digits, `:`, `_`, `-`",
                    Platform::Apns => "an APNs device token is 32 to 200 hexadecimal digits",
                },
            ));
        }
        let mut conn = store::conn(&self.pool).await?;
        let row = conn
            .transaction::<_, AppError, _>(async |conn| {
                // The player's devices take turns: the bounds hold in a burst, and none
                // appears once the account's deletion commits.
                hold_player(conn, caller.player, Hold::Exclusive).await?;
                if !store::devices::holds(conn, caller.player.0, platform.as_str(), token).await? {
                    self.take_push_registration(conn, caller.player).await?;
                }
                Ok(store::devices::register(
                    conn,
                    Uuid::new_v4(),
                    caller.player.0,
                    caller.session.0,
                    platform.as_str(),
                    token,
                )
                .await?)
            })
            .await?;
        Ok(DeviceOut::from(row))
    }

    /// Counts a push device or subscription newly registered by `player` today, in the
    /// caller's transaction: 429 `quota_exceeded` beyond
    /// [`crate::Quotas::push_registrations_per_day`].
    pub(crate) async fn take_push_registration(
        &self,
        conn: &mut store::Conn,
        player: PlayerId,
    ) -> Result<(), AppError> {
        let per_day = self.config.quotas.push_registrations_per_day;
        if store::quotas::take(conn, player.0, "push_registrations", per_day).await? {
            Ok(())
        } else {
            Err(AppError::refused(
                ErrorCode::QuotaExceeded,
                format!(
                    "a player registers at most {per_day} new push devices and subscriptions \
                     a day (UTC)"
                ),
            ))
        }
    }

    /// The caller's devices, oldest first.
    pub async fn devices(&self, player: PlayerId) -> Result<Vec<DeviceOut>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        Ok(store::devices::of_player(&mut conn, player.0)
            .await?
            .into_iter()
            .map(DeviceOut::from)
            .collect())
    }

    /// Removes the caller's device `id`: 404 `device_not_found` when they have none such.
    pub async fn unregister_device(&self, player: PlayerId, id: Uuid) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        if store::devices::unregister(&mut conn, player.0, id).await? {
            Ok(())
        } else {
            Err(AppError::refused(
                ErrorCode::DeviceNotFound,
                "the caller has no device with this id",
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_of_its_platforms_form() {
        assert!(Platform::Fcm.takes("dGVzdA:APA91b-x_y"));
        assert!(!Platform::Fcm.takes("has space"));
        assert!(Platform::Apns.takes(&"ab12".repeat(16)));
        assert!(!Platform::Apns.takes("abcd"));
        assert!(!Platform::Apns.takes(&"zz".repeat(32)));
    }
}
