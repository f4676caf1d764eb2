//! A tournament round's seating (docs/guide/tournaments.md): how many tables, who sits out,
//! who sits where, from the round's committed seed, checkable by anyone once it is revealed.
//!
//! The round's `order` is the players the draw takes: for the first round in the order they
//! entered, for later rounds by standing, best first. Then:
//! 1. Sizes: the most players that can be seated at tables of `min` to `max` players whose
//!    sizes differ by at most one, at the fewest tables (`ceil(seated / max)`); the larger
//!    tables first. The others sit out this round (a bye).
//! 2. In the first round, the order is shuffled first (stream 0). Those who sit out are
//!    taken from the end of the order, passing over anyone who had a bye already while
//!    someone further up has not.
//! 3. The rest, in order, fill the tables one after another (so later rounds seat the
//!    leaders together), and each table's players are shuffled into seats 0, 1, ... (stream
//!    `1 + table index`).
//!
//! Every shuffle is Fisher-Yates over ChaCha20 keyed with
//! `HMAC-SHA256(key = seed, "bourre-seating-v1|{tournament_id}|{round}")`: for `i` from
//! `n - 1` down to 1, draw 32-bit words until one is below `2^32 - 2^32 mod (i + 1)`, take it
//! modulo `i + 1` as `j`, swap `i` and `j`. The seed's SHA-256 (hex) is its commitment.

use hmac::{KeyInit, Mac};
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use sha2::Sha256;

/// Table sizes for `players` at tables of `min..=max` (`2 <= min <= max`): the sizes, larger
/// first, and how many sit out.
pub fn table_sizes(players: usize, min: usize, max: usize) -> (Vec<usize>, usize) {
    let (min, max) = (min.max(1), max.max(min.max(1)));
    for seated in (1..=players).rev() {
        let tables = seated.div_ceil(max);
        if seated >= tables * min {
            let (base, larger) = (seated / tables, seated % tables);
            let sizes = (0..tables)
                .map(|t| base + usize::from(t < larger))
                .collect();
            return (sizes, players - seated);
        }
    }
    (Vec::new(), players)
}

/// A round's draw: its tables (each a list of players by seat, seat 0 first) and those who sit
/// out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw<P> {
    pub tables: Vec<Vec<P>>,
    pub byes: Vec<P>,
}

/// The draw of `round` of `tournament` from `seed` over `order` (see the module's text);
/// `had_bye(p)`: whether `p` sat out a round already.
pub fn draw<P: Clone>(
    seed: &[u8],
    tournament: &str,
    round: u32,
    order: &[P],
    had_bye: impl Fn(&P) -> bool,
    min: usize,
    max: usize,
) -> Draw<P> {
    let key = seating_key(seed, tournament, round);
    let mut order: Vec<P> = order.to_vec();
    if round == 1 {
        shuffle(&key, 0, &mut order);
    }
    let (sizes, out) = table_sizes(order.len(), min, max);
    // Who sits out: from the end up, those without a bye first.
    let mut byes_at: Vec<usize> = (0..order.len())
        .rev()
        .filter(|&i| !had_bye(&order[i]))
        .take(out)
        .collect();
    let owed = out - byes_at.len();
    byes_at.extend(
        (0..order.len())
            .rev()
            .filter(|&i| had_bye(&order[i]))
            .take(owed),
    );
    byes_at.sort_unstable();
    let byes: Vec<P> = byes_at.iter().map(|&i| order[i].clone()).collect();
    let mut seated = order
        .into_iter()
        .enumerate()
        .filter(|(i, _)| byes_at.binary_search(i).is_err())
        .map(|(_, p)| p);
    let tables = sizes
        .iter()
        .enumerate()
        .map(|(t, &size)| {
            let mut table: Vec<P> = seated.by_ref().take(size).collect();
            shuffle(&key, 1 + t as u64, &mut table);
            table
        })
        .collect();
    Draw { tables, byes }
}

fn seating_key(seed: &[u8], tournament: &str, round: u32) -> [u8; 32] {
    let Ok(mut mac) = hmac::Hmac::<Sha256>::new_from_slice(seed) else {
        return [0; 32];
    };
    mac.update(b"bourre-seating-v1|");
    mac.update(tournament.as_bytes());
    mac.update(b"|");
    mac.update(round.to_string().as_bytes());
    mac.finalize().into_bytes().into()
}

fn shuffle<P>(key: &[u8; 32], stream: u64, items: &mut [P]) {
    let mut rng = ChaCha20Rng::from_seed(*key);
    rng.set_stream(stream);
    for i in (1..items.len()).rev() {
        let bound = i as u64 + 1;
        let limit = (1u64 << 32) - (1u64 << 32) % bound;
        let j = loop {
            let x = u64::from(rng.next_u32());
            if x < limit {
                break (x % bound) as usize;
            }
        };
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_balanced_within_one_and_seat_the_most() {
        for min in 2..=8 {
            for max in min..=8 {
                for players in 0..=60 {
                    let (sizes, out) = table_sizes(players, min, max);
                    let seated: usize = sizes.iter().sum();
                    assert_eq!(seated + out, players);
                    assert!(sizes.iter().all(|&s| (min..=max).contains(&s)));
                    if let (Some(lo), Some(hi)) = (sizes.iter().min(), sizes.iter().max()) {
                        assert!(hi - lo <= 1, "{players} at {min}..{max}: {sizes:?}");
                        assert_eq!(sizes.len(), seated.div_ceil(max));
                    }
                    // Nobody sits out who could have been seated.
                    if out > 0 {
                        let more = players - out + 1;
                        let t = more.div_ceil(max);
                        assert!(more < t * min, "{players} at {min}..{max}: {out} out");
                    }
                }
            }
        }
        assert_eq!(table_sizes(9, 2, 5), (vec![5, 4], 0));
        assert_eq!(table_sizes(8, 2, 5), (vec![4, 4], 0));
        assert_eq!(table_sizes(9, 2, 2), (vec![2, 2, 2, 2], 1));
        assert_eq!(table_sizes(7, 4, 5), (vec![5], 2));
        assert_eq!(table_sizes(1, 2, 8), (vec![], 1));
    }

    #[test]
    fn the_draw_is_the_seeds_and_seats_everyone_once() {
        let order: Vec<u32> = (0..9).collect();
        let a = draw(b"seed", "t", 1, &order, |_| false, 2, 5);
        assert_eq!(a, draw(b"seed", "t", 1, &order, |_| false, 2, 5));
        assert_ne!(a, draw(b"other", "t", 1, &order, |_| false, 2, 5));
        let mut all: Vec<u32> = a.tables.concat();
        all.sort_unstable();
        assert_eq!(all, order);
        assert_eq!(
            a.tables.iter().map(Vec::len).collect::<Vec<_>>(),
            vec![5, 4]
        );
    }

    #[test]
    fn later_rounds_seat_the_leaders_together_and_byes_go_to_those_without_one() {
        let order: Vec<u32> = (0..9).collect();
        let d = draw(b"seed", "t", 2, &order, |p| *p == 8, 2, 2);
        // 8 had a bye: the lowest without one sits out.
        assert_eq!(d.byes, vec![7]);
        let mut first: Vec<u32> = d.tables[0].clone();
        first.sort_unstable();
        assert_eq!(first, vec![0, 1]);
        // Everyone had one: the lowest sits out again.
        let d = draw(b"seed", "t", 3, &order, |_| true, 2, 2);
        assert_eq!(d.byes, vec![8]);
    }
}
