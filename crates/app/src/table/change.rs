//! What a use case decides: a [`TableChange`] to a [`TableState`], and the state it leaves
//! (the fold of its events, see [`TableState::apply`]), which the one write path then
//! writes (see [`crate::table::pipeline::write`]).

use chrono::{DateTime, Utc};

use crate::AppError;
use crate::store::events::{NewEvent, chain};
use crate::store::ledger::Transfer;
use crate::table::event::TableEvent;
use crate::table::state::TableState;

/// A player who sits down: what the table shows of them, read from outside its log.
#[derive(Debug, Clone)]
pub struct Newcomer {
    pub username: String,
    pub display_name: Option<String>,
    pub avatar: Option<String>,
    pub balance: i64,
    pub bot: bool,
}

/// The events a command appends, the chips it moves, and the facts beside the log.
#[derive(Debug, Clone)]
pub struct TableChange {
    pub events: Vec<TableEvent>,
    /// Each names the event that caused it by its seq (the table's version plus the event's
    /// place in `events`, from 1).
    pub transfers: Vec<Transfer>,
    /// The next hand's server seed, when this change commits to a new one.
    pub next_seed: Option<Vec<u8>>,
    /// The player who sits down, if one does.
    pub newcomer: Option<Newcomer>,
    /// When the change is made: the turn's deadline runs from here.
    pub at: DateTime<Utc>,
}

impl TableChange {
    /// `events`, moving no chips, now.
    pub fn events(events: Vec<TableEvent>) -> TableChange {
        TableChange {
            events,
            transfers: Vec::new(),
            next_seed: None,
            newcomer: None,
            at: now(),
        }
    }

    /// The seq event `index` of `events` (from 0) gets on a table at `version`.
    pub fn seq_of(version: i64, index: usize) -> i64 {
        version + 1 + index as i64
    }
}

/// Now, in microseconds: what the database keeps, so a state built in memory equals a read.
pub fn now() -> DateTime<Utc> {
    chrono::SubsecRound::trunc_subsecs(Utc::now(), 6)
}

/// A change applied to the state it was decided on.
pub struct Committed {
    /// The state after: what a read finds once the change is written.
    pub after: TableState,
    /// The change's events as stored.
    pub rows: Vec<NewEvent>,
    /// Each row's `(seq, prev_hash, hash)`, chained from the state before.
    pub chained: Vec<(i64, String, String)>,
    pub transfers: Vec<Transfer>,
}

impl TableState {
    /// The state `change` leaves: its events folded in order, the newcomer's name and
    /// balance on their seat, the chips moved, the turn's deadline from `change.at` when
    /// the hand moved, the next seed when the change commits to one.
    pub fn commit(&self, change: TableChange) -> Result<Committed, AppError> {
        let mut after = self.clone();
        let mut rows = Vec::with_capacity(change.events.len());
        let mut hand_moved = false;
        for (i, event) in change.events.iter().enumerate() {
            after.apply(TableChange::seq_of(self.table.version, i), event, change.at)?;
            hand_moved |= matches!(event, TableEvent::Hand(_));
            rows.push(NewEvent {
                hand_no: after.table.hand_no,
                kind: event.kind(),
                payload: serde_json::to_value(event)
                    .map_err(|e| AppError::Internal(e.to_string()))?,
            });
        }
        if let Some(newcomer) = &change.newcomer
            && let Some(seat) = after
                .seats
                .iter_mut()
                .find(|s| !self.seats.iter().any(|b| b.player_id == s.player_id))
        {
            seat.username = newcomer.username.clone();
            seat.display_name = newcomer.display_name.clone();
            seat.avatar = newcomer.avatar.clone();
            seat.balance = newcomer.balance;
            seat.bot = newcomer.bot;
        }
        after.apply_transfers(&change.transfers);
        if hand_moved {
            let timeout = chrono::Duration::seconds(
                i64::try_from(after.rules.turn_timeout_secs).unwrap_or(0),
            );
            after.table.deadline = (!after.table.to_act.is_empty()).then(|| change.at + timeout);
        }
        if let Some(seed) = change.next_seed {
            after.table.next_seed = seed;
        }
        let chained = chain(self.table.version, &self.last_hash, &rows);
        if let Some((_, _, hash)) = chained.last() {
            after.last_hash = hash.clone();
        }
        Ok(Committed {
            after,
            rows,
            chained,
            transfers: change.transfers,
        })
    }
}
