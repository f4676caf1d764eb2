//! Fair, checkable decks (docs/guide/fair-shuffles.md).
//!
//! `hand_key = HMAC-SHA256(key = server_seed, message)` where the message is the UTF-8 text
//! `bourre-deck-v1|{table_id}|{hand_no}` followed by `|{seat}:{client_seed}` for every client
//! seed in increasing seat order. The deck is a Fisher-Yates shuffle of the canonical order
//! (2C 3C ... AC 2D ... AS) driven by ChaCha20 keyed with `hand_key` (stream 0): for `i` from
//! 51 down to 1, draw 32-bit words until one is below `2^32 - 2^32 mod (i + 1)`, take it
//! modulo `i + 1` as `j`, swap positions `i` and `j`. The deck is listed top first.
//! Reshuffle number `r` of a short stock (R6) shuffles the collected cards, in canonical
//! order, the same way with ChaCha20 stream `r`.

use std::fmt;

use hmac::{KeyInit, Mac};
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

use super::cards::{Card, CardSet};

type HmacSha256 = hmac::Hmac<Sha256>;

/// The 32 bytes that drive every shuffle of one hand.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct HandKey(pub [u8; 32]);

impl fmt::Debug for HandKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("HandKey(..)")
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for HandKey {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .pattern(Some("^[0-9a-f]{64}$"))
            .description(Some(
                "The hand key K, hex (see docs/guide/fair-shuffles.md)",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for HandKey {}

impl Serialize for HandKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(self.0))
    }
}

impl<'de> Deserialize<'de> for HandKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(&text, &mut bytes)
            .map_err(|_| serde::de::Error::custom("a hand key is 64 hex digits"))?;
        Ok(HandKey(bytes))
    }
}

/// The key of one hand, from the server seed, the table, the hand number and client seeds.
/// `client_seeds` are `(seat, seed)` pairs; they are used in increasing seat order.
pub fn hand_key(
    server_seed: &[u8],
    table_id: &str,
    hand_no: u32,
    client_seeds: &[(u8, &str)],
) -> HandKey {
    HandKeys::new(server_seed).key(table_id, hand_no, client_seeds)
}

/// The keys of many hands under one server seed: HMAC keyed once (see [`hand_key`]).
#[derive(Clone)]
pub struct HandKeys(Option<HmacSha256>);

impl HandKeys {
    pub fn new(server_seed: &[u8]) -> HandKeys {
        // HMAC accepts keys of any length: `None` cannot happen.
        HandKeys(HmacSha256::new_from_slice(server_seed).ok())
    }

    /// [`hand_key`] under this server seed.
    pub fn key(&self, table_id: &str, hand_no: u32, client_seeds: &[(u8, &str)]) -> HandKey {
        let Some(mut mac) = self.0.clone() else {
            return HandKey::default();
        };
        let mut seeds = client_seeds.to_vec();
        seeds.sort_unstable_by_key(|(seat, _)| *seat);
        mac.update(b"bourre-deck-v1|");
        mac.update(table_id.as_bytes());
        mac.update(b"|");
        mac.update(itoa::Buffer::new().format(hand_no).as_bytes());
        for (seat, seed) in seeds {
            mac.update(b"|");
            mac.update(itoa::Buffer::new().format(seat).as_bytes());
            mac.update(b":");
            mac.update(seed.as_bytes());
        }
        HandKey(mac.finalize().into_bytes().into())
    }
}

/// SHA-256 of a server seed, hex: what is published before the hand (commit-reveal).
pub fn commitment(server_seed: &[u8]) -> String {
    hex::encode(Sha256::digest(server_seed))
}

/// A uniformly random index in `0..bound` (1..=52) without modulo bias: a word above the
/// last whole multiple of `bound` is drawn again.
fn below(rng: &mut ChaCha20Rng, bound: u32) -> u32 {
    let divisor = &DIVISORS[bound as usize];
    loop {
        let x = rng.next_u32();
        if x <= divisor.zone {
            return divisor.rem(x);
        }
    }
}

/// A bound of [`below`], with what makes its draws cheap: the largest word it accepts and
/// the multiplier that takes a remainder without dividing (Lemire, Kaser and Kurz, "Faster
/// remainder by direct computation", 2019: exact for every 32-bit word).
struct Divisor {
    d: u32,
    zone: u32,
    m: u64,
}

impl Divisor {
    const fn new(d: u32) -> Divisor {
        Divisor {
            d,
            zone: u32::MAX - (u32::MAX - d + 1) % d,
            // For 1, 2^64 wraps to 0, and every remainder is 0 as it should be.
            m: (u64::MAX / d as u64).wrapping_add(1),
        }
    }

    /// `x % d`.
    fn rem(&self, x: u32) -> u32 {
        let low = self.m.wrapping_mul(u64::from(x));
        ((u128::from(low) * u128::from(self.d)) >> 64) as u32
    }
}

/// The bounds of a shuffle of at most 52 cards (index 0 unused).
const DIVISORS: [Divisor; 53] = {
    let mut table = [const { Divisor::new(1) }; 53];
    let mut d = 1;
    while d < 53 {
        table[d] = Divisor::new(d as u32);
        d += 1;
    }
    table
};

fn fisher_yates(key: &HandKey, stream: u64, cards: &mut [Card]) {
    let mut rng = ChaCha20Rng::from_seed(key.0);
    rng.set_stream(stream);
    for i in (1..cards.len()).rev() {
        let j = below(&mut rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// A full 52-card deck, top first.
#[derive(Clone, PartialEq, Eq)]
pub struct Deck(pub [Card; 52]);

impl fmt::Debug for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Deck(..)")
    }
}

impl Deck {
    /// The canonical order 2C 3C ... AS.
    pub fn canonical() -> Deck {
        let mut cards = [Card::new(super::cards::Rank::TWO, super::cards::Suit::Clubs); 52];
        for (slot, card) in cards.iter_mut().zip(Card::all()) {
            *slot = card;
        }
        Deck(cards)
    }

    /// The deck a hand key deals (stream 0).
    pub fn shuffled(key: &HandKey) -> Deck {
        let mut deck = Deck::canonical();
        fisher_yates(key, 0, &mut deck.0);
        deck
    }

    /// A deck from a list of cards: exactly the 52 cards, each once.
    pub fn from_cards(cards: &[Card]) -> Result<Deck, String> {
        if cards.len() != 52 {
            return Err(format!("a deck has 52 cards, not {}", cards.len()));
        }
        let set: CardSet = cards.iter().copied().collect();
        if set != CardSet::FULL {
            return Err("a deck lists every card exactly once".into());
        }
        let mut deck = Deck::canonical();
        deck.0.copy_from_slice(cards);
        Ok(deck)
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Deck {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::ArrayBuilder;
        ArrayBuilder::new()
            .items(utoipa::openapi::Ref::from_schema_name("Card"))
            .min_items(Some(52))
            .max_items(Some(52))
            .description(Some("The 52 cards, top first (R4a)"))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Deck {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        schemas.push((
            "Card".into(),
            <super::cards::Card as utoipa::PartialSchema>::schema(),
        ));
    }
}

impl Serialize for Deck {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for Deck {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        Deck::from_cards(&cards).map_err(serde::de::Error::custom)
    }
}

/// Reshuffle number `round` (1, 2, ...) of a short stock: the cards of `set` in canonical
/// order, shuffled with stream `round` of the hand key (R6).
pub fn reshuffle(key: &HandKey, round: u64, set: CardSet, out: &mut Vec<Card>) {
    out.clear();
    out.extend(set.iter());
    fisher_yates(key, round, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_sha256_matches_rfc_4231_case_2() {
        let mut mac = HmacSha256::new_from_slice(b"Jefe").expect("key");
        mac.update(b"what do ya want for nothing?");
        assert_eq!(
            hex::encode(mac.finalize().into_bytes()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn chacha20_matches_rfc_7539_zero_key_keystream() {
        let mut rng = ChaCha20Rng::from_seed([0; 32]);
        assert_eq!(rng.next_u32(), 0xade0_b876);
        assert_eq!(rng.next_u32(), 0x903d_f1a0);
    }

    #[test]
    fn remainders_without_division_are_exact() {
        let mut words: Vec<u32> = vec![0, 1, u32::MAX, u32::MAX - 1, 1 << 31, (1 << 31) - 1];
        let mut rng = ChaCha20Rng::from_seed([9; 32]);
        words.extend((0..20_000).map(|_| rng.next_u32()));
        for d in 1..=52u32 {
            let divisor = &DIVISORS[d as usize];
            assert_eq!(
                divisor.zone,
                u32::MAX - (u32::MAX - d + 1) % d,
                "zone of {d}"
            );
            for &x in words.iter().chain(&[d - 1, d, d + 1, divisor.zone]) {
                assert_eq!(divisor.rem(x), x % d, "{x} % {d}");
            }
        }
    }

    #[test]
    fn hand_keys_under_one_seed_are_hand_key() {
        let keys = HandKeys::new(b"seed");
        for (table, hand_no, seeds) in [
            ("t", 0, vec![]),
            ("table-1", 4_294_967_295, vec![(3, "c"), (1, "")]),
            ("", 10, vec![(7, "x:y|z")]),
        ] {
            let expected = {
                let mut mac = HmacSha256::new_from_slice(b"seed").expect("key");
                let mut message = format!("bourre-deck-v1|{table}|{hand_no}");
                let mut sorted = seeds.clone();
                sorted.sort_unstable();
                for (seat, seed) in sorted {
                    message.push_str(&format!("|{seat}:{seed}"));
                }
                mac.update(message.as_bytes());
                HandKey(mac.finalize().into_bytes().into())
            };
            assert_eq!(keys.key(table, hand_no, &seeds), expected);
            assert_eq!(hand_key(b"seed", table, hand_no, &seeds), expected);
        }
    }

    #[test]
    fn commitment_is_sha256_hex() {
        assert_eq!(
            commitment(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn fixed_vector_deck() {
        let key = hand_key(&[7u8; 32], "table-1", 3, &[(2, "zed"), (0, "alpha")]);
        let swapped = hand_key(&[7u8; 32], "table-1", 3, &[(0, "alpha"), (2, "zed")]);
        assert_eq!(key, swapped, "client seeds are used in seat order");
        let deck = Deck::shuffled(&key);
        let top: Vec<String> = deck.0[..8].iter().map(|c| c.to_string()).collect();
        assert_eq!(top.join(" "), "QH 2D 4C 10D 2C 9S 6S 5H");
        let set: CardSet = deck.0.iter().copied().collect();
        assert_eq!(set, CardSet::FULL);
    }

    #[test]
    fn every_input_changes_the_deck() {
        let base = Deck::shuffled(&hand_key(b"seed", "t", 1, &[]));
        for other in [
            hand_key(b"seeD", "t", 1, &[]),
            hand_key(b"seed", "u", 1, &[]),
            hand_key(b"seed", "t", 2, &[]),
            hand_key(b"seed", "t", 1, &[(0, "x")]),
        ] {
            assert_ne!(Deck::shuffled(&other), base);
        }
    }

    #[test]
    fn shuffle_positions_are_roughly_uniform() {
        let mut counts = [0u32; 52];
        let trials = 5200;
        for n in 0..trials {
            let deck = Deck::shuffled(&hand_key(b"uniform", "t", n, &[]));
            counts[usize::from(deck.0[0].index())] += 1;
        }
        for (card, count) in counts.iter().enumerate() {
            assert!(
                (50..=160).contains(count),
                "card {card} on top {count} times"
            );
        }
    }

    #[test]
    fn deck_json_refuses_anything_but_a_permutation() {
        let deck = Deck::canonical();
        let text = serde_json::to_string(&deck).expect("json");
        assert_eq!(serde_json::from_str::<Deck>(&text).expect("back"), deck);
        assert!(serde_json::from_str::<Deck>(r#"["AS","KS"]"#).is_err());
        let mut doubled: Vec<String> = deck.0.iter().map(|c| c.to_string()).collect();
        doubled[1] = doubled[0].clone();
        let text = serde_json::to_string(&doubled).expect("json");
        assert!(serde_json::from_str::<Deck>(&text).is_err());
    }
}
