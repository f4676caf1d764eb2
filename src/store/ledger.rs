//! The double-entry chip ledger and its balance projection.

use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::schema::{balances, ledger};
use super::{Conn, StoreError};

/// The league's treasury: mints starting balances and grants.
pub const TREASURY: &str = "treasury";

pub fn player_account(player: Uuid) -> String {
    format!("player:{player}")
}

pub fn pot_account(table: Uuid) -> String {
    format!("pot:{table}")
}

/// Why chips moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The treasury credits a new member.
    StartingBalance,
    /// An admin grants chips (or takes them back, to the treasury).
    Grant,
    Ante,
    /// R3a.
    ExtraAnte,
    PotWon,
    /// A bourré player pays the pot (R10c).
    Bourre,
    /// A removed member's chips go back to the treasury.
    MemberRemoved,
    /// A closing table's pot goes back to its players (R10e).
    PotReturned,
}

impl Reason {
    /// As stored in `ledger.reason`.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::StartingBalance => "starting_balance",
            Reason::Grant => "grant",
            Reason::Ante => "ante",
            Reason::ExtraAnte => "extra_ante",
            Reason::PotWon => "pot_won",
            Reason::Bourre => "bourre",
            Reason::MemberRemoved => "member_removed",
            Reason::PotReturned => "pot_returned",
        }
    }
}

/// One movement of chips, naming what caused it.
#[derive(Debug, Clone)]
pub struct Transfer {
    pub league_id: Uuid,
    pub from_account: String,
    pub to_account: String,
    pub amount: i64,
    pub reason: Reason,
    pub table_id: Option<Uuid>,
    pub hand_no: Option<i32>,
    pub event_seq: Option<i64>,
    /// A person's words, for grants.
    pub note: Option<String>,
}

/// The net change of each account the transfers touch, by league and account.
pub fn deltas<'a>(transfers: impl IntoIterator<Item = &'a Transfer>) -> Vec<(Uuid, String, i64)> {
    let mut deltas: Vec<(Uuid, String, i64)> = Vec::new();
    let mut add = |league: Uuid, account: &str, delta: i64| match deltas
        .iter_mut()
        .find(|(l, a, _)| *l == league && a == account)
    {
        Some(entry) => entry.2 += delta,
        None => deltas.push((league, account.to_owned(), delta)),
    };
    for t in transfers {
        add(t.league_id, &t.from_account, -t.amount);
        add(t.league_id, &t.to_account, t.amount);
    }
    deltas.retain(|(_, _, delta)| *delta != 0);
    deltas.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    deltas
}

/// Records transfers and moves the balances. A balance that would go negative breaks a
/// CHECK constraint and fails the whole transaction.
pub async fn record(conn: &mut Conn, transfers: &[Transfer]) -> Result<(), StoreError> {
    record_shared(conn, transfers).await
}

/// [`record`] on a shared connection: every statement is sent at once (pipelined) and the
/// first failure in statement order is reported.
pub async fn record_shared(conn: &Conn, transfers: &[Transfer]) -> Result<(), StoreError> {
    use futures_util::future::{BoxFuture, FutureExt, join_all};
    let transfers: Vec<&Transfer> = transfers.iter().filter(|t| t.amount != 0).collect();
    if transfers.is_empty() {
        return Ok(());
    }
    let deltas = deltas(transfers.iter().copied());
    // One prepared statement per shape, cached on the connection: single-row inserts.
    let mut steps: Vec<BoxFuture<'_, Result<(), StoreError>>> = Vec::new();
    // The tables showing these balances (their pots, their seated players) are stamped, so
    // that what a server process kept of them is read again. First: like every writer, this
    // takes the tables' rows before balances, and in ascending order: its subquery locks
    // them sorted (the update alone would take them in the order it finds them).
    let stamped = Stamped::of(&deltas);
    if !stamped.leagues.is_empty() {
        use diesel::sql_types::{Array, Uuid as SqlUuid};
        let fut = diesel::sql_query(
            "UPDATE tables SET stamp = stamp + 1 WHERE id IN (SELECT id FROM tables \
             WHERE id = ANY($1) OR id IN (SELECT table_id FROM seats \
             WHERE league_id = ANY($2) AND player_id = ANY($3)) ORDER BY id FOR UPDATE)",
        )
        .bind::<Array<SqlUuid>, _>(&stamped.pots)
        .bind::<Array<SqlUuid>, _>(&stamped.leagues)
        .bind::<Array<SqlUuid>, _>(&stamped.players)
        .execute(&mut &*conn);
        steps.push(fut.map(|r| r.map(|_| ()).map_err(StoreError::from)).boxed());
    }
    for t in &transfers {
        let fut = diesel::insert_into(ledger::table)
            .values((
                ledger::league_id.eq(t.league_id),
                ledger::from_account.eq(&t.from_account),
                ledger::to_account.eq(&t.to_account),
                ledger::amount.eq(t.amount),
                ledger::reason.eq(t.reason.as_str()),
                ledger::table_id.eq(t.table_id),
                ledger::hand_no.eq(t.hand_no),
                ledger::event_seq.eq(t.event_seq),
                ledger::note.eq(&t.note),
            ))
            .execute(&mut &*conn);
        steps.push(fut.map(|r| r.map(|_| ()).map_err(StoreError::from)).boxed());
    }
    for (league, account, delta) in &deltas {
        let (league, delta) = (*league, *delta);
        if delta < 0 && account != TREASURY {
            // An account going down must exist and stay non-negative (the CHECK).
            let fut = diesel::update(
                balances::table
                    .filter(balances::league_id.eq(league))
                    .filter(balances::account.eq(account)),
            )
            .set(balances::balance.eq(balances::balance + delta))
            .execute(&mut &*conn);
            let account = account.clone();
            steps.push(
                fut.map(move |r| match r.map_err(StoreError::from) {
                    Ok(0) => Err(StoreError::Overdrawn(account)),
                    Ok(_) => Ok(()),
                    Err(e) if e.is_check_violation() => Err(StoreError::Overdrawn(account)),
                    Err(e) => Err(e),
                })
                .boxed(),
            );
        } else if delta != 0 {
            let fut = diesel::insert_into(balances::table)
                .values((
                    balances::league_id.eq(league),
                    balances::account.eq(account),
                    balances::balance.eq(delta),
                ))
                .on_conflict((balances::league_id, balances::account))
                .do_update()
                .set(balances::balance.eq(balances::balance + excluded(balances::balance)))
                .execute(&mut &*conn);
            steps.push(fut.map(|r| r.map(|_| ()).map_err(StoreError::from)).boxed());
        }
    }
    join_all(steps).await.into_iter().collect()
}

/// The leagues, the players and the tables (by their pots) whose balances some deltas move.
struct Stamped {
    leagues: Vec<Uuid>,
    players: Vec<Uuid>,
    pots: Vec<Uuid>,
}

impl Stamped {
    fn of(deltas: &[(Uuid, String, i64)]) -> Stamped {
        let mut stamped = Stamped {
            leagues: Vec::new(),
            players: Vec::new(),
            pots: Vec::new(),
        };
        for (league, account, _) in deltas {
            if let Some(player) = account.strip_prefix("player:").and_then(|p| p.parse().ok()) {
                stamped.players.push(player);
            } else if let Some(table) = account.strip_prefix("pot:").and_then(|t| t.parse().ok()) {
                stamped.pots.push(table);
            } else {
                continue;
            }
            if !stamped.leagues.contains(league) {
                stamped.leagues.push(*league);
            }
        }
        stamped
    }
}

/// An account's balance (0 when it never moved).
pub async fn balance(conn: &mut Conn, league: Uuid, account: &str) -> Result<i64, StoreError> {
    Ok(balances::table
        .filter(balances::league_id.eq(league))
        .filter(balances::account.eq(account))
        .select(balances::balance)
        .first(conn)
        .await
        .optional()?
        .unwrap_or(0))
}
