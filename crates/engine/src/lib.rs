//! The rules engine: pure Bourré rules (docs/rules.md), no IO, no async, no database.

pub mod bot;
pub mod cards;
pub mod deck;
pub mod error;
pub mod hand;
mod play;
pub mod rules;
pub mod seating;
mod settle;
pub mod sim;
pub mod table;
pub mod view;

pub use cards::{Card, CardSet, Rank, Suit};
pub use deck::{Deck, HandKey};
pub use error::RuleError;
pub use hand::{Action, Event, HandStart, HandState, Outcome, Phase, Seat, Settlement, Status};
pub use play::PlaySight;
pub use rules::TableRules;
