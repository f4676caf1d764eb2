//! A league's history: what happened to it besides its chips (those are in its ledger).
//! Admins promoted, or handed the role on by the server when the last admin left; members
//! removed, or whose accounts were deleted; webhooks taken over; the league closed when no
//! human member was left. Members read it, oldest first.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::kernel::ids::{LeagueId, PlayerId};
use crate::leagues::Cases;
use crate::leagues::{load_league, require_member};
use crate::store::{self, Conn};

/// What an entry says happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HistoryKind {
    /// An admin made `player_id` an admin.
    AdminPromoted,
    /// The league's last admin left (`data.from`, `data.reason`: `account_deleted` or
    /// `member_removed`); the server made `player_id`, its longest-standing human member,
    /// admin.
    AdminHandedOn,
    /// An admin removed `player_id` from the league.
    MemberRemoved,
    /// `player_id`'s account was deleted; their records stay.
    MemberDeleted,
    /// An admin took over `data.webhook_id` (made by `data.from`, no longer an admin).
    WebhookTakenOver,
    /// No human member was left (`data.reason`): the league's tables were closed, their
    /// pots returned through the ledger, and nothing joins it any more.
    LeagueClosed,
    /// An admin set what the league's tables may say (`data.from`, `data.to`: `phrases`,
    /// `text` or `off`) and who (`data.watchers_chat`: whether members watching may talk).
    ChatPolicyChanged,
    /// An admin acted on a report about `player_id` (`data.report_id`, `data.kind`,
    /// `data.action`: `dismiss`, `hide`, `mute` (for `data.hours`) or `remove`).
    ReportResolved,
}

impl HistoryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            HistoryKind::AdminPromoted => "admin_promoted",
            HistoryKind::AdminHandedOn => "admin_handed_on",
            HistoryKind::MemberRemoved => "member_removed",
            HistoryKind::MemberDeleted => "member_deleted",
            HistoryKind::WebhookTakenOver => "webhook_taken_over",
            HistoryKind::LeagueClosed => "league_closed",
            HistoryKind::ChatPolicyChanged => "chat_policy_changed",
            HistoryKind::ReportResolved => "report_resolved",
        }
    }

    fn stored(kind: &str) -> Option<HistoryKind> {
        [
            HistoryKind::AdminPromoted,
            HistoryKind::AdminHandedOn,
            HistoryKind::MemberRemoved,
            HistoryKind::MemberDeleted,
            HistoryKind::WebhookTakenOver,
            HistoryKind::LeagueClosed,
            HistoryKind::ChatPolicyChanged,
            HistoryKind::ReportResolved,
        ]
        .into_iter()
        .find(|k| k.as_str() == kind)
    }
}

/// An entry of a league's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryEntry {
    /// Increasing; the `after` of the next page is the last entry's.
    pub id: i64,
    /// What happened.
    pub kind: HistoryKind,
    /// Whom the entry is about, if anyone.
    pub player_id: Option<Uuid>,
    /// Their username now ("deleted player" once their account is deleted).
    pub username: Option<String>,
    /// Who did it; absent when the server did, on its own.
    pub by_player_id: Option<Uuid>,
    /// The kind's details (see [`HistoryKind`]).
    #[schema(value_type = Object)]
    pub data: Value,
    /// When it happened.
    pub at: DateTime<Utc>,
}

/// A page of a league's history, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryPage {
    /// The entries, oldest first.
    pub entries: Vec<HistoryEntry>,
    /// The `after` of the next page; null on the last.
    pub next_cursor: Option<i64>,
}

/// Most entries in one page.
pub const MAX_HISTORY_PAGE: i64 = 200;

/// In the caller's transaction: appends an entry of `kind` about `player` to the league's
/// history, done by `by` (`None`: the server).
pub(crate) async fn record(
    conn: &mut Conn,
    league: LeagueId,
    kind: HistoryKind,
    player: Option<PlayerId>,
    by: Option<PlayerId>,
    data: Value,
) -> Result<(), AppError> {
    store::league_history::record(
        conn,
        league.0,
        kind.as_str(),
        player.map(|p| p.0),
        by.map(|p| p.0),
        &data,
    )
    .await?;
    Ok(())
}

impl Cases<'_> {
    /// A page of the league's history (members): up to `limit` entries after `after`.
    pub async fn league_history(
        &self,
        caller: PlayerId,
        league: LeagueId,
        after: i64,
        limit: i64,
    ) -> Result<HistoryPage, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        load_league(&mut conn, league).await?;
        require_member(&mut conn, league, caller).await?;
        let mut rows = store::league_history::page(&mut conn, league.0, after, limit + 1).await?;
        let more = rows.len() as i64 > limit;
        rows.truncate(usize::try_from(limit).unwrap_or(0));
        let ids: Vec<Uuid> = rows.iter().filter_map(|r| r.player_id).collect();
        let names = store::league_history::names(&mut conn, &ids).await?;
        let name_of = |id: Uuid| names.iter().find(|(p, _)| *p == id).map(|(_, n)| n.clone());
        let entries = rows
            .into_iter()
            .map(|row| {
                let kind = HistoryKind::stored(&row.kind).ok_or_else(|| {
                    AppError::Internal(format!("unknown league history kind {}", row.kind))
                })?;
                Ok(HistoryEntry {
                    id: row.id,
                    kind,
                    username: row.player_id.and_then(name_of),
                    player_id: row.player_id,
                    by_player_id: row.by_player_id,
                    data: row.data,
                    at: row.at,
                })
            })
            .collect::<Result<Vec<_>, AppError>>()?;
        let next_cursor = if more {
            entries.last().map(|e| e.id)
        } else {
            None
        };
        Ok(HistoryPage {
            entries,
            next_cursor,
        })
    }
}
