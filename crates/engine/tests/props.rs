//! Property tests: thousands of random legal hands under random valid `TableRules`.
//!
//! Each case deals a random deck to a random table, then plays the hand to its end with
//! actions chosen at random among the legal ones or by the bot, throwing random garbage
//! actions at the engine on the way. After every step the invariants of the rules (docs/rules.md) hold.

use bourre_engine::bot;
use bourre_engine::cards::{Card, CardSet, Suit};
use bourre_engine::deck::{self, Deck};
use bourre_engine::hand::{
    Action, Entrant, Event, HandStart, HandState, Outcome, Phase, Seat, Status,
};
use bourre_engine::rules::{BourrePenalty, SplitPot, TableRules};
use bourre_engine::view::SeenHand;
use proptest::prelude::*;

/// splitmix64: the choices of one case, from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
    fn subset(&mut self, set: CardSet, most: usize) -> CardSet {
        let mut cards: Vec<Card> = set.iter().collect();
        let k = self.below(most.min(cards.len()) + 1);
        let mut out = CardSet::EMPTY;
        for _ in 0..k {
            let i = self.below(cards.len());
            out.insert(cards.swap_remove(i));
        }
        out
    }
}

#[derive(Debug, Clone)]
struct Params {
    seed: u64,
    hand_size: u8,
    max_players: u8,
    double_ante: bool,
    simultaneous: bool,
    pot_limit: Option<i64>,
    fixed_penalty: Option<i64>,
    share: bool,
    max_discard: Option<u8>,
    dealer_must_play: bool,
    ante: i64,
}

fn params() -> impl Strategy<Value = Params> {
    (
        any::<u64>(),
        4u8..=5,
        2u8..=8,
        any::<bool>(),
        any::<bool>(),
        prop::option::of(1i64..60),
        prop::option::of(1i64..25),
        any::<bool>(),
        prop::option::of(0u8..=5),
        any::<bool>(),
        1i64..6,
    )
        .prop_map(
            |(
                seed,
                hand_size,
                max_players,
                double_ante,
                simultaneous,
                pot_limit,
                fixed_penalty,
                share,
                max_discard,
                dealer_must_play,
                ante,
            )| Params {
                seed,
                hand_size,
                max_players,
                double_ante,
                simultaneous,
                pot_limit,
                fixed_penalty,
                share,
                max_discard: max_discard.map(|m| m.min(hand_size)),
                dealer_must_play,
                ante,
            },
        )
}

fn rules_of(p: &Params) -> TableRules {
    TableRules {
        hand_size: p.hand_size,
        max_players: p.max_players,
        double_ante: p.double_ante,
        simultaneous_declare: p.simultaneous,
        pot_limit: p.pot_limit,
        bourre_penalty: p
            .fixed_penalty
            .map_or(BourrePenalty::Pot, BourrePenalty::Fixed),
        split_pot: if p.share {
            SplitPot::Share
        } else {
            SplitPot::Carry
        },
        max_discard: p.max_discard,
        dealer_must_play_trump_ace: p.dealer_must_play,
        ..TableRules::with_ante(p.ante)
    }
}

/// A random valid hand start: random seats, dealer, stacks, exemptions and deck.
fn random_start(p: &Params, rng: &mut Rng) -> HandStart {
    let rules = rules_of(p);
    assert_eq!(rules.validate(), Ok(()));
    let n = 2 + rng.below(usize::from(p.max_players) - 1);
    let mut seats: Vec<Seat> = (0..p.max_players).collect();
    while seats.len() > n {
        let i = rng.below(seats.len());
        seats.remove(i);
    }
    let entrants: Vec<Entrant> = seats
        .iter()
        .map(|&seat| {
            let exempt = !rules.double_ante && rng.chance(20);
            let stack = if rng.chance(15) {
                rng.below(6) as i64
            } else {
                rng.below(200) as i64
            };
            Entrant {
                seat,
                stack,
                ante: if exempt { 0 } else { rules.ante },
            }
        })
        .collect();
    let dealer = rng.pick(&seats);
    let hand_no = rng.below(1000) as u32 + 1;
    let key = deck::hand_key(&p.seed.to_le_bytes(), "props", hand_no, &[]);
    HandStart {
        hand_no,
        dealer,
        rules,
        entrants,
        carried: if rng.chance(50) {
            0
        } else {
            rng.below(100) as i64
        },
        deck: Deck::shuffled(&key),
        key,
    }
}

fn total_chips(state: &HandState) -> i64 {
    state
        .seats()
        .map(|s| state.stack_of(s).unwrap_or(0))
        .sum::<i64>()
        + state.pot()
}

fn playing_count(state: &HandState) -> usize {
    state
        .seats()
        .filter(|&s| state.status_of(s) == Some(Status::Playing))
        .count()
}

/// 52 cards: hands of seats not passed + stock + dead pile + played, pairwise disjoint.
fn check_cards(state: &HandState) -> Result<(), TestCaseError> {
    let mut parts = vec![
        ("stock", state.stock_cards()),
        ("dead", state.dead_cards()),
        ("played", state.played_cards()),
    ];
    for seat in state.seats() {
        if state.status_of(seat) != Some(Status::Passed) {
            parts.push(("hand", state.hand_of(seat).unwrap_or_default()));
        }
    }
    let mut all = CardSet::EMPTY;
    let mut count = 0;
    for (name, part) in parts {
        prop_assert!(
            all.intersect(part).is_empty(),
            "{name} overlaps: {}",
            all.intersect(part)
        );
        all = all.union(part);
        count += part.len();
    }
    prop_assert_eq!(count, 52);
    prop_assert_eq!(all, CardSet::FULL);
    prop_assert_eq!(state.stock_len(), state.stock_cards().len());
    Ok(())
}

// ---- an independent reading of R9a-R9d, to check `legal_plays` against --------------

fn beats(card: Card, top: Card, led: Suit, trump: Suit) -> bool {
    if card.suit() == top.suit() {
        card.rank() > top.rank()
    } else {
        card.suit() == trump || (card.suit() == led && top.suit() != trump)
    }
}

fn winning(trick: &[(Seat, Card)], trump: Suit) -> Option<(Seat, Card)> {
    let led = trick.first()?.1.suit();
    let mut best = trick[0];
    for &play in &trick[1..] {
        if beats(play.1, best.1, led, trump) {
            best = play;
        }
    }
    Some(best)
}

/// R9a-R9c.
fn allowed(hand: CardSet, trick: &[(Seat, Card)], trump: Suit) -> CardSet {
    let Some(&(_, first)) = trick.first() else {
        return hand;
    };
    let led = first.suit();
    let trumped = trick.iter().any(|(_, c)| c.suit() == trump);
    let follow = hand.suit(led);
    if !follow.is_empty() {
        if led != trump && trumped {
            return follow;
        }
        let top = trick
            .iter()
            .filter(|(_, c)| c.suit() == led)
            .map(|(_, c)| c.rank())
            .max();
        let higher: CardSet = follow.iter().filter(|c| Some(c.rank()) > top).collect();
        return if higher.is_empty() { follow } else { higher };
    }
    let trumps = hand.suit(trump);
    if trumps.is_empty() {
        return hand;
    }
    let top_trump = trick
        .iter()
        .filter(|(_, c)| c.suit() == trump)
        .map(|(_, c)| c.rank())
        .max();
    let higher: CardSet = trumps
        .iter()
        .filter(|c| Some(c.rank()) > top_trump)
        .collect();
    if higher.is_empty() { trumps } else { higher }
}

/// Maximum bipartite matching (augmenting paths): unseen trumps to mine they outrank.
fn max_matching(mine: &[Card], unseen: &[Card]) -> usize {
    fn augment(
        u: usize,
        mine: &[Card],
        unseen: &[Card],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for (j, over) in unseen.iter().enumerate() {
            if over.rank() > mine[u].rank() && !seen[j] {
                seen[j] = true;
                if owner[j].is_none_or(|v| augment(v, mine, unseen, seen, owner)) {
                    owner[j] = Some(u);
                    return true;
                }
            }
        }
        false
    }
    let mut owner = vec![None; unseen.len()];
    (0..mine.len())
        .filter(|&u| augment(u, mine, unseen, &mut vec![false; unseen.len()], &mut owner))
        .count()
}

fn unseen_trumps(state: &HandState, seat: Seat) -> CardSet {
    CardSet::of_suit(state.trump())
        .minus(state.hand_of(seat).unwrap_or_default())
        .minus(state.played_cards())
        .minus(state.discards_of(seat).unwrap_or_default())
}

fn has_cinch(state: &HandState, seat: Seat) -> bool {
    let mine: Vec<Card> = state
        .hand_of(seat)
        .unwrap_or_default()
        .suit(state.trump())
        .iter()
        .collect();
    let unseen: Vec<Card> = unseen_trumps(state, seat).iter().collect();
    let sure = mine.len() - max_matching(&mine, &unseen);
    usize::from(state.tricks_of(seat).unwrap_or(0)) + sure >= 3
}

/// The highest of `trumps` and those with no unseen trump ranked between them and it.
fn top_equivalents(state: &HandState, seat: Seat, trumps: CardSet) -> CardSet {
    let Some(top) = trumps.iter().max_by_key(|c| c.rank()) else {
        return CardSet::EMPTY;
    };
    let unseen = unseen_trumps(state, seat);
    trumps
        .iter()
        .filter(|t| {
            !unseen
                .iter()
                .any(|u| u.rank() > t.rank() && u.rank() < top.rank())
        })
        .collect()
}

fn reference_legal(state: &HandState, seat: Seat) -> CardSet {
    let hand = state.hand_of(seat).unwrap_or_default();
    let trump = state.trump();
    let trick = state.current_trick().cards();
    let base = allowed(hand, trick, trump);
    if !has_cinch(state, seat) {
        return base;
    }
    let held = hand.suit(trump);
    if trick.is_empty() {
        return if held.is_empty() {
            hand
        } else {
            top_equivalents(state, seat, held)
        };
    }
    if trick.len() + 1 == playing_count(state) {
        let winners: CardSet = base
            .iter()
            .filter(|&c| {
                let mut with = trick.to_vec();
                with.push((seat, c));
                winning(&with, trump).map(|w| w.0) == Some(seat)
            })
            .collect();
        if !winners.is_empty() {
            return winners;
        }
    }
    let base_trumps = base.suit(trump);
    if base_trumps.is_empty() {
        base
    } else {
        base_trumps.intersect(top_equivalents(state, seat, held))
    }
}

// ---- driving a hand --------------------------------------------------------------------

/// A random legal action for `seat`, found by trying candidates on `decide`.
fn random_legal(state: &HandState, seat: Seat, rng: &mut Rng) -> Option<Action> {
    let hand = state.hand_of(seat)?;
    let cap = state.rules().discard_cap();
    let simultaneous = state.rules().simultaneous_declare;
    let candidates: Vec<Action> = match state.phase() {
        Phase::Declare => {
            let mut list = vec![Action::Declare {
                play: false,
                discard: None,
            }];
            for _ in 0..3 {
                list.push(Action::Declare {
                    play: true,
                    discard: if simultaneous {
                        None
                    } else {
                        Some(rng.subset(hand, cap))
                    },
                });
            }
            list.push(Action::Declare {
                play: true,
                discard: (!simultaneous).then_some(CardSet::EMPTY),
            });
            list
        }
        Phase::Draw => {
            let mut list: Vec<Action> = (0..3)
                .map(|_| Action::Draw {
                    discard: rng.subset(hand, cap),
                })
                .collect();
            list.push(Action::Draw {
                discard: CardSet::EMPTY,
            });
            list
        }
        Phase::Play => state
            .legal_plays(seat)
            .iter()
            .map(|card| Action::Play { card })
            .collect(),
        Phase::Complete => Vec::new(),
    };
    let ok: Vec<Action> = candidates
        .into_iter()
        .filter(|a| state.decide(seat, a).is_ok())
        .collect();
    // Mostly play, so that most hands reach the tricks.
    let plays: Vec<&Action> = ok
        .iter()
        .filter(|a| matches!(a, Action::Declare { play: true, .. }))
        .collect();
    if !plays.is_empty() && rng.chance(85) {
        return Some(plays[rng.below(plays.len())].clone());
    }
    (!ok.is_empty()).then(|| ok[rng.below(ok.len())].clone())
}

fn garbage(state: &HandState, rng: &mut Rng) -> (Seat, Action) {
    let seat = if rng.chance(70) {
        let seats: Vec<Seat> = state.seats().collect();
        rng.pick(&seats)
    } else {
        rng.below(12) as Seat
    };
    let card = Card::from_index(rng.below(52) as u8).unwrap_or_else(|| unreachable!());
    let discard = rng.subset(CardSet::FULL, 7);
    let own = rng.subset(state.hand_of(seat).unwrap_or_default(), 5);
    let action = match rng.below(6) {
        0 => Action::Declare {
            play: rng.chance(50),
            discard: Some(discard),
        },
        1 => Action::Declare {
            play: rng.chance(50),
            discard: rng.chance(50).then_some(own),
        },
        2 => Action::Draw { discard },
        3 => Action::Draw { discard: own },
        _ => Action::Play { card },
    };
    (seat, action)
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Random,
    Bot,
}

/// Plays one hand to the end, checking every invariant after every step.
fn run_hand(p: &Params, mode: Mode) -> Result<(), TestCaseError> {
    let mut rng = Rng(p.seed);
    let start = random_start(p, &mut rng);
    let mut state = HandState::start(&start).map_err(TestCaseError::fail)?;
    let chips = total_chips(&state);
    prop_assert_eq!(
        chips,
        start.entrants.iter().map(|e| e.stack + e.ante).sum::<i64>() + start.carried
    );
    let mut events = vec![Event::HandStarted(Box::new(start.clone()))];
    let hand_size = usize::from(start.rules.hand_size);
    let mut steps = 0;
    loop {
        check_cards(&state)?;
        prop_assert_eq!(total_chips(&state), chips, "chips conserved");
        for seat in state.seats() {
            prop_assert!(state.stack_of(seat).unwrap_or(0) >= 0, "negative stack");
        }
        let to_act = state.to_act();
        prop_assert_eq!(state.next_to_act(), to_act.first().copied());
        if to_act.is_empty() {
            break;
        }
        steps += 1;
        prop_assert!(steps < 200, "the hand does not end");
        if state.phase() == Phase::Play {
            prop_assert_eq!(to_act.len(), 1);
            let seat = to_act[0];
            let legal = state.legal_plays(seat);
            prop_assert!(!legal.is_empty(), "seat {} has no legal card", seat);
            prop_assert!(legal.is_subset(state.hand_of(seat).unwrap_or_default()));
            prop_assert_eq!(
                legal,
                reference_legal(&state, seat),
                "legal_plays vs R9a-R9d"
            );
            prop_assert_eq!(state.cinch(seat), has_cinch(&state, seat));
            // A client reading only its own view (as JSON) decides the same (R9-R9d).
            let json = serde_json::to_value(state.view(Some(seat)));
            let seen = json.and_then(serde_json::from_value::<SeenHand>);
            prop_assert!(seen.is_ok(), "the view reads back: {:?}", seen.err());
            let sight = seen.ok().and_then(|s| s.sight());
            prop_assert_eq!(
                sight.map(|s| s.legal()),
                Some(legal),
                "legal cards from the view"
            );
            prop_assert_eq!(sight.map(|s| s.cinch()), Some(state.cinch(seat)));
            for card in state.hand_of(seat).unwrap_or_default() {
                let decided = state.decide(seat, &Action::Play { card });
                prop_assert_eq!(decided.is_ok(), legal.contains(card));
            }
            for other in state.seats().filter(|&s| s != seat) {
                prop_assert!(state.legal_plays(other).is_empty());
            }
        }
        // Garbage: refused without any change, or (when it happens to be legal) taken.
        if rng.chance(30) {
            let (seat, action) = garbage(&state, &mut rng);
            let before = format!("{state:?}");
            let len = events.len();
            match state.act_into(seat, &action, &mut events) {
                Err(_) => {
                    prop_assert_eq!(format!("{state:?}"), before, "a refusal changed the state");
                    prop_assert_eq!(events.len(), len);
                    continue;
                }
                Ok(()) => continue,
            }
        }
        let seat = rng.pick(&to_act);
        let action = if mode == Mode::Bot || rng.chance(25) {
            let chosen = bot::choose(&state, seat);
            prop_assert!(chosen.is_some(), "the bot found nothing for seat {}", seat);
            chosen.unwrap_or_else(|| unreachable!())
        } else {
            let chosen = random_legal(&state, seat, &mut rng);
            prop_assert!(chosen.is_some(), "no legal action for seat {}", seat);
            chosen.unwrap_or_else(|| unreachable!())
        };
        let result = state.act_into(seat, &action, &mut events);
        prop_assert!(
            result.is_ok(),
            "legal action {:?} refused: {:?}",
            action,
            result
        );
    }

    // The end.
    prop_assert_eq!(state.phase(), Phase::Complete);
    let settlement = state
        .settlement()
        .cloned()
        .unwrap_or_else(|| unreachable!());
    prop_assert_eq!(state.pot(), settlement.carried);
    prop_assert_eq!(total_chips(&state), chips);
    // What each seat won or lost in the hand is its stack's change since before its ante;
    // with the carried pot's change, nothing is made or lost.
    let net = state.net_chips().unwrap_or_default();
    prop_assert_eq!(net.len(), start.entrants.len());
    for (entrant, won) in start.entrants.iter().zip(&net) {
        prop_assert_eq!(entrant.seat, won.seat);
        let now = state.stack_of(entrant.seat).unwrap_or(0);
        prop_assert_eq!(won.amount, now - entrant.stack - entrant.ante);
    }
    prop_assert_eq!(
        net.iter().map(|a| a.amount).sum::<i64>() + settlement.carried - start.carried,
        0
    );
    match &settlement.outcome {
        Outcome::Won { .. } | Outcome::Split { .. } => {
            prop_assert_eq!(state.finished_tricks().len(), hand_size);
            let sum: i64 = settlement.tricks.iter().map(|t| t.amount).sum();
            prop_assert_eq!(sum, hand_size as i64);
            let most = settlement
                .tricks
                .iter()
                .map(|t| t.amount)
                .max()
                .unwrap_or(0);
            let top: Vec<Seat> = settlement
                .tricks
                .iter()
                .filter(|t| t.amount == most)
                .map(|t| t.seat)
                .collect();
            match &settlement.outcome {
                Outcome::Won { seat } => prop_assert_eq!(&top, &vec![*seat]),
                Outcome::Split { seats } => {
                    prop_assert!(seats.len() >= 2);
                    prop_assert_eq!(&top, seats)
                }
                _ => unreachable!(),
            }
            for t in &settlement.tricks {
                let bourre = settlement.bourre.iter().any(|b| b.seat == t.seat);
                prop_assert_eq!(bourre, t.amount == 0);
            }
        }
        Outcome::Uncontested { seat } => {
            prop_assert_eq!(settlement.payouts.len(), 1);
            prop_assert_eq!(settlement.payouts[0].seat, *seat);
            prop_assert_eq!(settlement.payouts[0].amount, settlement.pot);
        }
        Outcome::AllPassed => {
            prop_assert!(start.rules.simultaneous_declare);
            prop_assert_eq!(settlement.carried, settlement.pot);
        }
    }
    // Exactly one winner per trick: a TrickWon after each full trick, and it is right.
    let mut plays_in_trick = 0;
    let mut trick_cards: Vec<(Seat, Card)> = Vec::new();
    let mut won = 0;
    for event in &events {
        match event {
            Event::Played { seat, card } => {
                plays_in_trick += 1;
                trick_cards.push((*seat, *card));
            }
            Event::TrickWon { seat, trick } => {
                won += 1;
                prop_assert_eq!(usize::from(*trick), won);
                prop_assert_eq!(plays_in_trick, playing_count(&state));
                let expected = winning(&trick_cards, state.trump()).map(|w| w.0);
                prop_assert_eq!(Some(*seat), expected, "R9e");
                plays_in_trick = 0;
                trick_cards.clear();
            }
            _ => prop_assert_eq!(plays_in_trick, 0),
        }
    }
    prop_assert_eq!(plays_in_trick, 0);
    prop_assert_eq!(won, state.finished_tricks().len());
    // Replaying the log rebuilds the identical state.
    let rebuilt = HandState::replay(&events);
    prop_assert!(rebuilt.is_ok(), "{:?}", rebuilt.err());
    let rebuilt = rebuilt.unwrap_or_else(|_| unreachable!());
    prop_assert_eq!(format!("{rebuilt:?}"), format!("{state:?}"));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_hands_keep_every_invariant(p in params()) {
        run_hand(&p, Mode::Random)?;
    }

    #[test]
    fn bot_hands_are_legal_and_keep_every_invariant(p in params()) {
        run_hand(&p, Mode::Bot)?;
    }

    #[test]
    fn garbage_actions_never_panic_and_change_nothing_when_refused(
        p in params(),
        tries in 1usize..40,
    ) {
        let mut rng = Rng(p.seed ^ 0x5eed);
        let start = random_start(&p, &mut rng);
        let mut state = HandState::start(&start).map_err(TestCaseError::fail)?;
        let mut events = Vec::new();
        for _ in 0..tries {
            let (seat, action) = garbage(&state, &mut rng);
            let before = format!("{state:?}");
            if state.act_into(seat, &action, &mut events).is_err() {
                prop_assert_eq!(format!("{state:?}"), before);
            }
            check_cards(&state)?;
        }
    }
}
