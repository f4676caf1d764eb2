//! What one seat may see (docs/guide/hidden-information.md). Every endpoint that can carry a card
//! goes through here: its own cards, the face-up trump while the dealer holds it, every card
//! played to a trick, and counts of everything else. Never another player's hand or
//! discards, the stock order or the hand key while the hand is in play.

use serde::{Deserialize, Serialize};

use super::cards::{Card, CardSet, Suit};
use super::hand::{
    Action, Draw, Entrant, Event, HandStart, HandState, Phase, Seat, SeatAmount, Settlement,
    Status, Trick,
};
use super::play::PlaySight;
use super::rules::TableRules;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrumpView {
    /// The trump suit (R4).
    pub suit: Suit,
    /// The face-up card, while the dealer holds it.
    pub card: Option<Card>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayView {
    pub seat: Seat,
    pub card: Card,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TrickView {
    pub leader_seat: Seat,
    pub plays: Vec<PlayView>,
    pub winner_seat: Option<Seat>,
}

impl From<&Trick> for TrickView {
    fn from(trick: &Trick) -> TrickView {
        TrickView {
            leader_seat: trick.leader,
            plays: trick
                .cards()
                .iter()
                .map(|&(seat, card)| PlayView { seat, card })
                .collect(),
            winner_seat: trick.winner,
        }
    }
}

/// A seat in the hand as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub seat: Seat,
    pub state: SeatState,
    pub tricks: u8,
    pub card_count: usize,
    pub discard_count: usize,
    pub ante: i64,
    pub extra_ante: i64,
    /// Chips behind the player now, this hand's payments deducted.
    pub stack: i64,
}

/// What the caller may do now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Legal {
    /// The phase's action: `declare`, `draw` or `play`.
    pub action: Phase,
    /// Declaring: whether passing and playing are allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub can_pass: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub can_play: Option<bool>,
    /// Declaring or drawing: the most cards that may be discarded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_discard: Option<usize>,
    /// A card that must not be discarded (the ace of trumps, R8a).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub must_keep: Option<Card>,
    /// Playing: the legal cards (R9-R9d).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<CardSet>,
}

/// One hand as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandView {
    pub hand_no: u32,
    pub phase: Phase,
    pub dealer_seat: Seat,
    pub trump: TrumpView,
    pub pot: i64,
    pub stock_count: usize,
    /// Seats dealt in, in seat order.
    pub seats: Vec<SeatView>,
    pub to_act: Vec<Seat>,
    pub my_seat: Option<Seat>,
    pub my_hand: Option<CardSet>,
    pub my_discards: Option<CardSet>,
    /// The caller's own secret simultaneous declaration, before the reveal.
    pub my_declaration: Option<bool>,
    pub legal: Option<Legal>,
    pub current_trick: Option<TrickView>,
    pub tricks: Vec<TrickView>,
    pub settlement: Option<Settlement>,
}

/// Where a seat stands in the hand, as everyone sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SeatState {
    Undecided,
    /// A secret simultaneous choice, not yet revealed.
    Declared,
    Passed,
    Playing,
}

fn state_name(status: Status) -> SeatState {
    match status {
        Status::Undecided => SeatState::Undecided,
        Status::Hidden => SeatState::Declared,
        Status::Passed => SeatState::Passed,
        Status::Playing => SeatState::Playing,
    }
}

impl HandState {
    /// The hand as `viewer` (a seat in the hand, or anyone else with `None`) may see it.
    pub fn view(&self, viewer: Option<Seat>) -> HandView {
        let mine = viewer.and_then(|seat| self.pos(seat).map(|pos| self.players[pos]));
        let mut seats: Vec<SeatView> = self
            .active()
            .iter()
            .map(|p| SeatView {
                seat: p.seat,
                state: state_name(p.status),
                tricks: p.tricks,
                card_count: if p.status == Status::Passed {
                    0
                } else {
                    p.hand.len()
                },
                discard_count: p.discards.len(),
                ante: p.ante,
                extra_ante: p.extra_ante,
                stack: p.stack,
            })
            .collect();
        seats.sort_unstable_by_key(|s| s.seat);
        HandView {
            hand_no: self.hand_no,
            phase: self.phase,
            dealer_seat: self.dealer,
            trump: TrumpView {
                suit: self.trump,
                card: self.upcard_visible().then_some(self.upcard),
            },
            pot: self.pot,
            stock_count: self.stock_len(),
            seats,
            to_act: self.to_act(),
            my_seat: mine.map(|p| p.seat),
            my_hand: mine.map(|p| p.hand),
            my_discards: mine.map(|p| p.discards),
            my_declaration: mine
                .filter(|p| p.status == Status::Hidden)
                .map(|p| p.declared),
            legal: mine.and_then(|p| self.legal(p.seat)),
            current_trick: (self.phase == Phase::Play).then(|| TrickView::from(&self.trick)),
            tricks: self.finished_tricks().iter().map(TrickView::from).collect(),
            settlement: self.settlement.as_deref().cloned(),
        }
    }

    /// The caller's legal actions now, or `None` when it is not their turn.
    pub fn legal(&self, seat: Seat) -> Option<Legal> {
        if !self.is_to_act(seat) {
            return None;
        }
        let hand = self.hand_of(seat)?;
        let ace = Card::new(super::cards::Rank::ACE, self.trump);
        let stand_ok = |action: Action| self.allows(seat, &action);
        let blank = Legal {
            action: self.phase,
            can_pass: None,
            can_play: None,
            max_discard: None,
            must_keep: None,
            cards: None,
        };
        match self.phase {
            Phase::Declare => {
                let simultaneous = self.rules.simultaneous_declare;
                let discard = |set: CardSet| (!simultaneous).then_some(set);
                let can_play = stand_ok(Action::Declare {
                    play: true,
                    discard: discard(CardSet::EMPTY),
                });
                let keep_ace = can_play
                    && hand.contains(ace)
                    && !stand_ok(Action::Declare {
                        play: true,
                        discard: discard(CardSet::single(ace)),
                    })
                    && !simultaneous;
                Some(Legal {
                    can_pass: Some(stand_ok(Action::Declare {
                        play: false,
                        discard: None,
                    })),
                    can_play: Some(can_play),
                    max_discard: (!simultaneous).then(|| self.rules.discard_cap()),
                    must_keep: keep_ace.then_some(ace),
                    ..blank
                })
            }
            Phase::Draw => {
                let keep_ace = hand.contains(ace)
                    && !stand_ok(Action::Draw {
                        discard: CardSet::single(ace),
                    });
                Some(Legal {
                    max_discard: Some(self.rules.discard_cap()),
                    must_keep: keep_ace.then_some(ace),
                    ..blank
                })
            }
            Phase::Play => Some(Legal {
                cards: Some(self.legal_plays(seat)),
                ..blank
            }),
            Phase::Complete => None,
        }
    }
}

impl HandStart {
    /// The cards dealt to `seat` (R4a), or `None` when it is not in the hand.
    pub fn dealt_to(&self, seat: Seat) -> Option<CardSet> {
        let mut seats: Vec<Seat> = self.entrants.iter().map(|e| e.seat).collect();
        seats.sort_unstable();
        let n = seats.len();
        let dealer = seats.iter().position(|&s| s == self.dealer)?;
        let me = seats.iter().position(|&s| s == seat)?;
        let p = (me + n - dealer - 1) % n;
        let hand_size = usize::from(self.rules.hand_size);
        (0..hand_size)
            .map(|round| self.deck.0.get(round * n + p).copied())
            .collect()
    }

    /// The face-up trump card: the dealer's last card (R4).
    pub fn upcard(&self) -> Option<Card> {
        (usize::from(self.rules.hand_size) * self.entrants.len())
            .checked_sub(1)
            .and_then(|last| self.deck.0.get(last))
            .copied()
    }
}

/// A draw as others see it: how many cards changed hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DrawView {
    /// How many cards were discarded (and drawn).
    pub discard_count: usize,
    /// Whether the stock ran short and was rebuilt from dead cards for this draw (R6).
    pub reshuffled: bool,
    /// Only to the drawer while the hand is in play; to everyone once it has ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard: Option<CardSet>,
    /// As `discard`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawn: Option<CardSet>,
}

fn draw_view(draw: &Draw, own: bool) -> DrawView {
    DrawView {
        discard_count: draw.discard.len(),
        reshuffled: draw.reshuffled,
        discard: own.then_some(draw.discard),
        drawn: own.then_some(draw.drawn),
    }
}

/// An event of a hand in play as one viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventView {
    HandStarted {
        /// The table's hand number, from 1.
        hand_no: u32,
        /// The dealer's seat (R2a).
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
        dealer: Seat,
        /// The table's rules, as they hold for this hand.
        rules: TableRules,
        /// The seats dealt in, in seat order, with what each paid to enter (R3).
        entrants: Vec<Entrant>,
        /// Chips already in the pot before this hand's antes (R3b).
        carried: i64,
        /// The trump suit and the card turned up for it (R4).
        trump: TrumpView,
        /// The viewer's own dealt cards.
        #[serde(skip_serializing_if = "Option::is_none")]
        your_cards: Option<CardSet>,
    },
    Declared {
        /// The seat that declared.
        #[cfg_attr(feature = "openapi", schema(value_type = u8, maximum = 7))]
        seat: Seat,
        /// `null` while a simultaneous declaration is secret.
        play: Option<bool>,
        /// Chips paid on declaring play with `double_ante` (R3a); 0 otherwise, and always 0
        /// with `simultaneous_declare` (`revealed` carries those).
        extra_ante: i64,
        /// The draw of a seat that plays in sequential declaration (its cards to that seat only
        /// while the hand is in play); absent for a pass and with `simultaneous_declare`.
        #[serde(skip_serializing_if = "Option::is_none")]
        draw: Option<DrawView>,
    },
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
        /// Its draw (the cards to that seat only while the hand is in play).
        draw: DrawView,
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
    HandEnded(Settlement),
}

/// `event` of a hand in play as `viewer` may see it. `simultaneous` is the table's
/// `simultaneous_declare`: then a declaration is secret to everyone but its author.
pub fn redact(event: &Event, viewer: Option<Seat>, simultaneous: bool) -> EventView {
    shown(event, viewer, |seat| viewer == Some(seat), simultaneous)
}

/// `event` of a finished hand, in the shape of [`redact`]'s: every declaration and draw
/// shown (the deal itself is in the hand's record).
pub fn reveal(event: &Event) -> EventView {
    shown(event, None, |_| true, false)
}

/// `event` with the dealt cards of `dealt_to`, and the draws and declarations of the
/// seats for which `own` holds; others' declarations hidden when `secret_declarations`.
fn shown(
    event: &Event,
    dealt_to: Option<Seat>,
    own: impl Fn(Seat) -> bool,
    secret_declarations: bool,
) -> EventView {
    match event {
        Event::HandStarted(start) => EventView::HandStarted {
            hand_no: start.hand_no,
            dealer: start.dealer,
            rules: start.rules,
            entrants: start.entrants.clone(),
            carried: start.carried,
            trump: TrumpView {
                suit: start.upcard().map_or(Suit::Clubs, |card| card.suit()),
                card: start.upcard(),
            },
            your_cards: dealt_to.and_then(|seat| start.dealt_to(seat)),
        },
        Event::Declared {
            seat,
            play,
            extra_ante,
            draw,
        } => {
            let own = own(*seat);
            EventView::Declared {
                seat: *seat,
                play: (own || !secret_declarations).then_some(*play),
                extra_ante: *extra_ante,
                draw: draw.as_ref().map(|d| draw_view(d, own)),
            }
        }
        Event::Revealed {
            playing,
            extra_antes,
        } => EventView::Revealed {
            playing: playing.clone(),
            extra_antes: extra_antes.clone(),
        },
        Event::Drew { seat, draw } => EventView::Drew {
            seat: *seat,
            draw: draw_view(draw, own(*seat)),
        },
        Event::Played { seat, card } => EventView::Played {
            seat: *seat,
            card: *card,
        },
        Event::TrickWon { seat, trick } => EventView::TrickWon {
            seat: *seat,
            trick: *trick,
        },
        Event::HandEnded(settlement) => EventView::HandEnded((**settlement).clone()),
    }
}

/// The parts of a seat's view that decide its legal cards, read back from JSON: a
/// [`HandView`] or the API's table view, which name them alike. A client that knows its
/// own hand and the table's public state works out its legal cards with
/// [`SeenHand::sight`] exactly as the engine does.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SeenHand {
    #[serde(default)]
    pub phase: Option<Phase>,
    #[serde(default)]
    pub trump: Option<SeenTrump>,
    #[serde(default)]
    pub seats: Vec<SeenSeat>,
    #[serde(default)]
    pub my_seat: Option<Seat>,
    #[serde(default)]
    pub my_hand: Option<Vec<Card>>,
    #[serde(default)]
    pub my_discards: Option<Vec<Card>>,
    #[serde(default)]
    pub current_trick: Option<SeenTrick>,
    #[serde(default)]
    pub tricks: Vec<SeenTrick>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SeenTrump {
    pub suit: Suit,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SeenSeat {
    pub seat: Seat,
    #[serde(default)]
    pub state: Option<String>,
    #[serde(default)]
    pub tricks: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SeenTrick {
    pub leader_seat: Seat,
    pub plays: Vec<SeenPlay>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SeenPlay {
    pub seat: Seat,
    pub card: Card,
}

impl SeenHand {
    /// What the viewer knows in the play phase (R9-R9d); `None` in another phase, for a
    /// viewer without a hand, or for a view that does not add up.
    pub fn sight(&self) -> Option<PlaySight> {
        if self.phase != Some(Phase::Play) {
            return None;
        }
        let me = self.my_seat?;
        let playing = |s: &&SeenSeat| s.state.as_deref() == Some("playing");
        let tricks = self
            .seats
            .iter()
            .filter(playing)
            .find(|s| s.seat == me)?
            .tricks;
        let plays = |t: &SeenTrick| -> Vec<(Seat, Card)> {
            t.plays.iter().map(|p| (p.seat, p.card)).collect()
        };
        let trick = match &self.current_trick {
            Some(t) => Trick::with_plays(t.leader_seat, &plays(t))?,
            None => Trick::with_plays(me, &[])?,
        };
        Some(PlaySight {
            hand: self.my_hand.iter().flatten().copied().collect(),
            discards: self.my_discards.iter().flatten().copied().collect(),
            tricks,
            trump: self.trump.as_ref()?.suit,
            trick,
            played: self
                .tricks
                .iter()
                .chain(&self.current_trick)
                .flat_map(|t| t.plays.iter().map(|p| p.card))
                .collect(),
            playing: self.seats.iter().filter(playing).count(),
        })
    }
}
