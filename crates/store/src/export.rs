//! Everything stored about one player, for `GET /v1/players/me/export`.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::ledger::LedgerEntry;
use super::schema::{
    idempotency, join_requests, ledger, login_failures, memberships, push_subscriptions, seats,
    sessions,
};
use super::sessions::SessionRow;
use super::{Conn, StoreError};

/// The rows about a player, each table's in a stable order.
pub struct PlayerRows {
    pub profile: super::players::ProfileRow,
    /// `(league, role, joined_at)`.
    pub memberships: Vec<(Uuid, String, DateTime<Utc>)>,
    /// `(league, requested_at)`.
    pub join_requests: Vec<(Uuid, DateTime<Utc>)>,
    /// `(table, league, seat, sat_at)`.
    pub seats: Vec<(Uuid, Uuid, i16, DateTime<Utc>)>,
    /// `(league, entry)`: every entry to or from the player's accounts.
    pub ledger: Vec<(Uuid, LedgerEntry)>,
    /// `(key, status, created_at)` of the replies stored under their idempotency keys.
    pub idempotency_keys: Vec<(String, i16, DateTime<Utc>)>,
    /// `(address, failures, last_failed_at)` of failed logins of their account.
    pub login_failures: Vec<(String, i32, DateTime<Utc>)>,
    /// Their sessions, oldest first (refresh tokens are stored hashed, and not exported).
    pub sessions: Vec<SessionRow>,
    /// `(id, endpoint, session, created_at)` of their push subscriptions, oldest first.
    pub push_subscriptions: Vec<(Uuid, String, Uuid, DateTime<Utc>)>,
    /// Their identities at OpenID providers, oldest first.
    pub identities: Vec<super::identities::IdentityRow>,
    /// Their devices, oldest first.
    pub devices: Vec<super::devices::DeviceRow>,
    /// Their notification settings (the defaults if they never chose).
    pub notification_settings: super::notification_settings::Prefs,
    /// What they said at tables, oldest first.
    pub chat: Vec<super::chat::MessageRow>,
    /// The players they blocked, newest first.
    pub blocks: Vec<(Uuid, String, chrono::DateTime<chrono::Utc>)>,
    /// The reports they made, oldest first.
    pub reports: Vec<super::reports::ReportRow>,
}

/// The rows about `player` (whose account is `account`), read in one snapshot; `None`
/// when there is no such player.
pub async fn player_rows(
    conn: &mut Conn,
    player: Uuid,
    account: &str,
) -> Result<Option<PlayerRows>, StoreError> {
    let account = account.to_owned();
    conn.build_transaction()
        .read_only()
        .repeatable_read()
        .run(async move |conn| {
            let Some(profile) = super::players::profile(conn, player).await? else {
                return Ok(None);
            };
            let memberships = memberships::table
                .filter(memberships::player_id.eq(player))
                .order(memberships::joined_at)
                .select((
                    memberships::league_id,
                    memberships::role,
                    memberships::joined_at,
                ))
                .load(conn)
                .await?;
            let join_requests = join_requests::table
                .filter(join_requests::player_id.eq(player))
                .order(join_requests::requested_at)
                .select((join_requests::league_id, join_requests::requested_at))
                .load(conn)
                .await?;
            let seats = seats::table
                .filter(seats::player_id.eq(player))
                .order(seats::sat_at)
                .select((
                    seats::table_id,
                    seats::league_id,
                    seats::seat,
                    seats::sat_at,
                ))
                .load(conn)
                .await?;
            let ledger = ledger::table
                .filter(
                    ledger::from_account
                        .eq(&account)
                        .or(ledger::to_account.eq(&account)),
                )
                .order(ledger::id)
                .select((ledger::league_id, LedgerEntry::as_select()))
                .load(conn)
                .await?;
            let idempotency_keys = idempotency::table
                .filter(idempotency::player_id.eq(player))
                .order(idempotency::created_at)
                .select((
                    idempotency::key,
                    idempotency::status,
                    idempotency::created_at,
                ))
                .load(conn)
                .await?;
            let login_failures = login_failures::table
                .filter(login_failures::account.eq(profile.username.to_lowercase()))
                .filter(login_failures::failures.gt(0))
                .order(login_failures::last_failed_at)
                .select((
                    login_failures::address,
                    login_failures::failures,
                    login_failures::last_failed_at,
                ))
                .load(conn)
                .await?;
            let sessions = sessions::table
                .filter(sessions::player_id.eq(player))
                .order(sessions::created_at)
                .select(SessionRow::as_select())
                .load(conn)
                .await?;
            let push_subscriptions = push_subscriptions::table
                .filter(push_subscriptions::player_id.eq(player))
                .order((push_subscriptions::created_at, push_subscriptions::id))
                .select((
                    push_subscriptions::id,
                    push_subscriptions::endpoint,
                    push_subscriptions::session_id,
                    push_subscriptions::created_at,
                ))
                .load(conn)
                .await?;
            let identities = super::identities::of_player(conn, player).await?;
            let devices = super::devices::of_player(conn, player).await?;
            let notification_settings =
                super::notification_settings::of_player(conn, player).await?;
            let chat = super::chat::of_player(conn, player).await?;
            let blocks = super::blocks::of(conn, player).await?;
            let reports = super::reports::of_reporter(conn, player).await?;
            Ok(Some(PlayerRows {
                profile,
                memberships,
                join_requests,
                seats,
                ledger,
                idempotency_keys,
                login_failures,
                sessions,
                push_subscriptions,
                identities,
                devices,
                notification_settings,
                chat,
                blocks,
                reports,
            }))
        })
        .await
}
