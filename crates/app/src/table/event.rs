//! What the event log stores for a table: table events around the engine's hand events.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::engine::{Event, Seat, TableRules};
use crate::kernel::ids::SeatPlayer;

/// A seat's client seed for a hand's deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ClientSeed {
    /// The seat, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// The seed its player set (`PUT .../seats/me/client-seed`).
    pub seed: String,
}

/// Chips for a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlayerAmount {
    /// The player.
    pub player_id: Uuid,
    /// Chips.
    pub amount: i64,
}

/// The schema of [`TableEvent`] as stored: one of the table's own kinds, or an engine
/// event (its `Hand` variant carries no tag of its own, which the derived schema misses).
pub struct TableEventSchema;

impl utoipa::PartialSchema for TableEventSchema {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::Schema;
        use utoipa::openapi::{Ref, RefOr};
        let mut schema = <TableEvent as utoipa::PartialSchema>::schema();
        if let RefOr::T(Schema::OneOf(one_of)) = &mut schema
            && let Some(hand) = one_of.items.last_mut()
        {
            *hand = Ref::from_schema_name("Event").into();
        }
        schema
    }
}

impl utoipa::ToSchema for TableEventSchema {
    fn name() -> std::borrow::Cow<'static, str> {
        "TableEvent".into()
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <TableEvent as utoipa::ToSchema>::schemas(schemas);
    }
}

/// One row of the event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TableEvent {
    TableCreated {
        /// The table's name.
        name: String,
        /// The rules the table was created with.
        rules: TableRules,
        /// Whether the table was created with fixed decks (R4a): its hands are never called
        /// fair.
        fixed_decks: bool,
        /// SHA-256 of the first hand's server seed.
        commitment: String,
    },
    SeatTaken {
        /// The seat taken, 0-7.
        #[schema(value_type = u8, maximum = 7)]
        seat: Seat,
        /// The player who sat down.
        player_id: Uuid,
    },
    SeatLeft {
        /// The seat left, 0-7.
        #[schema(value_type = u8, maximum = 7)]
        seat: Seat,
        /// The player who left it.
        player_id: Uuid,
    },
    /// Who plays the hand, and how its deck was made; the engine's `hand_started` follows.
    HandDealt {
        /// The table's hand number, from 1.
        hand_no: u32,
        /// The seats dealt in, and their players.
        players: Vec<SeatPlayer>,
        /// Seated players who cannot cover their ante and sit this hand out (R3).
        #[schema(value_type = Vec<u8>)]
        sitting_out: Vec<Seat>,
        /// Whether the deck is the table's fixed deck for this hand, not shuffled from the
        /// seeds (never called fair).
        fixed_deck: bool,
        /// SHA-256 of the hand's server seed, hex, as published before the hand.
        commitment: String,
        /// Secret until the hand ends; then `seed_revealed` repeats it.
        server_seed: String,
        /// The seats' client seeds mixed into the deck.
        #[serde(default)]
        client_seeds: Vec<ClientSeed>,
    },
    /// A seat chose its client seed for the next hand.
    ClientSeedSet {
        /// The seat, 0-7.
        #[schema(value_type = u8, maximum = 7)]
        seat: Seat,
        /// The player sitting there.
        player_id: Uuid,
        /// The seed, mixed into the next hand's deck.
        seed: String,
    },
    /// The seat's time ran out: the server acted for it (the events that follow, up to the
    /// next table event, are that default action, not the player's choice).
    TurnTimedOut {
        /// The seat whose time ran out, 0-7.
        #[schema(value_type = u8, maximum = 7)]
        seat: Seat,
        /// The player sitting there.
        player_id: Uuid,
    },
    /// After `hand_ended`: this hand's seed, and the commitment to the next hand's.
    SeedRevealed {
        /// The hand that ended, whose seed this is.
        hand_no: u32,
        /// That hand's server seed, hex: its SHA-256 is the hand's `commitment`.
        server_seed: String,
        /// SHA-256 of the next hand's server seed, hex, published before that hand.
        next_commitment: String,
    },
    /// The table closed; its pot went back to these players (R10e).
    TableClosed {
        /// The players the pot's chips went back to, and how many each (R10e).
        returned: Vec<PlayerAmount>,
    },
    #[serde(untagged)]
    Hand(Event),
}

impl TableEvent {
    /// The kinds of the table's own events; every other kind is the engine's.
    const TABLE_KINDS: [&'static str; 8] = [
        "table_created",
        "seat_taken",
        "seat_left",
        "hand_dealt",
        "seed_revealed",
        "turn_timed_out",
        "table_closed",
        "client_seed_set",
    ];

    /// Reads a stored payload. An engine event is read as one directly: trying the table's
    /// own variants first (serde's order for the untagged `Hand`) would build and drop an
    /// error for every hand event.
    pub fn from_payload(payload: &Value) -> Result<TableEvent, serde_json::Error> {
        use serde::Deserialize;
        let engine_kind = payload
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|kind| !Self::TABLE_KINDS.contains(&kind));
        if engine_kind && let Ok(event) = Event::deserialize(payload) {
            return Ok(TableEvent::Hand(event));
        }
        TableEvent::deserialize(payload)
    }

    /// [`TableEvent::from_payload`] for event `seq` of the log: an event that cannot be read
    /// is a fault of the log, never skipped.
    pub fn decode(seq: i64, payload: &Value) -> Result<TableEvent, crate::AppError> {
        TableEvent::from_payload(payload)
            .map_err(|e| crate::AppError::Internal(format!("event {seq} unreadable: {e}")))
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_read_back_whichever_kind() {
        let player_id = Uuid::new_v4();
        let events = [
            TableEvent::SeatLeft { seat: 2, player_id },
            TableEvent::TurnTimedOut { seat: 1, player_id },
            TableEvent::TableClosed { returned: vec![] },
            TableEvent::Hand(Event::Declared {
                seat: 3,
                play: true,
                extra_ante: 0,
                draw: None,
            }),
            TableEvent::Hand(Event::Revealed {
                playing: vec![0, 1],
                extra_antes: vec![],
            }),
        ];
        for event in events {
            let payload = serde_json::to_value(&event).expect("serializes");
            let table_level = !matches!(event, TableEvent::Hand(_));
            assert_eq!(TableEvent::TABLE_KINDS.contains(&event.kind()), table_level);
            assert_eq!(TableEvent::from_payload(&payload).expect("reads"), event);
        }
        let unknown = serde_json::json!({"type": "no_such_event"});
        assert!(TableEvent::from_payload(&unknown).is_err());
    }
}
