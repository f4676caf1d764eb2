//! Replaying a BHH hand through the rules engine from the export alone: its seeds give its
//! key and deck, its deal and stacks start the hand, and its declarations, draws and cards
//! are played as actions; the engine's draws, trick winners and settlement must be the
//! export's. Pure: `bourre hh check` runs it on a file.

use std::fmt;

use crate::engine::deck::{self, Deck, HandKey, hand_key};
use crate::engine::hand::{Entrant, SeatAmount};
use crate::engine::{Action, Card, CardSet, Event, HandStart, HandState, Outcome, Seat};

use super::format::{Bhh, BhhChips, BhhOutcome};

/// The first place where the export and the engine part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// Where in the hand: a path such as `rounds.tricks[2].winner`.
    pub at: String,
    /// What the export says against what the engine (or the seeds) give.
    pub detail: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.detail)
    }
}

fn differ(at: impl Into<String>, detail: impl Into<String>) -> Difference {
    Difference {
        at: at.into(),
        detail: detail.into(),
    }
}

fn cards(list: &[Card]) -> String {
    if list.is_empty() {
        "none".to_owned()
    } else {
        list.iter()
            .map(Card::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn set(list: &[Card]) -> CardSet {
    list.iter().copied().collect()
}

/// What a replay found: the hand's outcome as the engine settled it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub outcome: Outcome,
    /// The tricks played.
    pub tricks: usize,
}

/// Replays `hand`; the first difference from the engine, if any.
pub fn replay(hand: &Bhh) -> Result<Replayed, Difference> {
    let start = hand_start(hand)?;
    let mut state = HandState::start(&start).map_err(|e| differ("rounds.deal", e))?;
    if state.upcard() != hand.trump_card {
        return Err(differ(
            "trump_card",
            format!(
                "the export says {}, the deck turns up {}",
                hand.trump_card,
                state.upcard()
            ),
        ));
    }
    if state.trump() != hand.trump_suit {
        return Err(differ(
            "trump_suit",
            format!(
                "the export says {}, the card turned up is {}",
                hand.trump_suit, hand.trump_card
            ),
        ));
    }
    for (i, dealt) in hand.rounds.deal.hands.iter().enumerate() {
        let engine = state.hand_of(dealt.seat).unwrap_or_default();
        if engine != set(&dealt.cards) {
            return Err(differ(
                format!("rounds.deal.hands[{i}].cards"),
                format!(
                    "the export deals seat {} {}, the deck deals {engine}",
                    dealt.seat,
                    cards(&dealt.cards)
                ),
            ));
        }
    }
    declare_and_draw(hand, &mut state)?;
    play_tricks(hand, &mut state)?;
    settle(hand, &state)
}

/// The hand's start from the export: its rules, seats, stacks, antes, deck and key, the
/// key and (unless fixed) the deck checked against the seeds.
fn hand_start(hand: &Bhh) -> Result<HandStart, Difference> {
    let fairness = &hand.fairness;
    let seed = hex::decode(&fairness.server_seed)
        .map_err(|_| differ("fairness.server_seed", "not hex"))?;
    if deck::commitment(&seed) != fairness.commitment {
        return Err(differ(
            "fairness.commitment",
            "SHA-256 of the revealed server seed is not the commitment",
        ));
    }
    let pairs: Vec<(u8, &str)> = fairness
        .client_seeds
        .iter()
        .map(|c| (c.seat, c.seed.as_str()))
        .collect();
    let key = hand_key(&seed, &hand.table.id.to_string(), hand.game_number, &pairs);
    if hex::encode(key.0) != fairness.hand_key {
        return Err(differ(
            "fairness.hand_key",
            format!(
                "the seeds give {}, the export says {}",
                hex::encode(key.0),
                fairness.hand_key
            ),
        ));
    }
    let deck =
        Deck::from_cards(&hand.rounds.deal.deck).map_err(|e| differ("rounds.deal.deck", e))?;
    if !fairness.fixed_deck && Deck::shuffled(&key) != deck {
        return Err(differ(
            "rounds.deal.deck",
            "the deck is not the one the seeds shuffle",
        ));
    }
    let mut entrants = Vec::new();
    for (i, player) in hand.players.iter().enumerate() {
        let ante = hand
            .rounds
            .deal
            .antes
            .iter()
            .find(|a| a.seat == player.seat)
            .map(|a| a.amount)
            .ok_or_else(|| {
                differ(
                    format!("players[{i}]"),
                    format!("seat {} has no ante in rounds.deal.antes", player.seat),
                )
            })?;
        entrants.push(Entrant {
            seat: player.seat,
            stack: player.starting_stack - ante,
            ante,
        });
    }
    Ok(HandStart {
        hand_no: hand.game_number,
        dealer: hand.dealer_seat,
        rules: hand.rules,
        entrants,
        carried: hand.rounds.deal.carried,
        deck,
        key: HandKey(key.0),
    })
}

/// Acts `action` for `seat`, naming `at` when the engine refuses it.
fn act(
    state: &mut HandState,
    seat: Seat,
    action: &Action,
    at: &str,
) -> Result<Vec<Event>, Difference> {
    state
        .act(seat, action)
        .map_err(|e| differ(at, format!("the engine refuses seat {seat}'s action: {e}")))
}

/// Checks a draw the engine made against the export's.
fn same_draw(
    hand: &Bhh,
    index: usize,
    engine: &crate::engine::hand::Draw,
) -> Result<(), Difference> {
    let draw = &hand.rounds.draws[index];
    let drawn: Vec<Card> = engine.drawn.iter().collect();
    if set(&draw.drawn) != engine.drawn {
        return Err(differ(
            format!("rounds.draws[{index}].drawn"),
            format!(
                "the export draws {} for seat {}, the stock gives {}",
                cards(&draw.drawn),
                draw.seat,
                cards(&drawn)
            ),
        ));
    }
    if draw.reshuffled != engine.reshuffled {
        return Err(differ(
            format!("rounds.draws[{index}].reshuffled"),
            format!(
                "the export says {}, the engine {}",
                draw.reshuffled, engine.reshuffled
            ),
        ));
    }
    Ok(())
}

/// The declarations and draws, in the export's order: in sequential declaration a seat that
/// plays draws at once (its draw is the next in `draws`); with simultaneous declaration
/// every seat declares, then the draws follow.
fn declare_and_draw(hand: &Bhh, state: &mut HandState) -> Result<(), Difference> {
    let rounds = &hand.rounds;
    let mut extra: Vec<SeatAmount> = Vec::new();
    let mut next_draw = 0;
    for (i, declaration) in rounds.declarations.iter().enumerate() {
        let at = format!("rounds.declarations[{i}]");
        let sequential_draw = declaration.play && !hand.rules.simultaneous_declare;
        let discard = if sequential_draw {
            let Some(draw) = rounds.draws.get(next_draw) else {
                return Err(differ(
                    at,
                    "a seat that plays draws, and the export lists no draw for it",
                ));
            };
            if draw.seat != declaration.seat {
                return Err(differ(
                    format!("rounds.draws[{next_draw}].seat"),
                    format!(
                        "seat {} declared play and draws next, not seat {}",
                        declaration.seat, draw.seat
                    ),
                ));
            }
            Some(set(&draw.discard))
        } else {
            None
        };
        let events = act(
            state,
            declaration.seat,
            &Action::Declare {
                play: declaration.play,
                discard,
            },
            &at,
        )?;
        for event in &events {
            match event {
                Event::Declared {
                    extra_ante, draw, ..
                } => {
                    if let Some(d) = draw {
                        same_draw(hand, next_draw, d)?;
                        next_draw += 1;
                    }
                    if *extra_ante > 0 {
                        extra.push(SeatAmount {
                            seat: declaration.seat,
                            amount: *extra_ante,
                        });
                    }
                }
                Event::Revealed { extra_antes, .. } => extra.extend(extra_antes.iter().copied()),
                _ => {}
            }
        }
    }
    for (i, d) in rounds.declarations.iter().enumerate() {
        let engine: i64 = extra
            .iter()
            .filter(|a| a.seat == d.seat)
            .map(|a| a.amount)
            .sum();
        if engine != d.extra_ante {
            return Err(differ(
                format!("rounds.declarations[{i}].extra_ante"),
                format!(
                    "the export says {}, the engine charges {engine}",
                    d.extra_ante
                ),
            ));
        }
    }
    while next_draw < rounds.draws.len() {
        let draw = &rounds.draws[next_draw];
        let at = format!("rounds.draws[{next_draw}]");
        let events = act(
            state,
            draw.seat,
            &Action::Draw {
                discard: set(&draw.discard),
            },
            &at,
        )?;
        for event in &events {
            if let Event::Drew { draw: d, .. } = event {
                same_draw(hand, next_draw, d)?;
            }
        }
        next_draw += 1;
    }
    Ok(())
}

/// The tricks, card by card: the leader must lead, and the engine's winner be the export's.
fn play_tricks(hand: &Bhh, state: &mut HandState) -> Result<(), Difference> {
    for (t, trick) in hand.rounds.tricks.iter().enumerate() {
        if trick.number as usize != t + 1 {
            return Err(differ(
                format!("rounds.tricks[{t}].number"),
                format!("trick {} comes {}", trick.number, t + 1),
            ));
        }
        if trick.cards.first().map(|p| p.seat) != Some(trick.leader) {
            return Err(differ(
                format!("rounds.tricks[{t}].leader"),
                format!(
                    "the export says seat {} led, but the first card is another seat's",
                    trick.leader
                ),
            ));
        }
        let mut winner = None;
        for (c, play) in trick.cards.iter().enumerate() {
            let at = format!("rounds.tricks[{t}].cards[{c}]");
            let events = act(state, play.seat, &Action::Play { card: play.card }, &at)?;
            for event in &events {
                if let Event::TrickWon { seat, .. } = event {
                    winner = Some(*seat);
                }
            }
            if winner.is_some() && c + 1 < trick.cards.len() {
                return Err(differ(
                    format!("rounds.tricks[{t}].cards[{}]", c + 1),
                    format!("the trick was complete after {} cards", c + 1),
                ));
            }
        }
        match winner {
            Some(seat) if seat == trick.winner => {}
            Some(seat) => {
                return Err(differ(
                    format!("rounds.tricks[{t}].winner"),
                    format!(
                        "the export says seat {}, the engine says seat {seat}",
                        trick.winner
                    ),
                ));
            }
            None => {
                return Err(differ(
                    format!("rounds.tricks[{t}].cards"),
                    "the trick is not complete",
                ));
            }
        }
    }
    Ok(())
}

fn chips_text(list: &[BhhChips]) -> String {
    if list.is_empty() {
        return "none".to_owned();
    }
    list.iter()
        .map(|c| format!("seat {}: {}", c.seat, c.amount))
        .collect::<Vec<_>>()
        .join(", ")
}

fn as_chips(list: &[SeatAmount]) -> Vec<BhhChips> {
    let mut out: Vec<BhhChips> = list.iter().map(BhhChips::from).collect();
    out.sort_by_key(|c| c.seat);
    out
}

fn sorted(list: &[BhhChips]) -> Vec<BhhChips> {
    let mut out = list.to_vec();
    out.sort_by_key(|c| c.seat);
    out
}

/// The engine's settlement against the export's pot and stacks.
fn settle(hand: &Bhh, state: &HandState) -> Result<Replayed, Difference> {
    let Some(settled) = state.settlement() else {
        return Err(differ(
            "rounds",
            format!(
                "the hand has not ended: the engine waits for {:?}",
                state.to_act()
            ),
        ));
    };
    let [pot] = hand.pots.as_slice() else {
        return Err(differ("pots", "a hand has one pot"));
    };
    let outcome = BhhOutcome::from(&settled.outcome);
    if pot.outcome != outcome {
        return Err(differ(
            "pots[0].outcome",
            format!(
                "the export says {:?}, the engine settles {}",
                pot.outcome, settled.outcome
            ),
        ));
    }
    if pot.amount != settled.pot {
        return Err(differ(
            "pots[0].amount",
            format!(
                "the export says {}, the engine's pot is {}",
                pot.amount, settled.pot
            ),
        ));
    }
    let tricks: Vec<(Seat, i64)> = settled.tricks.iter().map(|t| (t.seat, t.amount)).collect();
    let exported: Vec<(Seat, i64)> = pot
        .tricks
        .iter()
        .map(|t| (t.seat, i64::from(t.tricks)))
        .collect();
    if sorted_pairs(&tricks) != sorted_pairs(&exported) {
        return Err(differ(
            "pots[0].tricks",
            format!("the export says {exported:?}, the engine counts {tricks:?} (seat, tricks)"),
        ));
    }
    for (field, export, engine) in [
        ("won", &pot.won, as_chips(&settled.payouts)),
        ("bourre", &pot.bourre, as_chips(&settled.bourre)),
    ] {
        if sorted(export) != engine {
            return Err(differ(
                format!("pots[0].{field}"),
                format!(
                    "the export says {}, the engine {}",
                    chips_text(export),
                    chips_text(&engine)
                ),
            ));
        }
    }
    if pot.carried != settled.carried {
        return Err(differ(
            "pots[0].carried",
            format!(
                "the export says {}, the engine carries {}",
                pot.carried, settled.carried
            ),
        ));
    }
    let net = state.net_chips().unwrap_or_default();
    for (i, player) in hand.players.iter().enumerate() {
        let change = net
            .iter()
            .find(|n| n.seat == player.seat)
            .map_or(0, |n| n.amount);
        let engine = player.starting_stack + change;
        if player.ending_stack != engine {
            return Err(differ(
                format!("players[{i}].ending_stack"),
                format!(
                    "the export says {}, the engine leaves seat {} with {engine}",
                    player.ending_stack, player.seat
                ),
            ));
        }
    }
    Ok(Replayed {
        outcome: settled.outcome.clone(),
        tricks: hand.rounds.tricks.len(),
    })
}

fn sorted_pairs(list: &[(Seat, i64)]) -> Vec<(Seat, i64)> {
    let mut out = list.to_vec();
    out.sort_unstable();
    out
}
