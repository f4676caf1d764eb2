//! Play obligations (R9-R9c), the cinch (R9d) and trick winners (R9e): which cards a seat
//! may play, and which rule refuses the others.

use super::cards::{Card, CardSet, Suit};
use super::error::RuleError;
use super::hand::{HandState, Phase, Seat, Status, beats};

/// Tricks needed for a cinch (R9d).
const CINCH_TRICKS: u8 = 3;

impl HandState {
    /// The cards `seat` may play now (R9-R9d); empty when it is not their turn to play.
    pub fn legal_plays(&self, seat: Seat) -> CardSet {
        match self.pos(seat) {
            Some(pos) if self.phase == Phase::Play && usize::from(self.turn) == pos => {
                self.legal_for(pos).0
            }
            _ => CardSet::EMPTY,
        }
    }

    /// The legal cards at `pos`, and the cards allowed before the cinch narrows them.
    pub(crate) fn legal_for(&self, pos: usize) -> (CardSet, CardSet) {
        let hand = self.players[pos].hand;
        let trumps = CardSet::of_suit(self.trump);
        let cinch = self.has_cinch(pos);
        let Some(led) = self.trick.led_suit() else {
            let held_trumps = hand.intersect(trumps);
            if cinch && !held_trumps.is_empty() {
                return (self.highest_trump_equivalents(pos, held_trumps), hand);
            }
            return (hand, hand);
        };
        let base = self.obligations(hand, led).0;
        if !cinch {
            return (base, base);
        }
        if usize::from(self.trick.len) + 1 == self.playing_count() {
            let winners: CardSet = base.iter().filter(|&c| self.would_win(c)).collect();
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
            base_trumps.intersect(self.highest_trump_equivalents(pos, held_trumps)),
            base,
        )
    }

    /// R9a-R9c for a follower: the allowed cards, and which rule decided.
    pub(crate) fn obligations(&self, hand: CardSet, led: Suit) -> (CardSet, RuleError) {
        let trump = self.trump;
        let in_trick_trumps: CardSet = self
            .trick
            .cards()
            .iter()
            .map(|(_, c)| *c)
            .filter(|c| c.suit() == trump)
            .collect();
        let follow = hand.suit(led);
        if !follow.is_empty() {
            if led != trump && !in_trick_trumps.is_empty() {
                return (follow, RuleError::MustFollowSuit);
            }
            let top_led = self
                .trick
                .cards()
                .iter()
                .map(|(_, c)| *c)
                .filter(|c| c.suit() == led)
                .max_by_key(|c| c.rank());
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

    /// Whether `card` would take the lead of the current trick if played now (R9e).
    pub fn would_win(&self, card: Card) -> bool {
        match (self.trick.led_suit(), self.trick.leading(self.trump)) {
            (Some(led), Some((_, top))) => beats(card, top, led, self.trump),
            _ => true,
        }
    }

    pub(crate) fn playing_count(&self) -> usize {
        self.active()
            .iter()
            .filter(|p| p.status == Status::Playing)
            .count()
    }

    /// Trumps `pos` has not seen: not in hand, not played, not among its own discards (R9d).
    pub(crate) fn unseen_trumps(&self, pos: usize) -> CardSet {
        let player = &self.players[pos];
        CardSet::of_suit(self.trump)
            .minus(player.hand)
            .minus(self.played)
            .minus(player.discards)
    }

    /// Trump tricks `pos` is sure to win: its trumps minus a maximum matching of unseen
    /// trumps to the trumps of `pos` they outrank (R9d).
    pub(crate) fn guaranteed_trump_tricks(&self, pos: usize) -> u8 {
        let mine = self.players[pos].hand.suit(self.trump);
        let mut unseen = self.unseen_trumps(pos);
        let mut beaten = 0u8;
        for card in mine.iter() {
            if let Some(over) = unseen.above(card).lowest() {
                unseen.remove(over);
                beaten += 1;
            }
        }
        mine.len() as u8 - beaten
    }

    pub(crate) fn has_cinch(&self, pos: usize) -> bool {
        self.players[pos].tricks + self.guaranteed_trump_tricks(pos) >= CINCH_TRICKS
    }

    /// Whether `seat` has a cinch now (R9d).
    pub fn cinch(&self, seat: Seat) -> bool {
        self.phase == Phase::Play
            && self
                .pos(seat)
                .is_some_and(|p| self.players[p].status == Status::Playing && self.has_cinch(p))
    }

    /// The highest of `trumps` and every trump of them equivalent to it: no unseen trump
    /// ranks between (R9d).
    pub(crate) fn highest_trump_equivalents(&self, pos: usize, trumps: CardSet) -> CardSet {
        let Some(top) = trumps.highest() else {
            return CardSet::EMPTY;
        };
        let unseen = self.unseen_trumps(pos);
        trumps
            .iter()
            .filter(|&t| unseen.above(t).minus(unseen.above(top)).is_empty())
            .collect()
    }

    pub(crate) fn why_illegal(&self, pos: usize, card: Card, base: CardSet) -> RuleError {
        let Some(led) = self.trick.led_suit() else {
            return RuleError::CinchMustLeadHighestTrump;
        };
        if !base.contains(card) {
            let hand = self.players[pos].hand;
            let (_, rule) = self.obligations(hand, led);
            return match rule {
                RuleError::MustHeadTrick if card.suit() != led => RuleError::MustFollowSuit,
                RuleError::MustOvertrump if card.suit() != self.trump => RuleError::MustTrump,
                rule => rule,
            };
        }
        let last = usize::from(self.trick.len) + 1 == self.playing_count();
        if last && base.iter().any(|c| self.would_win(c)) {
            RuleError::CinchMustWinTrick
        } else {
            RuleError::CinchMustPlayHighestTrump
        }
    }
}
