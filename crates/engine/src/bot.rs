//! A simple, sensible player: always legal, passes weak hands, keeps trumps, heads tricks
//! when it can win cheaply. Used by simulations, load tests and timed-out turns.

use super::cards::{Card, CardSet, Rank};
use super::hand::{Action, HandState, Phase, Seat};

/// How strong a hand must be for the bot to play it.
const PLAY_THRESHOLD: f32 = 1.6;

/// What each card adds to a hand's strength, by trump suit: a trump 0.7 to 1.3 by rank, an
/// ace 0.6, a king 0.2.
const WORTH: [[f32; 52]; 4] = {
    let mut table = [[0.0; 52]; 4];
    let mut trump = 0;
    while trump < 4 {
        let mut card = 0;
        while card < 52 {
            let (suit, rank) = (card / 13, card % 13);
            table[trump][card] = if suit == trump {
                0.7 + 0.6 * (rank as f32 / 12.0)
            } else if rank == Rank::ACE.index() as usize {
                0.6
            } else if rank == Rank::KING.index() as usize {
                0.2
            } else {
                0.0
            };
            card += 1;
        }
        trump += 1;
    }
    table
};

fn strength(state: &HandState, hand: CardSet) -> f32 {
    let worth = &WORTH[state.trump() as usize];
    hand.iter()
        .map(|card| worth[usize::from(card.index())])
        .sum()
}

/// Non-trumps below a king, as many as the discard cap allows, lowest first (by rank, then
/// suit order).
fn discards(state: &HandState, hand: CardSet) -> CardSet {
    let mut weak = hand
        .minus(CardSet::of_suit(state.trump()))
        .intersect(CardSet::below_rank(Rank::KING));
    let cap = state.rules().discard_cap();
    if !weak.has_more_than(cap) {
        return weak;
    }
    let mut chosen = CardSet::EMPTY;
    while chosen.len() < cap
        && let Some(card) = weak.lowest_rank()
    {
        weak.remove(card);
        chosen.insert(card);
    }
    chosen
}

/// The lowest-ranked card of `set`, non-trumps before trumps (then suit order).
fn cheapest(state: &HandState, set: CardSet) -> Option<Card> {
    let trumps = CardSet::of_suit(state.trump());
    set.minus(trumps)
        .lowest_rank()
        .or_else(|| set.intersect(trumps).lowest())
}

/// The bot's action for `seat`, or `None` when the seat has nothing to do.
#[inline(always)]
pub fn choose(state: &HandState, seat: Seat) -> Option<Action> {
    if !state.is_to_act(seat) {
        return None;
    }
    let hand = state.hand_of(seat)?;
    match state.phase() {
        Phase::Declare => {
            let wants = strength(state, hand) >= PLAY_THRESHOLD;
            let discard = (!state.rules().simultaneous_declare).then(|| discards(state, hand));
            let play = Action::Declare {
                play: true,
                discard,
            };
            let pass = Action::Declare {
                play: false,
                discard: None,
            };
            let stand = Action::Declare {
                play: true,
                discard: discard.map(|_| CardSet::EMPTY),
            };
            let order = if wants {
                [play, stand, pass]
            } else {
                [pass, stand, play]
            };
            order.into_iter().find(|action| state.allows(seat, action))
        }
        Phase::Draw => {
            let draw = Action::Draw {
                discard: discards(state, hand),
            };
            let stand = Action::Draw {
                discard: CardSet::EMPTY,
            };
            [draw, stand]
                .into_iter()
                .find(|action| state.allows(seat, action))
        }
        Phase::Play => {
            let legal = state.legal_plays(seat);
            let card = if state.current_trick().len == 0 {
                lead(state, legal)
            } else {
                cheapest(state, state.winners(legal)).or_else(|| cheapest(state, legal))
            }?;
            Some(Action::Play { card })
        }
        Phase::Complete => None,
    }
}

#[inline(always)]
fn lead(state: &HandState, legal: CardSet) -> Option<Card> {
    let trump = state.trump();
    let aces = legal
        .intersect(CardSet::of_rank(Rank::ACE))
        .minus(CardSet::of_suit(trump));
    let trumps = legal.suit(trump);
    aces.highest()
        .or_else(|| trumps.has_more_than(1).then(|| trumps.highest()).flatten())
        .or_else(|| cheapest(state, legal))
}

/// What the server does for a seat whose turn timed out: pass (or play and stand when R7
/// forces the dealer), stand at the draw, and the lowest legal card in play.
pub fn timeout_action(state: &HandState, seat: Seat) -> Option<Action> {
    if !state.is_to_act(seat) {
        return None;
    }
    match state.phase() {
        Phase::Declare => {
            let pass = Action::Declare {
                play: false,
                discard: None,
            };
            let stand = Action::Declare {
                play: true,
                discard: (!state.rules().simultaneous_declare).then_some(CardSet::EMPTY),
            };
            [pass, stand]
                .into_iter()
                .find(|action| state.allows(seat, action))
        }
        Phase::Draw => Some(Action::Draw {
            discard: CardSet::EMPTY,
        }),
        Phase::Play => cheapest(state, state.legal_plays(seat)).map(|card| Action::Play { card }),
        Phase::Complete => None,
    }
}
