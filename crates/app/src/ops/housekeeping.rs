//! The housekeeper: every few minutes, each server process drops what has outlived its use
//! (replies under idempotency keys older than their 24 hours, failed logins forgotten,
//! hours of per-address counts gone by, sessions a day after they ended or expired,
//! webhook deliveries a week after they were delivered or failed, watchers' rows a dead
//! process left, mailed codes a day after they were made, sign-ins with a provider never
//! finished, guests unseen for `BOURRE_GUEST_TTL_DAYS`, tables' chat older than
//! `BOURRE_CHAT_RETENTION_DAYS`), so a player or an address that went quiet leaves nothing
//! behind.

use std::time::Duration;

use chrono::Utc;

use crate::identity::throttle::FORGET_AFTER_SECS;
use crate::kernel::idempotency::KEY_TTL_HOURS;
use crate::ops::Cases;
use crate::store;
use crate::{App, AppError};

/// How long a delivered or failed webhook delivery stays listed.
pub const DELIVERIES_KEPT_DAYS: i64 = 7;

/// How often the housekeeper runs (also once at start).
pub const EVERY: Duration = Duration::from_secs(10 * 60);

impl Cases<'_> {
    /// Drops expired rows now; returns how many went.
    pub async fn sweep_expired(&self) -> Result<usize, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let now = Utc::now();
        let replies =
            store::idempotency::sweep(&mut conn, now - chrono::Duration::hours(KEY_TTL_HOURS))
                .await?;
        let counts = store::throttle::sweep(
            &mut conn,
            now - chrono::Duration::seconds(i64::from(FORGET_AFTER_SECS)),
            now - chrono::Duration::hours(2),
        )
        .await?;
        let sessions = store::sessions::sweep(&mut conn, now - chrono::Duration::days(1)).await?;
        let deliveries = store::webhooks::sweep(
            &mut conn,
            now - chrono::Duration::days(DELIVERIES_KEPT_DAYS),
        )
        .await?;
        let watchers =
            store::push::sweep_watchers(&mut conn, now - chrono::Duration::hours(1)).await?;
        let quotas = store::quotas::sweep(&mut conn).await?;
        let codes = store::mail::sweep(&mut conn, now - chrono::Duration::days(1)).await?;
        let authorizations = store::identities::sweep(&mut conn, now).await?;
        let kept =
            chrono::Duration::from_std(self.config.chat_kept).unwrap_or(chrono::Duration::days(30));
        let chat = store::chat::sweep(&mut conn, now - kept).await?;
        drop(conn);
        let guests = self.identity().sweep_abandoned_guests().await?;
        Ok(replies
            + counts
            + sessions
            + deliveries
            + watchers
            + quotas
            + codes
            + authorizations
            + chat
            + guests)
    }
}

impl App {
    /// [`App::sweep_expired`] every [`EVERY`] for as long as the process runs.
    pub async fn keep_house_forever(self) {
        loop {
            if let Err(e) = self.ops().sweep_expired().await {
                crate::kernel::obs::warn(
                    "the housekeeper could not drop expired rows",
                    serde_json::json!({"cause": e.to_string()}),
                );
            }
            tokio::time::sleep(EVERY).await;
        }
    }
}
