//! One hand as a state machine folded from domain events (R2-R10).
//!
//! `HandState::start` deals from a self-contained `HandStart`; `act` validates an action,
//! and on success appends the events it causes (the action's own event, then whatever
//! follows from it automatically: the reveal of simultaneous declarations, a won trick,
//! the end of the hand). `apply` folds a recorded event, checking that it is exactly what
//! the engine itself would have produced, so a replay cannot drift from the rules.
//!
//! One file of about a thousand lines, on purpose: `decide`, `commit` and `apply` are one
//! state machine over one private state, and each rule's check sits beside the state it
//! reads; split, every part would reach into the others' fields.

use serde::{Deserialize, Serialize};

use super::cards::{Card, CardSet, Rank, Suit};
use super::deck::{Deck, HandKey, reshuffle};
use super::error::RuleError;
use super::rules::TableRules;

pub type Seat = u8;

/// `HandState::seat_pos` of a seat not dealt in.
const NOT_IN_HAND: u8 = u8::MAX;

/// Most seats at a table (R2).
pub const MAX_SEATS: usize = 8;

/// A seated player dealt into the hand, with what they paid to enter (R3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Entrant {
    /// The seat dealt in, 0-7.
    #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
    pub seat: Seat,
    /// Chips left to the player after the ante.
    pub stack: i64,
    /// The ante paid (0 when exempt, R10c/R10d).
    pub ante: i64,
}

/// Everything a hand needs to be played and replayed: the `HandStarted` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HandStart {
    /// The table's hand number, from 1.
    pub hand_no: u32,
    /// The dealer's seat (R2a).
    #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
    pub dealer: Seat,
    /// The table's rules, as they hold for this hand.
    pub rules: TableRules,
    /// In seat order.
    pub entrants: Vec<Entrant>,
    /// Chips already in the pot before this hand's antes (R3b).
    pub carried: i64,
    /// The whole deck, top first (R4a): shuffled with `key`, or the table's fixed deck for this
    /// hand when `hand_dealt` says `fixed_deck`.
    pub deck: Deck,
    /// The hand key, from the server seed, the table, the hand number and the client seeds (see
    /// docs/guide/fair-shuffles.md): it shuffles the deck and any short stock (R6).
    pub key: HandKey,
}

/// An action a seat takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Pass or play (R5). In sequential declaration a player who plays names the discards
    /// here (none = stand); with `simultaneous_declare` discards come with `Draw` (R5a).
    Declare {
        play: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard: Option<CardSet>,
    },
    /// Discard and draw after simultaneous declarations (R5a).
    Draw { discard: CardSet },
    /// Play a card to the trick (R9).
    Play { card: Card },
}

/// A discard and its replacements (R5, R6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Draw {
    /// The cards discarded (none: the player stands).
    pub discard: CardSet,
    /// The replacements, as many as discarded, off the stock (R6).
    pub drawn: CardSet,
    /// Whether the stock ran short and was rebuilt from dead cards for this draw (R6).
    pub reshuffled: bool,
}

/// A seat's chips moving between the seat and the pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatAmount {
    /// The seat, 0-7.
    #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
    pub seat: Seat,
    /// Chips; in a settlement's `tricks`, the number of tricks the seat took.
    pub amount: i64,
}

/// How a hand ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Outcome {
    /// Strictly most tricks (R10a).
    Won {
        /// The seat that took the pot.
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
        seat: Seat,
    },
    /// Everyone else passed (R8).
    Uncontested {
        /// The one seat that did not pass: it takes the pot and every trick.
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
        seat: Seat,
    },
    /// A tie for most tricks (R10b).
    Split {
        /// The seats tied for most tricks.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        seats: Vec<Seat>,
    },
    /// Every player passed a simultaneous declaration (R5a): the pot carries over.
    AllPassed,
}

/// Seats in words, numbered as everywhere in the API (from 0): "seat 2", "seats 0 and 3",
/// or "nobody".
pub fn seats_in_words(list: &[Seat]) -> String {
    match list {
        [] => "nobody".to_owned(),
        [one] => format!("seat {one}"),
        _ => {
            let names: Vec<String> = list.iter().map(u8::to_string).collect();
            format!("seats {}", names.join(" and "))
        }
    }
}

/// In words, seats numbered as everywhere in the API (from 0): "seat 2 wins", "split
/// between seats 0 and 3", as transcripts and audits print it.
impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Won { seat } => write!(f, "seat {seat} wins"),
            Outcome::Uncontested { seat } => write!(f, "seat {seat} takes it uncontested"),
            Outcome::Split { seats } => write!(f, "split between {}", seats_in_words(seats)),
            Outcome::AllPassed => f.write_str("everyone passed"),
        }
    }
}

/// Settlement of a finished hand (R10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Settlement {
    /// How the hand ended: who took the pot, or who tied for it.
    pub outcome: Outcome,
    /// This hand's pot before it was won or carried.
    pub pot: i64,
    /// Tricks per seat that played (the outright winner of R8 takes them all).
    pub tricks: Vec<SeatAmount>,
    /// Pot to seat.
    pub payouts: Vec<SeatAmount>,
    /// Seat to pot: the bourré payments, waiting in the pot for the next hand (R10c).
    pub bourre: Vec<SeatAmount>,
    /// What the table's pot holds for the next hand.
    pub carried: i64,
    /// Seats exempt from the next hand's ante (R10c, R10d).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub exempt: Vec<Seat>,
}

/// The domain events of a hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    HandStarted(Box<HandStart>),
    /// A declaration. `extra_ante` is R3a's; `draw` is present when a player plays in
    /// sequential declaration. With `simultaneous_declare` it stays secret until `Revealed`.
    Declared {
        /// The seat that declared.
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
        seat: Seat,
        /// `true`: the seat plays; `false`: it passes (R5).
        play: bool,
        /// Chips paid on declaring play with `double_ante` (R3a); 0 otherwise, and always 0
        /// with `simultaneous_declare` (`revealed` carries those).
        extra_ante: i64,
        /// The discard and its replacements of a seat that plays in sequential declaration;
        /// absent for a pass and with `simultaneous_declare` (then `drew` follows).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draw: Option<Draw>,
    },
    /// All simultaneous declarations are in (R5a); `playing` seats pay their extra antes.
    Revealed {
        /// The seats that declared play.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        playing: Vec<Seat>,
        /// The extra ante each of them pays with `double_ante` (R3a); empty without it.
        extra_antes: Vec<SeatAmount>,
    },
    Drew {
        /// The seat that drew.
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
        seat: Seat,
        /// Its discard and replacements.
        draw: Draw,
    },
    Played {
        /// The seat that played.
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
        seat: Seat,
        /// The card it played to the trick.
        card: Card,
    },
    TrickWon {
        /// The seat that won the trick (R9e).
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
        seat: Seat,
        /// The trick's number in the hand, from 1.
        trick: u8,
    },
    HandEnded(Box<Settlement>),
}

impl Event {
    /// The snake_case kind name, as stored in the event log.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::HandStarted(_) => "hand_started",
            Event::Declared { .. } => "declared",
            Event::Revealed { .. } => "revealed",
            Event::Drew { .. } => "drew",
            Event::Played { .. } => "played",
            Event::TrickWon { .. } => "trick_won",
            Event::HandEnded(_) => "hand_ended",
        }
    }
}

/// A recorded event that is not what the engine would produce at that point.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("recorded action refused by the rules: {0}")]
    Refused(RuleError),
    #[error("recorded {recorded} event differs from the engine's: {expected}")]
    Mismatch {
        recorded: &'static str,
        expected: String,
    },
    #[error("a hand_started event can only begin a hand")]
    Restart,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Declare,
    Draw,
    Play,
    Complete,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Declare => "declare",
            Phase::Draw => "draw",
            Phase::Play => "play",
            Phase::Complete => "complete",
        }
    }
}

/// Where a seat stands in the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Undecided,
    /// Declared under `simultaneous_declare`, not yet revealed; the choice is `declared`.
    Hidden,
    Passed,
    Playing,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Player {
    pub seat: Seat,
    pub stack: i64,
    pub ante: i64,
    pub extra_ante: i64,
    pub hand: CardSet,
    pub discards: CardSet,
    pub status: Status,
    /// The secret choice of a simultaneous declaration.
    pub declared: bool,
    pub drawn: bool,
    pub tricks: u8,
}

/// One trick: who led and the cards in play order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trick {
    pub leader: Seat,
    pub plays: [(Seat, Card); MAX_SEATS],
    pub len: u8,
    pub winner: Option<Seat>,
    /// The cards of `plays`, as a set.
    set: CardSet,
}

impl Trick {
    fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            plays: [(0, Card::new(Rank::TWO, Suit::Clubs)); MAX_SEATS],
            len: 0,
            winner: None,
            set: CardSet::EMPTY,
        }
    }

    /// A trick led by `leader` with `plays` so far, in play order; `None` for more plays
    /// than seats.
    pub fn with_plays(leader: Seat, plays: &[(Seat, Card)]) -> Option<Trick> {
        let mut trick = Trick::new(leader);
        trick.plays.get_mut(..plays.len())?.copy_from_slice(plays);
        trick.len = u8::try_from(plays.len()).ok()?;
        trick.set = plays.iter().map(|(_, card)| *card).collect();
        Some(trick)
    }

    /// Adds a play; the caller keeps to one play per seat.
    fn push(&mut self, seat: Seat, card: Card) {
        self.plays[usize::from(self.len)] = (seat, card);
        self.len += 1;
        self.set.insert(card);
    }

    pub fn cards(&self) -> &[(Seat, Card)] {
        &self.plays[..usize::from(self.len)]
    }

    /// The cards played to the trick.
    pub(crate) fn card_set(&self) -> CardSet {
        self.set
    }

    pub(crate) fn led_suit(&self) -> Option<Suit> {
        (self.len > 0).then(|| self.plays[0].1.suit())
    }

    /// The card currently winning (R9e): the highest trump, else the highest of the suit
    /// led.
    pub(crate) fn top(&self, trump: Suit) -> Option<Card> {
        let led = self.led_suit()?;
        let trumps = self.set.suit(trump);
        if trumps.is_empty() {
            self.set.suit(led).highest()
        } else {
            trumps.highest()
        }
    }

    /// Which of `cards` would take the lead of the trick if played now (R9e): any card
    /// when the trick is empty.
    pub(crate) fn winners(&self, trump: Suit, cards: CardSet) -> CardSet {
        let Some(top) = self.top(trump) else {
            return cards;
        };
        let above = cards.above(top);
        if top.suit() == trump {
            above
        } else {
            above.union(cards.suit(trump))
        }
    }

    /// The seat currently winning, and its card (R9e).
    #[inline(always)]
    pub(crate) fn leading(&self, trump: Suit) -> Option<(Seat, Card)> {
        let top = self.top(trump)?;
        self.cards().iter().copied().find(|(_, card)| *card == top)
    }
}

/// The state of one hand.
#[derive(Debug, Clone)]
pub struct HandState {
    pub(crate) rules: TableRules,
    pub(crate) hand_no: u32,
    pub(crate) dealer: Seat,
    /// Players from the dealer's left; the dealer is last.
    pub(crate) players: [Player; MAX_SEATS],
    pub(crate) n: u8,
    /// Each seat's position in `players`, `NOT_IN_HAND` for a seat not dealt in.
    seat_pos: [u8; MAX_SEATS],
    /// Players whose status is `Playing`, and those whose status is `Passed`.
    playing: u8,
    passed: u8,
    pub(crate) key: HandKey,
    pub(crate) stock: [Card; 52],
    pub(crate) stock_top: u8,
    pub(crate) stock_len: u8,
    /// Discards and passed players' cards: what R6 reshuffles.
    pub(crate) dead: CardSet,
    pub(crate) reshuffles: u8,
    pub(crate) trump: Suit,
    pub(crate) upcard: Card,
    pub(crate) pot: i64,
    pub(crate) carried: i64,
    pub(crate) phase: Phase,
    /// Position whose turn it is (unused while declarations are simultaneous).
    pub(crate) turn: u8,
    pub(crate) trick: Trick,
    pub(crate) done: [Trick; 5],
    pub(crate) tricks_done: u8,
    /// Every card played to a trick, current one included.
    pub(crate) played: CardSet,
    pub(crate) settlement: Option<Box<Settlement>>,
}

impl HandState {
    /// Deals the hand (R4, R4a). Fails when the start itself is inconsistent.
    #[inline(always)]
    pub fn start(start: &HandStart) -> Result<HandState, String> {
        start.rules.validate().map_err(|e| e.to_string())?;
        let n = start.entrants.len();
        if n < 2 {
            return Err("not_enough_players: a hand needs at least 2 players (R2a)".into());
        }
        if n > usize::from(start.rules.max_players) {
            return Err("more entrants than seats (R2)".into());
        }
        // The entrants' seats as a set: distinct, and seats of the table.
        let mut taken = 0u8;
        for entrant in &start.entrants {
            if entrant.seat >= start.rules.max_players || taken & (1 << entrant.seat) != 0 {
                return Err("entrants must sit in distinct seats of the table (R2)".into());
            }
            taken |= 1 << entrant.seat;
        }
        let mut seats = [0 as Seat; MAX_SEATS];
        for (slot, seat) in seats
            .iter_mut()
            .zip((0..MAX_SEATS as Seat).filter(|s| taken & (1 << s) != 0))
        {
            *slot = seat;
        }
        let dealer_index = seats[..n]
            .iter()
            .position(|&s| s == start.dealer)
            .ok_or("the dealer must be an entrant (R2a)")?;
        if start
            .entrants
            .iter()
            .any(|e| e.stack < 0 || e.ante < 0 || e.ante > start.rules.ante)
            || start.carried < 0
        {
            return Err("stacks, antes and the carried pot are never negative (R3)".into());
        }
        let blank = Player {
            seat: 0,
            stack: 0,
            ante: 0,
            extra_ante: 0,
            hand: CardSet::EMPTY,
            discards: CardSet::EMPTY,
            status: Status::Undecided,
            declared: false,
            drawn: false,
            tricks: 0,
        };
        let mut players = [blank; MAX_SEATS];
        let mut seat_pos = [NOT_IN_HAND; MAX_SEATS];
        let mut pot = start.carried;
        // From the dealer's left around to the dealer.
        for (p, i) in (dealer_index + 1..n).chain(0..=dealer_index).enumerate() {
            let seat = seats[i];
            let entrant = start.entrants.iter().find(|e| e.seat == seat);
            let Some(entrant) = entrant else {
                return Err("entrant lost".into());
            };
            seat_pos[usize::from(seat)] = p as u8;
            players[p] = Player {
                seat,
                stack: entrant.stack,
                ante: entrant.ante,
                ..blank
            };
            pot += entrant.ante;
        }
        let hand_size = usize::from(start.rules.hand_size);
        let deck = &start.deck.0;
        for round in 0..hand_size {
            for (p, player) in players.iter_mut().enumerate().take(n) {
                player.hand.insert(deck[round * n + p]);
            }
        }
        let upcard = deck[hand_size * n - 1];
        let dealt = (hand_size * n) as u8;
        let mut stock = [upcard; 52];
        stock.copy_from_slice(deck);
        Ok(HandState {
            rules: start.rules,
            hand_no: start.hand_no,
            dealer: start.dealer,
            players,
            n: n as u8,
            seat_pos,
            playing: 0,
            passed: 0,
            key: start.key,
            stock,
            stock_top: dealt,
            stock_len: 52 - dealt,
            dead: CardSet::EMPTY,
            reshuffles: 0,
            trump: upcard.suit(),
            upcard,
            pot,
            carried: start.carried,
            phase: Phase::Declare,
            turn: 0,
            trick: Trick::new(0),
            done: [Trick::new(0); 5],
            tricks_done: 0,
            played: CardSet::EMPTY,
            settlement: None,
        })
    }

    // ---- read access -------------------------------------------------------------

    pub fn rules(&self) -> &TableRules {
        &self.rules
    }
    pub fn hand_no(&self) -> u32 {
        self.hand_no
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn trump(&self) -> Suit {
        self.trump
    }
    pub fn upcard(&self) -> Card {
        self.upcard
    }
    pub fn pot(&self) -> i64 {
        self.pot
    }
    pub fn carried(&self) -> i64 {
        self.carried
    }
    pub fn settlement(&self) -> Option<&Settlement> {
        self.settlement.as_deref()
    }
    /// Once the hand has ended: each seat dealt in, in seat order, with the chips it won or
    /// lost in this hand (its share of the pot, less its ante, any extra ante (R3a) and any
    /// bourré payment (R10c)). With the change in the carried pot, they sum to zero.
    pub fn net_chips(&self) -> Option<Vec<SeatAmount>> {
        let settled = self.settlement.as_deref()?;
        let of = |list: &[SeatAmount], seat: Seat| -> i64 {
            list.iter()
                .filter(|a| a.seat == seat)
                .map(|a| a.amount)
                .sum()
        };
        let mut net: Vec<SeatAmount> = self
            .active()
            .iter()
            .map(|p| SeatAmount {
                seat: p.seat,
                amount: of(&settled.payouts, p.seat)
                    - of(&settled.bourre, p.seat)
                    - p.ante
                    - p.extra_ante,
            })
            .collect();
        net.sort_by_key(|a| a.seat);
        Some(net)
    }
    pub fn current_trick(&self) -> &Trick {
        &self.trick
    }
    pub fn finished_tricks(&self) -> &[Trick] {
        &self.done[..usize::from(self.tricks_done)]
    }
    pub(crate) fn active(&self) -> &[Player] {
        &self.players[..usize::from(self.n)]
    }
    /// Seats in the hand, from the dealer's left (the dealer last).
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.active().iter().map(|p| p.seat)
    }
    pub(crate) fn pos(&self, seat: Seat) -> Option<usize> {
        match self.seat_pos.get(usize::from(seat)) {
            Some(&pos) if pos != NOT_IN_HAND => Some(usize::from(pos)),
            _ => None,
        }
    }
    /// Players still playing the hand.
    pub(crate) fn playing_count(&self) -> usize {
        usize::from(self.playing)
    }
    pub fn hand_of(&self, seat: Seat) -> Option<CardSet> {
        self.pos(seat).map(|p| self.players[p].hand)
    }
    pub fn discards_of(&self, seat: Seat) -> Option<CardSet> {
        self.pos(seat).map(|p| self.players[p].discards)
    }
    pub fn status_of(&self, seat: Seat) -> Option<Status> {
        self.pos(seat).map(|p| self.players[p].status)
    }
    pub fn tricks_of(&self, seat: Seat) -> Option<u8> {
        self.pos(seat).map(|p| self.players[p].tricks)
    }
    pub fn stack_of(&self, seat: Seat) -> Option<i64> {
        self.pos(seat).map(|p| self.players[p].stack)
    }
    /// Whether the dealer still holds the face-up trump card (everyone sees it, R4).
    pub fn upcard_visible(&self) -> bool {
        let dealer = &self.players[usize::from(self.n) - 1];
        dealer.hand.contains(self.upcard) && dealer.status != Status::Passed
    }
    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        usize::from(self.stock_len)
    }
    /// Cards out of play: discards and passed players' hands (R6).
    pub fn dead_cards(&self) -> CardSet {
        self.dead
    }
    pub fn stock_cards(&self) -> CardSet {
        let top = usize::from(self.stock_top);
        self.stock[top..top + usize::from(self.stock_len)]
            .iter()
            .copied()
            .collect()
    }
    /// Every card played to a trick so far, the current trick included.
    pub fn played_cards(&self) -> CardSet {
        self.played
    }

    /// The seats that must act now: one, or every undecided seat of a simultaneous
    /// declaration.
    pub fn to_act(&self) -> Vec<Seat> {
        match self.phase {
            Phase::Complete => Vec::new(),
            Phase::Declare if self.rules.simultaneous_declare => self
                .active()
                .iter()
                .filter(|p| p.status == Status::Undecided)
                .map(|p| p.seat)
                .collect(),
            _ => vec![self.players[usize::from(self.turn)].seat],
        }
    }

    /// The first seat of `to_act()`, without allocating: the one to act, or the first
    /// undecided seat of a simultaneous declaration.
    pub fn next_to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Complete => None,
            Phase::Declare if self.rules.simultaneous_declare => self
                .active()
                .iter()
                .find(|p| p.status == Status::Undecided)
                .map(|p| p.seat),
            _ => Some(self.players[usize::from(self.turn)].seat),
        }
    }

    pub fn is_to_act(&self, seat: Seat) -> bool {
        match self.phase {
            Phase::Complete => false,
            Phase::Declare if self.rules.simultaneous_declare => self
                .pos(seat)
                .is_some_and(|p| self.players[p].status == Status::Undecided),
            _ => self.players[usize::from(self.turn)].seat == seat,
        }
    }

    // ---- the rules ---------------------------------------------------------------

    /// The extra ante of R3a a player at `pos` pays on declaring play.
    pub(crate) fn extra_ante_for(&self, pos: usize) -> i64 {
        if self.rules.double_ante {
            self.rules.ante.min(self.players[pos].stack)
        } else {
            0
        }
    }

    /// The extra ante `pos` has still to pay if it plays (R3a).
    fn pending_extra_ante(&self, pos: usize) -> i64 {
        let player = &self.players[pos];
        let may_still_pay =
            player.extra_ante == 0 && matches!(player.status, Status::Undecided | Status::Hidden);
        if may_still_pay {
            self.extra_ante_for(pos)
        } else {
            0
        }
    }

    /// Whether the player at `pos` can pay the largest penalty this hand could still
    /// charge once it plays (R8a). The pot can still grow by the extra antes of players who
    /// have not paid one yet (R3a), so those count at their most.
    fn covers(&self, pos: usize) -> bool {
        let mut pot = self.pot;
        // Without R3a's extra ante nothing is pending.
        if self.rules.double_ante {
            for q in 0..usize::from(self.n) {
                if q == pos || self.players[q].status != Status::Passed {
                    pot += self.pending_extra_ante(q);
                }
            }
        }
        self.players[pos].stack - self.pending_extra_ante(pos) >= self.penalty_for(pot)
    }

    fn trump_ace(&self) -> Card {
        Card::new(Rank::ACE, self.trump)
    }

    /// R8a: a player who cannot cover may play only keeping the ace of trumps.
    fn check_cover(&self, pos: usize, discard: CardSet) -> Result<(), RuleError> {
        if self.covers(pos) {
            return Ok(());
        }
        let ace = self.trump_ace();
        let hand = self.players[pos].hand;
        if hand.contains(ace) && !discard.contains(ace) {
            Ok(())
        } else {
            Err(RuleError::CannotCoverPot)
        }
    }

    fn check_discard(&self, pos: usize, discard: CardSet) -> Result<(), RuleError> {
        let hand = self.players[pos].hand;
        if let Some(card) = discard.minus(hand).iter().next() {
            return Err(RuleError::CardNotInHand(card.to_string()));
        }
        let cap = self.rules.discard_cap();
        if discard.has_more_than(cap) {
            return Err(RuleError::InvalidDiscard(format!(
                "at most {cap} cards may be discarded (R5b)"
            )));
        }
        Ok(())
    }

    fn dealer_forced(&self, pos: usize) -> bool {
        pos + 1 == usize::from(self.n)
            && self.rules.dealer_must_play_trump_ace
            && self.upcard.rank() == Rank::ACE
    }

    /// Replacement cards for `discard` at `pos`, without changing the state (R6).
    fn plan_draw(&self, discard: CardSet) -> Draw {
        let mut state = self.stock_view();
        let drawn = state.take(&self.key, discard);
        Draw {
            discard,
            drawn: drawn.0,
            reshuffled: drawn.1,
        }
    }

    fn stock_view(&self) -> StockView {
        StockView {
            cards: self.stock,
            top: self.stock_top,
            len: self.stock_len,
            dead: self.dead,
            reshuffles: self.reshuffles,
        }
    }

    // ---- deciding ----------------------------------------------------------------

    /// The event an action causes, or the rule that refuses it. Changes nothing.
    #[inline]
    pub fn decide(&self, seat: Seat, action: &Action) -> Result<Event, RuleError> {
        self.check(seat, action)
            .map(|decision| self.event_of(decision))
    }

    /// Whether `seat` may take `action` now: [`HandState::decide`] without building the
    /// event (a draw is not planned).
    #[inline]
    pub fn allows(&self, seat: Seat, action: &Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// The rule that refuses an action, or what it does.
    #[inline(always)]
    fn check(&self, seat: Seat, action: &Action) -> Result<Decision, RuleError> {
        let pos = self.pos(seat).ok_or(RuleError::NotInHand)?;
        match (self.phase, action) {
            (Phase::Declare, Action::Declare { play, discard }) => {
                self.check_declare(pos, *play, *discard)
            }
            (Phase::Draw, Action::Draw { discard }) => self.check_draw(pos, *discard),
            (Phase::Play, Action::Play { card }) => self.check_play(pos, *card),
            (phase, _) => Err(RuleError::WrongPhase(phase.name())),
        }
    }

    /// The event of an action [`HandState::check`] allowed.
    #[inline(always)]
    fn event_of(&self, decision: Decision) -> Event {
        match decision {
            Decision::Declared { pos, play, draw } => Event::Declared {
                seat: self.players[pos].seat,
                play,
                extra_ante: if draw.is_some() {
                    self.extra_ante_for(pos)
                } else {
                    0
                },
                draw: draw.map(|discard| self.plan_draw(discard)),
            },
            Decision::Drew { pos, discard } => Event::Drew {
                seat: self.players[pos].seat,
                draw: self.plan_draw(discard),
            },
            Decision::Played { pos, card } => Event::Played {
                seat: self.players[pos].seat,
                card,
            },
        }
    }

    fn check_declare(
        &self,
        pos: usize,
        play: bool,
        discard: Option<CardSet>,
    ) -> Result<Decision, RuleError> {
        let simultaneous = self.rules.simultaneous_declare;
        let to_act = if simultaneous {
            self.players[pos].status == Status::Undecided
        } else {
            usize::from(self.turn) == pos
        };
        if !to_act {
            return Err(RuleError::NotYourTurn);
        }
        if !play {
            if discard.is_some_and(|d| !d.is_empty()) {
                return Err(RuleError::InvalidDiscard(
                    "a player who passes discards nothing (R5)".into(),
                ));
            }
            if self.dealer_forced(pos) {
                return Err(RuleError::DealerMustPlay);
            }
            return Ok(Decision::Declared {
                pos,
                play: false,
                draw: None,
            });
        }
        if simultaneous {
            if discard.is_some_and(|d| !d.is_empty()) {
                return Err(RuleError::InvalidDiscard(
                    "with simultaneous declaration, discards come with the draw (R5a)".into(),
                ));
            }
            self.check_cover(pos, CardSet::EMPTY)?;
            return Ok(Decision::Declared {
                pos,
                play: true,
                draw: None,
            });
        }
        let discard = discard.unwrap_or_default();
        self.check_discard(pos, discard)?;
        self.check_cover(pos, discard)?;
        Ok(Decision::Declared {
            pos,
            play: true,
            draw: Some(discard),
        })
    }

    fn check_draw(&self, pos: usize, discard: CardSet) -> Result<Decision, RuleError> {
        if usize::from(self.turn) != pos {
            return Err(RuleError::NotYourTurn);
        }
        self.check_discard(pos, discard)?;
        self.check_cover(pos, discard)?;
        Ok(Decision::Drew { pos, discard })
    }

    #[inline(always)]
    fn check_play(&self, pos: usize, card: Card) -> Result<Decision, RuleError> {
        if usize::from(self.turn) != pos {
            return Err(RuleError::NotYourTurn);
        }
        let hand = self.players[pos].hand;
        if !hand.contains(card) {
            return Err(RuleError::CardNotInHand(card.to_string()));
        }
        let sight = self.sight(pos);
        let (legal, base) = sight.legal_and_base();
        if !legal.contains(card) {
            return Err(sight.why_illegal(card, base));
        }
        Ok(Decision::Played { pos, card })
    }

    /// The event that follows by itself from the state, if any.
    #[inline(always)]
    fn automatic(&self) -> Option<Event> {
        match self.phase {
            Phase::Complete => None,
            Phase::Declare | Phase::Draw => {
                // Declarations are hidden only when simultaneous (R5a).
                if self.rules.simultaneous_declare {
                    let active = self.active();
                    if active.iter().any(|p| p.status == Status::Undecided) {
                        return None;
                    }
                    if active.iter().any(|p| p.status == Status::Hidden) {
                        return Some(self.reveal());
                    }
                }
                match self.n - self.passed {
                    0 => Some(self.settle(Outcome::AllPassed)),
                    1 => {
                        let only = self.active().iter().find(|p| p.status != Status::Passed)?;
                        Some(self.settle(Outcome::Uncontested { seat: only.seat }))
                    }
                    _ => None,
                }
            }
            Phase::Play => {
                if usize::from(self.trick.len) == self.playing_count() {
                    let (seat, _) = self.trick.leading(self.trump)?;
                    return Some(Event::TrickWon {
                        seat,
                        trick: self.tricks_done + 1,
                    });
                }
                if self.trick.len == 0 && self.tricks_done == self.rules.hand_size {
                    return Some(self.settle_tricks());
                }
                None
            }
        }
    }

    // ---- changing ----------------------------------------------------------------

    /// Validates and performs an action, appending the events it causes to `out`.
    /// On refusal nothing changes and nothing is appended.
    #[inline(always)]
    pub fn act_into(
        &mut self,
        seat: Seat,
        action: &Action,
        out: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let event = self.decide(seat, action)?;
        self.commit(&event);
        out.push(event);
        while let Some(next) = self.automatic() {
            self.commit(&next);
            out.push(next);
        }
        Ok(())
    }

    /// Validates and performs an action; returns the events it caused.
    pub fn act(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut out = Vec::with_capacity(4);
        self.act_into(seat, action, &mut out)?;
        Ok(out)
    }

    /// Folds one recorded event, refusing anything the engine would not have produced.
    pub fn apply(&mut self, event: &Event) -> Result<(), ReplayError> {
        let expected = match event {
            Event::HandStarted(_) => return Err(ReplayError::Restart),
            Event::Declared {
                seat, play, draw, ..
            } => {
                let discard = draw.map(|d| d.discard);
                let action = Action::Declare {
                    play: *play,
                    discard,
                };
                self.decide(*seat, &action).map_err(ReplayError::Refused)?
            }
            Event::Drew { seat, draw } => self
                .decide(
                    *seat,
                    &Action::Draw {
                        discard: draw.discard,
                    },
                )
                .map_err(ReplayError::Refused)?,
            Event::Played { seat, card } => self
                .decide(*seat, &Action::Play { card: *card })
                .map_err(ReplayError::Refused)?,
            Event::Revealed { .. } | Event::TrickWon { .. } | Event::HandEnded(_) => {
                match self.automatic() {
                    Some(auto) => auto,
                    None => {
                        return Err(ReplayError::Mismatch {
                            recorded: event.kind(),
                            expected: "no automatic event at this point".into(),
                        });
                    }
                }
            }
        };
        if &expected != event {
            return Err(ReplayError::Mismatch {
                recorded: event.kind(),
                expected: format!("{expected:?}"),
            });
        }
        self.commit(event);
        Ok(())
    }

    /// Replays a whole hand: its `HandStarted` event and everything after it.
    pub fn replay(events: &[Event]) -> Result<HandState, ReplayError> {
        let Some(Event::HandStarted(start)) = events.first() else {
            return Err(ReplayError::Mismatch {
                recorded: events.first().map_or("nothing", Event::kind),
                expected: "a hand begins with hand_started".into(),
            });
        };
        let mut state = HandState::start(start).map_err(|e| ReplayError::Mismatch {
            recorded: "hand_started",
            expected: e,
        })?;
        for event in &events[1..] {
            state.apply(event)?;
        }
        Ok(state)
    }

    /// Performs an event already validated (by `decide` or `automatic`).
    fn commit(&mut self, event: &Event) {
        match event {
            Event::HandStarted(_) => {}
            Event::Declared {
                seat,
                play,
                extra_ante,
                draw,
            } => {
                let Some(pos) = self.pos(*seat) else { return };
                if self.rules.simultaneous_declare {
                    let player = &mut self.players[pos];
                    player.status = Status::Hidden;
                    player.declared = *play;
                    return;
                }
                if *play {
                    self.play(pos);
                    self.pay_extra_ante(pos, *extra_ante);
                    if let Some(draw) = draw {
                        self.commit_draw(pos, draw);
                    }
                } else {
                    self.fold(pos);
                }
                self.advance_declare();
            }
            Event::Revealed {
                playing,
                extra_antes,
            } => {
                for pos in 0..usize::from(self.n) {
                    if playing.contains(&self.players[pos].seat) {
                        self.play(pos);
                    } else {
                        self.fold(pos);
                    }
                }
                for extra in extra_antes {
                    if let Some(pos) = self.pos(extra.seat) {
                        self.pay_extra_ante(pos, extra.amount);
                    }
                }
                self.phase = Phase::Draw;
                self.turn = 0;
                self.advance_draw();
            }
            Event::Drew { seat, draw } => {
                let Some(pos) = self.pos(*seat) else { return };
                self.commit_draw(pos, draw);
                self.turn += 1;
                self.advance_draw();
            }
            Event::Played { seat, card } => {
                let Some(pos) = self.pos(*seat) else { return };
                self.players[pos].hand.remove(*card);
                self.played.insert(*card);
                self.trick.push(*seat, *card);
                self.turn = self.next_playing(pos) as u8;
            }
            Event::TrickWon { seat, .. } => {
                let Some(pos) = self.pos(*seat) else { return };
                self.players[pos].tricks += 1;
                let mut finished = self.trick;
                finished.winner = Some(*seat);
                self.done[usize::from(self.tricks_done)] = finished;
                self.tricks_done += 1;
                self.trick = Trick::new(*seat);
                self.turn = pos as u8;
            }
            Event::HandEnded(settlement) => {
                for bourre in &settlement.bourre {
                    if let Some(pos) = self.pos(bourre.seat) {
                        self.players[pos].stack -= bourre.amount;
                    }
                }
                for payout in &settlement.payouts {
                    if let Some(pos) = self.pos(payout.seat) {
                        self.players[pos].stack += payout.amount;
                    }
                }
                if let Outcome::Uncontested { seat } = settlement.outcome
                    && let Some(pos) = self.pos(seat)
                {
                    self.players[pos].tricks = self.rules.hand_size;
                }
                self.pot = settlement.carried;
                self.phase = Phase::Complete;
                self.settlement = Some(settlement.clone());
            }
        }
    }

    fn pay_extra_ante(&mut self, pos: usize, amount: i64) {
        let player = &mut self.players[pos];
        player.stack -= amount;
        player.extra_ante += amount;
        self.pot += amount;
    }

    fn play(&mut self, pos: usize) {
        self.players[pos].status = Status::Playing;
        self.playing += 1;
    }

    fn fold(&mut self, pos: usize) {
        let player = &mut self.players[pos];
        player.status = Status::Passed;
        self.passed += 1;
        self.dead = self.dead.union(player.hand);
    }

    fn commit_draw(&mut self, pos: usize, draw: &Draw) {
        let mut view = self.stock_view();
        let (drawn, _) = view.take(&self.key, draw.discard);
        self.stock = view.cards;
        self.stock_top = view.top;
        self.stock_len = view.len;
        self.dead = view.dead.union(draw.discard);
        self.reshuffles = view.reshuffles;
        let player = &mut self.players[pos];
        player.hand = player.hand.minus(draw.discard).union(drawn);
        player.discards = player.discards.union(draw.discard);
        player.drawn = true;
    }

    /// After a sequential declaration: the next undecided seat, or the play.
    fn advance_declare(&mut self) {
        let n = usize::from(self.n);
        let next =
            (usize::from(self.turn)..n).find(|&p| self.players[p].status == Status::Undecided);
        match next {
            Some(p) => self.turn = p as u8,
            None => self.begin_play(),
        }
    }

    /// After a simultaneous draw: the next playing seat to draw, or the play.
    fn advance_draw(&mut self) {
        let n = usize::from(self.n);
        let next = (usize::from(self.turn)..n)
            .find(|&p| self.players[p].status == Status::Playing && !self.players[p].drawn);
        match next {
            Some(p) => self.turn = p as u8,
            None => self.begin_play(),
        }
    }

    /// R9: the first playing seat at the dealer's left leads.
    fn begin_play(&mut self) {
        if self.playing_count() < 2 {
            return;
        }
        let first = (0..usize::from(self.n))
            .find(|&p| self.players[p].status == Status::Playing)
            .unwrap_or(0);
        self.phase = Phase::Play;
        self.turn = first as u8;
        self.trick = Trick::new(self.players[first].seat);
    }

    fn next_playing(&self, pos: usize) -> usize {
        let n = usize::from(self.n);
        (pos + 1..n)
            .chain(0..=pos)
            .find(|&p| self.players[p].status == Status::Playing)
            .unwrap_or(pos)
    }
}

/// An action [`HandState::check`] allowed, by position, before its event is built.
enum Decision {
    /// A declaration; `draw` holds the discard of a sequential declaration to play (R5).
    Declared {
        pos: usize,
        play: bool,
        draw: Option<CardSet>,
    },
    Drew {
        pos: usize,
        discard: CardSet,
    },
    Played {
        pos: usize,
        card: Card,
    },
}

/// The stock and dead pile, taken apart so a draw can be planned without changing the hand.
struct StockView {
    cards: [Card; 52],
    top: u8,
    len: u8,
    dead: CardSet,
    reshuffles: u8,
}

impl StockView {
    /// Takes replacements for `discard` (R6): the stock first; when it runs out, every
    /// dead card (not this discard) is shuffled into a new stock and the deal goes on.
    fn take(&mut self, key: &HandKey, discard: CardSet) -> (CardSet, bool) {
        let mut need = discard.len();
        let mut drawn = CardSet::EMPTY;
        let mut reshuffled = false;
        while need > 0 {
            if self.len == 0 {
                if reshuffled || self.dead.is_empty() {
                    break;
                }
                self.reshuffles += 1;
                let mut fresh = Vec::with_capacity(52);
                reshuffle(key, u64::from(self.reshuffles), self.dead, &mut fresh);
                self.cards[..fresh.len()].copy_from_slice(&fresh);
                self.top = 0;
                self.len = fresh.len() as u8;
                self.dead = CardSet::EMPTY;
                reshuffled = true;
                continue;
            }
            drawn.insert(self.cards[usize::from(self.top)]);
            self.top += 1;
            self.len -= 1;
            need -= 1;
        }
        (drawn, reshuffled)
    }
}
