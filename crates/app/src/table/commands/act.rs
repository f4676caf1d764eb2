//! `POST /v1/tables/{id}/actions`, and the sweeper's timeouts: the engine decides a move
//! (R5-R10), its chips follow (extra antes, pots won, bourré payments), and a seat that
//! timed out twice in a row stands up when the hand ends.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::AppError;
use crate::engine::deck;
use crate::engine::{Action, Event, RuleError, Seat};
use crate::kernel::idempotency::{IdempotencyKey, Reply};
use crate::kernel::ids::{PlayerId, TableId};
use crate::store::ledger::{Account, Reason, Transfer};
use crate::table::Cases;
use crate::table::change::{TableChange, now};
use crate::table::event::TableEvent;
use crate::table::not_seated;
use crate::table::pipeline::{Access, Command};
use crate::table::state::{CurrentHand, TableState};
use crate::table::view::TableView;

/// Consecutive timeouts after which a seat stands up when the hand ends.
pub const TIMEOUTS_TO_STAND_UP: i16 = 2;

impl Cases<'_> {
    /// Performs `action` for the caller's seat. Without `expected_version`, a lost race
    /// is decided again on the new state; with an idempotency key, a retry returns the
    /// stored response.
    pub async fn act(
        &self,
        player: PlayerId,
        id: TableId,
        expected_version: Option<i64>,
        action: Action,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let command = Command {
            retry: expected_version.is_none() || key.is_some(),
            ..Command::new(id, player, Access::Kept).keyed(key)
        };
        self.decide_view(command, |state, _| {
            let seat = state
                .seat_of(player.0)
                .ok_or_else(|| not_seated("only a seated player may act at this table"))?;
            if let Some(expected) = expected_version
                && expected != state.table.version
            {
                return Err(crate::table::version_conflict(state.table.version));
            }
            act(state, seat, &action)
        })
        .await
    }
}

/// `seat`'s action at `state`.
pub fn act(state: &TableState, seat: Seat, action: &Action) -> Result<TableChange, AppError> {
    let hand = hand_in_play(state)?;
    let mut after = hand.state.clone();
    let events: Vec<TableEvent> = after
        .act(seat, action)?
        .into_iter()
        .map(TableEvent::Hand)
        .collect();
    finish(state, hand, events, &after)
}

/// The server's default action for every seat whose turn it is, each after a
/// `turn_timed_out` event; `None` when no seat is to act.
pub fn time_out(state: &TableState) -> Result<Option<TableChange>, AppError> {
    let hand = hand_in_play(state)?;
    let mut after = hand.state.clone();
    let mut events = Vec::new();
    for seat in after.to_act() {
        let Some(action) = crate::engine::bot::timeout_action(&after, seat) else {
            continue;
        };
        let player_id = hand
            .player_at(seat)
            .ok_or_else(|| AppError::Internal(format!("no player at seat {seat}")))?;
        events.push(TableEvent::TurnTimedOut { seat, player_id });
        let caused = after
            .act(seat, &action)
            .map_err(|e| AppError::Internal(format!("the timeout action was refused: {e}")))?;
        events.extend(caused.into_iter().map(TableEvent::Hand));
    }
    if events.is_empty() {
        return Ok(None);
    }
    finish(state, hand, events, &after).map(Some)
}

fn hand_in_play(state: &TableState) -> Result<&CurrentHand, AppError> {
    state
        .hand_in_play()
        .ok_or(AppError::Rule(RuleError::WrongPhase("between hands")))
}

/// The change of a move's `events`, which leave the hand at `after`: their chips, and
/// when the hand ends, the seed revealed and the seats that stand up.
fn finish(
    state: &TableState,
    hand: &CurrentHand,
    mut events: Vec<TableEvent>,
    after: &crate::engine::HandState,
) -> Result<TableChange, AppError> {
    let at = now();
    let transfers = chip_moves(state, hand, &events);
    let mut next_seed = None;
    if after.settlement().is_some() {
        let seed: [u8; 32] = rand::random();
        events.push(TableEvent::SeedRevealed {
            hand_no: hand.state.hand_no(),
            server_seed: hand.server_seed.clone(),
            next_commitment: deck::commitment(&seed),
        });
        next_seed = Some(seed.to_vec());
        for (seat, player_id) in standing_up(state, &events, at)? {
            events.push(TableEvent::SeatLeft { seat, player_id });
        }
    }
    Ok(TableChange {
        events,
        transfers,
        next_seed,
        newcomer: None,
        at,
    })
}

/// The seats that timed out [`TIMEOUTS_TO_STAND_UP`] times in a row once `events` are in:
/// they stand up as the hand ends.
fn standing_up(
    state: &TableState,
    events: &[TableEvent],
    at: DateTime<Utc>,
) -> Result<Vec<(Seat, Uuid)>, AppError> {
    let mut folded = state.clone();
    for (i, event) in events.iter().enumerate() {
        folded.apply(TableChange::seq_of(state.table.version, i), event, at)?;
    }
    Ok(folded
        .seats
        .iter()
        .filter(|s| s.timeouts >= TIMEOUTS_TO_STAND_UP)
        .map(|s| (s.seat, s.player_id))
        .collect())
}

/// The ledger entries of a move's hand events: extra antes, pots won, bourré payments.
fn chip_moves(state: &TableState, hand: &CurrentHand, events: &[TableEvent]) -> Vec<Transfer> {
    let table = state.table.id;
    let hand_no = hand.state.hand_no() as i32;
    let player_of = |seat: Seat| hand.player_at(seat).map(Account::Player);
    let mut out = Vec::new();
    let mut push = |from: Option<Account>, to: Option<Account>, amount: i64, reason, seq| {
        if let (Some(from_account), Some(to_account)) = (from, to) {
            out.push(Transfer {
                league_id: state.table.league_id,
                from_account,
                to_account,
                amount,
                reason,
                table_id: Some(table),
                hand_no: Some(hand_no),
                event_seq: Some(seq),
                note: None,
            });
        }
    };
    let pot = || Some(Account::Pot(table));
    for (i, event) in events.iter().enumerate() {
        let seq = TableChange::seq_of(state.table.version, i);
        let TableEvent::Hand(event) = event else {
            continue;
        };
        match event {
            Event::Declared {
                seat, extra_ante, ..
            } if *extra_ante > 0 => {
                push(player_of(*seat), pot(), *extra_ante, Reason::ExtraAnte, seq)
            }
            Event::Revealed { extra_antes, .. } => {
                for extra in extra_antes {
                    push(
                        player_of(extra.seat),
                        pot(),
                        extra.amount,
                        Reason::ExtraAnte,
                        seq,
                    );
                }
            }
            Event::HandEnded(settlement) => {
                for payout in &settlement.payouts {
                    push(
                        pot(),
                        player_of(payout.seat),
                        payout.amount,
                        Reason::PotWon,
                        seq,
                    );
                }
                for bourre in &settlement.bourre {
                    push(
                        player_of(bourre.seat),
                        pot(),
                        bourre.amount,
                        Reason::Bourre,
                        seq,
                    );
                }
            }
            _ => {}
        }
    }
    out
}
