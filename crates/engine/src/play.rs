//! Play obligations (R9-R9c), the cinch (R9d) and trick winners (R9e): which cards a seat
//! may play, and which rule refuses the others.
//!
//! Everything here reads only what the seat to play knows ([`PlaySight`]): its own hand and
//! discards, its tricks, the trump, the cards played so far and how many still play. So a
//! client can work out its legal cards from its own view ([`super::view::HandView`]) exactly
//! as the engine does.

use super::cards::{Card, CardSet, Suit};
use super::error::RuleError;
use super::hand::{HandState, Phase, Seat, Status, Trick};

/// Tricks needed for a cinch (R9d).
const CINCH_TRICKS: u8 = 3;

/// What the seat to play knows: enough to decide its legal cards (R9-R9d).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaySight {
    pub hand: CardSet,
    /// The seat's own discards: trumps among them are seen (R9d).
    pub discards: CardSet,
    /// Tricks the seat has won this hand.
    pub tricks: u8,
    pub trump: Suit,
    /// The trick in play.
    pub trick: Trick,
    /// Every card played to a trick this hand, the current trick's included.
    pub played: CardSet,
    /// Players still playing the hand.
    pub playing: usize,
}

impl HandState {
    /// What the player at `pos` knows.
    #[inline]
    pub(crate) fn sight(&self, pos: usize) -> PlaySight {
        let player = &self.players[pos];
        PlaySight {
            hand: player.hand,
            discards: player.discards,
            tricks: player.tricks,
            trump: self.trump,
            trick: self.trick,
            played: self.played,
            playing: self.playing_count(),
        }
    }

    /// The cards `seat` may play now (R9-R9d); empty when it is not their turn to play.
    #[inline]
    pub fn legal_plays(&self, seat: Seat) -> CardSet {
        match self.pos(seat) {
            Some(pos) if self.phase == Phase::Play && usize::from(self.turn) == pos => {
                self.sight(pos).legal()
            }
            _ => CardSet::EMPTY,
        }
    }

    /// Whether `card` would take the lead of the current trick if played now (R9e).
    pub fn would_win(&self, card: Card) -> bool {
        self.winners(CardSet::single(card)).contains(card)
    }

    /// Which of `cards` would take the lead of the current trick if played now (R9e).
    pub fn winners(&self, cards: CardSet) -> CardSet {
        self.trick.winners(self.trump, cards)
    }

    /// Whether `seat` has a cinch now (R9d).
    pub fn cinch(&self, seat: Seat) -> bool {
        self.phase == Phase::Play
            && self
                .pos(seat)
                .is_some_and(|p| self.players[p].status == Status::Playing && self.sight(p).cinch())
    }
}

impl PlaySight {
    /// The cards the seat may play (R9-R9d).
    pub fn legal(&self) -> CardSet {
        self.legal_and_base().0
    }

    /// The legal cards, and the cards allowed before the cinch narrows them.
    pub(crate) fn legal_and_base(&self) -> (CardSet, CardSet) {
        let hand = self.hand;
        let trumps = CardSet::of_suit(self.trump);
        let cinch = self.cinch();
        let Some(led) = self.trick.led_suit() else {
            let held_trumps = hand.intersect(trumps);
            if cinch && !held_trumps.is_empty() {
                return (self.highest_trump_equivalents(held_trumps), hand);
            }
            return (hand, hand);
        };
        let base = self.obligations(led).0;
        if !cinch {
            return (base, base);
        }
        if usize::from(self.trick.len) + 1 == self.playing {
            let winners = self.trick.winners(self.trump, base);
            if !winners.is_empty() {
                return (winners, base);
            }
        }
        let base_trumps = base.intersect(trumps);
        if base_trumps.is_empty() {
            return (base, base);
        }
        let held_trumps = hand.intersect(trumps);
        (
            base_trumps.intersect(self.highest_trump_equivalents(held_trumps)),
            base,
        )
    }

    /// R9a-R9c for a follower: the allowed cards, and which rule decided.
    fn obligations(&self, led: Suit) -> (CardSet, RuleError) {
        let (hand, trump) = (self.hand, self.trump);
        let in_trick_trumps = self.trick.card_set().suit(trump);
        let follow = hand.suit(led);
        if !follow.is_empty() {
            if led != trump && !in_trick_trumps.is_empty() {
                return (follow, RuleError::MustFollowSuit);
            }
            let top_led = self.trick.card_set().suit(led).highest();
            let higher = top_led.map_or(follow, |top| follow.above(top));
            if higher.is_empty() {
                return (follow, RuleError::MustFollowSuit);
            }
            return (higher, RuleError::MustHeadTrick);
        }
        let my_trumps = hand.suit(trump);
        if !my_trumps.is_empty() {
            if let Some(top) = in_trick_trumps.highest() {
                let higher = my_trumps.above(top);
                if !higher.is_empty() {
                    return (higher, RuleError::MustOvertrump);
                }
            }
            return (my_trumps, RuleError::MustTrump);
        }
        (hand, RuleError::MustFollowSuit)
    }

    /// Trumps the seat has not seen: not in hand, not played, not among its discards (R9d).
    fn unseen_trumps(&self) -> CardSet {
        CardSet::of_suit(self.trump)
            .minus(self.hand)
            .minus(self.played)
            .minus(self.discards)
    }

    /// Trump tricks the seat is sure to win: its trumps minus a maximum matching of unseen
    /// trumps to the trumps they outrank (R9d).
    fn guaranteed_trump_tricks(&self) -> u8 {
        let mine = self.hand.suit(self.trump);
        let mut unseen = self.unseen_trumps();
        let mut beaten = 0u8;
        for card in mine.iter() {
            if let Some(over) = unseen.above(card).lowest() {
                unseen.remove(over);
                beaten += 1;
            }
        }
        mine.len() as u8 - beaten
    }

    /// Whether the seat has a cinch (R9d): its tricks and its sure trump tricks make three.
    pub fn cinch(&self) -> bool {
        // Sure trump tricks are at most the trumps held.
        let short = CINCH_TRICKS.saturating_sub(self.tricks);
        (short == 0
            || self
                .hand
                .suit(self.trump)
                .has_more_than(usize::from(short) - 1))
            && self.tricks + self.guaranteed_trump_tricks() >= CINCH_TRICKS
    }

    /// The highest of `trumps` and every trump of them equivalent to it: no unseen trump
    /// ranks between (R9d).
    fn highest_trump_equivalents(&self, trumps: CardSet) -> CardSet {
        let Some(top) = trumps.highest() else {
            return CardSet::EMPTY;
        };
        let unseen = self.unseen_trumps();
        trumps
            .iter()
            .filter(|&t| unseen.above(t).minus(unseen.above(top)).is_empty())
            .collect()
    }

    /// The rule that refuses `card`, given the cards allowed before the cinch (`base`).
    pub(crate) fn why_illegal(&self, card: Card, base: CardSet) -> RuleError {
        let Some(led) = self.trick.led_suit() else {
            return RuleError::CinchMustLeadHighestTrump;
        };
        if !base.contains(card) {
            let (_, rule) = self.obligations(led);
            return match rule {
                RuleError::MustHeadTrick if card.suit() != led => RuleError::MustFollowSuit,
                RuleError::MustOvertrump if card.suit() != self.trump => RuleError::MustTrump,
                rule => rule,
            };
        }
        let last = usize::from(self.trick.len) + 1 == self.playing;
        if last && !self.trick.winners(self.trump, base).is_empty() {
            RuleError::CinchMustWinTrick
        } else {
            RuleError::CinchMustPlayHighestTrump
        }
    }
}
