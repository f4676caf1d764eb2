//! `bourre rebuild`: projections are derived data. Recomputes the balances from the ledger
//! and every table's summary and seats from its event log, and every league's standings
//! (all time and each season) from its log and ledger, and the index of finished hands the
//! exports read, compares them with the stored rows,
//! and (unless only checking) rewrites what differs, in one transaction.
//! It reads and repairs every projection table whole, in one locked transaction, so its
//! queries are its own rather than the per-table ones of `store`.

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde::Serialize;
use uuid::Uuid;

use crate::AppError;
use crate::engine::Event;
use crate::leagues::admin::seasons_of;
use crate::leagues::standings::{HandFact, Tally, tallies_from_log};
use crate::store::events::EventRow;
use crate::store::ledger::player_account;
use crate::store::schema::{balances, events, leagues, memberships, seats, tables};
use crate::store::{self, Conn, DbPool};
use crate::table::event::TableEvent;
use crate::table::state::{TableRow, TableState};

/// What a rebuild found and did.
#[derive(Debug, Default, Serialize)]
pub struct RebuildReport {
    pub balances_checked: usize,
    pub tables_checked: usize,
    pub seats_checked: usize,
    /// Standings rows: a player's in a league, all time or in one season.
    pub standings_checked: usize,
    /// Finished hands in the exports' index.
    pub finished_hands_checked: usize,
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

impl Summary {
    fn of(t: &TableRow) -> Summary {
        let mut exempt = t.exempt.clone();
        exempt.sort_unstable();
        Summary {
            version: t.version,
            hand_no: t.hand_no,
            hand_seq: t.hand_seq,
            in_hand: t.in_hand,
            dealer: t.dealer,
            exempt,
            to_act: t.to_act.clone(),
            closed: t.closed_at.is_some(),
        }
    }
}

/// A table's summary and seats as its events fold them from the start (see
/// [`TableState::apply`]).
fn derive_table(
    row: TableRow,
    events: &[EventRow],
) -> Result<(Summary, BTreeMap<i16, Uuid>), AppError> {
    let mut state = TableState::genesis(row)?;
    for event in events {
        let decoded = TableEvent::decode(event.seq, &event.payload)?;
        state.apply(event.seq, &decoded, event.created_at)?;
    }
    let summary = Summary::of(&state.table);
    let seated = state
        .seats
        .iter()
        .map(|s| (i16::from(s.seat), s.player_id))
        .collect();
    Ok((summary, seated))
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

async fn rebuild_tables(
    conn: &mut Conn,
    apply: bool,
    report: &mut RebuildReport,
) -> Result<(), AppError> {
    let stored: Vec<TableRow> = tables::table
        .select(TableRow::as_select())
        .order(tables::id.asc())
        .load(conn)
        .await?;
    for row in stored {
        let (id, league) = (row.id, row.league_id);
        let rows: Vec<EventRow> = events::table
            .filter(events::table_id.eq(id))
            .order(events::seq.asc())
            .select(EventRow::as_select())
            .load(conn)
            .await?;
        let have = Summary::of(&row);
        let (derived, seated) = derive_table(row, &rows)?;
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

/// Every league's standings, all time and per season, recomputed from its log and ledger
/// and compared with its rows (ratings within rounding); with `apply`, a league whose rows
/// differ gets the recomputed ones.
async fn rebuild_standings(
    conn: &mut Conn,
    apply: bool,
    report: &mut RebuildReport,
) -> Result<(), AppError> {
    let ids: Vec<Uuid> = leagues::table
        .select(leagues::id)
        .order(leagues::id.asc())
        .load(conn)
        .await?;
    for id in ids {
        let Some(league) = store::leagues::find(conn, id).await? else {
            continue;
        };
        let mut windows = vec![(store::standings::ALL_TIME, None)];
        for season in seasons_of(conn, &league).await? {
            windows.push((season.number, Some((season.started_at, season.closed_at))));
        }
        let stored: BTreeMap<(i32, Uuid), Tally> = store::standings::of_league(conn, id)
            .await?
            .iter()
            .map(|row| ((row.season, row.player_id), Tally::of(row)))
            .collect();
        let mut derived: BTreeMap<(i32, Uuid), Tally> = BTreeMap::new();
        for (season, window) in windows {
            for (player, tally) in tallies_from_log(conn, id, window, hand_fact).await? {
                derived.insert((season, player), tally);
            }
        }
        let keys: BTreeSet<&(i32, Uuid)> = derived.keys().chain(stored.keys()).collect();
        report.standings_checked += keys.len();
        let mut differ = false;
        for key in keys {
            let want = derived.get(key).copied().unwrap_or_default();
            let have = stored.get(key).copied().unwrap_or_default();
            if !want.same(&have) {
                differ = true;
                report.differences.push(format!(
                    "standings of player {} in league {id}, season {}: stored {have:?}, \
                     log says {want:?}",
                    key.1, key.0
                ));
            }
        }
        if apply && differ {
            let rows: Vec<store::standings::Row> = derived
                .iter()
                .map(|((season, player), tally)| tally.row(id, *season, *player))
                .collect();
            store::standings::replace_league(conn, id, &rows).await?;
        }
    }
    Ok(())
}

/// The index of finished hands (`store::finished_hands`) against the logs; rewritten whole
/// when any row differs.
async fn rebuild_finished_hands(
    conn: &mut Conn,
    apply: bool,
    report: &mut RebuildReport,
) -> Result<(), AppError> {
    let derived = store::finished_hands::derived(conn).await?;
    let (stored, stray) = store::finished_hands::stored(conn).await?;
    report.finished_hands_checked = derived.len();
    let key = |r: &store::finished_hands::IndexRow| (r.table_id, r.hand_no);
    let stored_by: BTreeMap<_, _> = stored.iter().map(|r| (key(r), r)).collect();
    let derived_by: BTreeMap<_, _> = derived.iter().map(|r| (key(r), r)).collect();
    let before = report.differences.len();
    for (k, row) in &derived_by {
        match stored_by.get(k) {
            None => report.differences.push(format!(
                "finished hand {} of table {}: not in the exports' index",
                k.1, k.0
            )),
            Some(kept) if kept != row => report.differences.push(format!(
                "finished hand {} of table {}: indexed as {kept:?}, the log gives {row:?}",
                k.1, k.0
            )),
            Some(_) => {}
        }
    }
    for k in stored_by.keys().filter(|k| !derived_by.contains_key(*k)) {
        report.differences.push(format!(
            "finished hand {} of table {}: indexed, but the log has no such finished hand",
            k.1, k.0
        ));
    }
    if stray > 0 {
        report.differences.push(format!(
            "{stray} player rows of the exports' index name no indexed hand"
        ));
    }
    if apply && report.differences.len() > before {
        store::finished_hands::replace_all(conn).await?;
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
        rebuild_standings(conn, apply, &mut report).await?;
        rebuild_finished_hands(conn, apply, &mut report).await?;
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

/// A hand's event as the standings read it: who was dealt in, or how it ended.
fn hand_fact(seq: i64, payload: &serde_json::Value) -> Result<Option<HandFact>, AppError> {
    Ok(match TableEvent::decode(seq, payload)? {
        TableEvent::HandDealt { players, .. } => Some(HandFact::Dealt(players)),
        TableEvent::Hand(Event::HandEnded(s)) => Some(HandFact::Ended(s)),
        _ => None,
    })
}
