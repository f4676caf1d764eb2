//! Bot-played hands at one table, for `bourre simulate`, benchmarks and property tests.

use serde::Serialize;

use super::bot;
use super::deck::{Deck, HandKeys};
use super::hand::{Event, HandStart, HandState, MAX_SEATS, Outcome, Seat};
use super::rules::TableRules;
use super::table::{Seated, plan_hand};

/// What a simulation plays.
#[derive(Debug, Clone)]
pub struct SimConfig {
    pub hands: u64,
    pub players: u8,
    pub seed: u64,
    pub rules: TableRules,
    /// Each player's chips at the start, and what a player who cannot ante is topped up to.
    pub starting_balance: i64,
}

/// Totals over the hands played.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SimTotals {
    pub hands: u64,
    pub won_outright: u64,
    pub split: u64,
    pub uncontested: u64,
    pub all_passed: u64,
    pub bourres: u64,
    pub pot_total: i64,
    pub tricks: u64,
    pub actions: u64,
    /// Chips minted to top up players who could no longer ante.
    pub rebuys: i64,
    /// Whether the players' chips plus the pot always equalled what was minted.
    pub chips_conserved: bool,
    /// Whether every bot action was legal (the engine refused none).
    pub bots_legal: bool,
}

/// Plays one hand between bots from `start`, appending every event to `events`.
/// Returns the final state, or the refusal of a bot's action (a bot bug).
pub fn play_hand(start: HandStart, events: &mut Vec<Event>) -> Result<HandState, String> {
    let mut state = HandState::start(&start)?;
    events.push(Event::HandStarted(Box::new(start)));
    while let Some(seat) = state.next_to_act() {
        let action = bot::choose(&state, seat).ok_or("the bot found no legal action")?;
        state
            .act_into(seat, &action, events)
            .map_err(|e| format!("bot action {action:?} refused: {e}"))?;
    }
    Ok(state)
}

/// A table of bots playing hand after hand.
pub struct SimTable {
    config: SimConfig,
    balances: Vec<i64>,
    exempt: Vec<bool>,
    pot: i64,
    dealer: Option<Seat>,
    minted: i64,
    hand_no: u32,
    keys: HandKeys,
    events: Vec<Event>,
    pub totals: SimTotals,
}

impl SimTable {
    pub fn new(config: SimConfig) -> SimTable {
        let n = usize::from(config.players);
        SimTable {
            balances: vec![config.starting_balance; n],
            exempt: vec![false; n],
            pot: 0,
            dealer: None,
            minted: config.starting_balance * n as i64,
            hand_no: 0,
            keys: HandKeys::new(&config.seed.to_le_bytes()),
            events: Vec::with_capacity(64),
            totals: SimTotals {
                chips_conserved: true,
                bots_legal: true,
                ..SimTotals::default()
            },
            config,
        }
    }

    /// The next hand's start: antes, dealer, and the deck from the seed.
    pub fn next_start(&mut self) -> Result<HandStart, String> {
        let rules = self.config.rules;
        for balance in self.balances.iter_mut() {
            if *balance < rules.ante {
                self.minted += self.config.starting_balance - *balance;
                self.totals.rebuys += self.config.starting_balance - *balance;
                *balance = self.config.starting_balance;
            }
        }
        let seated: [Seated; MAX_SEATS] = std::array::from_fn(|i| Seated {
            seat: i as Seat,
            balance: self.balances.get(i).copied().unwrap_or(0),
            exempt: self.exempt.get(i).copied().unwrap_or(false),
        });
        // Seats past the table's last never take part (R2).
        let n = self.balances.len().min(MAX_SEATS);
        let plan = plan_hand(&rules, &seated[..n], self.dealer).map_err(|e| e.to_string())?;
        self.hand_no += 1;
        let key = self.keys.key("simulation", self.hand_no, &[]);
        Ok(HandStart {
            hand_no: self.hand_no,
            dealer: plan.dealer,
            rules,
            entrants: plan.entrants,
            carried: self.pot,
            deck: Deck::shuffled(&key),
            key,
        })
    }

    /// Plays one hand and books its result.
    pub fn play_one(&mut self) -> Result<(), String> {
        let start = self.next_start()?;
        self.events.clear();
        let state = match play_hand(start, &mut self.events) {
            Ok(state) => state,
            Err(e) => {
                self.totals.bots_legal = false;
                return Err(e);
            }
        };
        self.book(&state)
    }

    fn book(&mut self, state: &HandState) -> Result<(), String> {
        let settlement = state.settlement().ok_or("the hand did not end")?;
        for seat in state.seats() {
            let stack = state.stack_of(seat).unwrap_or(0);
            if stack < 0 {
                self.totals.chips_conserved = false;
            }
            self.balances[usize::from(seat)] = stack;
        }
        self.pot = settlement.carried;
        self.dealer = Some(state.dealer());
        for (i, exempt) in self.exempt.iter_mut().enumerate() {
            *exempt = settlement.exempt.contains(&(i as Seat));
        }
        let totals = &mut self.totals;
        totals.hands += 1;
        totals.actions += self.events.len() as u64;
        totals.pot_total += settlement.pot;
        totals.bourres += settlement.bourre.len() as u64;
        totals.tricks += u64::from(state.finished_tricks().len() as u8);
        match settlement.outcome {
            Outcome::Won { .. } => totals.won_outright += 1,
            Outcome::Split { .. } => totals.split += 1,
            Outcome::Uncontested { .. } => totals.uncontested += 1,
            Outcome::AllPassed => totals.all_passed += 1,
        }
        let held: i64 = self.balances.iter().sum::<i64>() + self.pot;
        if held != self.minted {
            totals.chips_conserved = false;
        }
        Ok(())
    }

    /// Chips held by the players.
    pub fn balances(&self) -> &[i64] {
        &self.balances
    }

    /// The events of the last hand played.
    pub fn last_events(&self) -> &[Event] {
        &self.events
    }
}
