//! Hand history: summaries, the full record of a finished hand (JSON or a transcript), and
//! its audit. A hand in play is never shown whole.

use std::fmt::Write;

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppError;
use crate::ErrorCode;
use crate::engine::hand::{Draw, seats_in_words};
use crate::engine::{Event, Outcome};
use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::kernel::shown::Avatar;
use crate::leagues::require_member;
use crate::log::LogProof;
use crate::store::events as event_log;
use crate::store::events::EventRow;
use crate::store::players::Shown;
use crate::store::{self, Conn};
use crate::table::Cases;
use crate::table::audit::{self, AuditReport, HandRecord, RecordRow};
use crate::table::event::TableEvent;
use crate::table::read::load_table;
use crate::table::state::TableRow;

/// Most hand summaries in one page.
pub const MAX_HANDS_PAGE: u32 = 100;

/// Where a page of a table's hands starts, and which way it goes.
#[derive(Debug, Clone, Copy)]
pub struct HandCursor {
    /// The `next_cursor` of the previous page: the page holds the hands after it in its
    /// order; none starts from the first hand (oldest first) or the newest (newest first).
    pub after: Option<u32>,
    /// Newest first rather than oldest first.
    pub newest_first: bool,
}

/// A page of a table's hands, in the order asked; `next_cursor` (the last hand's number) is
/// the `after` of the next page, null on the last page.
#[derive(Debug, Serialize, ToSchema)]
pub struct HandPage {
    /// The hands, in the order asked.
    pub hands: Vec<HandSummary>,
    /// The last hand's number: the `after` of the next page; null on the last page.
    pub next_cursor: Option<u32>,
}

/// One hand at a glance.
#[derive(Debug, Serialize, ToSchema)]
pub struct HandSummary {
    /// The hand's number at the table, from 1.
    pub hand_no: u32,
    /// The dealer's seat (R2a).
    pub dealer_seat: u8,
    /// `C`, `D`, `H` or `S`.
    pub trump: String,
    /// The trump card turned up.
    pub upcard: String,
    /// The pot played for (carried chips, antes and extra antes).
    pub pot: Option<i64>,
    /// `won`, `uncontested`, `split`, `all_passed`; null while in play.
    pub outcome: Option<String>,
    /// The seat that took the pot (`won` or `uncontested`); null otherwise and while in play.
    pub winner_seat: Option<u8>,
    /// The seats tied for most tricks in a `split` hand (R10b); empty otherwise.
    pub split_seats: Vec<u8>,
    /// The seats bourré in the hand (R10c); empty while it is in play.
    pub bourre_seats: Vec<u8>,
    /// The seats dealt in that server-side bots held.
    pub bot_seats: Vec<u8>,
    /// Who was dealt in, by seat: as they are shown now.
    pub players: Vec<HandPlayer>,
    /// Whether the hand was dealt from the table's fixed deck (never called fair).
    pub fixed_deck: bool,
    /// Whether the hand is still in play.
    pub in_progress: bool,
    /// When the hand was dealt.
    pub started_at: DateTime<Utc>,
    /// When the hand ended; null while it is in play.
    pub ended_at: Option<DateTime<Utc>>,
}

/// A player dealt into a hand, as shown now.
#[derive(Debug, Serialize, ToSchema)]
pub struct HandPlayer {
    /// Their seat in the hand, 0-7.
    pub seat: u8,
    /// The player.
    pub player_id: uuid::Uuid,
    /// Their username ("deleted player" once the account is deleted).
    pub username: String,
    /// The name they chose to be shown by; null when they chose none or the caller blocked
    /// them (show the username).
    pub display_name: Option<String>,
    /// Their avatar; null when they chose none or the caller blocked them.
    pub avatar: Option<Avatar>,
    /// A server-side bot.
    pub bot: bool,
}

crate::kernel::shown::named_by_player_id!(HandPlayer);

async fn rows_of_hand(
    conn: &mut Conn,
    table: &TableRow,
    hand_no: i32,
) -> Result<Vec<EventRow>, AppError> {
    Ok(event_log::of_hand(conn, table.id, hand_no).await?)
}

fn parse(row: &EventRow) -> Result<TableEvent, AppError> {
    TableEvent::decode(row.seq, &row.payload)
}

/// `hand_no` as stored, if the table has finished that hand.
pub(crate) fn finished_hand(table: &TableRow, hand_no: u32) -> Result<i32, AppError> {
    let n = i32::try_from(hand_no).unwrap_or(i32::MAX);
    if hand_no == 0 || n > table.hand_no {
        return Err(AppError::refused(
            ErrorCode::HandNotFound,
            format!("the table has no hand {hand_no}"),
        ));
    }
    if n == table.hand_no && table.in_hand {
        return Err(AppError::refused(
            ErrorCode::HandInProgress,
            "the hand is in play: its record is shown when it ends",
        ));
    }
    Ok(n)
}

pub(crate) async fn member_table(
    conn: &mut Conn,
    player: PlayerId,
    id: TableId,
) -> Result<TableRow, AppError> {
    let table = load_table(conn, id).await?;
    require_member(conn, LeagueId(table.league_id), player).await?;
    Ok(table)
}

impl Cases<'_> {
    /// Summaries of the hands after `cursor` in its order, at most `limit` (1 to
    /// [`MAX_HANDS_PAGE`]); `next_cursor` continues the list.
    pub async fn hand_summaries(
        &self,
        player: PlayerId,
        id: TableId,
        cursor: HandCursor,
        limit: u32,
    ) -> Result<HandPage, AppError> {
        let limit = i32::try_from(limit.clamp(1, MAX_HANDS_PAGE)).unwrap_or(1);
        let after = cursor.after.map(|a| i32::try_from(a).unwrap_or(i32::MAX));
        let mut conn = store::conn(&self.pool).await?;
        let table = member_table(&mut conn, player, id).await?;
        let kinds = ["hand_dealt", "hand_started", "hand_ended"];
        // The hands first..=last, and the cursor of the page after them.
        let (first, last, next_cursor) = if cursor.newest_first {
            let last = after.map_or(table.hand_no, |a| {
                a.min(table.hand_no.saturating_add(1)) - 1
            });
            let first = last.saturating_sub(limit - 1).max(1);
            (first, last, (first > 1).then_some(first))
        } else {
            let first = after.unwrap_or(0).saturating_add(1);
            let last = first.saturating_add(limit - 1);
            (first, last, (last < table.hand_no).then_some(last))
        };
        let rows = event_log::of_kinds(&mut conn, table.id, &kinds, first..=last).await?;
        let mut out: Vec<HandSummary> = Vec::new();
        let mut fixed = false;
        let mut dealt = Vec::new();
        let mut seats_of_hands = Vec::new();
        for row in &rows {
            match parse(row)? {
                TableEvent::HandDealt {
                    fixed_deck,
                    players,
                    ..
                } => {
                    fixed = fixed_deck;
                    dealt = players;
                }
                TableEvent::Hand(Event::HandStarted(start)) => {
                    let upcard = start.upcard();
                    out.push(HandSummary {
                        hand_no: start.hand_no,
                        dealer_seat: start.dealer,
                        trump: upcard.map(|c| c.suit().to_string()).unwrap_or_default(),
                        upcard: upcard.map(|c| c.to_string()).unwrap_or_default(),
                        pot: None,
                        outcome: None,
                        winner_seat: None,
                        split_seats: Vec::new(),
                        bourre_seats: Vec::new(),
                        bot_seats: Vec::new(),
                        players: Vec::new(),
                        fixed_deck: fixed,
                        in_progress: true,
                        started_at: row.created_at,
                        ended_at: None,
                    });
                    seats_of_hands.push(std::mem::take(&mut dealt));
                }
                TableEvent::Hand(Event::HandEnded(settlement)) => {
                    if let Some(summary) = out.last_mut() {
                        summary.in_progress = false;
                        summary.ended_at = Some(row.created_at);
                        summary.pot = Some(settlement.pot);
                        summary.bourre_seats = settlement.bourre.iter().map(|b| b.seat).collect();
                        let (name, winner, split) = match &settlement.outcome {
                            Outcome::Won { seat } => ("won", Some(*seat), Vec::new()),
                            Outcome::Uncontested { seat } => {
                                ("uncontested", Some(*seat), Vec::new())
                            }
                            Outcome::Split { seats } => ("split", None, seats.clone()),
                            Outcome::AllPassed => ("all_passed", None, Vec::new()),
                        };
                        summary.outcome = Some(name.to_owned());
                        summary.winner_seat = winner;
                        summary.split_seats = split;
                    }
                }
                _ => {}
            }
        }
        let everyone: Vec<uuid::Uuid> = seats_of_hands
            .iter()
            .flatten()
            .map(|p| p.player_id)
            .collect();
        let shown: std::collections::HashMap<uuid::Uuid, Shown> =
            store::players::shown_among(&mut conn, &everyone)
                .await?
                .into_iter()
                .collect();
        for (summary, players) in out.iter_mut().zip(&seats_of_hands) {
            summary.players = players
                .iter()
                .filter_map(|p| {
                    let s = shown.get(&p.player_id)?;
                    Some(HandPlayer {
                        seat: p.seat,
                        player_id: p.player_id,
                        username: s.username.clone(),
                        display_name: s.display_name.clone(),
                        avatar: s.avatar.as_deref().and_then(Avatar::stored),
                        bot: s.bot,
                    })
                })
                .collect();
            summary.bot_seats = summary
                .players
                .iter()
                .filter(|p| p.bot)
                .map(|p| p.seat)
                .collect();
        }
        drop(conn);
        let blocked = self.kept_blocks.blocked(&self.pool, player).await?;
        for summary in &mut out {
            crate::kernel::shown::unname(&mut summary.players, &blocked);
        }
        if cursor.newest_first {
            out.reverse();
        }
        Ok(HandPage {
            hands: out,
            next_cursor: next_cursor.and_then(|n| u32::try_from(n).ok()),
        })
    }

    async fn record_in(
        &self,
        conn: &mut Conn,
        table: &TableRow,
        hand_no: u32,
    ) -> Result<HandRecord, AppError> {
        let n = finished_hand(table, hand_no)?;
        let rows = rows_of_hand(conn, table, n).await?;
        let commitment_row: EventRow = if hand_no == 1 {
            event_log::first_of_kind(conn, table.id, 0, "table_created").await?
        } else {
            event_log::first_of_kind(conn, table.id, n - 1, "seed_revealed").await?
        };
        let mut fixed_deck = false;
        for row in &rows {
            if let TableEvent::HandDealt { fixed_deck: f, .. } = parse(row)? {
                fixed_deck = f;
            }
        }
        Ok(HandRecord {
            table_id: table.id,
            hand_no,
            fixed_deck,
            commitment_event: RecordRow::from(&commitment_row),
            events: rows.iter().map(RecordRow::from).collect(),
            proof: crate::log::proof_of_hand(conn, table.id, n).await?,
        })
    }

    /// The full record of a finished hand, to league members.
    pub async fn hand_record(
        &self,
        player: PlayerId,
        id: TableId,
        hand_no: u32,
    ) -> Result<HandRecord, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let table = member_table(&mut conn, player, id).await?;
        self.record_in(&mut conn, &table, hand_no).await
    }

    /// Audits a finished hand, checking the table's hash chain from its first event.
    pub async fn audit_hand(
        &self,
        player: PlayerId,
        id: TableId,
        hand_no: u32,
    ) -> Result<AuditReport, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let table = member_table(&mut conn, player, id).await?;
        let record = self.record_in(&mut conn, &table, hand_no).await?;
        let last = record.events.last().map_or(0, |r| r.seq);
        let chain_rows = event_log::up_to(&mut conn, table.id, last).await?;
        let chain_rows: Vec<RecordRow> = chain_rows.iter().map(RecordRow::from).collect();
        Ok(audit::audit(
            &record,
            Some(audit::chain_from_genesis(&chain_rows)),
            Some(self.config.log_key.verifier()),
        ))
    }

    /// A finished hand's place in the public log, to league members.
    pub async fn hand_proof(
        &self,
        player: PlayerId,
        id: TableId,
        hand_no: u32,
    ) -> Result<LogProof, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let table = member_table(&mut conn, player, id).await?;
        let n = finished_hand(&table, hand_no)?;
        crate::log::proof_of_hand(&mut conn, table.id, n)
            .await?
            .ok_or_else(|| {
                AppError::refused(
                    ErrorCode::HandNotLogged,
                    format!(
                        "hand {hand_no} is not in the public log yet: it is added within seconds of its end"
                    ),
                )
            })
    }
}

/// "discards 2C 7D, draws 5H 9S", or "stands pat".
fn draw_words(draw: &Draw) -> String {
    if draw.discard.is_empty() {
        "stands pat".to_owned()
    } else {
        format!("discards {}, draws {}", draw.discard, draw.drawn)
    }
}

/// A readable transcript of a finished hand.
pub fn transcript(record: &HandRecord) -> Result<String, AppError> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Table {} - hand {}{}",
        record.table_id,
        record.hand_no,
        if record.fixed_deck {
            " (fixed deck)"
        } else {
            ""
        }
    );
    for row in &record.events {
        let event = TableEvent::decode(row.seq, &row.payload)?;
        let line = match &event {
            TableEvent::HandDealt {
                server_seed,
                commitment,
                client_seeds,
                sitting_out,
                ..
            } => format!(
                "deck from server seed {server_seed} (commitment {commitment}), client seeds {}{}",
                if client_seeds.is_empty() {
                    "none".to_owned()
                } else {
                    client_seeds
                        .iter()
                        .map(|c| format!("seat {}: {}", c.seat, c.seed))
                        .collect::<Vec<_>>()
                        .join(", ")
                },
                if sitting_out.is_empty() {
                    String::new()
                } else {
                    format!("; sitting out: {}", seats_in_words(sitting_out))
                }
            ),
            TableEvent::Hand(Event::HandStarted(start)) => {
                let mut text = format!(
                    "seat {} deals; trump {} ({} turned up); carried {}",
                    start.dealer,
                    start
                        .upcard()
                        .map(|c| c.suit().to_string())
                        .unwrap_or_default(),
                    start.upcard().map(|c| c.to_string()).unwrap_or_default(),
                    start.carried
                );
                for entrant in &start.entrants {
                    let _ = write!(
                        text,
                        "\n      seat {} antes {}, dealt {}",
                        entrant.seat,
                        entrant.ante,
                        start
                            .dealt_to(entrant.seat)
                            .map(|c| c.to_string())
                            .unwrap_or_default()
                    );
                }
                text
            }
            TableEvent::Hand(Event::Declared {
                seat,
                play,
                extra_ante,
                draw,
            }) => {
                let mut text = format!("seat {seat} {}", if *play { "plays" } else { "passes" });
                if *extra_ante > 0 {
                    let _ = write!(text, ", extra ante {extra_ante}");
                }
                if let Some(d) = draw {
                    let _ = write!(text, ", {}", draw_words(d));
                }
                text
            }
            TableEvent::Hand(Event::Drew { seat, draw }) => {
                format!("seat {seat} {}", draw_words(draw))
            }
            TableEvent::Hand(Event::HandEnded(s)) => {
                let mut text = format!("hand ends: {}; pot {}", s.outcome, s.pot);
                for p in &s.payouts {
                    let _ = write!(text, "; seat {} collects {}", p.seat, p.amount);
                }
                for b in &s.bourre {
                    let _ = write!(text, "; seat {} is bourré and pays {}", b.seat, b.amount);
                }
                let _ = write!(text, "; {} carried to the next hand", s.carried);
                text
            }
            TableEvent::Hand(Event::Revealed {
                playing,
                extra_antes,
            }) => {
                let mut text = format!("declarations revealed: {} play", seats_in_words(playing));
                for a in extra_antes {
                    let _ = write!(text, "; seat {} pays an extra ante of {}", a.seat, a.amount);
                }
                text
            }
            TableEvent::Hand(Event::Played { seat, card }) => format!("seat {seat} plays {card}"),
            TableEvent::Hand(Event::TrickWon { seat, trick }) => {
                format!("seat {seat} takes trick {trick}")
            }
            TableEvent::SeedRevealed {
                hand_no,
                server_seed,
                next_commitment,
            } => format!(
                "hand {hand_no}'s server seed revealed: {server_seed}; next hand's commitment {next_commitment}"
            ),
            TableEvent::TurnTimedOut { seat, .. } => {
                format!("seat {seat}'s time runs out: the server acts for it")
            }
            TableEvent::ClientSeedSet { seat, seed, .. } => {
                format!("seat {seat} sets its client seed for the next hand: {seed}")
            }
            TableEvent::TableCreated { name, .. } => format!("table {name} created"),
            TableEvent::SeatTaken { seat, player_id } => {
                format!("seat {seat} taken by player {player_id}")
            }
            TableEvent::SeatLeft { seat, player_id } => {
                format!("seat {seat} left by player {player_id}")
            }
            TableEvent::TableClosed { returned } => {
                let mut text = "table closed".to_owned();
                for r in returned {
                    let _ = write!(text, "; {} back to player {}", r.amount, r.player_id);
                }
                text
            }
        };
        let _ = writeln!(out, "[{:>4}] {line}", row.seq);
    }
    Ok(out)
}
