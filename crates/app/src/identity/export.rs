//! `GET /v1/players/me/export`: everything stored about the caller, as JSON (their sessions
//! included). Tables'
//! event logs are not copied: they are the tables' (and hold other players' moves); the
//! export names the tables the caller sits at, whose hand records
//! `GET /v1/tables/{id}/hands` serves.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::identity::Cases;
use crate::kernel::ids::PlayerId;
use crate::kernel::player::unknown_player;
use crate::kernel::shown::{Avatar, Locale};
use crate::leagues::Role;
use crate::store::ledger::{LedgerEntry, player_account};
use crate::store::sessions::SessionRow;
use crate::store::{self};

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedPlayer {
    /// The player's id.
    pub id: Uuid,
    /// Their username.
    pub username: String,
    /// A guest (no password yet).
    pub guest: bool,
    /// Their display name, if they set one.
    pub display_name: Option<String>,
    /// Their avatar, if they chose one.
    pub avatar: Option<Avatar>,
    /// Their language, if they chose one.
    pub locale: Option<Locale>,
    /// Their time zone, if they set one.
    pub time_zone: Option<String>,
    /// Their email, if they gave one.
    pub email: Option<String>,
    /// When they confirmed it with the code mailed to it.
    pub email_verified_at: Option<DateTime<Utc>>,
    /// When the account was created.
    pub created_at: DateTime<Utc>,
    /// When they last signed in or refreshed a session.
    pub seen_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedMembership {
    /// The league.
    pub league_id: Uuid,
    /// The player's role there.
    pub role: Role,
    /// When they became a member.
    pub joined_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedJoinRequest {
    /// The league asked to join.
    pub league_id: Uuid,
    /// When they asked.
    pub requested_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedSeat {
    /// The table.
    pub table_id: Uuid,
    /// The table's league.
    pub league_id: Uuid,
    /// The seat, 0-7.
    #[schema(maximum = 7)]
    pub seat: u8,
    /// When they sat down.
    pub sat_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedLedgerEntry {
    pub league_id: Uuid,
    #[serde(flatten)]
    pub entry: LedgerEntry,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedKey {
    /// The `Idempotency-Key` the player sent.
    pub key: String,
    /// The stored reply's status.
    pub status: u16,
    /// When the reply was stored.
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedLoginFailures {
    /// The client address (IPv6 by its /64).
    pub address: String,
    /// Failed logins of the account from this address, as counted now.
    pub failures: i32,
    /// When the last of them failed.
    pub last_failed_at: DateTime<Utc>,
}

/// A browser subscribed to the player's pushes (its keys are not exported: they are the
/// browser's).
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedPushSubscription {
    /// The subscription's id.
    pub id: Uuid,
    /// The push service's URL for the browser.
    pub endpoint: String,
    /// The session that made it, which it ends with.
    pub session_id: Uuid,
    /// When it was stored.
    pub created_at: DateTime<Utc>,
}

/// The player's account at an OpenID provider, linked to theirs.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedIdentity {
    /// The provider's name on this server.
    pub provider: String,
    /// The provider's issuer URL.
    pub issuer: String,
    /// The account's id there (`sub`).
    pub subject: String,
    /// The email the provider vouched for when it was linked, if any.
    pub email: Option<String>,
    /// When it was linked.
    pub linked_at: DateTime<Utc>,
}

/// Everything stored about a player.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerExport {
    /// When the export was made.
    pub exported_at: DateTime<Utc>,
    /// The account.
    pub player: ExportedPlayer,
    /// The player's leagues.
    pub memberships: Vec<ExportedMembership>,
    /// Their requests to join leagues, still waiting for an admin.
    pub join_requests: Vec<ExportedJoinRequest>,
    /// The seats where they sit now.
    pub seats: Vec<ExportedSeat>,
    /// Every ledger entry to or from the player, in every league, oldest first.
    pub ledger: Vec<ExportedLedgerEntry>,
    /// Replies stored under the player's idempotency keys (kept 24 hours).
    pub idempotency_keys: Vec<ExportedKey>,
    /// Failed logins of the account being counted (see the login throttle).
    pub login_failures: Vec<ExportedLoginFailures>,
    /// The player's sessions (sign-ins), oldest first; refresh tokens are stored hashed
    /// only, and not exported.
    pub sessions: Vec<SessionRow>,
    /// The player's push subscriptions, oldest first.
    pub push_subscriptions: Vec<ExportedPushSubscription>,
    /// The player's identities at OpenID providers, oldest first.
    pub identities: Vec<ExportedIdentity>,
    /// The player's devices (native apps' push tokens), oldest first; tokens end-only, as
    /// listed.
    pub devices: Vec<crate::notify::devices::DeviceOut>,
    /// What the player is pushed, and their quiet hours.
    pub notification_settings: crate::notify::settings::NotificationSettings,
    /// What the player said at tables (kept `BOURRE_CHAT_RETENTION_DAYS`), oldest first.
    pub chat: Vec<crate::social::chat::ChatMessage>,
    /// The players they blocked, newest first.
    pub blocks: Vec<crate::social::blocks::Block>,
    /// The reports they made, oldest first.
    pub reports: Vec<ExportedReport>,
}

/// A report the player made.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedReport {
    /// The report's id.
    pub id: i64,
    /// `message`, `player`, `table` or `league`.
    pub kind: String,
    /// The id reported.
    pub target: String,
    /// Why, as given.
    pub reason: String,
    /// The note given (erased with the account).
    pub note: Option<String>,
    /// `open`, `dismissed`, `hidden`, `muted` or `removed`.
    pub status: String,
    /// When it was made.
    pub created_at: DateTime<Utc>,
}

impl Cases<'_> {
    /// Everything stored about `player`, read in one snapshot.
    pub async fn export(&self, player: PlayerId) -> Result<PlayerExport, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let rows = store::export::player_rows(&mut conn, player.0, &player_account(player.0))
            .await?
            .ok_or_else(unknown_player)?;
        Ok(PlayerExport {
            exported_at: Utc::now(),
            player: ExportedPlayer {
                id: player.0,
                username: rows.profile.username,
                guest: rows.profile.guest,
                display_name: rows.profile.display_name,
                avatar: rows.profile.avatar.as_deref().and_then(Avatar::stored),
                locale: rows.profile.locale.as_deref().and_then(Locale::stored),
                time_zone: rows.profile.time_zone,
                email: rows.profile.email,
                email_verified_at: rows.profile.email_verified_at,
                created_at: rows.profile.created_at,
                seen_at: rows.profile.seen_at,
            },
            memberships: rows
                .memberships
                .into_iter()
                .map(|(league_id, role, joined_at)| ExportedMembership {
                    league_id,
                    role: Role::stored(&role),
                    joined_at,
                })
                .collect(),
            join_requests: rows
                .join_requests
                .into_iter()
                .map(|(league_id, requested_at)| ExportedJoinRequest {
                    league_id,
                    requested_at,
                })
                .collect(),
            seats: rows
                .seats
                .into_iter()
                .map(|(table_id, league_id, seat, sat_at)| ExportedSeat {
                    table_id,
                    league_id,
                    seat: u8::try_from(seat).unwrap_or(u8::MAX),
                    sat_at,
                })
                .collect(),
            ledger: rows
                .ledger
                .into_iter()
                .map(|(league_id, entry)| ExportedLedgerEntry { league_id, entry })
                .collect(),
            idempotency_keys: rows
                .idempotency_keys
                .into_iter()
                .map(|(key, status, created_at)| ExportedKey {
                    key,
                    status: u16::try_from(status).unwrap_or(0),
                    created_at,
                })
                .collect(),
            login_failures: rows
                .login_failures
                .into_iter()
                .map(
                    |(address, failures, last_failed_at)| ExportedLoginFailures {
                        address,
                        failures,
                        last_failed_at,
                    },
                )
                .collect(),
            sessions: rows.sessions,
            push_subscriptions: rows
                .push_subscriptions
                .into_iter()
                .map(
                    |(id, endpoint, session_id, created_at)| ExportedPushSubscription {
                        id,
                        endpoint,
                        session_id,
                        created_at,
                    },
                )
                .collect(),
            identities: rows
                .identities
                .into_iter()
                .map(
                    |(provider, issuer, subject, email, linked_at)| ExportedIdentity {
                        provider,
                        issuer,
                        subject,
                        email,
                        linked_at,
                    },
                )
                .collect(),
            devices: rows
                .devices
                .into_iter()
                .map(crate::notify::devices::DeviceOut::from)
                .collect(),
            notification_settings: crate::notify::settings::NotificationSettings::of(
                &rows.notification_settings,
            ),
            chat: rows
                .chat
                .into_iter()
                .map(crate::social::chat::ChatMessage::from)
                .collect(),
            blocks: rows
                .blocks
                .into_iter()
                .map(crate::social::blocks::Block::from)
                .collect(),
            reports: rows
                .reports
                .into_iter()
                .map(|r| ExportedReport {
                    id: r.id,
                    kind: r.kind,
                    target: r.target,
                    reason: r.reason,
                    note: r.note,
                    status: r.status,
                    created_at: r.created_at,
                })
                .collect(),
        })
    }
}
