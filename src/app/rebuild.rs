//! `bourre rebuild`: projections are derived data. Recomputes the balances from the ledger
//! and every table's summary and seats from its event log, compares them with the stored
//! rows, and (unless only checking) rewrites what differs, in one transaction. Standings
//! and ratings are computed from the log on every read, so they have no rows to rebuild.

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde::Serialize;
use uuid::Uuid;

use super::AppError;
use super::table_event::{SeatPlayer, TableEvent};
use crate::engine::{Event, HandState};
use crate::store::events::EventRow;
use crate::store::ledger::player_account;
use crate::store::schema::{balances, events, memberships, seats, tables};
use crate::store::{self, Conn, DbPool};

/// What a rebuild found and did.
#[derive(Debug, Default, Serialize)]
pub struct RebuildReport {
    pub balances_checked: usize,
    pub tables_checked: usize,
    pub seats_checked: usize,
    /// One line per stored row that differed from its recomputation.
    pub differences: Vec<String>,
    /// Whether the differences were written back.
    pub applied: bool,
}

/// A table's summary as derived from its events.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Summary {
    version: i64,
    hand_no: i32,
    hand_seq: Option<i64>,
    in_hand: bool,
    dealer: Option<i16>,
    exempt: Vec<Uuid>,
    to_act: Vec<Uuid>,
    closed: bool,
}

fn derive_table(rows: &[EventRow]) -> Result<(Summary, BTreeMap<i16, Uuid>), AppError> {
    let mut s = Summary {
        version: 0,
        hand_no: 0,
        hand_seq: None,
        in_hand: false,
        dealer: None,
        exempt: Vec::new(),
        to_act: Vec::new(),
        closed: false,
    };
    let mut seated: BTreeMap<i16, Uuid> = BTreeMap::new();
    let mut players: Vec<SeatPlayer> = Vec::new();
    let mut hand: Option<HandState> = None;
    for row in rows {
        s.version = row.seq;
        let event: TableEvent = serde_json::from_value(row.payload.clone())
            .map_err(|e| AppError::Internal(format!("event {} unreadable: {e}", row.seq)))?;
        match event {
            TableEvent::SeatTaken { seat, player_id } => {
                seated.insert(i16::from(seat), player_id);
            }
            TableEvent::SeatLeft { seat, player_id } => {
                seated.remove(&i16::from(seat));
                s.exempt.retain(|p| *p != player_id);
            }
            TableEvent::TableClosed { .. } => {
                seated.clear();
                s.exempt.clear();
                s.closed = true;
            }
            TableEvent::HandDealt {
                players: dealt,
                hand_no,
                ..
            } => {
                s.hand_seq = Some(row.seq);
                s.hand_no = i32::try_from(hand_no).unwrap_or(i32::MAX);
                s.in_hand = true;
                players = dealt;
            }
            TableEvent::Hand(Event::HandStarted(start)) => {
                s.dealer = Some(i16::from(start.dealer));
                s.exempt.clear();
                hand = Some(HandState::start(&start).map_err(AppError::Internal)?);
            }
            TableEvent::Hand(event) => {
                if let Some(state) = hand.as_mut() {
                    state.apply(&event).map_err(|e| {
                        AppError::Internal(format!("event {} does not replay: {e}", row.seq))
                    })?;
                }
                if let Event::HandEnded(settlement) = &event {
                    s.in_hand = false;
                    s.exempt = settlement
                        .exempt
                        .iter()
                        .filter_map(|seat| players.iter().find(|p| p.seat == *seat))
                        .map(|p| p.player_id)
                        .collect();
                }
            }
            _ => {}
        }
    }
    if s.in_hand
        && let Some(state) = &hand
    {
        s.to_act = state
            .to_act()
            .iter()
            .filter_map(|seat| players.iter().find(|p| p.seat == *seat))
            .map(|p| p.player_id)
            .collect();
    }
    s.exempt.sort_unstable();
    Ok((s, seated))
}

#[derive(QueryableByName)]
struct AccountSum {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    league_id: Uuid,
    #[diesel(sql_type = diesel::sql_types::Text)]
    account: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    balance: i64,
}

async fn rebuild_balances(
    conn: &mut Conn,
    apply: bool,
    report: &mut RebuildReport,
) -> Result<(), AppError> {
    let sums: Vec<AccountSum> = diesel::sql_query(
        "SELECT league_id, account, SUM(delta)::bigint AS balance FROM ( \
           SELECT league_id, to_account AS account, amount AS delta FROM ledger \
           UNION ALL SELECT league_id, from_account, -amount FROM ledger) moves \
         GROUP BY league_id, account",
    )
    .load(conn)
    .await?;
    let mut derived: BTreeMap<(Uuid, String), i64> = sums
        .into_iter()
        .map(|s| ((s.league_id, s.account), s.balance))
        .collect();
    let members: Vec<(Uuid, Uuid)> = memberships::table
        .select((memberships::league_id, memberships::player_id))
        .load(conn)
        .await?;
    for (league, player) in members {
        derived.entry((league, player_account(player))).or_insert(0);
    }
    let stored: BTreeMap<(Uuid, String), i64> = balances::table
        .select((balances::league_id, balances::account, balances::balance))
        .load::<(Uuid, String, i64)>(conn)
        .await?
        .into_iter()
        .map(|(l, a, b)| ((l, a), b))
        .collect();
    report.balances_checked = derived.len().max(stored.len());
    let keys: BTreeSet<&(Uuid, String)> = derived.keys().chain(stored.keys()).collect();
    let mut fixes: Vec<((Uuid, String), i64)> = Vec::new();
    for key in keys {
        let want = derived.get(key).copied().unwrap_or(0);
        let have = stored.get(key).copied();
        if have.unwrap_or(0) != want || (have.is_none() && derived.contains_key(key)) {
            report.differences.push(format!(
                "balance {} in league {}: stored {}, ledger says {want}",
                key.1,
                key.0,
                have.map_or("nothing".to_owned(), |h| h.to_string())
            ));
            fixes.push((key.clone(), want));
        }
    }
    if apply {
        for ((league, account), balance) in fixes {
            diesel::insert_into(balances::table)
                .values((
                    balances::league_id.eq(league),
                    balances::account.eq(&account),
                    balances::balance.eq(balance),
                ))
                .on_conflict((balances::league_id, balances::account))
                .do_update()
                .set(balances::balance.eq(balance))
                .execute(conn)
                .await?;
        }
    }
    Ok(())
}

type StoredSummary = (
    Uuid,
    Uuid,
    i64,
    i32,
    Option<i64>,
    bool,
    Option<i16>,
    Vec<Uuid>,
    Vec<Uuid>,
    Option<chrono::DateTime<chrono::Utc>>,
);

async fn rebuild_tables(
    conn: &mut Conn,
    apply: bool,
    report: &mut RebuildReport,
) -> Result<(), AppError> {
    let stored: Vec<StoredSummary> = tables::table
        .select((
            tables::id,
            tables::league_id,
            tables::version,
            tables::hand_no,
            tables::hand_seq,
            tables::in_hand,
            tables::dealer,
            tables::exempt,
            tables::to_act,
            tables::closed_at,
        ))
        .order(tables::id.asc())
        .load(conn)
        .await?;
    for (id, league, version, hand_no, hand_seq, in_hand, dealer, mut exempt, to_act, closed_at) in
        stored
    {
        let rows: Vec<EventRow> = events::table
            .filter(events::table_id.eq(id))
            .order(events::seq.asc())
            .select(EventRow::as_select())
            .load(conn)
            .await?;
        let (derived, seated) = derive_table(&rows)?;
        exempt.sort_unstable();
        let have = Summary {
            version,
            hand_no,
            hand_seq,
            in_hand,
            dealer,
            exempt,
            to_act,
            closed: closed_at.is_some(),
        };
        report.tables_checked += 1;
        if have != derived {
            report.differences.push(format!(
                "table {id}: stored {have:?}, events say {derived:?}"
            ));
            if apply {
                diesel::update(tables::table.find(id))
                    .set((
                        tables::version.eq(derived.version),
                        tables::hand_no.eq(derived.hand_no),
                        tables::hand_seq.eq(derived.hand_seq),
                        tables::in_hand.eq(derived.in_hand),
                        tables::dealer.eq(derived.dealer),
                        tables::exempt.eq(&derived.exempt),
                        tables::to_act.eq(&derived.to_act),
                    ))
                    .execute(conn)
                    .await?;
            }
        }
        let stored_seats: BTreeMap<i16, Uuid> = seats::table
            .filter(seats::table_id.eq(id))
            .select((seats::seat, seats::player_id))
            .load::<(i16, Uuid)>(conn)
            .await?
            .into_iter()
            .collect();
        report.seats_checked += seated.len().max(stored_seats.len());
        if stored_seats != seated {
            report.differences.push(format!(
                "seats of table {id}: stored {stored_seats:?}, events say {seated:?}"
            ));
            if apply {
                for (seat, player) in &stored_seats {
                    if seated.get(seat) != Some(player) {
                        diesel::delete(seats::table.find((id, *seat)))
                            .execute(conn)
                            .await?;
                    }
                }
                for (seat, player) in &seated {
                    if stored_seats.get(seat) != Some(player) {
                        diesel::insert_into(seats::table)
                            .values((
                                seats::table_id.eq(id),
                                seats::seat.eq(*seat),
                                seats::player_id.eq(*player),
                                seats::league_id.eq(league),
                            ))
                            .execute(conn)
                            .await?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Recomputes every projection; with `apply`, rewrites the rows that differ.
pub async fn rebuild(pool: &DbPool, apply: bool) -> Result<RebuildReport, AppError> {
    let mut conn = store::conn(pool).await?;
    conn.transaction::<_, AppError, _>(async move |conn| {
        diesel::sql_query("LOCK TABLE events, ledger IN SHARE MODE")
            .execute(conn)
            .await?;
        let mut report = RebuildReport {
            applied: apply,
            ..RebuildReport::default()
        };
        rebuild_balances(conn, apply, &mut report).await?;
        rebuild_tables(conn, apply, &mut report).await?;
        report.applied = apply && !report.differences.is_empty();
        if report.applied {
            // Running servers read every table again (see `tables.stamp`).
            diesel::update(tables::table)
                .set(tables::stamp.eq(tables::stamp + 1))
                .execute(conn)
                .await?;
        }
        Ok(report)
    })
    .await
}
