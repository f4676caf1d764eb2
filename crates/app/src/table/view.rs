//! `TableView` and the caller's view of events: the engine's redaction, shaped for the wire.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::engine::hand::SeatAmount;
use crate::engine::view::{EventView, Legal, SeatState, TrickView, redact, reveal};
use crate::engine::{CardSet, Phase, Settlement, TableRules};
use crate::kernel::ids::PlayerId;
use crate::kernel::ids::SeatPlayer;
use crate::kernel::shown::Avatar;
use crate::store::events::EventRow;
use crate::table::event::{ClientSeed, TableEvent, TableEventSchema};
use crate::table::state::TableState;

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrumpOut {
    /// `C`, `D`, `H` or `S`.
    pub suit: String,
    /// The face-up card while the dealer holds it (R4).
    pub card: Option<String>,
}

/// Where a seated player stands in the hand in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatStatus {
    Undecided,
    /// Declared under `simultaneous_declare`, not yet revealed.
    Declared,
    Passed,
    Playing,
    /// Not dealt into this hand.
    SittingOut,
}

impl From<SeatState> for SeatStatus {
    fn from(state: SeatState) -> SeatStatus {
        match state {
            SeatState::Undecided => SeatStatus::Undecided,
            SeatState::Declared => SeatStatus::Declared,
            SeatState::Passed => SeatStatus::Passed,
            SeatState::Playing => SeatStatus::Playing,
        }
    }
}

/// Where a table stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Between hands.
    Waiting,
    /// A hand is in play.
    Playing,
    Closed,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SeatOut {
    /// The seat, 0-7.
    pub seat: u8,
    /// The player sitting there.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
    /// The name they chose to be shown by; null when they chose none or the caller blocked
    /// them (show the username).
    pub display_name: Option<String>,
    /// Their avatar; null when they chose none or the caller blocked them.
    pub avatar: Option<Avatar>,
    /// League balance now.
    pub balance: i64,
    /// In the hand in play; `null` between hands.
    pub state: Option<SeatStatus>,
    /// Tricks taken in the hand in play, or in the last hand until the next one starts.
    pub tricks: u8,
    /// Cards the player holds in the hand in play (0 once they passed); 0 between hands.
    pub card_count: usize,
    /// Cards the player discarded in the hand in play; 0 between hands.
    pub discard_count: usize,
    /// A server-side bot (`POST /v1/tables/{table_id}/bots`).
    pub bot: bool,
}

crate::kernel::shown::named_by_player_id!(SeatOut);

#[derive(Debug, Serialize, ToSchema)]
pub struct ToActOut {
    /// The seat to act, 0-7.
    pub seat: u8,
    /// The player sitting there.
    pub player_id: Uuid,
    /// When the turn times out and the server acts for the seat: `rules.turn_timeout_secs`
    /// after the hand's last move.
    pub deadline: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlayOut {
    /// The seat that played the card.
    pub seat: u8,
    /// The card, such as `10H` or `AS`.
    pub card: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrickOut {
    /// The seat that led the trick (R9).
    pub leader_seat: u8,
    /// The cards played to the trick, in order.
    pub plays: Vec<PlayOut>,
    /// The seat that won the trick (R9e); null while it is being played.
    pub winner_seat: Option<u8>,
}

impl From<&TrickView> for TrickOut {
    fn from(t: &TrickView) -> TrickOut {
        TrickOut {
            leader_seat: t.leader_seat,
            plays: t
                .plays
                .iter()
                .map(|p| PlayOut {
                    seat: p.seat,
                    card: p.card.to_string(),
                })
                .collect(),
            winner_seat: t.winner_seat,
        }
    }
}

/// What the caller may do now.
#[derive(Debug, Serialize, ToSchema)]
pub struct LegalOut {
    /// `declare`, `draw` or `play`.
    pub action: Phase,
    /// Declaring: whether the caller may pass (a dealer who turned up the ace of trumps may
    /// not, R7); null in the other phases.
    pub can_pass: Option<bool>,
    /// Declaring: whether the caller may play (not when they cannot cover the pot and hold no
    /// ace of trumps, R8a); null in the other phases.
    pub can_play: Option<bool>,
    /// Declaring in turn, or drawing: the most cards that may be discarded
    /// (`rules.max_discard`, else `hand_size`; R5b); null otherwise.
    pub max_discard: Option<usize>,
    /// A card that must not be discarded (the ace of trumps, R8a).
    pub must_keep: Option<String>,
    /// The legal cards to play (R9-R9d).
    pub cards: Option<Vec<String>>,
}

impl From<Legal> for LegalOut {
    fn from(l: Legal) -> LegalOut {
        LegalOut {
            action: l.action,
            can_pass: l.can_pass,
            can_play: l.can_play,
            max_discard: l.max_discard,
            must_keep: l.must_keep.map(|c| c.to_string()),
            cards: l.cards.map(cards),
        }
    }
}

/// A table as the caller sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableView {
    /// The table's id.
    pub id: Uuid,
    /// The league the table belongs to.
    pub league_id: Uuid,
    /// The table's name.
    pub name: String,
    /// The rules the table was created with.
    pub rules: TableRules,
    /// Whether the table waits between hands, plays a hand, or is closed.
    pub status: TableStatus,
    /// The table's version: the seq of its last event.
    pub version: i64,
    /// The hand in play, or the last one played (0 before the first).
    pub hand_no: i32,
    /// `complete` once the last hand ended; null before any hand.
    pub phase: Option<Phase>,
    /// The dealer of the hand in play, or of the last one (R2a); null before the first hand.
    pub dealer_seat: Option<u8>,
    /// The trump suit of the hand in play, or of the last one, with the face-up card while the
    /// dealer holds it (R4); null before the first hand.
    pub trump: Option<TrumpOut>,
    /// Chips in the pot: this hand's, or what waits for the next hand.
    pub pot: i64,
    /// Cards left in the stock while a hand is in play; null between hands.
    pub stock_count: Option<usize>,
    /// The seated players, in seat order.
    pub seats: Vec<SeatOut>,
    /// The seat to act (the first of them during simultaneous declarations).
    pub to_act: Option<ToActOut>,
    /// Every seat that must act now.
    pub to_act_all: Vec<ToActOut>,
    /// The caller's seat; null when they do not sit here.
    pub my_seat: Option<u8>,
    /// The caller's cards in the hand in play; empty between hands and when they were not dealt
    /// in.
    pub my_hand: Vec<String>,
    /// The cards the caller discarded in the hand in play; empty between hands and when they
    /// were not dealt in.
    pub my_discards: Vec<String>,
    /// The caller's own secret simultaneous declaration before the reveal.
    pub my_declaration: Option<bool>,
    /// What the caller may do now; null when it is not their turn.
    pub legal: Option<LegalOut>,
    /// The trick being played, in the `play` phase; null otherwise.
    pub current_trick: Option<TrickOut>,
    /// The finished tricks of the hand in play, in order, or of the last hand until the next
    /// one is dealt.
    pub tricks: Vec<TrickOut>,
    /// The previous hand's settlement: outcome, tricks, payouts, bourré payments, exemptions.
    pub last_hand: Option<Settlement>,
    /// Once the hand in play has ended, until the next is dealt: each seat dealt in, in seat
    /// order, with the chips it won (positive) or lost in that hand: its share of the pot
    /// less its ante, extra ante (R3a) and bourré payment (R10c). Empty otherwise.
    pub last_hand_chips: Vec<SeatAmount>,
    /// Whether the table deals fixed decks (never called fair).
    pub fixed_decks: bool,
}

/// Builds the caller's `TableView` of a table's state.
impl TableView {
    /// The view as a viewer who blocked `blocked` (sorted) sees it: only the usernames of
    /// the blocked players show.
    #[must_use]
    pub fn unnamed(mut self, blocked: &[Uuid]) -> TableView {
        crate::kernel::shown::unname(&mut self.seats, blocked);
        self
    }
}

pub fn table_view(loaded: &TableState, viewer: Option<PlayerId>) -> TableView {
    let last_hand = loaded.last_settlement().cloned();
    let table = &loaded.table;
    let hand = loaded.hand.as_ref();
    let my_seat = viewer.and_then(|p| {
        loaded
            .seats
            .iter()
            .find(|s| s.player_id == p.0)
            .map(|s| s.seat)
    });
    let in_hand_seat =
        my_seat.filter(|seat| hand.is_some_and(|h| h.players.iter().any(|p| p.seat == *seat)));
    let hv = hand.map(|h| h.state.view(in_hand_seat));
    let in_play = table.in_hand;
    let seats = loaded
        .seats
        .iter()
        .map(|s| {
            // The seat in the last hand, if its player played it: its tricks stay shown
            // until the next hand starts; the rest only while the hand is in play.
            let last = hv
                .as_ref()
                .and_then(|v| v.seats.iter().find(|x| x.seat == s.seat))
                .filter(|_| {
                    hand.is_some_and(|h| h.players.iter().any(|p| p.player_id == s.player_id))
                });
            let sv = last.filter(|_| in_play);
            SeatOut {
                seat: s.seat,
                player_id: s.player_id,
                username: s.username.clone(),
                display_name: s.display_name.clone(),
                avatar: s.avatar.as_deref().and_then(Avatar::stored),
                balance: s.balance,
                state: if in_play {
                    Some(sv.map_or(SeatStatus::SittingOut, |v| v.state.into()))
                } else {
                    None
                },
                tricks: last.map_or(0, |v| v.tricks),
                card_count: sv.map_or(0, |v| v.card_count),
                discard_count: sv.map_or(0, |v| v.discard_count),
                bot: s.bot,
            }
        })
        .collect();
    let to_act_all: Vec<ToActOut> = match (hand, &hv) {
        (Some(h), Some(v)) if in_play => v
            .to_act
            .iter()
            .filter_map(|seat| {
                h.players
                    .iter()
                    .find(|p| p.seat == *seat)
                    .map(|p| ToActOut {
                        seat: *seat,
                        player_id: p.player_id,
                        deadline: table.deadline,
                    })
            })
            .collect(),
        _ => Vec::new(),
    };
    let to_act = to_act_all.first().map(|t| ToActOut {
        seat: t.seat,
        player_id: t.player_id,
        deadline: t.deadline,
    });
    let phase = hv.as_ref().map(|v| v.phase);
    TableView {
        id: table.id,
        league_id: table.league_id,
        name: table.name.clone(),
        rules: loaded.rules,
        status: if table.closed_at.is_some() {
            TableStatus::Closed
        } else if in_play {
            TableStatus::Playing
        } else {
            TableStatus::Waiting
        },
        version: table.version,
        hand_no: table.hand_no,
        phase,
        dealer_seat: hv.as_ref().map(|v| v.dealer_seat),
        trump: hv.as_ref().map(|v| TrumpOut {
            suit: v.trump.suit.to_string(),
            card: v.trump.card.map(|c| c.to_string()),
        }),
        // A closed table's pot went back to its players (R10e).
        pot: hv
            .as_ref()
            .filter(|_| table.closed_at.is_none())
            .map_or(0, |v| v.pot),
        stock_count: hv.as_ref().filter(|_| in_play).map(|v| v.stock_count),
        seats,
        to_act,
        to_act_all,
        my_seat,
        my_hand: hv
            .as_ref()
            .filter(|_| in_play)
            .and_then(|v| v.my_hand)
            .map(cards)
            .unwrap_or_default(),
        my_discards: hv
            .as_ref()
            .filter(|_| in_play)
            .and_then(|v| v.my_discards)
            .map(cards)
            .unwrap_or_default(),
        my_declaration: hv.as_ref().and_then(|v| v.my_declaration),
        legal: hv
            .as_ref()
            .filter(|_| in_play)
            .and_then(|v| v.legal.clone())
            .map(LegalOut::from),
        current_trick: hv
            .as_ref()
            .and_then(|v| v.current_trick.as_ref())
            .map(TrickOut::from),
        tricks: hv
            .as_ref()
            .map(|v| v.tricks.iter().map(TrickOut::from).collect())
            .unwrap_or_default(),
        last_hand,
        last_hand_chips: hand.and_then(|h| h.state.net_chips()).unwrap_or_default(),
        fixed_decks: table.fixed_decks.is_some(),
    }
}

/// `hand_dealt` as a viewer sees it: without the secret server seed and client seeds while
/// its hand is in play, with them once it has ended.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HandDealtView {
    HandDealt {
        /// The table's hand number, from 1.
        hand_no: u32,
        /// The seats dealt in, and their players.
        players: Vec<SeatPlayer>,
        /// Seated players who cannot cover their ante and sit this hand out (R3).
        #[schema(value_type = Vec<u8>)]
        sitting_out: Vec<u8>,
        /// Whether the deck is the table's fixed deck for this hand, not shuffled from the
        /// seeds (never called fair).
        fixed_deck: bool,
        /// SHA-256 of the hand's server seed, revealed when the hand ends.
        commitment: String,
        /// The hand's server seed, once the hand has ended (`seed_revealed` repeats it).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schema(nullable = false)]
        server_seed: Option<String>,
        /// The seats' client seeds mixed into the deck, once the hand has ended.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schema(nullable = false)]
        client_seeds: Option<Vec<ClientSeed>>,
    },
}

/// The schema of [`EventOut::data`]: a stored event as it is (table events, and every
/// event of a finished hand), or an event of the hand in play as the caller may see it.
pub struct EventData;

impl utoipa::PartialSchema for EventData {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::Ref;
        utoipa::openapi::schema::AnyOfBuilder::new()
            .item(Ref::from_schema_name("TableEvent"))
            .item(Ref::from_schema_name("EventView"))
            .item(Ref::from_schema_name("HandDealtView"))
            .into()
    }
}

impl ToSchema for EventData {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        schemas.push((TableEventSchema::name().into(), TableEventSchema::schema()));
        TableEventSchema::schemas(schemas);
        schemas.push(("EventView".into(), EventView::schema()));
        <EventView as ToSchema>::schemas(schemas);
        schemas.push(("HandDealtView".into(), HandDealtView::schema()));
        <HandDealtView as ToSchema>::schemas(schemas);
    }
}

/// One event of the log as the caller may see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventOut {
    /// The event's place in the table's log (1, 2, ...): the table's version once it was
    /// written.
    pub seq: i64,
    /// The last hand dealt when the event was written (0 before the first hand).
    pub hand_no: i32,
    /// The event's `type`, as in `data`.
    pub kind: String,
    /// When the event was written.
    pub created_at: DateTime<Utc>,
    /// The event's content, redacted for the caller while its hand is in play.
    #[schema(value_type = EventData)]
    pub data: Value,
}

/// Redacts one stored event for `viewer_seat` (their seat in the hand in play). Events of
/// finished hands are shown whole, in the same shapes; table events are public.
pub fn event_out(
    row: &EventRow,
    event: &TableEvent,
    in_play: bool,
    viewer_seat: Option<u8>,
    simultaneous: bool,
) -> Result<EventOut, serde_json::Error> {
    let data = match event {
        TableEvent::HandDealt {
            hand_no,
            players,
            sitting_out,
            fixed_deck,
            commitment,
            server_seed,
            client_seeds,
        } => serde_json::to_value(HandDealtView::HandDealt {
            hand_no: *hand_no,
            players: players.clone(),
            sitting_out: sitting_out.clone(),
            fixed_deck: *fixed_deck,
            commitment: commitment.clone(),
            server_seed: (!in_play).then(|| server_seed.clone()),
            client_seeds: (!in_play).then(|| client_seeds.clone()),
        })?,
        TableEvent::Hand(hand_event) if in_play => {
            serde_json::to_value(redact(hand_event, viewer_seat, simultaneous))?
        }
        TableEvent::Hand(hand_event) => serde_json::to_value(reveal(hand_event))?,
        other => serde_json::to_value(other)?,
    };
    Ok(EventOut {
        seq: row.seq,
        hand_no: row.hand_no,
        kind: row.kind.clone(),
        created_at: row.created_at,
        data,
    })
}
