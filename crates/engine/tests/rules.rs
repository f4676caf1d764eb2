//! Rule-by-rule tests of the engine (docs/rules.md, R1..R10e) with fixed decks (R4a).
//!
//! Every expected value below is derived by hand from the rules (docs/rules.md); each test names the rule it
//! proves. Every refused action is also checked to leave the hand unchanged (R9f).

// The helpers below are test code too: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use bourre_engine::RuleError;
use bourre_engine::cards::{Card, CardSet, Suit};
use bourre_engine::deck::{self, Deck, HandKey};
use bourre_engine::hand::{
    Action, Entrant, Event, HandStart, HandState, Outcome, Phase, ReplayError, Seat, SeatAmount,
    Status,
};
use bourre_engine::rules::{BourrePenalty, SplitPot, TableRules};
use bourre_engine::table::{self, NotEnoughPlayers, Seated};
use bourre_engine::view::{EventView, SeatState, redact};

// ---- helpers ---------------------------------------------------------------------------

fn c(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn set(s: &str) -> CardSet {
    let cards: Vec<Card> = s.split_whitespace().map(c).collect();
    let set: CardSet = cards.iter().copied().collect();
    assert_eq!(set.len(), cards.len(), "duplicate card in {s:?}");
    set
}

fn key() -> HandKey {
    deck::hand_key(b"engine-rules", "table", 1, &[])
}

/// A 52-card deck per R4a: `hands[p]` (in dealing order, `hand_size` cards each) goes to the
/// p-th player from the dealer's left (the dealer is the last), `stock` (top first) follows
/// the deal, and every other card follows in canonical order.
fn deck_for(hands: &[&str], stock: &str) -> Deck {
    let hands: Vec<Vec<Card>> = hands
        .iter()
        .map(|h| h.split_whitespace().map(c).collect())
        .collect();
    let n = hands.len();
    let hand_size = hands[0].len();
    assert!(hands.iter().all(|h| h.len() == hand_size));
    let mut cards = Vec::with_capacity(52);
    for round in 0..hand_size {
        for hand in &hands {
            cards.push(hand[round]);
        }
    }
    assert_eq!(cards.len(), n * hand_size);
    cards.extend(stock.split_whitespace().map(c));
    let used: CardSet = cards.iter().copied().collect();
    assert_eq!(used.len(), cards.len(), "a card is used twice");
    cards.extend(Card::all().filter(|card| !used.contains(*card)));
    Deck::from_cards(&cards).expect("52 distinct cards")
}

fn start_of(
    rules: TableRules,
    entrants: &[(Seat, i64)],
    dealer: Seat,
    carried: i64,
    hands: &[&str],
    stock: &str,
) -> HandStart {
    HandStart {
        hand_no: 1,
        dealer,
        rules,
        entrants: entrants
            .iter()
            .map(|&(seat, stack)| Entrant {
                seat,
                stack,
                ante: rules.ante,
            })
            .collect(),
        carried,
        deck: deck_for(hands, stock),
        key: key(),
    }
}

fn rules() -> TableRules {
    TableRules::with_ante(1)
}

/// A hand in play with its event log.
struct Game {
    state: HandState,
    events: Vec<Event>,
}

impl Game {
    fn new(start: HandStart) -> Game {
        let state = HandState::start(&start).expect("start");
        Game {
            state,
            events: vec![Event::HandStarted(Box::new(start))],
        }
    }

    /// Seats 0..n, the last one deals, every stack `stack`, no carried pot.
    fn seats(rules: TableRules, stack: i64, hands: &[&str]) -> Game {
        let n = hands.len() as Seat;
        let entrants: Vec<(Seat, i64)> = (0..n).map(|s| (s, stack)).collect();
        Game::new(start_of(rules, &entrants, n - 1, 0, hands, ""))
    }

    fn act(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        let events = self
            .state
            .act(seat, &action)
            .unwrap_or_else(|e| panic!("seat {seat} {action:?} refused: {e}"));
        self.events.extend(events.iter().cloned());
        events
    }

    /// The action must be refused with `code`, changing nothing.
    fn refuse(&mut self, seat: Seat, action: Action, code: &str) {
        let before = format!("{:?}", self.state);
        let views: Vec<_> = self
            .state
            .seats()
            .map(|s| self.state.view(Some(s)))
            .collect();
        let err = self
            .state
            .act(seat, &action)
            .expect_err(&format!("seat {seat} {action:?} should be refused"));
        assert_eq!(err.code(), code, "seat {seat} {action:?}: {err}");
        assert_eq!(
            format!("{:?}", self.state),
            before,
            "refusal changed the state"
        );
        let after: Vec<_> = self
            .state
            .seats()
            .map(|s| self.state.view(Some(s)))
            .collect();
        assert_eq!(views, after);
    }

    fn declare(&mut self, seat: Seat, discard: &str) -> Vec<Event> {
        self.act(seat, play(discard))
    }

    fn pass(&mut self, seat: Seat) -> Vec<Event> {
        self.act(seat, pass())
    }

    fn play(&mut self, seat: Seat, card: &str) -> Vec<Event> {
        self.act(seat, Action::Play { card: c(card) })
    }

    fn plays(&mut self, seq: &[(Seat, &str)]) -> Vec<Event> {
        let mut all = Vec::new();
        for &(seat, card) in seq {
            all.extend(self.play(seat, card));
        }
        all
    }

    fn all_stand(&mut self) {
        let seats: Vec<Seat> = self.state.seats().collect();
        for seat in seats {
            self.declare(seat, "");
        }
        assert_eq!(self.state.phase(), Phase::Play);
    }

    fn to_act(&self) -> Vec<Seat> {
        self.state.to_act()
    }
}

fn play(discard: &str) -> Action {
    Action::Declare {
        play: true,
        discard: Some(set(discard)),
    }
}

fn pass() -> Action {
    Action::Declare {
        play: false,
        discard: None,
    }
}

fn card(s: &str) -> Action {
    Action::Play { card: c(s) }
}

fn trick_winners(events: &[Event]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::TrickWon { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect()
}

fn settlement_of(events: &[Event]) -> bourre_engine::hand::Settlement {
    events
        .iter()
        .find_map(|e| match e {
            Event::HandEnded(s) => Some((**s).clone()),
            _ => None,
        })
        .expect("the hand ended")
}

fn amounts(list: &[(Seat, i64)]) -> Vec<SeatAmount> {
    list.iter()
        .map(|&(seat, amount)| SeatAmount { seat, amount })
        .collect()
}

/// Playing hands + stock + dead pile + played cards: disjoint, and all 52 cards.
fn assert_accounted(state: &HandState) {
    let mut all = CardSet::EMPTY;
    let mut total = 0;
    let mut parts = vec![
        state.stock_cards(),
        state.dead_cards(),
        state.played_cards(),
    ];
    for seat in state.seats() {
        if state.status_of(seat) != Some(Status::Passed) {
            parts.push(state.hand_of(seat).expect("hand"));
        }
    }
    for part in parts {
        assert!(all.intersect(part).is_empty(), "card in two places: {part}");
        all = all.union(part);
        total += part.len();
    }
    assert_eq!(total, 52);
    assert_eq!(all, CardSet::FULL);
}

// ---- R1 --------------------------------------------------------------------------------

#[test]
fn r1_parsing_is_case_insensitive_accepts_t_and_prints_canonically() {
    let good = [
        ("10H", "10H"),
        ("10h", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("tS", "10S"),
        ("as", "AS"),
        ("Ac", "AC"),
        ("kd", "KD"),
        ("qH", "QH"),
        ("jc", "JC"),
        ("2c", "2C"),
        ("9D", "9D"),
    ];
    for (input, canonical) in good {
        let card: Card = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(card.to_string(), canonical, "{input}");
        assert_eq!(
            serde_json::to_string(&card).expect("json"),
            format!("\"{canonical}\"")
        );
        let wire: Card = serde_json::from_str(&format!("\"{input}\"")).expect("wire");
        assert_eq!(wire, card);
    }
    for bad in [
        "", "1H", "11H", "0S", "AX", "A", "S", "10", "T", "1", "AAS", "10HH", "ZS",
    ] {
        assert!(bad.parse::<Card>().is_err(), "{bad:?} must be refused");
    }
    // 52 distinct cards; rank order A K Q J 10 9 .. 2.
    let all: CardSet = Card::all().collect();
    assert_eq!(all.len(), 52);
    let order = [
        "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S",
    ];
    for pair in order.windows(2) {
        assert!(
            c(pair[0]).rank() > c(pair[1]).rank(),
            "{} > {}",
            pair[0],
            pair[1]
        );
    }
    assert_eq!(
        Suit::ALL.map(|s| s.letter()),
        ['C', 'D', 'H', 'S'],
        "suits C D H S"
    );
}

// ---- R2, R2a ---------------------------------------------------------------------------

fn seated(list: &[(Seat, i64, bool)]) -> Vec<Seated> {
    list.iter()
        .map(|&(seat, balance, exempt)| Seated {
            seat,
            balance,
            exempt,
        })
        .collect()
}

#[test]
fn r2a_first_dealer_is_lowest_seat_and_deal_passes_left_to_players_taking_part() {
    let r = TableRules::with_ante(5);
    let players = seated(&[(2, 50, false), (4, 50, false), (6, 50, false)]);
    assert_eq!(
        table::plan_hand(&r, &players, None).expect("plan").dealer,
        2
    );
    assert_eq!(
        table::plan_hand(&r, &players, Some(2))
            .expect("plan")
            .dealer,
        4
    );
    assert_eq!(
        table::plan_hand(&r, &players, Some(4))
            .expect("plan")
            .dealer,
        6
    );
    assert_eq!(
        table::plan_hand(&r, &players, Some(6))
            .expect("plan")
            .dealer,
        2,
        "wraps"
    );
    // Seat 4 cannot ante: the deal passes over it to seat 6.
    let broke = seated(&[(2, 50, false), (4, 4, false), (6, 50, false)]);
    let plan = table::plan_hand(&r, &broke, Some(2)).expect("plan");
    assert_eq!(plan.dealer, 6);
    assert_eq!(plan.sitting_out, vec![4]);
    // A previous dealer who left: the next seat clockwise after it.
    let plan = table::plan_hand(&r, &players, Some(5)).expect("plan");
    assert_eq!(plan.dealer, 6);
}

#[test]
fn r2a_not_enough_players() {
    let r = TableRules::with_ante(5);
    let players = seated(&[(0, 50, false), (1, 4, false), (3, 0, false)]);
    assert_eq!(
        table::plan_hand(&r, &players, None),
        Err(NotEnoughPlayers(1))
    );
    assert_eq!(table::plan_hand(&r, &[], None), Err(NotEnoughPlayers(0)));
    let lone = start_of(rules(), &[(0, 10)], 0, 0, &["2C 3C 4C 5C 6C"], "");
    let err = HandState::start(&lone).expect_err("one player");
    assert!(err.starts_with("not_enough_players"), "{err}");
}

#[test]
fn r2_seats_must_exist_and_dealer_must_be_dealt_in() {
    let hands = ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"];
    let r = TableRules {
        max_players: 4,
        ..rules()
    };
    assert!(HandState::start(&start_of(r, &[(0, 10), (4, 10)], 0, 0, &hands, "")).is_err());
    assert!(HandState::start(&start_of(r, &[(0, 10), (1, 10)], 2, 0, &hands, "")).is_err());
    assert!(HandState::start(&start_of(r, &[(0, 10), (3, 10)], 3, 0, &hands, "")).is_ok());
}

// ---- R3, R3a, R3b ----------------------------------------------------------------------

#[test]
fn r3_ante_exemptions_and_sitting_out() {
    let r = TableRules::with_ante(5);
    let players = seated(&[
        (0, 20, false), // pays 5
        (1, 3, true),   // exempt: pays nothing, plays with 3
        (2, 4, false),  // cannot ante 5: sits out
        (3, 5, false),  // exactly the ante: plays with 0
        (4, 0, true),   // exempt with nothing: still plays
    ]);
    let plan = table::plan_hand(&r, &players, None).expect("plan");
    let got: Vec<(Seat, i64, i64)> = plan
        .entrants
        .iter()
        .map(|e| (e.seat, e.stack, e.ante))
        .collect();
    assert_eq!(got, vec![(0, 15, 5), (1, 3, 0), (3, 0, 5), (4, 0, 0)]);
    assert_eq!(plan.sitting_out, vec![2]);
    assert!(plan.entrants.iter().all(|e| e.stack >= 0));
    // The hand's pot is the antes paid (no carried pot): 5 + 0 + 5 + 0.
    let start = HandStart {
        hand_no: 1,
        dealer: plan.dealer,
        rules: r,
        entrants: plan.entrants.clone(),
        carried: 0,
        deck: Deck::canonical(),
        key: key(),
    };
    let state = HandState::start(&start).expect("start");
    assert_eq!(state.pot(), 10);
    assert_eq!(state.stack_of(0), Some(15));
    assert_eq!(state.stack_of(2), None, "seat 2 is not dealt in");
}

#[test]
fn r3a_double_ante_ignores_exemptions_and_charges_an_extra_ante_on_play() {
    let r = TableRules {
        double_ante: true,
        bourre_penalty: BourrePenalty::Fixed(1),
        ..TableRules::with_ante(2)
    };
    let players = seated(&[(0, 10, true), (1, 10, false), (2, 1, true)]);
    let plan = table::plan_hand(&r, &players, None).expect("plan");
    assert!(
        plan.entrants.iter().all(|e| e.ante == 2),
        "exemptions ignored"
    );
    assert_eq!(plan.sitting_out, vec![2], "seat 2 owes 2 and holds 1");

    // Seat 0 stack 8 plays: pays 2 more. Seat 1 (stack 1, holds the trump ace) plays: its
    // extra ante is capped at its stack (design choice), 1.
    let hands = ["2H 3H 4H 5H 6H", "AS 7H 8H 9H 10H", "2D 3D 4D 5D 2S"];
    let start = start_of(r, &[(0, 8), (1, 1), (2, 10)], 2, 0, &hands, "");
    let mut g = Game::new(start);
    assert_eq!(g.state.pot(), 6);
    let ev = g.declare(0, "");
    assert!(matches!(
        ev[0],
        Event::Declared {
            seat: 0,
            play: true,
            extra_ante: 2,
            ..
        }
    ));
    assert_eq!(g.state.stack_of(0), Some(6));
    assert_eq!(g.state.pot(), 8);
    let ev = g.declare(1, "");
    assert!(matches!(
        ev[0],
        Event::Declared {
            seat: 1,
            play: true,
            extra_ante: 1,
            ..
        }
    ));
    assert_eq!(g.state.stack_of(1), Some(0));
    assert_eq!(g.state.pot(), 9);
    // A pass pays nothing more.
    let ev = g.pass(2);
    assert!(matches!(
        ev[0],
        Event::Declared {
            seat: 2,
            play: false,
            extra_ante: 0,
            ..
        }
    ));
    assert_eq!(g.state.stack_of(2), Some(10));
    assert_eq!(g.state.pot(), 9);
    let view = g.state.view(None);
    let s0 = view.seats.iter().find(|s| s.seat == 0).expect("seat 0");
    assert_eq!((s0.ante, s0.extra_ante, s0.stack), (2, 2, 6));
}

#[test]
fn r3b_pot_is_carried_plus_antes_and_carries_bourre_payments_to_the_next_hand() {
    // The full hand of `full_three_player_hand`: seat 0 wins 3 tricks, seat 1 two, seat 2 none.
    let (g, _) = full_three_player_hand(rules(), 7);
    let s = g.state.settlement().expect("settled");
    // pot = 7 carried + 3 antes = 10; seat 2 is bourré and pays 10, which waits in the pot.
    assert_eq!(s.pot, 10);
    assert_eq!(s.carried, 10);
    assert_eq!(g.state.pot(), 10);
    // The next hand: carried 10 + antes of seats 0 and 1 (seat 2 is exempt, R10c).
    let seated_next: Vec<Seated> = g
        .state
        .seats()
        .map(|seat| Seated {
            seat,
            balance: g.state.stack_of(seat).expect("stack"),
            exempt: s.exempt.contains(&seat),
        })
        .collect();
    let plan = table::plan_hand(&rules(), &seated_next, Some(2)).expect("plan");
    let next = HandStart {
        hand_no: 2,
        dealer: plan.dealer,
        rules: rules(),
        entrants: plan.entrants,
        carried: s.carried,
        deck: Deck::canonical(),
        key: key(),
    };
    assert_eq!(next.dealer, 0, "the deal passes left from seat 2 to seat 0");
    let state = HandState::start(&next).expect("start");
    assert_eq!(state.pot(), 10 + 1 + 1);
    assert_eq!(state.carried(), 10);
}

// ---- R4, R4a ---------------------------------------------------------------------------

#[test]
fn r4a_canonical_deck_deals_round_by_round_from_the_dealers_left() {
    // Canonical deck 2C 3C .. AC 2D .. AS; 3 players, 5 cards: p gets deck[3r + p].
    let start = HandStart {
        hand_no: 1,
        dealer: 2,
        rules: rules(),
        entrants: (0..3)
            .map(|seat| Entrant {
                seat,
                stack: 10,
                ante: 1,
            })
            .collect(),
        carried: 0,
        deck: Deck::canonical(),
        key: key(),
    };
    let state = HandState::start(&start).expect("start");
    assert_eq!(state.hand_of(0), Some(set("2C 5C 8C JC AC")));
    assert_eq!(state.hand_of(1), Some(set("3C 6C 9C QC 2D")));
    assert_eq!(state.hand_of(2), Some(set("4C 7C 10C KC 3D")));
    assert_eq!(
        state.upcard(),
        c("3D"),
        "deck[14] is the dealer's last card"
    );
    assert_eq!(state.trump(), Suit::Diamonds);
    assert_eq!(state.stock_len(), 52 - 15);
    assert_eq!(
        state.stock_cards(),
        CardSet::FULL.minus(set("2C 5C 8C JC AC 3C 6C 9C QC 2D 4C 7C 10C KC 3D"))
    );
    // Replacement cards come off the top of what remains, in order: 4D, 5D, 6D ...
    let mut g = Game::new(start);
    let ev = g.declare(0, "2C 5C");
    match &ev[0] {
        Event::Declared {
            draw: Some(draw), ..
        } => {
            assert_eq!(draw.discard, set("2C 5C"));
            assert_eq!(draw.drawn, set("4D 5D"));
            assert!(!draw.reshuffled);
        }
        other => panic!("{other:?}"),
    }
    let ev = g.declare(1, "3C");
    match &ev[0] {
        Event::Declared {
            draw: Some(draw), ..
        } => assert_eq!(draw.drawn, set("6D")),
        other => panic!("{other:?}"),
    }
    assert_eq!(g.state.hand_of(0), Some(set("8C JC AC 4D 5D")));
}

#[test]
fn r4_deal_order_seats_from_dealers_left_and_trump_upcard() {
    // Seats 0, 2, 5 with seat 2 dealing: the order from the dealer's left is 5, 0, 2.
    let hands = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "2C 3C 4C 5C KD"];
    let start = start_of(rules(), &[(0, 10), (2, 10), (5, 10)], 2, 0, &hands, "AC");
    let mut g = Game::new(start);
    assert_eq!(g.state.hand_of(5), Some(set(hands[0])));
    assert_eq!(g.state.hand_of(0), Some(set(hands[1])));
    assert_eq!(g.state.hand_of(2), Some(set(hands[2])));
    assert_eq!(g.state.seats().collect::<Vec<_>>(), vec![5, 0, 2]);
    assert_eq!(g.to_act(), vec![5], "the dealer's left declares first");
    // The dealer's last card is face up, belongs to the dealer, sets trump.
    assert_eq!(g.state.upcard(), c("KD"));
    assert_eq!(g.state.trump(), Suit::Diamonds);
    assert!(g.state.hand_of(2).expect("dealer").contains(c("KD")));
    assert!(g.state.upcard_visible());
    for viewer in [None, Some(5), Some(0), Some(2)] {
        let view = g.state.view(viewer);
        assert_eq!(view.trump.suit, Suit::Diamonds);
        assert_eq!(
            view.trump.card,
            Some(c("KD")),
            "everyone sees it while held"
        );
    }
    g.declare(5, "");
    g.declare(0, "");
    // The dealer discards the upcard: trump stays diamonds, the card is no longer shown.
    let ev = g.declare(2, "KD");
    match &ev[0] {
        Event::Declared {
            draw: Some(draw), ..
        } => assert_eq!(draw.drawn, set("AC")),
        other => panic!("{other:?}"),
    }
    assert_eq!(g.state.trump(), Suit::Diamonds);
    assert!(!g.state.upcard_visible());
    assert_eq!(g.state.view(Some(5)).trump.card, None);
    assert_eq!(g.state.view(Some(5)).trump.suit, Suit::Diamonds);
    assert_eq!(g.state.hand_of(2), Some(set("2C 3C 4C 5C AC")));
    assert_eq!(g.state.phase(), Phase::Play);
    assert_eq!(g.to_act(), vec![5]);
}

// ---- R5, R5a, R5b, R6 ------------------------------------------------------------------

#[test]
fn r5_sequential_declaration_with_discard_and_draw() {
    let hands = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "2C 3C 4C 5C 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    // Hand the stock's top in a known order.
    let mut g2 = Game::new(start_of(
        rules(),
        &[(0, 10), (1, 10), (2, 10)],
        2,
        0,
        &hands,
        "KC QC JC",
    ));
    assert_eq!(g.to_act(), vec![0]);
    g.refuse(1, play(""), "not_your_turn");
    g.refuse(2, pass(), "not_your_turn");
    g.refuse(0, Action::Play { card: c("2H") }, "wrong_phase");
    g.refuse(
        0,
        Action::Draw {
            discard: CardSet::EMPTY,
        },
        "wrong_phase",
    );

    let ev = g2.declare(0, "2H 3H");
    assert_eq!(ev.len(), 1);
    match &ev[0] {
        Event::Declared {
            seat: 0,
            play: true,
            extra_ante: 0,
            draw: Some(draw),
        } => {
            assert_eq!(draw.discard, set("2H 3H"));
            assert_eq!(draw.drawn, set("KC QC"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g2.state.hand_of(0), Some(set("4H 5H 6H KC QC")));
    assert_eq!(g2.state.discards_of(0), Some(set("2H 3H")));
    assert_eq!(g2.state.status_of(0), Some(Status::Playing));
    assert_eq!(g2.to_act(), vec![1]);
    // A pass: out of the hand, pays nothing, cards out.
    let ev = g2.pass(1);
    assert!(matches!(
        ev[0],
        Event::Declared {
            seat: 1,
            play: false,
            extra_ante: 0,
            draw: None
        }
    ));
    assert_eq!(g2.state.status_of(1), Some(Status::Passed));
    assert_eq!(g2.state.stack_of(1), Some(10));
    assert!(set(hands[1]).is_subset(g2.state.dead_cards()));
    // The dealer stands (no discard): replaced nothing.
    let ev = g2.declare(2, "");
    match &ev[0] {
        Event::Declared {
            draw: Some(draw), ..
        } => {
            assert!(draw.discard.is_empty() && draw.drawn.is_empty())
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g2.state.phase(), Phase::Play);
    assert_eq!(g2.to_act(), vec![0]);
    assert_accounted(&g2.state);
}

#[test]
fn r5a_simultaneous_declaration_is_secret_until_the_last_then_draws_in_turn_order() {
    let r = TableRules {
        simultaneous_declare: true,
        double_ante: true,
        bourre_penalty: BourrePenalty::Fixed(1),
        ..rules()
    };
    let hands = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "2C 3C 4C 5C 2S"];
    let start = start_of(
        r,
        &[(0, 10), (1, 10), (2, 10)],
        2,
        0,
        &hands,
        "KC QC JC 10C",
    );
    let mut g = Game::new(start);
    assert_eq!(g.to_act(), vec![0, 1, 2], "everyone declares at once");
    // Discards come with the draw, not the declaration.
    g.refuse(1, play("7H"), "invalid_discard");
    // Any order: seat 2 first.
    let ev = g.act(2, play(""));
    assert_eq!(ev.len(), 1, "nothing but the secret declaration");
    assert_eq!(g.state.status_of(2), Some(Status::Hidden));
    g.refuse(2, pass(), "not_your_turn");
    let ev0 = g.act(0, pass());
    assert_eq!(ev0.len(), 1);
    assert_eq!(g.to_act(), vec![1]);
    // Secret: others see "declared", neither the choice nor a payment.
    let view = g.state.view(Some(1));
    for s in &view.seats {
        let expected = if s.seat == 1 {
            SeatState::Undecided
        } else {
            SeatState::Declared
        };
        assert_eq!(s.state, expected);
        assert_eq!(s.extra_ante, 0);
    }
    assert_eq!(view.pot, 3);
    assert_eq!(g.state.view(Some(0)).my_declaration, Some(false));
    assert_eq!(g.state.view(Some(2)).my_declaration, Some(true));
    assert_eq!(view.my_declaration, None);
    match redact(&ev[0], Some(1), true) {
        EventView::Declared { play, seat: 2, .. } => assert_eq!(play, None),
        other => panic!("{other:?}"),
    }
    match redact(&ev[0], Some(2), true) {
        EventView::Declared { play, .. } => assert_eq!(play, Some(true)),
        other => panic!("{other:?}"),
    }
    // The last one in: Revealed, extra antes paid by those who play (R3a), then draws.
    let ev = g.act(1, play(""));
    assert_eq!(ev.len(), 2);
    assert!(matches!(ev[0], Event::Declared { seat: 1, .. }));
    assert_eq!(
        ev[1],
        Event::Revealed {
            playing: vec![1, 2],
            extra_antes: amounts(&[(1, 1), (2, 1)]),
        }
    );
    assert_eq!(g.state.status_of(0), Some(Status::Passed));
    assert_eq!(g.state.pot(), 5);
    assert_eq!(g.state.stack_of(1), Some(9));
    assert_eq!(g.state.stack_of(0), Some(10));
    assert_eq!(g.state.phase(), Phase::Draw);
    assert_eq!(
        g.to_act(),
        vec![1],
        "draws in turn order from the dealer's left"
    );
    g.refuse(
        2,
        Action::Draw {
            discard: CardSet::EMPTY,
        },
        "not_your_turn",
    );
    g.refuse(
        0,
        Action::Draw {
            discard: CardSet::EMPTY,
        },
        "not_your_turn",
    );
    let ev = g.act(
        1,
        Action::Draw {
            discard: set("7H 8H"),
        },
    );
    match &ev[0] {
        Event::Drew { seat: 1, draw } => assert_eq!(draw.drawn, set("KC QC")),
        other => panic!("{other:?}"),
    }
    let ev = g.act(2, Action::Draw { discard: set("2C") });
    match &ev[0] {
        Event::Drew { seat: 2, draw } => assert_eq!(draw.drawn, set("JC")),
        other => panic!("{other:?}"),
    }
    assert_eq!(g.state.phase(), Phase::Play);
    assert_eq!(g.to_act(), vec![1]);
    assert_accounted(&g.state);
}

#[test]
fn r5a_all_pass_simultaneously_carries_the_pot() {
    let r = TableRules {
        simultaneous_declare: true,
        ..rules()
    };
    let hands = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "2C 3C 4C 5C 2S"];
    let start = start_of(r, &[(0, 10), (1, 10), (2, 10)], 2, 4, &hands, "");
    let mut g = Game::new(start);
    g.pass(0);
    g.pass(2);
    let ev = g.pass(1);
    let s = settlement_of(&ev);
    assert_eq!(s.outcome, Outcome::AllPassed);
    assert_eq!(s.pot, 7);
    assert_eq!(s.carried, 7, "the whole pot carries over");
    assert!(s.payouts.is_empty() && s.bourre.is_empty() && s.exempt.is_empty());
    assert_eq!(g.state.phase(), Phase::Complete);
    for seat in 0..3 {
        assert_eq!(g.state.stack_of(seat), Some(10));
    }
}

#[test]
fn r5b_discard_cap_refuses_too_many_discards() {
    let r = TableRules {
        max_discard: Some(2),
        ..rules()
    };
    let hands = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "2C 3C 4C 5C 2S"];
    let mut g = Game::seats(r, 10, &hands);
    g.refuse(0, play("2H 3H 4H"), "invalid_discard");
    g.refuse(0, play("2H 3H 4H 5H 6H"), "invalid_discard");
    g.refuse(0, play("2C"), "card_not_in_hand");
    g.refuse(
        0,
        Action::Declare {
            play: false,
            discard: Some(set("2H")),
        },
        "invalid_discard",
    );
    g.declare(0, "2H 3H");
    // The default cap is the hand size: all five may go.
    let mut g = Game::seats(rules(), 10, &hands);
    g.declare(0, "2H 3H 4H 5H 6H");
    assert_eq!(g.state.hand_of(0).map(|h| h.len()), Some(5));
}

#[test]
fn r6_short_stock_with_eight_players_reshuffles_discards_and_passed_hands() {
    let r = TableRules {
        max_players: 8,
        ..TableRules::with_ante(1)
    };
    let entrants: Vec<(Seat, i64)> = (0..8).map(|s| (s, 100)).collect();
    let deck = Deck::canonical();
    let start = HandStart {
        hand_no: 1,
        dealer: 7,
        rules: r,
        entrants: entrants
            .iter()
            .map(|&(seat, stack)| Entrant {
                seat,
                stack,
                ante: 1,
            })
            .collect(),
        carried: 0,
        deck: deck.clone(),
        key: key(),
    };
    let dealt = |p: usize| -> CardSet { (0..5).map(|round| deck.0[round * 8 + p]).collect() };
    let stock: Vec<Card> = deck.0[40..].to_vec();
    assert_eq!(stock.len(), 12);
    let mut g = Game::new(start);
    for p in 0..8 {
        assert_eq!(g.state.hand_of(p as Seat), Some(dealt(p)));
    }
    let hand0 = dealt(0);
    let hand1 = dealt(1);
    let hand2 = dealt(2);
    let hand3 = dealt(3);
    let d = |set: CardSet| Action::Declare {
        play: true,
        discard: Some(set),
    };
    g.act(0, d(hand0)); // stock 12 -> 7
    g.act(1, d(hand1)); // stock 7 -> 2
    g.pass(2); // its five cards are dead
    assert_eq!(g.state.stock_len(), 2);
    assert_eq!(g.state.dead_cards(), hand0.union(hand1).union(hand2));
    // Seat 3 discards 4: the 2 stock cards, then a new stock of the 15 dead cards (not
    // seat 3's own discards), shuffled with stream 1 of the hand key.
    let discard3: CardSet = hand3.iter().take(4).collect();
    let ev = g.act(3, d(discard3));
    let mut fresh = Vec::new();
    deck::reshuffle(&key(), 1, hand0.union(hand1).union(hand2), &mut fresh);
    assert_eq!(fresh.len(), 15);
    let expected: CardSet = [stock[10], stock[11], fresh[0], fresh[1]]
        .into_iter()
        .collect();
    match &ev[0] {
        Event::Declared {
            draw: Some(draw), ..
        } => {
            assert_eq!(draw.discard, discard3);
            assert_eq!(draw.drawn, expected);
            assert!(draw.reshuffled);
        }
        other => panic!("{other:?}"),
    }
    assert!(expected.intersect(discard3).is_empty());
    assert_eq!(g.state.stock_len(), 13);
    assert_eq!(g.state.stock_cards(), fresh[2..].iter().copied().collect());
    assert_eq!(g.state.dead_cards(), discard3);
    assert_accounted(&g.state);
    for seat in 4..8 {
        g.pass(seat);
    }
    assert_eq!(g.state.phase(), Phase::Play);
    assert_accounted(&g.state);
}

// ---- R7, R8, R8a -----------------------------------------------------------------------

#[test]
fn r7_trump_ace_upcard_forces_the_dealer_to_play() {
    let hands = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "2C 3C 4C 5C AS"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.declare(0, "");
    g.pass(1);
    g.refuse(2, pass(), "dealer_must_play");
    g.declare(2, "");
    assert_eq!(g.state.phase(), Phase::Play);
    // The option off: the dealer may pass (and seat 0 is then alone, R8).
    let off = TableRules {
        dealer_must_play_trump_ace: false,
        ..rules()
    };
    let mut g = Game::seats(off, 10, &hands);
    g.declare(0, "");
    g.pass(1);
    let s = settlement_of(&g.pass(2));
    assert_eq!(s.outcome, Outcome::Uncontested { seat: 0 });
    // A forced dealer who cannot cover the pot plays by keeping the ace (R8a).
    let start = start_of(rules(), &[(0, 10), (1, 10), (2, 0)], 2, 5, &hands, "");
    let mut g = Game::new(start);
    g.declare(0, "");
    g.declare(1, "");
    g.refuse(2, pass(), "dealer_must_play");
    g.refuse(2, play("AS"), "cannot_cover_pot");
    g.declare(2, "2C 3C");
}

#[test]
fn r8_one_left_wins_outright_even_the_undeclared_dealer() {
    let hands = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "2C 3C 4C 5C 2S"];
    let start = start_of(rules(), &[(0, 10), (1, 10), (2, 10)], 2, 6, &hands, "");
    let mut g = Game::new(start);
    g.pass(0);
    let ev = g.pass(1);
    assert_eq!(ev.len(), 2, "the pass, then the end of the hand");
    let s = settlement_of(&ev);
    assert_eq!(s.outcome, Outcome::Uncontested { seat: 2 });
    assert_eq!(s.pot, 9);
    assert_eq!(s.payouts, amounts(&[(2, 9)]));
    assert_eq!(s.tricks, amounts(&[(2, 5)]), "all the tricks");
    assert!(s.bourre.is_empty());
    assert_eq!(s.carried, 0);
    assert_eq!(g.state.stack_of(2), Some(19));
    assert_eq!(g.state.phase(), Phase::Complete);
    assert!(g.to_act().is_empty());
    assert!(
        !g.events
            .iter()
            .any(|e| matches!(e, Event::Declared { seat: 2, .. }))
    );
    g.refuse(2, play(""), "wrong_phase");

    // A non-dealer: seat 0 plays, the other two pass.
    let start = start_of(rules(), &[(0, 10), (1, 10), (2, 10)], 2, 0, &hands, "");
    let mut g = Game::new(start);
    g.declare(0, "2H");
    g.pass(1);
    let s = settlement_of(&g.pass(2));
    assert_eq!(s.outcome, Outcome::Uncontested { seat: 0 });
    assert_eq!(s.payouts, amounts(&[(0, 3)]));
    assert_eq!(g.state.stack_of(0), Some(13));
}

#[test]
fn r8a_cover_rule() {
    // Pot = 10 carried + 3 antes = 13. Seat 0 has 12 behind: cannot cover 13.
    let hands = ["2H 3H 4H 5H AS", "7H 8H 9H 10H JH", "2C 3C 4C 5C 2S"];
    let start = start_of(
        rules(),
        &[(0, 12), (1, 13), (2, 10)],
        2,
        10,
        &hands,
        "KC QC",
    );
    let mut g = Game::new(start);
    // Keeping the ace of trumps it may play; not discarding it.
    g.refuse(0, play("AS"), "cannot_cover_pot");
    g.refuse(0, play("AS 2H"), "cannot_cover_pot");
    g.declare(0, "2H 3H");
    // Seat 1 covers 13 exactly.
    g.declare(1, "");
    // Seat 2 has neither the chips nor the ace: may only pass.
    g.refuse(2, play(""), "cannot_cover_pot");
    g.refuse(2, play("2C"), "cannot_cover_pot");
    g.pass(2);

    // pot_limit caps the payment: 10 covers a limit of 10.
    let limited = TableRules {
        pot_limit: Some(10),
        ..rules()
    };
    let start = start_of(limited, &[(0, 12), (1, 13), (2, 10)], 2, 10, &hands, "");
    let mut g = Game::new(start);
    g.declare(0, "AS");
    g.declare(1, "");
    g.declare(2, "");

    // Double ante: pot 3 can still grow by 3 extra antes to 6; seat 0 pays 1 of them itself,
    // so it needs 7 behind. 6 is not enough (without the trump ace).
    let double = TableRules {
        double_ante: true,
        ..rules()
    };
    let no_ace = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "2C 3C 4C 5C 2S"];
    let start = start_of(double, &[(0, 6), (1, 10), (2, 10)], 2, 0, &no_ace, "");
    let mut g = Game::new(start);
    g.refuse(0, play(""), "cannot_cover_pot");
    let start = start_of(double, &[(0, 7), (1, 10), (2, 10)], 2, 0, &no_ace, "");
    let mut g = Game::new(start);
    g.declare(0, "");
    // A fixed penalty: cover the fixed amount plus the extra ante.
    let fixed = TableRules {
        bourre_penalty: BourrePenalty::Fixed(4),
        ..double
    };
    let start = start_of(fixed, &[(0, 4), (1, 5), (2, 10)], 2, 50, &no_ace, "");
    let mut g = Game::new(start);
    g.refuse(0, play(""), "cannot_cover_pot");
    g.pass(0);
    g.declare(1, "");
}

// ---- R9 .. R9f -------------------------------------------------------------------------

#[test]
fn r9_first_active_player_left_of_dealer_leads_then_each_trick_winner() {
    let hands = [
        "2H 3H 4H 5H 6H",
        "AH 7H 2C 3C 4C",
        "KH 8H 5C 6C 7C",
        "QH 9H 8C 9C 2S",
    ];
    let mut g = Game::seats(rules(), 10, &hands);
    g.pass(0);
    g.declare(1, "");
    g.declare(2, "");
    g.declare(3, "");
    assert_eq!(g.to_act(), vec![1], "seat 0 passed: seat 1 leads");
    g.refuse(2, card("KH"), "not_your_turn");
    g.refuse(0, card("2H"), "not_your_turn");
    // Any card may be led.
    assert_eq!(g.state.legal_plays(1), set(hands[1]));
    let ev = g.plays(&[(1, "AH"), (2, "8H"), (3, "9H")]);
    assert_eq!(trick_winners(&ev), vec![1]);
    assert_eq!(g.to_act(), vec![1]);
    let ev = g.plays(&[(1, "2C"), (2, "5C"), (3, "8C")]);
    assert_eq!(trick_winners(&ev), vec![3]);
    assert_eq!(g.to_act(), vec![3], "the winner leads");
}

#[test]
fn r9a_must_follow_suit_and_head_the_trick() {
    let hands = ["AH 5H 2C 3C 4D", "KH 9H 6H 2D 3D", "QH 4H 8C 9C 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.play(0, "5H");
    assert_eq!(g.state.legal_plays(1), set("KH 9H 6H"));
    g.refuse(1, card("2D"), "must_follow_suit");
    g.play(1, "6H");
    assert_eq!(g.state.legal_plays(2), set("QH"));
    g.refuse(2, card("4H"), "must_head_trick");
    g.refuse(2, card("8C"), "must_follow_suit");
    g.refuse(2, card("2S"), "must_follow_suit");
    let ev = g.play(2, "QH");
    assert_eq!(trick_winners(&ev), vec![2]);
    // Unable to head: any card of the led suit.
    g.play(2, "2S");
    // Led suit is trump and seat 0 has none: free.
    assert_eq!(g.state.legal_plays(0), set("AH 2C 3C 4D"));
}

#[test]
fn r9a_trick_already_trumped_any_card_of_led_suit() {
    let hands = ["AH 5H 2C 3C 4D", "3S 4S 2D 3D 5D", "QH 4H 8C 9C 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.play(0, "5H");
    assert_eq!(g.state.legal_plays(1), set("3S 4S"));
    g.refuse(1, card("2D"), "must_trump");
    g.play(1, "3S");
    // Trumped: any heart, low or high, but a heart.
    assert_eq!(g.state.legal_plays(2), set("QH 4H"));
    g.refuse(2, card("2S"), "must_follow_suit");
    g.refuse(2, card("8C"), "must_follow_suit");
    let ev = g.play(2, "4H");
    assert_eq!(trick_winners(&ev), vec![1], "the trump wins (R9e)");
}

#[test]
fn r9b_void_player_must_trump_and_overtrump() {
    let hands = ["AH 5H 2C 3C 4D", "5S 2D 3D 5C 6C", "8C 9C 9S 3S 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.play(0, "5H");
    assert_eq!(g.state.legal_plays(1), set("5S"));
    g.refuse(1, card("2D"), "must_trump");
    g.refuse(1, card("5C"), "must_trump");
    g.play(1, "5S");
    assert_eq!(g.state.legal_plays(2), set("9S"));
    g.refuse(2, card("3S"), "must_overtrump");
    g.refuse(2, card("2S"), "must_overtrump");
    g.refuse(2, card("8C"), "must_trump");
    let ev = g.play(2, "9S");
    assert_eq!(trick_winners(&ev), vec![2]);
}

#[test]
fn r9b_overtrump_impossible_any_trump() {
    let hands = ["AH 5H 2C 3C 4D", "5S 2D 3D 5C 6C", "8C 9C 4S 3S 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.plays(&[(0, "5H"), (1, "5S")]);
    assert_eq!(g.state.legal_plays(2), set("4S 3S 2S"));
    g.refuse(2, card("9C"), "must_trump");
    let ev = g.play(2, "3S");
    assert_eq!(trick_winners(&ev), vec![1]);
}

#[test]
fn r9c_neither_led_suit_nor_trump_any_card() {
    let hands = ["AH 5H 2C 3C 4D", "2D 3D 5D 5C 6C", "QH 4H 8C 9C 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.play(0, "5H");
    assert_eq!(g.state.legal_plays(1), set(hands[1]));
    let ev = g.plays(&[(1, "6C"), (2, "QH")]);
    assert_eq!(trick_winners(&ev), vec![2]);
}

#[test]
fn r9d_cinch_from_the_first_trick_leads_highest_trump_or_equivalent() {
    // Seat 0: A K Q 10 of trumps, J unseen: 10 is beaten by J, A K Q are sure: a cinch.
    let hands = ["AS KS QS 10S 2H", "2D 3D 4D 5D 6D", "7D 8D 9D 10D 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    assert!(g.state.cinch(0));
    assert!(!g.state.cinch(1) && !g.state.cinch(2));
    // A, K, Q are equivalent (nothing unseen between); 10 is not (J unseen).
    assert_eq!(g.state.legal_plays(0), set("AS KS QS"));
    g.refuse(0, card("2H"), "cinch_must_lead_highest_trump");
    g.refuse(0, card("10S"), "cinch_must_lead_highest_trump");
    g.play(0, "KS");

    // A Q J 10 with K unseen: Q is not as good as A.
    let hands = ["AS QS JS 10S 2H", "2D 3D 4D 5D 6D", "7D 8D 9D 10D 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    assert!(g.state.cinch(0));
    assert_eq!(g.state.legal_plays(0), set("AS"));
    g.refuse(0, card("QS"), "cinch_must_lead_highest_trump");
    g.refuse(0, card("JS"), "cinch_must_lead_highest_trump");

    // A K 3 2: only two sure trump tricks, no cinch: anything may be led.
    let hands = ["AS KS 3S 2H 3H", "2D 3D 4D 5D 6D", "7D 8D 9D 10D 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    assert!(!g.state.cinch(0));
    assert_eq!(g.state.legal_plays(0), set(hands[0]));
}

#[test]
fn r9d_cinch_arises_after_won_tricks() {
    let hands = ["AH AD AS 2C 3C", "KH KD 4C 5C 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    assert!(!g.state.cinch(0), "one sure trump trick");
    let ev = g.plays(&[(0, "AH"), (1, "KH")]);
    assert_eq!(trick_winners(&ev), vec![0]);
    assert!(!g.state.cinch(0), "1 trick + 1 sure trump");
    assert_eq!(g.state.legal_plays(0), set("AD AS 2C 3C"));
    let ev = g.plays(&[(0, "AD"), (1, "KD")]);
    assert_eq!(trick_winners(&ev), vec![0]);
    assert!(g.state.cinch(0), "2 tricks + 1 sure trump");
    assert_eq!(g.state.legal_plays(0), set("AS"));
    g.refuse(0, card("2C"), "cinch_must_lead_highest_trump");
    g.play(0, "AS");
}

#[test]
fn r9d_sure_trump_tricks_subtract_a_maximum_matching_of_unseen_trumps() {
    // Seat 0 holds 8 10 Q A of trumps; 9, J and K are unseen. A maximum matching pairs
    // 9>8, J>10, K>Q: only the ace is sure. One trick won + 1 = 2: no cinch.
    let hands = ["AH 8S 10S QS AS", "KH 2D 3D 4D 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    let ev = g.plays(&[(0, "AH"), (1, "KH")]);
    assert_eq!(trick_winners(&ev), vec![0]);
    assert!(!g.state.cinch(0));
    assert_eq!(g.state.legal_plays(0), set("8S 10S QS AS"));
    // Once the king is seen (played), Q and A are both sure.
    let hands = ["AH 8S 10S QS AS", "KH KS 3D 4D 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.plays(&[(0, "AH"), (1, "KH")]);
    assert!(!g.state.cinch(0), "K still unseen: 1 trick + 1 sure");
    let ev = g.plays(&[(0, "8S"), (1, "KS")]);
    assert_eq!(trick_winners(&ev), vec![1]);
    // 10 Q A left, 9 and J unseen: J beats 10, Q and A are sure: 1 + 2 = 3, a cinch.
    g.play(1, "3D");
    assert!(g.state.cinch(0));
    // Last to play with a cinch: any winning card, so the 10 too (not only the highest).
    assert_eq!(g.state.legal_plays(0), set("10S QS AS"));
    let ev = g.play(0, "10S");
    assert_eq!(trick_winners(&ev), vec![0]);
    // Leading with Q A (nothing unseen between them): either.
    assert!(g.state.cinch(0));
    assert_eq!(g.state.legal_plays(0), set("QS AS"));
}

#[test]
fn r9d_cinch_following_must_play_highest_trump() {
    let hands = ["2H 3H 4H 5H 6H", "AS KS QS 10S 2D", "7H 8D 9D 10D 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.play(0, "2H");
    assert!(g.state.cinch(1));
    assert_eq!(g.state.legal_plays(1), set("AS KS QS"));
    g.refuse(1, card("10S"), "cinch_must_play_highest_trump");
    g.refuse(1, card("2D"), "must_trump");
    g.play(1, "QS");

    let hands = ["2H 3H 4H 5H 6H", "AS QS JS 10S 2D", "7H 8D 9D 10D 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.play(0, "2H");
    assert_eq!(g.state.legal_plays(1), set("AS"));
    g.refuse(1, card("QS"), "cinch_must_play_highest_trump");

    // The cinch narrows, never widens: holding the led suit, a heart is still due.
    let hands = ["2H 3H 4H 5H 6H", "AS KS QS 10S 7H", "8H 8D 9D 10D 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    g.play(0, "2H");
    assert!(g.state.cinch(1));
    assert_eq!(g.state.legal_plays(1), set("7H"));
    g.refuse(1, card("AS"), "must_follow_suit");
}

#[test]
fn r9d_last_player_with_cinch_must_win_the_trick() {
    // Seat 2 (the dealer, last to play) holds A K Q 10 of trumps with J unseen: a cinch.
    // Void in hearts, last: any winning card is allowed instead of the highest trump.
    let hands = ["2H 3H 4H 5H 6H", "7H 8H 9H 10H 2D", "2C AS KS 10S QS"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    assert!(g.state.cinch(2));
    g.plays(&[(0, "2H"), (1, "7H")]);
    let legal = g.state.legal_plays(2);
    assert_eq!(legal, set("AS KS QS 10S"));
    assert!(legal.iter().all(|c| g.state.would_win(c)));
    g.refuse(2, card("2C"), "must_trump");
    let ev = g.play(2, "10S");
    assert_eq!(trick_winners(&ev), vec![2]);

    // Last, with a cinch, and unable to win (the ace of trumps is in the trick): the
    // ordinary cinch rule applies: highest trump or equivalent (K Q; not 10, J unseen).
    let hands = ["2H 3H 4H 5H 6H", "AS 2D 3D 4D 5D", "2C KS QS 10S 9S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    assert!(
        !g.state.cinch(2),
        "A unseen: 9 and 10 are beaten by J and A"
    );
    g.play(0, "2H");
    g.play(1, "AS");
    assert!(g.state.cinch(2), "the ace is seen now");
    assert_eq!(g.state.legal_plays(2), set("KS QS"));
    g.refuse(2, card("10S"), "cinch_must_play_highest_trump");
    g.refuse(2, card("2C"), "must_trump");
    let ev = g.play(2, "QS");
    assert_eq!(trick_winners(&ev), vec![1]);
}

#[test]
fn r9d_cinch_must_win_trick_is_the_code_when_a_winner_is_refused() {
    // With R9a/R9b as strict as they are, a last player's allowed cards either all win or
    // all lose, so the error cannot be produced by play; its code and rule stay stable.
    assert_eq!(RuleError::CinchMustWinTrick.code(), "cinch_must_win_trick");
    assert_eq!(RuleError::CinchMustWinTrick.rule(), "R9d");
}

#[test]
fn r9e_trick_winner_highest_trump_else_highest_of_led_suit() {
    // Off-suit aces never win; the highest of the led suit does.
    let hands = ["5H 2C 3C 4C 6C", "AD 2D 3D 4D 5D", "9H 7C 8C 9C 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    let ev = g.plays(&[(0, "5H"), (1, "AD"), (2, "9H")]);
    assert_eq!(trick_winners(&ev), vec![2]);
    // A low trump beats every card of the led suit.
    let hands = ["AH 2C 3C 4C 6C", "KH 2D 3D 4D 5D", "7C 8C 9C 10C 2S"];
    let mut g = Game::seats(rules(), 10, &hands);
    g.all_stand();
    let ev = g.plays(&[(0, "AH"), (1, "KH"), (2, "2S")]);
    assert_eq!(trick_winners(&ev), vec![2]);
    assert_eq!(g.state.finished_tricks()[0].winner, Some(2));
    assert_eq!(g.state.tricks_of(2), Some(1));
}

#[test]
fn r9f_every_refusal_has_its_code_and_changes_nothing() {
    let hands = ["AH 5H 2C 10C 4D", "5S 2D 3D 5C 6C", "8C 9C 9S 3S AS"];
    // Declaring: dealer's upcard is the ace of spades.
    let start = start_of(rules(), &[(0, 10), (1, 10), (2, 0)], 2, 0, &hands, "");
    let mut g = Game::new(start);
    let table: Vec<(Seat, Action, &str)> = vec![
        (1, play(""), "not_your_turn"),
        (5, play(""), "not_in_hand"),
        (0, card("AH"), "wrong_phase"),
        (
            0,
            Action::Draw {
                discard: CardSet::EMPTY,
            },
            "wrong_phase",
        ),
        (0, play("KD"), "card_not_in_hand"),
        (
            0,
            Action::Declare {
                play: false,
                discard: Some(set("AH")),
            },
            "invalid_discard",
        ),
    ];
    for (seat, action, code) in table {
        g.refuse(seat, action, code);
    }
    g.declare(0, "");
    g.declare(1, "");
    g.refuse(2, pass(), "dealer_must_play");
    g.refuse(2, play("AS"), "cannot_cover_pot");
    g.declare(2, "");
    // Playing.
    g.refuse(0, card("KD"), "card_not_in_hand");
    g.refuse(1, card("5S"), "not_your_turn");
    g.refuse(0, play(""), "wrong_phase");
    g.play(0, "5H");
    g.refuse(1, card("2D"), "must_trump");
    g.refuse(1, card("AH"), "card_not_in_hand");
    g.play(1, "5S");
    g.refuse(2, card("3S"), "must_overtrump");
    g.refuse(2, card("8C"), "must_trump");
    g.play(2, "9S");
    // Seat 2 leads; seat 0 must follow clubs and head.
    g.play(2, "8C");
    g.refuse(0, card("AH"), "must_follow_suit");
    g.refuse(0, card("2C"), "must_head_trick");
    assert_eq!(g.state.legal_plays(0), set("10C"));
    // Every code of the engine is distinct and snake_case.
    let all = [
        RuleError::NotYourTurn,
        RuleError::NotInHand,
        RuleError::WrongPhase("play"),
        RuleError::CardNotInHand("AS".into()),
        RuleError::MustFollowSuit,
        RuleError::MustHeadTrick,
        RuleError::MustTrump,
        RuleError::MustOvertrump,
        RuleError::CinchMustLeadHighestTrump,
        RuleError::CinchMustPlayHighestTrump,
        RuleError::CinchMustWinTrick,
        RuleError::DealerMustPlay,
        RuleError::CannotCoverPot,
        RuleError::InvalidDiscard(String::new()),
    ];
    let mut codes: Vec<&str> = all.iter().map(RuleError::code).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), all.len());
}

// ---- R10 -------------------------------------------------------------------------------

/// Seats 0, 1, 2 (seat 2 deals, trump spades), every stack 10, ante 1, `carried` chips
/// carried in. Tricks: seat 0 wins the first three, seat 1 the last two, seat 2 none.
fn full_three_player_hand(r: TableRules, carried: i64) -> (Game, Vec<Event>) {
    let hands = ["AH AD AC 3H 3D", "KH KD KC 4S 5D", "QH QD QC 6C 2S"];
    let start = start_of(r, &[(0, 10), (1, 10), (2, 10)], 2, carried, &hands, "");
    let mut g = Game::new(start);
    g.all_stand();
    let ev = g.plays(&[
        (0, "AH"),
        (1, "KH"),
        (2, "QH"),
        (0, "AD"),
        (1, "5D"),
        (2, "QD"),
        (0, "AC"),
        (1, "KC"),
        (2, "6C"),
        (0, "3H"),
        (1, "4S"),
        (2, "2S"),
        (1, "KD"),
        (2, "QC"),
        (0, "3D"),
    ]);
    assert_eq!(trick_winners(&ev), vec![0, 0, 0, 1, 1]);
    (g, ev)
}

#[test]
fn r10a_strictly_most_tricks_wins_the_pot_r10c_trickless_player_is_bourre() {
    let (g, ev) = full_three_player_hand(rules(), 2);
    let s = settlement_of(&ev);
    assert_eq!(s.outcome, Outcome::Won { seat: 0 });
    assert_eq!(s.pot, 5);
    assert_eq!(s.tricks, amounts(&[(0, 3), (1, 2), (2, 0)]));
    assert_eq!(s.payouts, amounts(&[(0, 5)]));
    assert_eq!(s.bourre, amounts(&[(2, 5)]), "the pot, before it was won");
    assert_eq!(s.carried, 5);
    assert_eq!(s.exempt, vec![2]);
    assert_eq!(g.state.stack_of(0), Some(15));
    assert_eq!(g.state.stack_of(1), Some(10));
    assert_eq!(g.state.stack_of(2), Some(5));
    assert_eq!(g.state.phase(), Phase::Complete);
    assert_eq!(g.state.finished_tricks().len(), 5);
}

#[test]
fn r10c_bourre_payment_pot_capped_by_limit_or_fixed_and_exempt_next_hand() {
    let limited = TableRules {
        pot_limit: Some(3),
        ..rules()
    };
    let s = settlement_of(&full_three_player_hand(limited, 2).1);
    assert_eq!(s.payouts, amounts(&[(0, 5)]));
    assert_eq!(s.bourre, amounts(&[(2, 3)]));
    assert_eq!(s.carried, 3);
    let fixed = TableRules {
        bourre_penalty: BourrePenalty::Fixed(4),
        ..rules()
    };
    let (g, ev) = full_three_player_hand(fixed, 2);
    let s = settlement_of(&ev);
    assert_eq!(s.bourre, amounts(&[(2, 4)]));
    assert_eq!(s.carried, 4);
    assert_eq!(g.state.stack_of(2), Some(6));
    // Next hand: seat 2 exempt from the ante (R10c); with double_ante nobody is.
    let seated_next: Vec<Seated> = (0..3)
        .map(|seat| Seated {
            seat,
            balance: g.state.stack_of(seat).expect("stack"),
            exempt: s.exempt.contains(&seat),
        })
        .collect();
    let plan = table::plan_hand(&rules(), &seated_next, Some(2)).expect("plan");
    let antes: Vec<i64> = plan.entrants.iter().map(|e| e.ante).collect();
    assert_eq!(antes, vec![1, 1, 0]);
    let double = TableRules {
        double_ante: true,
        ..rules()
    };
    let plan = table::plan_hand(&double, &seated_next, Some(2)).expect("plan");
    assert!(plan.entrants.iter().all(|e| e.ante == 1));
}

/// Seats 3 and 0, seat 0 deals (so seat 3 is at the dealer's left), 4 cards each, trump
/// spades: two tricks each.
fn tied_hand(r: TableRules, carried: i64) -> Settlement2 {
    let r = TableRules { hand_size: 4, ..r };
    let hands = ["AH AD 2C 3C", "KH KD AC 2S"];
    let start = start_of(r, &[(0, 10), (3, 10)], 0, carried, &hands, "");
    let mut g = Game::new(start);
    assert_eq!(g.to_act(), vec![3]);
    g.declare(3, "");
    g.declare(0, "");
    let ev = g.plays(&[
        (3, "AH"),
        (0, "KH"),
        (3, "AD"),
        (0, "KD"),
        (3, "2C"),
        (0, "AC"),
        (0, "2S"),
        (3, "3C"),
    ]);
    assert_eq!(trick_winners(&ev), vec![3, 3, 0, 0]);
    Settlement2 {
        s: settlement_of(&ev),
        stacks: (
            g.state.stack_of(0).expect("0"),
            g.state.stack_of(3).expect("3"),
        ),
    }
}

struct Settlement2 {
    s: bourre_engine::hand::Settlement,
    stacks: (i64, i64),
}

#[test]
fn r10b_tie_carries_the_pot_r10d_tied_players_exempt() {
    let t = tied_hand(rules(), 1);
    assert_eq!(t.s.outcome, Outcome::Split { seats: vec![3, 0] });
    assert_eq!(t.s.pot, 3);
    assert!(t.s.payouts.is_empty());
    assert!(t.s.bourre.is_empty());
    assert_eq!(t.s.carried, 3);
    assert_eq!(t.s.exempt, vec![0, 3]);
    assert_eq!(t.stacks, (10, 10));
}

#[test]
fn r10b_share_splits_equally_remainder_to_tied_player_nearest_dealers_left() {
    let share = TableRules {
        split_pot: SplitPot::Share,
        ..rules()
    };
    // Pot 3 for two: 1 each and the odd chip to seat 3, at the dealer's (seat 0) left,
    // though seat 0 is the lower seat.
    let t = tied_hand(share, 1);
    assert_eq!(t.s.outcome, Outcome::Split { seats: vec![3, 0] });
    let mut payouts = t.s.payouts.clone();
    payouts.sort_by_key(|p| p.seat);
    assert_eq!(payouts, amounts(&[(0, 1), (3, 2)]));
    assert_eq!(t.s.carried, 0);
    assert!(t.s.exempt.is_empty(), "R10d: no exemption when shared");
    assert_eq!(t.stacks, (11, 12));
    // Even pot: no remainder.
    let t = tied_hand(share, 2);
    let total: i64 = t.s.payouts.iter().map(|p| p.amount).sum();
    assert_eq!(total, 4);
    assert!(t.s.payouts.iter().all(|p| p.amount == 2));
}

#[test]
fn r10d_tie_with_a_bourre_player_carries_pot_plus_payment() {
    // Three players, 4 cards: seats 0 and 1 take two tricks each, seat 2 none.
    let r = TableRules {
        hand_size: 4,
        ..rules()
    };
    let hands = ["AH AD 2C 3C", "KH KD AC 4S", "QH QD QC 2S"];
    let start = start_of(r, &[(0, 10), (1, 10), (2, 10)], 2, 0, &hands, "");
    let mut g = Game::new(start);
    g.all_stand();
    let ev = g.plays(&[
        (0, "AH"),
        (1, "KH"),
        (2, "QH"),
        (0, "AD"),
        (1, "KD"),
        (2, "QD"),
        (0, "2C"),
        (1, "AC"),
        (2, "QC"),
        (1, "4S"),
        (2, "2S"),
        (0, "3C"),
    ]);
    assert_eq!(trick_winners(&ev), vec![0, 0, 1, 1]);
    let s = settlement_of(&ev);
    assert_eq!(s.outcome, Outcome::Split { seats: vec![0, 1] });
    assert_eq!(s.bourre, amounts(&[(2, 3)]));
    assert_eq!(s.carried, 6);
    assert_eq!(s.exempt, vec![0, 1, 2]);
    assert_eq!(g.state.stack_of(2), Some(7));
}

#[test]
fn r10e_share_equally_remainder_to_lowest_seat() {
    assert_eq!(
        table::share_equally(11, &[6, 1, 4]),
        amounts(&[(1, 5), (4, 3), (6, 3)])
    );
    assert_eq!(
        table::share_equally(9, &[2, 5, 7]),
        amounts(&[(2, 3), (5, 3), (7, 3)])
    );
    assert_eq!(table::share_equally(1, &[3, 0]), amounts(&[(0, 1), (3, 0)]));
    assert!(table::share_equally(5, &[]).is_empty());
}

#[test]
fn r10e_chips_are_conserved_through_a_hand() {
    let (g, ev) = full_three_player_hand(rules(), 2);
    let s = settlement_of(&ev);
    let before = 3 * 10 + 5;
    let after: i64 = (0..3)
        .map(|seat| g.state.stack_of(seat).expect("stack"))
        .sum::<i64>();
    assert_eq!(after + s.carried, before);
    assert_eq!(g.state.pot(), s.carried);
}

// ---- replay and views ------------------------------------------------------------------

#[test]
fn replay_rebuilds_the_identical_state_and_refuses_tampering() {
    let (g, _) = full_three_player_hand(rules(), 2);
    let rebuilt = HandState::replay(&g.events).expect("replay");
    assert_eq!(format!("{rebuilt:?}"), format!("{:?}", g.state));
    // Every prefix replays too.
    for k in 1..g.events.len() {
        let partial = HandState::replay(&g.events[..k]).expect("prefix");
        assert_ne!(partial.phase(), Phase::Complete);
    }
    // A different card played by seat 1 in the first trick: refused by the rules.
    let mut tampered = g.events.clone();
    let i = tampered
        .iter()
        .position(|e| matches!(e, Event::Played { seat: 1, .. }))
        .expect("a play");
    tampered[i] = Event::Played {
        seat: 1,
        card: c("5D"),
    };
    assert!(matches!(
        HandState::replay(&tampered),
        Err(ReplayError::Refused(RuleError::MustFollowSuit))
    ));
    // A trick credited to the wrong seat.
    let mut tampered = g.events.clone();
    let i = tampered
        .iter()
        .position(|e| matches!(e, Event::TrickWon { .. }))
        .expect("a trick");
    tampered[i] = Event::TrickWon { seat: 1, trick: 1 };
    assert!(matches!(
        HandState::replay(&tampered),
        Err(ReplayError::Mismatch { .. })
    ));
    // A forged draw.
    let mut g2 = Game::new(start_of(
        rules(),
        &[(0, 10), (1, 10)],
        1,
        0,
        &["2H 3H 4H 5H 6H", "7H 8H 9H 10H 2S"],
        "AC KC",
    ));
    g2.declare(0, "2H");
    let mut tampered = g2.events.clone();
    if let Event::Declared {
        draw: Some(draw), ..
    } = &mut tampered[1]
    {
        draw.drawn = set("KC");
    }
    assert!(matches!(
        HandState::replay(&tampered),
        Err(ReplayError::Mismatch { .. })
    ));
    let mut tampered = g2.events.clone();
    tampered.insert(1, g2.events[0].clone());
    assert!(matches!(
        HandState::replay(&tampered),
        Err(ReplayError::Restart)
    ));
    assert!(HandState::replay(&g2.events[1..]).is_err());
}

#[test]
fn view_never_shows_another_seats_cards() {
    let hands = ["AH AD AC 3H 3D", "KH KD KC 4S 5D", "QH QD QC 6C 2S"];
    let start = start_of(rules(), &[(0, 10), (1, 10), (2, 10)], 2, 0, &hands, "JC JD");
    let mut g = Game::new(start);
    let check = |state: &HandState| {
        for viewer in state.seats() {
            let view = state.view(Some(viewer));
            assert_eq!(view.my_hand, state.hand_of(viewer));
            let json = serde_json::to_string(&view).expect("json");
            let visible = state.played_cards().union(if state.upcard_visible() {
                CardSet::single(state.upcard())
            } else {
                CardSet::EMPTY
            });
            for other in state.seats().filter(|&s| s != viewer) {
                let secret = state
                    .hand_of(other)
                    .expect("hand")
                    .union(state.discards_of(other).expect("discards"))
                    .minus(visible)
                    .minus(state.hand_of(viewer).expect("mine"))
                    .minus(state.discards_of(viewer).expect("mine"));
                for card in secret {
                    assert!(
                        !json.contains(&format!("\"{card}\"")),
                        "seat {viewer} sees {card} of seat {other}: {json}"
                    );
                }
            }
            let public = serde_json::to_string(&state.view(None)).expect("json");
            for seat in state.seats() {
                for card in state.hand_of(seat).expect("hand").minus(visible) {
                    assert!(!public.contains(&format!("\"{card}\"")), "{card}");
                }
            }
        }
    };
    check(&g.state);
    g.declare(0, "3H");
    check(&g.state);
    g.declare(1, "5D");
    g.declare(2, "2S");
    check(&g.state);
    g.plays(&[(0, "AH"), (1, "KH")]);
    check(&g.state);
}
