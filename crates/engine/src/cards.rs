//! Cards, suits, ranks and a 52-bit card set (R1).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A suit, in the order used for the canonical deck: clubs, diamonds, hearts, spades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

/// The wire schemas of cards: a card is its code (`10H`, `AS`), a set of cards a list of
/// codes, a suit its letter.
#[cfg(feature = "openapi")]
mod schemas {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type};
    use utoipa::openapi::{Ref, RefOr};
    use utoipa::{PartialSchema, ToSchema};

    use super::{Card, CardSet, Suit};

    impl PartialSchema for Card {
        fn schema() -> RefOr<Schema> {
            ObjectBuilder::new()
                .schema_type(SchemaType::Type(Type::String))
                .pattern(Some("^(10|[2-9JQKA])[CDHS]$"))
                .description(Some("A card's code: rank (2-10, J, Q, K, A) then suit"))
                .into()
        }
    }

    impl ToSchema for Card {}

    impl PartialSchema for CardSet {
        fn schema() -> RefOr<Schema> {
            ArrayBuilder::new()
                .items(Ref::from_schema_name("Card"))
                .unique_items(true)
                .max_items(Some(52))
                .into()
        }
    }

    impl ToSchema for CardSet {
        fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
            schemas.push(("Card".into(), Card::schema()));
        }
    }

    impl PartialSchema for Suit {
        fn schema() -> RefOr<Schema> {
            ObjectBuilder::new()
                .schema_type(SchemaType::Type(Type::String))
                .enum_values(Some(["C", "D", "H", "S"]))
                .into()
        }
    }

    impl ToSchema for Suit {}
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(serde::de::Error::custom(format!(
                "unknown suit {s:?}: expected C, D, H or S"
            ))),
        }
    }
}

/// A rank from two (0) to ace (12); a higher value beats a lower one (R1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(0);
    pub const TEN: Rank = Rank(8);
    pub const JACK: Rank = Rank(9);
    pub const QUEEN: Rank = Rank(10);
    pub const KING: Rank = Rank(11);
    pub const ACE: Rank = Rank(12);

    /// 0 for a two up to 12 for an ace.
    pub const fn index(self) -> u8 {
        self.0
    }

    fn text(self) -> &'static str {
        const TEXT: [&str; 13] = [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ];
        TEXT[usize::from(self.0)]
    }

    fn parse(s: &str) -> Option<Rank> {
        let index = match s.to_ascii_uppercase().as_str() {
            "2" => 0,
            "3" => 1,
            "4" => 2,
            "5" => 3,
            "6" => 4,
            "7" => 5,
            "8" => 6,
            "9" => 7,
            "10" | "T" => 8,
            "J" => 9,
            "Q" => 10,
            "K" => 11,
            "A" => 12,
            _ => return None,
        };
        Some(Rank(index))
    }
}

/// One card of the 52-card deck, stored as `suit * 13 + rank`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0)
    }

    /// The card with canonical index `i` (0..52): 2C, 3C, ..., AC, 2D, ..., AS.
    pub fn from_index(i: u8) -> Option<Card> {
        (i < 52).then_some(Card(i))
    }

    pub fn index(self) -> u8 {
        self.0
    }

    pub fn suit(self) -> Suit {
        Suit::ALL[usize::from(self.0 / 13)]
    }

    pub fn rank(self) -> Rank {
        Rank(self.0 % 13)
    }

    /// Every card in canonical order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().text(), self.suit().letter())
    }
}

/// Why a card string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "invalid card {0:?}: expected a rank (2-10, T, J, Q, K, A) followed by a suit (C, D, H, S), e.g. 10H or AS"
)]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError(s.chars().take(16).collect());
        let trimmed = s.trim();
        let suit_char = trimmed.chars().last().ok_or_else(err)?;
        let suit = Suit::from_letter(suit_char).ok_or_else(err)?;
        let rank_text = &trimmed[..trimmed.len() - suit_char.len_utf8()];
        let rank = Rank::parse(rank_text).ok_or_else(err)?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cards as a 52-bit mask; bit `i` is the card of canonical index `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const FULL: CardSet = CardSet((1 << 52) - 1);

    pub fn of_suit(suit: Suit) -> CardSet {
        CardSet(0x1fff << (suit as u8 * 13))
    }

    pub fn single(card: Card) -> CardSet {
        CardSet(1 << card.0)
    }

    pub fn bits(self) -> u64 {
        self.0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds more than `n` cards: `len() > n`, cheap for a small `n`.
    pub fn has_more_than(self, n: usize) -> bool {
        let mut bits = self.0;
        for _ in 0..n {
            if bits == 0 {
                return false;
            }
            bits &= bits - 1;
        }
        bits != 0
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub fn intersect(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    pub fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    pub fn suit(self, suit: Suit) -> CardSet {
        self.intersect(CardSet::of_suit(suit))
    }

    /// The highest card (by rank, then suit order; callers ask within one suit).
    pub fn highest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(63 - self.0.leading_zeros() as u8))
    }

    pub fn lowest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }

    /// The cards of `suit` in this set strictly above `card`'s rank (same suit as `card`).
    pub fn above(self, card: Card) -> CardSet {
        let suit_mask = CardSet::of_suit(card.suit()).0;
        let higher = !((2u64 << card.0) - 1);
        CardSet(self.0 & suit_mask & higher)
    }

    /// The cards of `rank` in every suit.
    pub const fn of_rank(rank: Rank) -> CardSet {
        CardSet((1 | 1 << 13 | 1 << 26 | 1 << 39) << rank.0)
    }

    /// The cards below `rank` in every suit.
    pub const fn below_rank(rank: Rank) -> CardSet {
        let one_suit = (1u64 << rank.0) - 1;
        CardSet(one_suit | one_suit << 13 | one_suit << 26 | one_suit << 39)
    }

    /// The card of lowest rank, the first suit in canonical order on a tie: the first
    /// minimum by rank in ascending order, as `iter().min_by_key(|c| c.rank())`.
    pub fn lowest_rank(self) -> Option<Card> {
        let ranks = (self.0 | self.0 >> 13 | self.0 >> 26 | self.0 >> 39) & 0x1fff;
        if ranks == 0 {
            return None;
        }
        CardSet(self.0 & CardSet::of_rank(Rank(ranks.trailing_zeros() as u8)).0).lowest()
    }

    /// Ascending canonical order.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for card in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let set: CardSet = cards.iter().copied().collect();
        if set.len() != cards.len() {
            return Err(serde::de::Error::custom("a card is listed twice"));
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_parses_case_insensitively_and_accepts_t_for_ten() {
        let cases = [
            ("10H", "10H"),
            ("th", "10H"),
            ("T h", ""),
            ("as", "AS"),
            ("2c", "2C"),
            ("qd", "QD"),
            (" KS ", "KS"),
        ];
        for (input, canonical) in cases {
            match input.parse::<Card>() {
                Ok(card) => assert_eq!(card.to_string(), canonical, "{input}"),
                Err(_) => assert!(canonical.is_empty(), "{input} should parse"),
            }
        }
    }

    #[test]
    fn r1_refuses_anything_else_with_a_clear_error() {
        for bad in ["", "1H", "11H", "AX", "A", "H", "10", "AAS", "é", "🂡", "0S"] {
            let err = bad.parse::<Card>().expect_err(bad);
            assert!(err.to_string().contains("invalid card"), "{bad}");
        }
    }

    #[test]
    fn r1_every_card_round_trips_and_ranks_order_high_to_low() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        let ace: Card = "AS".parse().expect("AS");
        let king: Card = "KS".parse().expect("KS");
        let two: Card = "2S".parse().expect("2S");
        assert!(ace.rank() > king.rank() && king.rank() > two.rank());
    }

    #[test]
    fn lowest_rank_is_the_first_minimum_by_rank() {
        // Every set of up to three cards of a spread deck, against the iterator's minimum.
        let cards: Vec<Card> = Card::all().step_by(5).collect();
        for (i, a) in cards.iter().enumerate() {
            for (j, b) in cards.iter().enumerate().skip(i) {
                for c in cards.iter().skip(j) {
                    let set: CardSet = [*a, *b, *c].into_iter().collect();
                    let expected = set.iter().min_by_key(|c| c.rank());
                    assert_eq!(set.lowest_rank(), expected, "{set}");
                }
            }
        }
        assert_eq!(CardSet::EMPTY.lowest_rank(), None);
    }

    #[test]
    fn card_set_basics() {
        let set: CardSet = ["AS", "KS", "2H"]
            .iter()
            .map(|c| c.parse::<Card>().expect("card"))
            .collect();
        assert_eq!(set.len(), 3);
        assert_eq!(set.suit(Suit::Spades).len(), 2);
        assert_eq!(
            set.suit(Suit::Spades).highest().map(|c| c.to_string()),
            Some("AS".into())
        );
        let king: Card = "KS".parse().expect("KS");
        assert_eq!(set.above(king).len(), 1);
        assert_eq!(CardSet::of_rank(Rank::ACE).len(), 4);
        assert!(
            CardSet::of_rank(Rank::ACE)
                .iter()
                .all(|c| c.rank() == Rank::ACE)
        );
        assert_eq!(CardSet::below_rank(Rank::TWO), CardSet::EMPTY);
        assert_eq!(CardSet::below_rank(Rank::KING).len(), 44);
        assert_eq!(CardSet::FULL.len(), 52);
        for n in 0..5 {
            assert_eq!(set.has_more_than(n), set.len() > n, "{n}");
        }
        assert_eq!(
            serde_json::to_string(&set).expect("json"),
            r#"["2H","KS","AS"]"#
        );
        let back: CardSet = serde_json::from_str(r#"["2h","ks","as"]"#).expect("parse");
        assert_eq!(back, set);
        assert!(serde_json::from_str::<CardSet>(r#"["AS","as"]"#).is_err());
    }
}
