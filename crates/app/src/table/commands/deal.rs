//! `POST /v1/tables/{id}/hands`: deal the next hand (R2a, R3, R4): who takes part and
//! antes, the dealer, the deck from the committed seed and the client seeds.

use crate::AppError;
use crate::ErrorCode;
use crate::engine::deck::{self, Deck, hand_key};
use crate::engine::table::{Seated, plan_hand};
use crate::engine::{Event, HandStart, Seat};
use crate::kernel::idempotency::{IdempotencyKey, Reply};
use crate::kernel::ids::SeatPlayer;
use crate::kernel::ids::{PlayerId, TableId};
use crate::store::ledger::{Account, Reason, Transfer};
use crate::store::tables::seat_u8;
use crate::table::Cases;
use crate::table::change::{TableChange, now};
use crate::table::event::{ClientSeed, TableEvent};
use crate::table::pipeline::{Access, Command};
use crate::table::state::TableState;
use crate::table::view::TableView;
use crate::table::{ensure_open, not_seated};

impl Cases<'_> {
    pub async fn start_hand(
        &self,
        player: PlayerId,
        id: TableId,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        // A deal that lost a race is decided again: on the hand the winner started (409
        // `hand_in_progress`) or on the balances a grant left (R2a).
        let command = Command::new(id, player, Access::Kept)
            .keyed(key)
            .creating()
            .retrying();
        self.decide_view(command, |state, _| deal(state, player))
            .await
    }
}

/// The next hand at `state`, dealt for `player` (who must be seated, between hands).
pub fn deal(state: &TableState, player: PlayerId) -> Result<TableChange, AppError> {
    ensure_open(state)?;
    if state.seat_of(player.0).is_none() {
        return Err(not_seated("only a seated player may start a hand"));
    }
    if state.table.in_hand {
        return Err(AppError::refused(
            ErrorCode::HandInProgress,
            "a hand is already in play",
        ));
    }
    let table = &state.table;
    if let Some(limit) = table.hand_limit
        && table.hand_no >= limit
    {
        return Err(AppError::refused(
            ErrorCode::HandLimitReached,
            format!("this table deals {limit} hands, and dealt them"),
        ));
    }
    let rules = state.rules;
    let seated: Vec<Seated> = state
        .seats
        .iter()
        .map(|s| Seated {
            seat: s.seat,
            balance: s.balance,
            exempt: table.exempt.contains(&s.player_id),
        })
        .collect();
    let plan = plan_hand(&rules, &seated, table.dealer.map(seat_u8))
        .map_err(|e| AppError::refused(ErrorCode::NotEnoughPlayers, e.to_string()))?;
    let hand_no = u32::try_from(table.hand_no + 1).unwrap_or(u32::MAX);
    let seed = &table.next_seed;
    let takes_part = |seat: Seat| plan.entrants.iter().any(|e| e.seat == seat);
    let client_seeds: Vec<ClientSeed> = state
        .seats
        .iter()
        .filter(|s| takes_part(s.seat))
        .filter_map(|s| {
            s.client_seed
                .clone()
                .map(|seed| ClientSeed { seat: s.seat, seed })
        })
        .collect();
    let pairs: Vec<(Seat, &str)> = client_seeds
        .iter()
        .map(|c| (c.seat, c.seed.as_str()))
        .collect();
    let key = hand_key(seed, &table.id.to_string(), hand_no, &pairs);
    let fixed = match &table.fixed_decks {
        Some(value) => {
            let decks: Vec<Vec<String>> = serde_json::from_value(value.clone())
                .map_err(|e| AppError::Internal(e.to_string()))?;
            crate::table::commands::create::parse_decks(&decks)?
                .into_iter()
                .nth(hand_no as usize - 1)
        }
        None => None,
    };
    let fixed_deck = fixed.is_some();
    let players: Vec<SeatPlayer> = state
        .seats
        .iter()
        .filter(|s| takes_part(s.seat))
        .map(|s| SeatPlayer {
            seat: s.seat,
            player_id: s.player_id,
        })
        .collect();
    let start = HandStart {
        hand_no,
        dealer: plan.dealer,
        rules,
        entrants: plan.entrants.clone(),
        carried: state.pot,
        deck: fixed.unwrap_or_else(|| Deck::shuffled(&key)),
        key,
    };
    let dealt = TableEvent::HandDealt {
        hand_no,
        players: players.clone(),
        sitting_out: plan.sitting_out.clone(),
        fixed_deck,
        commitment: deck::commitment(seed),
        server_seed: hex::encode(seed),
        client_seeds,
    };
    let started = TableEvent::Hand(Event::HandStarted(Box::new(start)));
    let started_seq = TableChange::seq_of(table.version, 1);
    let transfers: Vec<Transfer> = plan
        .entrants
        .iter()
        .filter(|e| e.ante > 0)
        .filter_map(|e| {
            let p = players.iter().find(|p| p.seat == e.seat)?;
            Some(Transfer {
                league_id: table.league_id,
                from_account: Account::Player(p.player_id),
                to_account: Account::Pot(table.id),
                amount: e.ante,
                reason: Reason::Ante,
                table_id: Some(table.id),
                hand_no: Some(hand_no as i32),
                event_seq: Some(started_seq),
                note: None,
            })
        })
        .collect();
    Ok(TableChange {
        events: vec![dealt, started],
        transfers,
        next_seed: None,
        newcomer: None,
        at: now(),
    })
}
