//! A table's state and the one fold that moves it: [`TableState::apply`] of each
//! [`TableEvent`], used after every write (see [`crate::table::change`]), when a table is read
//! (its current hand replayed), by the kept tables and by `bourre rebuild`.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::AppError;
use crate::engine::{Event, HandState, Seat, Settlement, TableRules};
use crate::kernel::ids::SeatPlayer;
use crate::store::ledger::{Account, Transfer};
pub use crate::store::tables::{SeatRow, TableRow};
use crate::table::event::TableEvent;

/// A table's rules as stored.
pub fn rules_of(table: &TableRow) -> Result<TableRules, AppError> {
    serde_json::from_value(table.rules.clone())
        .map_err(|e| AppError::Internal(format!("stored rules unreadable: {e}")))
}

/// The hand being played (or the last one played), replayed from its events.
#[derive(Clone)]
pub struct CurrentHand {
    pub state: HandState,
    pub players: Vec<SeatPlayer>,
    pub server_seed: String,
    pub commitment: String,
    pub fixed_deck: bool,
}

impl CurrentHand {
    pub fn player_at(&self, seat: Seat) -> Option<Uuid> {
        self.players
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| p.player_id)
    }
}

/// A table with everything a use case decides on and a view shows.
#[derive(Clone)]
pub struct TableState {
    pub table: TableRow,
    pub rules: TableRules,
    pub seats: Vec<SeatRow>,
    /// The chips in the table's pot.
    pub pot: i64,
    pub hand: Option<CurrentHand>,
    /// The hash of the last event (`table.version`'s).
    pub last_hash: String,
    /// The settlement of the hand before the current one.
    pub previous: Option<Settlement>,
    /// What the fold is in the middle of (nothing between two events' writes).
    fold: Fold,
}

/// The fold's memory between two events of one write.
#[derive(Clone, Default)]
struct Fold {
    /// A `hand_dealt` whose `hand_started` follows.
    dealt: Option<Dealt>,
    /// A seat whose time ran out: its next action event is the server's, not the player's.
    defaulting: Option<Seat>,
}

#[derive(Clone)]
struct Dealt {
    players: Vec<SeatPlayer>,
    server_seed: String,
    commitment: String,
    fixed_deck: bool,
}

fn replay_error(seq: i64, e: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("event {seq} does not replay: {e}"))
}

/// The seat an engine event is the action of, if any.
fn actor(event: &Event) -> Option<Seat> {
    match event {
        Event::Declared { seat, .. } | Event::Drew { seat, .. } | Event::Played { seat, .. } => {
            Some(*seat)
        }
        _ => None,
    }
}

impl TableState {
    /// The table as its row, seats, pot and current hand's events (from its `hand_dealt`
    /// on, in order) give it.
    pub fn from_stored(
        table: TableRow,
        seats: Vec<SeatRow>,
        pot: i64,
        hand_events: &[(i64, TableEvent)],
        last_hash: String,
        previous: Option<Settlement>,
    ) -> Result<TableState, AppError> {
        let rules = rules_of(&table)?;
        let mut fold = Fold::default();
        let mut hand = None;
        for (seq, event) in hand_events {
            apply_to_hand(&mut hand, &mut fold, *seq, event)?;
        }
        Ok(TableState {
            table,
            rules,
            seats,
            pot,
            hand,
            last_hash,
            previous,
            fold,
        })
    }

    /// The table of `row` before its first event, from which its whole log folds (see
    /// `bourre rebuild`).
    pub fn genesis(mut row: TableRow) -> Result<TableState, AppError> {
        row.version = 0;
        row.hand_no = 0;
        row.hand_seq = None;
        row.in_hand = false;
        row.dealer = None;
        row.exempt = Vec::new();
        row.to_act = Vec::new();
        row.deadline = None;
        row.closed_at = None;
        TableState::from_stored(
            row,
            Vec::new(),
            0,
            &[],
            crate::store::events::GENESIS_HASH.to_owned(),
            None,
        )
    }

    /// `TableView.last_hand`: the current hand's settlement when it ended, else the
    /// previous hand's.
    pub fn last_settlement(&self) -> Option<&Settlement> {
        self.hand
            .as_ref()
            .and_then(|h| h.state.settlement())
            .or(self.previous.as_ref())
    }

    pub fn seat_of(&self, player: Uuid) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.player_id == player)
            .map(|s| s.seat)
    }

    /// The hand in play, if one is.
    pub fn hand_in_play(&self) -> Option<&CurrentHand> {
        self.hand.as_ref().filter(|_| self.table.in_hand)
    }

    /// Whether `player` was dealt into the hand in play.
    pub fn dealt_in(&self, player: Uuid) -> bool {
        self.hand_in_play()
            .is_some_and(|h| h.players.iter().any(|p| p.player_id == player))
    }

    /// Moves the table's state by one event, event `seq` of its log, written at `at`. The
    /// names and balances of players who sit down, the deadline and the next hand's seed are
    /// not in the log: see [`crate::table::change::TableChange`].
    pub fn apply(
        &mut self,
        seq: i64,
        event: &TableEvent,
        at: DateTime<Utc>,
    ) -> Result<(), AppError> {
        let table = &mut self.table;
        table.version = seq;
        match event {
            TableEvent::TableCreated { .. } | TableEvent::SeedRevealed { .. } => {}
            TableEvent::SeatTaken { seat, player_id } => {
                self.seats.push(SeatRow {
                    seat: *seat,
                    player_id: *player_id,
                    username: String::new(),
                    display_name: None,
                    avatar: None,
                    balance: 0,
                    client_seed: None,
                    timeouts: 0,
                    bot: false,
                });
                self.seats.sort_by_key(|s| s.seat);
            }
            TableEvent::SeatLeft { seat, player_id } => {
                self.seats.retain(|s| s.seat != *seat);
                table.exempt.retain(|p| p != player_id);
            }
            TableEvent::ClientSeedSet { seat, seed, .. } => {
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == *seat) {
                    s.client_seed = Some(seed.clone());
                }
            }
            TableEvent::TurnTimedOut { seat, .. } => {
                if let Some(s) = self.seats.iter_mut().find(|s| s.seat == *seat) {
                    s.timeouts = s.timeouts.saturating_add(1);
                }
                self.fold.defaulting = Some(*seat);
            }
            TableEvent::TableClosed { .. } => {
                self.seats.clear();
                table.exempt.clear();
                table.closed_at = Some(at);
            }
            TableEvent::HandDealt { hand_no, .. } => {
                self.previous = self.last_settlement().cloned();
                let table = &mut self.table;
                table.hand_no = i32::try_from(*hand_no).unwrap_or(i32::MAX);
                table.hand_seq = Some(seq);
                table.in_hand = true;
                table.exempt.clear();
                for s in &mut self.seats {
                    s.client_seed = None;
                }
                apply_to_hand(&mut self.hand, &mut self.fold, seq, event)?;
            }
            TableEvent::Hand(hand_event) => {
                apply_to_hand(&mut self.hand, &mut self.fold, seq, event)?;
                if let Some(seat) = actor(hand_event) {
                    if self.fold.defaulting == Some(seat) {
                        self.fold.defaulting = None;
                    } else if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
                        s.timeouts = 0;
                    }
                }
                let hand = self
                    .hand
                    .as_ref()
                    .ok_or_else(|| replay_error(seq, "no hand"))?;
                let table = &mut self.table;
                match hand_event {
                    Event::HandStarted(start) => table.dealer = Some(i16::from(start.dealer)),
                    Event::HandEnded(settlement) => {
                        table.in_hand = false;
                        table.exempt = settlement
                            .exempt
                            .iter()
                            .filter_map(|seat| hand.player_at(*seat))
                            .collect();
                    }
                    _ => {}
                }
                table.to_act = if table.in_hand {
                    hand.state
                        .to_act()
                        .iter()
                        .filter_map(|seat| hand.player_at(*seat))
                        .collect()
                } else {
                    Vec::new()
                };
            }
        }
        Ok(())
    }

    /// Moves the seats' balances and the pot as `transfers` move them in the ledger.
    pub fn apply_transfers(&mut self, transfers: &[Transfer]) {
        let pot = Account::Pot(self.table.id);
        for t in transfers {
            if t.from_account == pot {
                self.pot -= t.amount;
            }
            if t.to_account == pot {
                self.pot += t.amount;
            }
            for seat in &mut self.seats {
                let account = Account::Player(seat.player_id);
                if t.from_account == account {
                    seat.balance -= t.amount;
                }
                if t.to_account == account {
                    seat.balance += t.amount;
                }
            }
        }
    }
}

/// The hand's part of the fold: `hand_dealt` and the engine's events.
fn apply_to_hand(
    hand: &mut Option<CurrentHand>,
    fold: &mut Fold,
    seq: i64,
    event: &TableEvent,
) -> Result<(), AppError> {
    match event {
        TableEvent::HandDealt {
            players,
            server_seed,
            commitment,
            fixed_deck,
            ..
        } => {
            fold.dealt = Some(Dealt {
                players: players.clone(),
                server_seed: server_seed.clone(),
                commitment: commitment.clone(),
                fixed_deck: *fixed_deck,
            });
        }
        TableEvent::Hand(Event::HandStarted(start)) => {
            let dealt = fold
                .dealt
                .take()
                .ok_or_else(|| replay_error(seq, "hand_started without hand_dealt"))?;
            *hand = Some(CurrentHand {
                state: HandState::start(start).map_err(|e| replay_error(seq, e))?,
                players: dealt.players,
                server_seed: dealt.server_seed,
                commitment: dealt.commitment,
                fixed_deck: dealt.fixed_deck,
            });
        }
        TableEvent::Hand(event) => hand
            .as_mut()
            .ok_or_else(|| replay_error(seq, "hand event before hand_started"))?
            .state
            .apply(event)
            .map_err(|e| replay_error(seq, e))?,
        _ => {}
    }
    Ok(())
}
