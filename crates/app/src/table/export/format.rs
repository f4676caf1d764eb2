//! The Bourré Hand History format (BHH, docs/guide/hand-histories.md): one JSON object per
//! finished hand, `{"bhh": {...}}`, and how a hand's rows in the event log become one.
//! Its JSON Schema (docs/formats/bhh.schema.json) is generated from these types.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::engine::hand::SeatAmount;
use crate::engine::{Card, Event, Outcome, Seat, Suit, TableRules};
use crate::store::events::EventRow;
use crate::table::event::{ClientSeed, TableEvent};

/// The version of the format these types write (semver: a minor version only adds fields,
/// which readers of an older one ignore).
pub const SPEC_VERSION: &str = "1.0.0";

/// One hand as a file or a line of an export holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhFile {
    /// The hand.
    pub bhh: Bhh,
}

/// A finished hand: where and when it was played, by whom, every card and chip of it, and
/// what proves it fair.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Bhh {
    /// The format's version, semver (`1.0.0`); a reader ignores fields it does not know.
    #[schema(pattern = r"^1\.\d+\.\d+$", example = "1.0.0")]
    pub spec_version: String,
    /// The server the hand was played on: the origin of its public log (a host and a path).
    pub site: String,
    /// The league the table belongs to.
    pub league: BhhNamed,
    /// The table.
    pub table: BhhNamed,
    /// The hand's number at the table, from 1.
    #[schema(minimum = 1)]
    pub game_number: u32,
    /// When the hand was dealt (UTC).
    pub start_time: DateTime<Utc>,
    /// When the hand ended and its seed was revealed (UTC).
    pub end_time: DateTime<Utc>,
    /// The table's rules as they held for the hand (docs/rules.md, "Table options").
    pub rules: TableRules,
    /// The dealer's seat (R2a).
    #[schema(value_type = u8, maximum = 7)]
    pub dealer_seat: Seat,
    /// The card turned up, whose suit is trump (R4).
    pub trump_card: Card,
    /// The trump suit: the turned-up card's.
    pub trump_suit: Suit,
    /// Everyone dealt in, in seat order.
    pub players: Vec<BhhPlayer>,
    /// The deal, the declarations, the draws and the tricks, each in the order they were made.
    pub rounds: BhhRounds,
    /// The hand's pot: what it held, who took it, who paid for being bourré. One pot: a
    /// list so that the format can grow.
    pub pots: Vec<BhhPot>,
    /// What proves the deal fair and the hand unchanged.
    pub fairness: BhhFairness,
}

/// A league or a table: its id and its name (as it is named now).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhNamed {
    /// Its id in the API.
    pub id: Uuid,
    /// Its name as it is now.
    pub name: String,
}

/// A player dealt in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhPlayer {
    /// The player.
    pub id: Uuid,
    /// Their seat, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// Their username as it is now ("deleted player" once the account is deleted).
    pub name: String,
    /// The name they chose to be shown by; null when they chose none or the exporter
    /// blocked them.
    #[serde(default)]
    pub display_name: Option<String>,
    /// Their chips when the hand was dealt, before the ante.
    pub starting_stack: i64,
    /// Their chips when it ended.
    pub ending_stack: i64,
    /// A server-side bot.
    pub bot: bool,
}

/// The hand's actions, by kind, each list in the order the actions were made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhRounds {
    /// The antes, the cards dealt and the deck.
    pub deal: BhhDeal,
    /// Play or pass, seat by seat (R5); with `simultaneous_declare`, in the order they were
    /// sent (R5a).
    pub declarations: Vec<BhhDeclaration>,
    /// Discards and replacements (R6), in the order drawn: a seat that plays in sequential
    /// declaration draws right after declaring.
    pub draws: Vec<BhhDraw>,
    /// The tricks (R9), none when the hand ended before play.
    pub tricks: Vec<BhhTrick>,
}

/// The deal (R3, R4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhDeal {
    /// Chips in the pot before the antes, carried from earlier hands (R3b).
    pub carried: i64,
    /// What each seat paid to enter (0 when exempt, R10c/R10d), in seat order.
    pub antes: Vec<BhhChips>,
    /// The cards dealt to each seat, in seat order.
    pub hands: Vec<BhhCards>,
    /// The whole deck, top first: the cards dealt, the card turned up (the dealer's last)
    /// and the stock the draws come from (R4a, R6).
    #[schema(min_items = 52, max_items = 52)]
    pub deck: Vec<Card>,
}

/// Chips a seat paid or took.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhChips {
    /// The seat, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// Chips.
    #[schema(minimum = 0)]
    pub amount: i64,
}

/// A seat's cards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhCards {
    /// The seat, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// Its cards.
    pub cards: Vec<Card>,
}

/// A declaration (R5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhDeclaration {
    /// The seat that declared, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// `true`: the seat plays; `false`: it passes.
    pub play: bool,
    /// The extra ante paid for playing with `double_ante` (R3a); 0 otherwise.
    #[schema(minimum = 0)]
    pub extra_ante: i64,
    /// The seat's time ran out and the server declared for it.
    #[serde(default)]
    pub timed_out: bool,
}

/// A discard and its replacements (R6).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhDraw {
    /// The seat that drew, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// The cards discarded (none: the seat stands pat).
    pub discard: Vec<Card>,
    /// The replacements, as many as discarded.
    pub drawn: Vec<Card>,
    /// The stock ran short and was rebuilt from the dead cards for this draw (R6).
    pub reshuffled: bool,
    /// The seat's time ran out and the server drew for it.
    #[serde(default)]
    pub timed_out: bool,
}

/// A trick (R9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhTrick {
    /// The trick's number in the hand, from 1.
    #[schema(minimum = 1, maximum = 5)]
    pub number: u8,
    /// The seat that led.
    #[schema(value_type = u8, maximum = 7)]
    pub leader: Seat,
    /// The cards in the order played, the leader's first.
    pub cards: Vec<BhhPlay>,
    /// The seat that took the trick (R9e).
    #[schema(value_type = u8, maximum = 7)]
    pub winner: Seat,
}

/// A card played to a trick.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhPlay {
    /// The seat that played, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// The card it played.
    pub card: Card,
    /// The seat's time ran out and the server played for it.
    #[serde(default)]
    pub timed_out: bool,
}

/// How a hand's pot ended (R8, R10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BhhOutcome {
    /// One seat took strictly most tricks (R10a).
    Won,
    /// Everyone else passed (R8).
    Uncontested,
    /// A tie for most tricks (R10b).
    Split,
    /// Every seat passed a simultaneous declaration (R5a).
    AllPassed,
}

impl From<&Outcome> for BhhOutcome {
    fn from(outcome: &Outcome) -> BhhOutcome {
        match outcome {
            Outcome::Won { .. } => BhhOutcome::Won,
            Outcome::Uncontested { .. } => BhhOutcome::Uncontested,
            Outcome::Split { .. } => BhhOutcome::Split,
            Outcome::AllPassed => BhhOutcome::AllPassed,
        }
    }
}

impl From<&SeatAmount> for BhhChips {
    fn from(a: &SeatAmount) -> BhhChips {
        BhhChips {
            seat: a.seat,
            amount: a.amount,
        }
    }
}

/// Tricks a seat took.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhTricks {
    /// The seat, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// The tricks it took.
    #[schema(minimum = 0, maximum = 5)]
    pub tricks: u8,
}

/// The hand's pot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhPot {
    /// What the pot held: carried chips, antes and extra antes.
    #[schema(minimum = 0)]
    pub amount: i64,
    /// How the pot ended.
    pub outcome: BhhOutcome,
    /// Tricks taken by each seat that played.
    pub tricks: Vec<BhhTricks>,
    /// Who took what of the pot.
    pub won: Vec<BhhChips>,
    /// What each bourré seat paid into the next hand's pot (R10c).
    pub bourre: Vec<BhhChips>,
    /// What the table's pot holds for the next hand.
    #[schema(minimum = 0)]
    pub carried: i64,
}

/// The commit-reveal of the deal and the hand's place in the table's chain and the public
/// log (docs/guide/fair-shuffles.md, docs/guide/public-log.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhFairness {
    /// The deck is the table's fixed deck, not shuffled from the seeds: never fair.
    pub fixed_deck: bool,
    /// SHA-256 of the server seed, hex, published before the hand.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub commitment: String,
    /// The server seed, hex, revealed when the hand ended.
    #[schema(pattern = "^[0-9a-f]+$")]
    pub server_seed: String,
    /// The seats' client seeds mixed into the deck.
    pub client_seeds: Vec<ClientSeed>,
    /// The hand key the seeds give, hex: it shuffles the deck and any short stock.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub hand_key: String,
    /// The hand's last row in the table's hash-chained log.
    pub chain_head: BhhChainHead,
    /// The hand's entry in the public log; null in the seconds before it is added.
    #[serde(default)]
    pub log: Option<BhhLogEntry>,
}

/// A row of the table's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhChainHead {
    /// The row's place in the table's log.
    #[schema(minimum = 1)]
    pub seq: i64,
    /// The row's hash, hex.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub hash: String,
}

/// An entry of the public log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BhhLogEntry {
    /// The log's origin.
    pub origin: String,
    /// The entry's index, from 0: `GET .../hands/{n}/proof` proves it.
    #[schema(minimum = 0)]
    pub index: i64,
}

/// What is known of a finished hand besides its rows.
pub struct HandContext<'a> {
    pub site: &'a str,
    pub league: BhhNamed,
    pub table: BhhNamed,
    /// Its index in the public log, if it is in it yet.
    pub log_index: Option<i64>,
    /// The players dealt in, as shown to the exporter: `(username, display name, bot)`.
    pub shown: &'a HashMap<Uuid, (String, Option<String>, bool)>,
}

/// A finished hand in BHH, from its rows (`hand_dealt` to `seed_revealed`).
pub fn build(rows: &[EventRow], context: HandContext<'_>) -> Result<BhhFile, AppError> {
    let broken = |what: &str| {
        AppError::Internal(format!(
            "hand rows of table {} do not make a hand: {what}",
            context.table.id
        ))
    };
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Err(broken("no rows"));
    };
    let mut dealt = None;
    let mut start = None;
    let mut settlement = None;
    let mut revealed_seed = None;
    let mut declarations: Vec<BhhDeclaration> = Vec::new();
    let mut draws: Vec<BhhDraw> = Vec::new();
    let mut tricks: Vec<BhhTrick> = Vec::new();
    let mut trick: Vec<BhhPlay> = Vec::new();
    let mut extra: HashMap<Seat, i64> = HashMap::new();
    let mut timed_out: Option<Seat> = None;
    for row in rows {
        let event = TableEvent::decode(row.seq, &row.payload)?;
        // The server's default action for a seat whose time ran out is the seat's next.
        let mut auto = |seat: Seat| {
            let was = timed_out == Some(seat);
            if was {
                timed_out = None;
            }
            was
        };
        match event {
            TableEvent::HandDealt {
                players,
                fixed_deck,
                commitment,
                client_seeds,
                ..
            } => dealt = Some((players, fixed_deck, commitment, client_seeds)),
            TableEvent::TurnTimedOut { seat, .. } => timed_out = Some(seat),
            TableEvent::SeedRevealed { server_seed, .. } => revealed_seed = Some(server_seed),
            TableEvent::Hand(Event::HandStarted(s)) => start = Some(s),
            TableEvent::Hand(Event::Declared {
                seat,
                play,
                extra_ante,
                draw,
            }) => {
                let timed = auto(seat);
                *extra.entry(seat).or_default() += extra_ante;
                declarations.push(BhhDeclaration {
                    seat,
                    play,
                    extra_ante,
                    timed_out: timed,
                });
                if let Some(d) = draw {
                    draws.push(BhhDraw {
                        seat,
                        discard: d.discard.iter().collect(),
                        drawn: d.drawn.iter().collect(),
                        reshuffled: d.reshuffled,
                        timed_out: timed,
                    });
                }
            }
            TableEvent::Hand(Event::Revealed { extra_antes, .. }) => {
                for a in extra_antes {
                    *extra.entry(a.seat).or_default() += a.amount;
                    if let Some(d) = declarations.iter_mut().find(|d| d.seat == a.seat) {
                        d.extra_ante += a.amount;
                    }
                }
            }
            TableEvent::Hand(Event::Drew { seat, draw }) => draws.push(BhhDraw {
                seat,
                discard: draw.discard.iter().collect(),
                drawn: draw.drawn.iter().collect(),
                reshuffled: draw.reshuffled,
                timed_out: auto(seat),
            }),
            TableEvent::Hand(Event::Played { seat, card }) => trick.push(BhhPlay {
                seat,
                card,
                timed_out: auto(seat),
            }),
            TableEvent::Hand(Event::TrickWon { seat, trick: n }) => {
                let cards = std::mem::take(&mut trick);
                tricks.push(BhhTrick {
                    number: n,
                    leader: cards.first().map_or(seat, |p| p.seat),
                    cards,
                    winner: seat,
                });
            }
            TableEvent::Hand(Event::HandEnded(s)) => settlement = Some(s),
            TableEvent::TableCreated { .. }
            | TableEvent::SeatTaken { .. }
            | TableEvent::SeatLeft { .. }
            | TableEvent::ClientSeedSet { .. }
            | TableEvent::TableClosed { .. } => {}
        }
    }
    let (seated, fixed_deck, commitment, client_seeds) = dealt.ok_or_else(|| broken("no deal"))?;
    let start = start.ok_or_else(|| broken("no start"))?;
    let settlement = settlement.ok_or_else(|| broken("no end"))?;
    let server_seed = revealed_seed.ok_or_else(|| broken("no revealed seed"))?;
    let upcard = start.upcard().ok_or_else(|| broken("no card turned up"))?;
    let of = |list: &[SeatAmount], seat: Seat| -> i64 {
        list.iter()
            .filter(|a| a.seat == seat)
            .map(|a| a.amount)
            .sum()
    };
    let mut entrants = start.entrants.clone();
    entrants.sort_by_key(|e| e.seat);
    let players = entrants
        .iter()
        .map(|e| {
            let id = seated
                .iter()
                .find(|p| p.seat == e.seat)
                .map(|p| p.player_id)
                .ok_or_else(|| broken("an entrant without a player"))?;
            let (name, display_name, bot) = context
                .shown
                .get(&id)
                .cloned()
                .unwrap_or_else(|| ("deleted player".to_owned(), None, false));
            let starting_stack = e.stack + e.ante;
            let ending_stack = e.stack - extra.get(&e.seat).copied().unwrap_or(0)
                + of(&settlement.payouts, e.seat)
                - of(&settlement.bourre, e.seat);
            Ok(BhhPlayer {
                id,
                seat: e.seat,
                name,
                display_name,
                starting_stack,
                ending_stack,
                bot,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let chips = |list: &[SeatAmount]| list.iter().map(BhhChips::from).collect::<Vec<_>>();
    let bhh = Bhh {
        spec_version: SPEC_VERSION.to_owned(),
        site: context.site.to_owned(),
        game_number: start.hand_no,
        start_time: first.created_at,
        end_time: last.created_at,
        rules: start.rules,
        dealer_seat: start.dealer,
        trump_card: upcard,
        trump_suit: upcard.suit(),
        players,
        rounds: BhhRounds {
            deal: BhhDeal {
                carried: start.carried,
                antes: entrants
                    .iter()
                    .map(|e| BhhChips {
                        seat: e.seat,
                        amount: e.ante,
                    })
                    .collect(),
                hands: entrants
                    .iter()
                    .map(|e| BhhCards {
                        seat: e.seat,
                        cards: start
                            .dealt_to(e.seat)
                            .map(|c| c.iter().collect())
                            .unwrap_or_default(),
                    })
                    .collect(),
                deck: start.deck.0.to_vec(),
            },
            declarations,
            draws,
            tricks,
        },
        pots: vec![BhhPot {
            amount: settlement.pot,
            outcome: BhhOutcome::from(&settlement.outcome),
            tricks: settlement
                .tricks
                .iter()
                .map(|t| BhhTricks {
                    seat: t.seat,
                    tricks: u8::try_from(t.amount).unwrap_or(u8::MAX),
                })
                .collect(),
            won: chips(&settlement.payouts),
            bourre: chips(&settlement.bourre),
            carried: settlement.carried,
        }],
        fairness: BhhFairness {
            fixed_deck,
            commitment,
            server_seed,
            client_seeds,
            hand_key: hex::encode(start.key.0),
            chain_head: BhhChainHead {
                seq: last.seq,
                hash: last.hash.clone(),
            },
            log: context.log_index.map(|index| BhhLogEntry {
                origin: context.site.to_owned(),
                index,
            }),
        },
        league: context.league,
        table: context.table,
    };
    Ok(BhhFile { bhh })
}

/// Where the format's schema names itself (`$id`).
pub const SCHEMA_ID: &str = "urn:bourre:bhh:1";

/// The format's JSON Schema (2020-12), as `bourre hh schema` prints it and
/// docs/formats/bhh.schema.json holds it: the types' schemas, with every object open to the
/// fields a later minor version adds.
pub fn json_schema() -> serde_json::Value {
    use serde_json::{Value, json};
    use utoipa::PartialSchema;
    let mut defs = Vec::new();
    <BhhFile as ToSchema>::schemas(&mut defs);
    let mut root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": format!("Bourré Hand History (BHH) {SPEC_VERSION}"),
    });
    if let Value::Object(own) = serde_json::to_value(BhhFile::schema()).unwrap_or_default() {
        for (key, value) in own {
            root[key] = value;
        }
    }
    root["description"] = json!(
        "One finished hand of Bourré: `{\"bhh\": {...}}`. A file holds one, or many a line \
         each (NDJSON). docs/guide/hand-histories.md explains every field."
    );
    let mut named = serde_json::Map::new();
    for (name, schema) in defs {
        named.insert(name, serde_json::to_value(schema).unwrap_or_default());
    }
    root["$defs"] = Value::Object(named);
    fn open(value: &mut Value) {
        match value {
            Value::Object(map) => {
                if map.get("additionalProperties") == Some(&Value::Bool(false)) {
                    map.remove("additionalProperties");
                }
                if let Some(Value::String(target)) = map.get_mut("$ref")
                    && let Some(name) = target.strip_prefix("#/components/schemas/")
                {
                    *target = format!("#/$defs/{name}");
                }
                map.values_mut().for_each(open);
            }
            Value::Array(items) => items.iter_mut().for_each(open),
            _ => {}
        }
    }
    open(&mut root);
    root
}
