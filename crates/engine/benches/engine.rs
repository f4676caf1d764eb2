//! Engine benchmarks: a full bot-played 7-player hand (on a few decks, on many, and as
//! `bourre simulate` plays it), and `legal_plays` mid-trick.
//!
//! Run with `cargo bench -p bourre-engine --bench engine`; hands per second = 1 / time per hand.

use std::hint::black_box;

use bourre_engine::bot;
use bourre_engine::deck::{Deck, hand_key};
use bourre_engine::hand::{Entrant, Event, HandStart, HandState, Phase};
use bourre_engine::rules::TableRules;
use bourre_engine::sim::{SimConfig, SimTable};
use criterion::{Criterion, criterion_group, criterion_main};

fn start(hand_no: u32) -> HandStart {
    let key = hand_key(b"bench-seed", "bench", hand_no, &[]);
    HandStart {
        hand_no,
        dealer: 6,
        rules: TableRules::with_ante(1),
        entrants: (0..7)
            .map(|seat| Entrant {
                seat,
                stack: 1_000,
                ante: 1,
            })
            .collect(),
        carried: 0,
        deck: Deck::shuffled(&key),
        key,
    }
}

/// Plays one hand between bots from a dealt state, reusing `events`.
fn play_out(mut state: HandState, events: &mut Vec<Event>) -> HandState {
    events.clear();
    while let Some(seat) = state.next_to_act() {
        let Some(action) = bot::choose(&state, seat) else {
            break;
        };
        if state.act_into(seat, &action, events).is_err() {
            break;
        }
    }
    state
}

fn full_hand(c: &mut Criterion) {
    // A few decks, so the figure is not one lucky hand; each is a full hand.
    let dealt: Vec<HandState> = (1..=16)
        .map(|n| HandState::start(&start(n)).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let mut events = Vec::with_capacity(64);
    let played_out: Vec<HandState> = (1..=400)
        .map(|n| HandState::start(&start(n)).unwrap_or_else(|e| panic!("{e}")))
        .filter(|s| {
            let mut events = Vec::new();
            play_out(s.clone(), &mut events).finished_tricks().len() == 5
        })
        .take(16)
        .collect();
    let contested = dealt
        .iter()
        .filter(|s| play_out((*s).clone(), &mut events).finished_tricks().len() == 5)
        .count();
    eprintln!(
        "{contested} of {} benchmark decks are played to the last trick",
        dealt.len()
    );
    let mut k = 0;
    c.bench_function("full_hand_7_players_bots_played_out", |b| {
        b.iter(|| {
            k = (k + 1) % played_out.len();
            let state = play_out(played_out[k].clone(), &mut events);
            black_box(state.phase())
        })
    });
    let mut i = 0;
    c.bench_function("full_hand_7_players_bots", |b| {
        b.iter(|| {
            i = (i + 1) % dealt.len();
            let state = play_out(dealt[i].clone(), &mut events);
            black_box(state.phase())
        })
    });
    // The same through `sim::play_hand`, from the `HandStart` (deal included); then over
    // 4,096 decks, too many for the processor to learn the hands, as in a simulation, where
    // every deck is new.
    for (name, decks) in [
        ("sim_play_hand_7_players", 16),
        ("sim_play_hand_7_players_4096_decks", 4096),
    ] {
        let starts: Vec<HandStart> = (1..=decks).map(start).collect();
        let mut j = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                j = (j + 1) % starts.len();
                events.clear();
                let state = bourre_engine::sim::play_hand(starts[j].clone(), &mut events);
                black_box(state.map(|s| s.phase()).ok())
            })
        });
    }
    // `bourre simulate`'s own hand: the deck shuffled from the seed, played, and booked.
    let mut table = SimTable::new(SimConfig {
        hands: 0,
        players: 7,
        seed: 1,
        rules: TableRules::with_ante(1),
        starting_balance: 1_000,
    });
    c.bench_function("simulate_play_one_7_players", |b| {
        b.iter(|| black_box(table.play_one().is_ok()))
    });
}

fn legal_plays_mid_trick(c: &mut Criterion) {
    // Play bots until a trick has two cards in it, then time `legal_plays` for the next seat.
    let mut found = None;
    for n in 1..200 {
        let mut state = HandState::start(&start(n)).unwrap_or_else(|e| panic!("{e}"));
        let mut events = Vec::new();
        while let Some(seat) = state.next_to_act() {
            if state.phase() == Phase::Play && state.current_trick().len >= 2 {
                found = Some((state.clone(), seat));
                break;
            }
            let Some(action) = bot::choose(&state, seat) else {
                break;
            };
            if state.act_into(seat, &action, &mut events).is_err() {
                break;
            }
        }
        if found.is_some() {
            break;
        }
    }
    let Some((state, seat)) = found else {
        panic!("no mid-trick position found");
    };
    c.bench_function("legal_plays_mid_trick", |b| {
        b.iter(|| black_box(black_box(&state).legal_plays(black_box(seat))))
    });
}

criterion_group!(benches, full_hand, legal_plays_mid_trick);
criterion_main!(benches);
