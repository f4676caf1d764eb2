//! Table `reports`: what players reported, and what became of it (see the `social`
//! migration).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::reports;
use super::{Conn, StoreError};

/// A report as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = reports)]
pub struct ReportRow {
    pub id: i64,
    pub reporter: Uuid,
    pub kind: String,
    pub target: String,
    pub league_id: Option<Uuid>,
    pub subject: Option<Uuid>,
    pub message_id: Option<i64>,
    pub reason: String,
    pub note: Option<String>,
    pub status: String,
    pub resolved_by: Option<Uuid>,
    pub resolved_at: Option<DateTime<Utc>>,
    pub mute_hours: Option<i32>,
    pub created_at: DateTime<Utc>,
}

/// A report to store.
#[derive(Debug, Insertable)]
#[diesel(table_name = reports)]
pub struct NewReport<'a> {
    pub reporter: Uuid,
    pub kind: &'a str,
    pub target: &'a str,
    pub league_id: Option<Uuid>,
    pub subject: Option<Uuid>,
    pub message_id: Option<i64>,
    pub reason: &'a str,
    pub note: Option<&'a str>,
}

/// Stores `report`.
pub async fn insert(conn: &mut Conn, report: &NewReport<'_>) -> Result<ReportRow, StoreError> {
    Ok(diesel::insert_into(reports::table)
        .values(report)
        .returning(ReportRow::as_returning())
        .get_result(conn)
        .await?)
}

/// The open report `reporter` made of `kind` `target`, if any.
pub async fn open_of(
    conn: &mut Conn,
    reporter: Uuid,
    kind: &str,
    target: &str,
) -> Result<Option<ReportRow>, StoreError> {
    Ok(reports::table
        .filter(reports::reporter.eq(reporter))
        .filter(reports::kind.eq(kind))
        .filter(reports::target.eq(target))
        .filter(reports::status.eq("open"))
        .select(ReportRow::as_select())
        .first(conn)
        .await
        .optional()?)
}

/// How many reports `reporter` made since `since`, and the first of them.
pub async fn made_since(
    conn: &mut Conn,
    reporter: Uuid,
    since: DateTime<Utc>,
) -> Result<(i64, Option<DateTime<Utc>>), StoreError> {
    Ok(reports::table
        .filter(reports::reporter.eq(reporter))
        .filter(reports::created_at.gt(since))
        .select((
            diesel::dsl::count_star(),
            diesel::dsl::min(reports::created_at),
        ))
        .first(conn)
        .await?)
}

/// The league's reports in `open` (or resolved) state, after `after` in the queue's
/// order: open ones oldest first, resolved ones newest first; at most `limit`.
pub async fn of_league(
    conn: &mut Conn,
    league: Uuid,
    open: bool,
    after: Option<i64>,
    limit: i64,
) -> Result<Vec<ReportRow>, StoreError> {
    let query = reports::table
        .filter(reports::league_id.eq(league))
        .select(ReportRow::as_select())
        .limit(limit);
    Ok(if open {
        query
            .filter(reports::status.eq("open"))
            .filter(reports::id.gt(after.unwrap_or(0)))
            .order(reports::id.asc())
            .load(conn)
            .await?
    } else {
        query
            .filter(reports::status.ne("open"))
            .filter(reports::id.lt(after.unwrap_or(i64::MAX)))
            .order(reports::id.desc())
            .load(conn)
            .await?
    })
}

/// The league's report `id`, its row locked until the transaction ends.
pub async fn find_for_update(
    conn: &mut Conn,
    league: Uuid,
    id: i64,
) -> Result<Option<ReportRow>, StoreError> {
    Ok(reports::table
        .filter(reports::league_id.eq(league))
        .filter(reports::id.eq(id))
        .select(ReportRow::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()?)
}

/// Marks report `id` resolved as `status` by `by`.
pub async fn resolve(
    conn: &mut Conn,
    id: i64,
    status: &str,
    by: Uuid,
    mute_hours: Option<i32>,
) -> Result<ReportRow, StoreError> {
    Ok(diesel::update(reports::table.find(id))
        .set((
            reports::status.eq(status),
            reports::resolved_by.eq(by),
            reports::resolved_at.eq(diesel::dsl::now),
            reports::mute_hours.eq(mute_hours),
        ))
        .returning(ReportRow::as_returning())
        .get_result(conn)
        .await?)
}

/// The reports `reporter` made, oldest first (their export).
pub async fn of_reporter(conn: &mut Conn, reporter: Uuid) -> Result<Vec<ReportRow>, StoreError> {
    Ok(reports::table
        .filter(reports::reporter.eq(reporter))
        .order(reports::id.asc())
        .select(ReportRow::as_select())
        .load(conn)
        .await?)
}

/// Erases the notes of `player`'s reports (their account is deleted); the reports stay,
/// for the record of what admins did.
pub async fn forget_notes(conn: &mut Conn, player: Uuid) -> Result<(), StoreError> {
    diesel::update(reports::table.filter(reports::reporter.eq(player)))
        .set(reports::note.eq(None::<String>))
        .execute(conn)
        .await?;
    Ok(())
}
