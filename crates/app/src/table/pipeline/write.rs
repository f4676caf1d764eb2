//! The one write path of a table: a [`Committed`] change, written as the difference between
//! the state it was decided on and the state it leaves ([`table_write`]: events, chips,
//! seats and projection in one statement guarded by the version).

use uuid::Uuid;

use crate::AppError;
use crate::leagues::standings::hand_lines;
use crate::store::ledger::Account;
use crate::store::standings::HandLine;
use crate::store::table_write::{
    self, NewHand, Prepared, Projection, SeatChanges, SeatUpdate, TableWrite, Unchecked,
};
use crate::store::{Conn, StoreError};
use crate::table::change::Committed;
use crate::table::pipeline::writes::Writes;
use crate::table::state::TableState;

/// Where a change is written: on the caller's connection (in its transaction, if any), or
/// queued to be committed with others (see [`Writes`]).
pub enum Writer<'a> {
    Conn(&'a mut Conn),
    Queued(&'a Writes),
}

/// How the seats of `before` became those of `after`.
fn seat_changes(before: &TableState, after: &TableState) -> SeatChanges {
    let mut changes = SeatChanges::default();
    for b in &before.seats {
        match after
            .seats
            .iter()
            .find(|a| a.seat == b.seat && a.player_id == b.player_id)
        {
            None => changes.gone.push(i16::from(b.seat)),
            Some(a) if (a.timeouts, &a.client_seed) != (b.timeouts, &b.client_seed) => {
                changes.updated.push(SeatUpdate {
                    player_id: a.player_id,
                    timeouts: a.timeouts,
                    client_seed: a.client_seed.clone(),
                });
            }
            Some(_) => {}
        }
    }
    for a in &after.seats {
        if !before
            .seats
            .iter()
            .any(|b| b.seat == a.seat && b.player_id == a.player_id)
        {
            changes.taken.push((i16::from(a.seat), a.player_id));
        }
    }
    changes
}

/// The lines of the hand `committed` ends, if it ends one: the hand the state after it
/// holds, with its players and settlement (a deal is a change of its own, so a change
/// that ends a hand deals none after it).
fn ended_hand(committed: &Committed) -> Vec<HandLine> {
    if !committed.rows.iter().any(|row| row.kind == "hand_ended") {
        return Vec::new();
    }
    committed
        .after
        .hand
        .as_ref()
        .and_then(|h| h.state.settlement().map(|s| hand_lines(&h.players, s)))
        .unwrap_or_default()
}

/// Writes `committed`, decided on `before` (or on what this process kept of it, then
/// `unchecked`): 409 `version_conflict` when the table moved on since.
pub async fn write(
    writer: Writer<'_>,
    before: &TableState,
    committed: &Committed,
    unchecked: Option<Unchecked>,
) -> Result<(), AppError> {
    let after = &committed.after;
    let (b, a) = (&before.table, &after.table);
    let seats = seat_changes(before, after);
    // Players paid who do not sit here may sit at another table of the league.
    let stamp_seated: Vec<Uuid> = after
        .hand
        .iter()
        .flat_map(|h| h.players.iter().map(|p| p.player_id))
        .chain(before.seats.iter().map(|s| s.player_id))
        .filter(|p| after.seat_of(*p).is_none())
        .filter(|p| {
            committed
                .transfers
                .iter()
                .any(|t| t.to_account == Account::Player(*p))
        })
        .collect();
    let ended = ended_hand(committed);
    let write = TableWrite {
        table_id: b.id,
        league_id: b.league_id,
        version: b.version,
        events: &committed.rows,
        chained: &committed.chained,
        transfers: &committed.transfers,
        ended: &ended,
        projection: Projection {
            to_act: &a.to_act,
            deadline: a.deadline,
            in_hand: a.in_hand,
            exempt: &a.exempt,
            next_seed: &a.next_seed,
            new_hand: (a.hand_seq != b.hand_seq).then(|| NewHand {
                hand_no: a.hand_no,
                hand_seq: a.hand_seq.unwrap_or(0),
                dealer: a.dealer.unwrap_or(0),
            }),
            closed_at: a.closed_at.filter(|_| b.closed_at.is_none()),
        },
        seats: &seats,
        stamp_seated: &stamp_seated,
        unchecked,
        notices: &crate::table::notices::announced(before, committed, chrono::Utc::now()),
    };
    let written = match writer {
        Writer::Conn(conn) => table_write::write(conn, &write).await,
        Writer::Queued(writes) => writes.submit(Prepared::new(&write)).await,
    };
    match written {
        Ok(Some(_)) => {
            if crate::kernel::metrics::on() {
                let kind = committed.rows.first().map_or("none", |e| e.kind);
                metrics::counter!("bourre_actions_committed_total", "kind" => kind).increment(1);
            }
            Ok(())
        }
        Ok(None) => Err(crate::table::moved_on()),
        // The decision was made on balances that changed before the write took the table's
        // row (a grant or a removal committed in between): the table moved on.
        Err(StoreError::Overdrawn(account)) => {
            // A race the retry settles; logged, since a state kept wrong would look alike.
            crate::kernel::obs::warn(
                "a table's write found a balance changed since its read",
                serde_json::json!({"table": before.table.id, "account": account}),
            );
            Err(crate::table::balances_moved())
        }
        Err(other) => Err(other.into()),
    }
}
