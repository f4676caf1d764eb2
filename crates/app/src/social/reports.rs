//! Reports and the moderation queue: a player reports a message, a player, a table or a
//! league; the league's admins see the reports about their league and act on each
//! (dismiss, hide the message, mute its author at the league's tables, remove them from the
//! league), every action recorded in the league's history with who took it. A report about
//! a league or one of its admins goes to the operator instead (`BOURRE_OPERATOR_WEBHOOK_URL`).
//! Each new report is announced as a `report.created` webhook: to the league's endpoints
//! that take it, or to the operator's channel.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::kernel::notice::Notice;
use crate::kernel::player::hold_player;
use crate::leagues::admin::{remove_in, require_admin};
use crate::leagues::history::{self as history, HistoryKind};
use crate::leagues::{Role, load_league, lock_league, member_role, require_member};
use crate::social::Cases;
use crate::social::chat::ChatMessage;
use crate::store::memberships::RowLock;
use crate::store::players::Hold;
use crate::store::{self, Conn, reports::ReportRow};
use crate::table::read::load_seats_of_member;
use crate::{AppError, ErrorCode};

/// What a report is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportKind {
    /// A chat message (`id`: its number).
    Message,
    /// A player (`id`: theirs): their names, or what they do at the league's tables.
    Player,
    /// A table (`id`: its id): its name.
    Table,
    /// A league (`id`: its id): its name, or how it is run. Goes to the operator.
    League,
}

/// Why a player reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    Spam,
    Harassment,
    Hate,
    Sexual,
    Cheating,
    Impersonation,
    Other,
}

/// Where a report stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportStatus {
    /// Waiting for an admin (or the operator).
    Open,
    Dismissed,
    /// The message was hidden for everyone.
    Hidden,
    /// The player was muted at the league's tables for `mute_hours`.
    Muted,
    /// The player was removed from the league.
    Removed,
}

/// What an admin does with a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ModerationAction {
    /// Nothing to do.
    Dismiss,
    /// Hide the reported message for everyone (a message report).
    Hide,
    /// Mute the player the report is about at the league's tables for `hours`.
    Mute,
    /// Remove the player the report is about from the league (as `DELETE .../members/...`:
    /// not its creator, nor while seated).
    Remove,
}

impl ModerationAction {
    fn status(self) -> ReportStatus {
        match self {
            ModerationAction::Dismiss => ReportStatus::Dismissed,
            ModerationAction::Hide => ReportStatus::Hidden,
            ModerationAction::Mute => ReportStatus::Muted,
            ModerationAction::Remove => ReportStatus::Removed,
        }
    }
}

fn stored<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, AppError> {
    serde_json::from_value(serde_json::Value::String(text.to_owned()))
        .map_err(|e| AppError::Internal(format!("a stored report is unreadable: {e}")))
}

fn as_text<T: Serialize>(value: T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A report, as its reporter and the league's admins (or the operator) see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Report {
    /// The report's id (increasing).
    pub id: i64,
    /// What it is about.
    pub kind: ReportKind,
    /// The id reported, as sent.
    pub target: String,
    /// The league whose admins see it; absent when it went to the operator (a report
    /// about a league or one of its admins).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub league_id: Option<Uuid>,
    /// Who reported.
    pub reporter_id: Uuid,
    /// The player the report is about (a message's author, the player, a table's
    /// creator); absent for a league.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub subject_id: Option<Uuid>,
    /// Their username now.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub subject_username: Option<String>,
    /// The message reported, as it is (hidden or not), while it is kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub message: Option<ChatMessage>,
    /// Why the reporter reported it.
    pub reason: ReportReason,
    /// What the reporter added (erased with their account).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub note: Option<String>,
    /// Where it stands.
    pub status: ReportStatus,
    /// The admin who resolved it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub resolved_by: Option<Uuid>,
    /// When it was resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub resolved_at: Option<DateTime<Utc>>,
    /// How long a `mute` lasts.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub mute_hours: Option<i32>,
    /// When it was made.
    pub created_at: DateTime<Utc>,
}

/// A page of a league's reports.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportPage {
    /// The open ones oldest first, or the resolved ones newest first.
    pub reports: Vec<Report>,
    /// The `after` of the next page; absent on the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next_cursor: Option<i64>,
}

/// A new report.
#[derive(Debug, Clone)]
pub struct NewReport {
    pub kind: ReportKind,
    pub id: String,
    pub reason: ReportReason,
    pub note: Option<String>,
    /// For a player: the league whose admins are to see it (one both belong to); without
    /// it, the operator.
    pub league_id: Option<Uuid>,
}

/// Reports one player may make in an hour.
pub const REPORTS_PER_HOUR: i64 = 10;
/// The longest mute, in hours (30 days).
pub const MAX_MUTE_HOURS: i32 = 720;
/// Most reports in one page.
pub const MAX_PAGE: i64 = 100;

fn target_not_found() -> AppError {
    AppError::refused(
        ErrorCode::ReportTargetNotFound,
        "nothing the caller can see has this id",
    )
}

fn invalid(detail: &str) -> AppError {
    AppError::refused(ErrorCode::InvalidReport, detail)
}

/// Who and where a report is about: the player, the league whose admins see it, the
/// message.
struct Target {
    subject: Option<Uuid>,
    league: Option<Uuid>,
    message: Option<(i64, Uuid)>,
}

async fn target(conn: &mut Conn, reporter: PlayerId, new: &NewReport) -> Result<Target, AppError> {
    let uuid = || {
        new.id
            .parse::<Uuid>()
            .map_err(|_| invalid("the id of a player, a table or a league is a UUID"))
    };
    let target = match new.kind {
        ReportKind::Message => {
            let id: i64 = new
                .id
                .parse()
                .map_err(|_| invalid("a message's id is its number"))?;
            let message = store::chat::find(conn, id)
                .await?
                .filter(|m| m.hidden_at.is_none())
                .ok_or_else(target_not_found)?;
            // A message of another league's is as unknown as an unused id: ids are
            // sequential, and a member's refusal would tell which are taken.
            let (table, _, _) = load_seats_of_member(conn, TableId(message.table_id), reporter)
                .await
                .map_err(|e| {
                    if e.is(ErrorCode::NotAMember) {
                        target_not_found()
                    } else {
                        e
                    }
                })?;
            Target {
                subject: Some(message.player_id),
                league: Some(table.league_id),
                message: Some((id, message.table_id)),
            }
        }
        ReportKind::Player => {
            let player = uuid()?;
            let shared = store::memberships::shared_leagues(conn, reporter.0, player).await?;
            let league = match new.league_id {
                Some(league) if shared.iter().any(|s| s.0 == league) => Some(league),
                Some(_) => return Err(target_not_found()),
                None if shared.is_empty() => return Err(target_not_found()),
                None => None,
            };
            Target {
                subject: Some(player),
                league,
                message: None,
            }
        }
        ReportKind::Table => {
            let table = store::tables::find(conn, uuid()?)
                .await?
                .ok_or_else(target_not_found)?;
            require_member(conn, LeagueId(table.league_id), reporter)
                .await
                .map_err(|_| target_not_found())?;
            Target {
                subject: Some(table.created_by),
                league: Some(table.league_id),
                message: None,
            }
        }
        ReportKind::League => {
            let league = uuid()?;
            require_member(conn, LeagueId(league), reporter)
                .await
                .map_err(|_| target_not_found())?;
            Target {
                subject: None,
                league: None,
                message: None,
            }
        }
    };
    if target.subject == Some(reporter.0) {
        return Err(AppError::refused(
            ErrorCode::CannotReportSelf,
            "a player does not report themselves (or their own message or table)",
        ));
    }
    // A report about one of the league's admins goes to the operator.
    let league = match (target.league, target.subject) {
        (Some(league), Some(subject))
            if member_role(conn, LeagueId(league), PlayerId(subject), RowLock::None).await?
                == Some(Role::Admin) =>
        {
            None
        }
        (league, _) => league,
    };
    Ok(Target { league, ..target })
}

impl Cases<'_> {
    /// Files a report for the caller (at most [`REPORTS_PER_HOUR`] an hour: 429
    /// `too_many_reports`): to the league's admins, or to the operator. The same report
    /// while it is open is given back as it is (and `false`); a new one (`true`) is
    /// announced as `report.created`.
    pub async fn report(
        &self,
        reporter: PlayerId,
        new: NewReport,
    ) -> Result<(Report, bool), AppError> {
        let operator = self.config.operator.is_some();
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            hold_player(conn, reporter, Hold::Exclusive).await?;
            let kind = as_text(new.kind);
            if let Some(open) = store::reports::open_of(conn, reporter.0, &kind, &new.id).await? {
                return Ok((report_of(conn, open).await?, false));
            }
            let now = Utc::now();
            let (made, first) =
                store::reports::made_since(conn, reporter.0, now - chrono::Duration::hours(1))
                    .await?;
            if made >= REPORTS_PER_HOUR {
                let free_at = first.unwrap_or(now) + chrono::Duration::hours(1);
                return Err(AppError::Throttled {
                    code: ErrorCode::TooManyReports,
                    detail: format!("a player makes at most {REPORTS_PER_HOUR} reports an hour"),
                    retry_after_secs: u64::try_from((free_at - now).num_seconds() + 1).unwrap_or(1),
                });
            }
            let target = target(conn, reporter, &new).await?;
            let reason = as_text(new.reason);
            let row = store::reports::insert(
                conn,
                &store::reports::NewReport {
                    reporter: reporter.0,
                    kind: &kind,
                    target: &new.id,
                    league_id: target.league,
                    subject: target.subject,
                    message_id: target.message.map(|(id, _)| id),
                    reason: &reason,
                    note: new.note.as_deref(),
                },
            )
            .await?;
            let report = report_of(conn, row).await?;
            if report.league_id.is_some() || operator {
                let body = json!({
                    "type": "report.created",
                    "timestamp": report.created_at,
                    "data": report,
                })
                .to_string();
                store::webhooks::queue(conn, report.league_id, "report.created", &body).await?;
            }
            Ok((report, true))
        })
        .await
        .inspect(|(_, new)| {
            if *new {
                self.outbox.notify_one();
            }
        })
    }

    /// The league's reports (admins): the open ones, oldest first, or the resolved ones,
    /// newest first; a page after `after`.
    pub async fn reports(
        &self,
        admin: PlayerId,
        league: LeagueId,
        open: bool,
        after: Option<i64>,
        limit: i64,
    ) -> Result<ReportPage, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        load_league(&mut conn, league).await?;
        require_admin(&mut conn, league, admin).await?;
        let rows = store::reports::of_league(&mut conn, league.0, open, after, limit).await?;
        let full = rows.len() as i64 == limit;
        let reports = reports_of(&mut conn, rows).await?;
        Ok(ReportPage {
            next_cursor: reports.last().filter(|_| full).map(|r| r.id),
            reports,
        })
    }

    /// Acts on one of the league's open reports (admins), recorded in the league's history
    /// (`report_resolved`, with who took it): the report as it is now.
    pub async fn moderate(
        &self,
        admin: PlayerId,
        league: LeagueId,
        report: i64,
        action: ModerationAction,
        hours: Option<i32>,
    ) -> Result<Report, AppError> {
        match (action, hours) {
            (ModerationAction::Mute, Some(h)) if (1..=MAX_MUTE_HOURS).contains(&h) => {}
            (ModerationAction::Mute, _) => {
                return Err(AppError::refused(
                    ErrorCode::InvalidModeration,
                    format!("a mute lasts 1 to {MAX_MUTE_HOURS} hours"),
                ));
            }
            (_, Some(_)) => {
                return Err(AppError::refused(
                    ErrorCode::InvalidModeration,
                    "hours go with a mute only",
                ));
            }
            _ => {}
        }
        let mut conn = store::conn(&self.pool).await?;
        let (report, hidden) = conn
            .transaction::<_, AppError, _>(async move |conn| {
                let stored_league = lock_league(conn, league).await?;
                require_admin(conn, league, admin).await?;
                let row = store::reports::find_for_update(conn, league.0, report)
                    .await?
                    .ok_or_else(|| {
                        AppError::refused(
                            ErrorCode::ReportNotFound,
                            "the league has no report with this id",
                        )
                    })?;
                if row.status != "open" {
                    return Err(AppError::refused(
                        ErrorCode::ReportResolved,
                        format!("the report was resolved already ({})", row.status),
                    ));
                }
                let not_for = |what: &str| {
                    AppError::refused(
                        ErrorCode::InvalidModeration,
                        format!("{what} goes with a report about a message or a player"),
                    )
                };
                let mut hidden = None;
                match action {
                    ModerationAction::Dismiss => {}
                    ModerationAction::Hide => {
                        let id = row
                            .message_id
                            .ok_or_else(|| not_for("hide (of a message kept)"))?;
                        let message = store::chat::find(conn, id)
                            .await?
                            .ok_or_else(|| not_for("hide (of a message kept)"))?;
                        store::chat::hide(conn, id, admin.0).await?;
                        hidden = Some((message.table_id, id));
                    }
                    ModerationAction::Mute => {
                        let subject = row.subject.ok_or_else(|| not_for("mute"))?;
                        let until = Utc::now()
                            + chrono::Duration::hours(i64::from(hours.unwrap_or_default()));
                        if !store::memberships::mute(conn, league.0, subject, until).await? {
                            return Err(AppError::refused(
                                ErrorCode::MemberNotFound,
                                "the player is no longer a member of the league",
                            ));
                        }
                    }
                    ModerationAction::Remove => {
                        let subject = row.subject.ok_or_else(|| not_for("remove"))?;
                        remove_in(conn, &stored_league, admin, PlayerId(subject)).await?;
                    }
                }
                let status = as_text(action.status());
                let row = store::reports::resolve(conn, row.id, &status, admin.0, hours).await?;
                history::record(
                    conn,
                    league,
                    HistoryKind::ReportResolved,
                    row.subject.map(PlayerId),
                    Some(admin),
                    json!({"report_id": row.id, "kind": row.kind, "action": as_text(action),
                           "hours": hours}),
                )
                .await?;
                Ok((report_of(conn, row).await?, hidden))
            })
            .await?;
        if let Some((table, id)) = hidden {
            // Streams that hold the message let it go.
            self.live.announce(Notice {
                table,
                seq: 0,
                chat: -id,
            });
        }
        Ok(report)
    }
}

/// The report of `row`, with its subject's username and its message.
async fn report_of(conn: &mut Conn, row: ReportRow) -> Result<Report, AppError> {
    reports_of(conn, vec![row])
        .await?
        .pop()
        .ok_or_else(|| AppError::Internal("a report was lost in its reading".into()))
}

/// The reports of `rows`, in their order: their subjects' usernames and their messages
/// read in one query each.
async fn reports_of(conn: &mut Conn, rows: Vec<ReportRow>) -> Result<Vec<Report>, AppError> {
    let subjects: Vec<Uuid> = rows.iter().filter_map(|r| r.subject).collect();
    let usernames: HashMap<Uuid, String> = store::players::shown_among(conn, &subjects)
        .await?
        .into_iter()
        .map(|(id, shown)| (id, shown.username))
        .collect();
    let ids: Vec<i64> = rows.iter().filter_map(|r| r.message_id).collect();
    let mut messages: HashMap<i64, ChatMessage> = store::chat::among(conn, &ids)
        .await?
        .into_iter()
        .map(|m| (m.id, ChatMessage::from(m)))
        .collect();
    rows.into_iter()
        .map(|row| {
            Ok(Report {
                id: row.id,
                kind: stored(&row.kind)?,
                target: row.target,
                league_id: row.league_id,
                reporter_id: row.reporter,
                subject_id: row.subject,
                subject_username: row.subject.and_then(|s| usernames.get(&s).cloned()),
                message: row.message_id.and_then(|id| messages.remove(&id)),
                reason: stored(&row.reason)?,
                note: row.note,
                status: stored(&row.status)?,
                resolved_by: row.resolved_by,
                resolved_at: row.resolved_at,
                mute_hours: row.mute_hours,
                created_at: row.created_at,
            })
        })
        .collect()
}
