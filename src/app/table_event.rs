//! What the event log stores for a table: table events around the engine's hand events.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::engine::{Event, Seat, TableRules};

/// A seat and who sits there for a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlayer {
    pub seat: Seat,
    pub player_id: Uuid,
}

/// A seat's client seed for a hand's deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientSeed {
    pub seat: Seat,
    pub seed: String,
}

/// Chips for a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerAmount {
    pub player_id: Uuid,
    pub amount: i64,
}

/// One row of the event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TableEvent {
    TableCreated {
        name: String,
        rules: TableRules,
        fixed_decks: bool,
        /// SHA-256 of the first hand's server seed.
        commitment: String,
    },
    SeatTaken {
        seat: Seat,
        player_id: Uuid,
    },
    SeatLeft {
        seat: Seat,
        player_id: Uuid,
    },
    /// Who plays the hand, and how its deck was made; the engine's `hand_started` follows.
    HandDealt {
        hand_no: u32,
        players: Vec<SeatPlayer>,
        sitting_out: Vec<Seat>,
        fixed_deck: bool,
        commitment: String,
        /// Secret until the hand ends; then `seed_revealed` repeats it.
        server_seed: String,
        /// The seats' client seeds mixed into the deck.
        #[serde(default)]
        client_seeds: Vec<ClientSeed>,
    },
    /// A seat chose its client seed for the next hand.
    ClientSeedSet {
        seat: Seat,
        player_id: Uuid,
        seed: String,
    },
    /// The seat's time ran out: the server acted for it (the events that follow, up to the
    /// next table event, are that default action, not the player's choice).
    TurnTimedOut {
        seat: Seat,
        player_id: Uuid,
    },
    /// After `hand_ended`: this hand's seed, and the commitment to the next hand's.
    SeedRevealed {
        hand_no: u32,
        server_seed: String,
        next_commitment: String,
    },
    /// The table closed; its pot went back to these players (R10e).
    TableClosed {
        returned: Vec<PlayerAmount>,
    },
    #[serde(untagged)]
    Hand(Event),
}

impl TableEvent {
    pub fn kind(&self) -> &'static str {
        match self {
            TableEvent::TableCreated { .. } => "table_created",
            TableEvent::SeatTaken { .. } => "seat_taken",
            TableEvent::SeatLeft { .. } => "seat_left",
            TableEvent::HandDealt { .. } => "hand_dealt",
            TableEvent::SeedRevealed { .. } => "seed_revealed",
            TableEvent::TurnTimedOut { .. } => "turn_timed_out",
            TableEvent::TableClosed { .. } => "table_closed",
            TableEvent::ClientSeedSet { .. } => "client_seed_set",
            TableEvent::Hand(event) => event.kind(),
        }
    }
}
