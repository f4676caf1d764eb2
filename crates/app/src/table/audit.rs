//! Verifying a hand: the hash chain, the seed against its commitment, the deck against the
//! seeds, a replay of every event through the engine, and, when the record carries its
//! proof, its place in the public log. Pure: the API runs it on rows from the database,
//! `bourre audit FILE` on an exported hand record.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::engine::deck::{self, Deck, hand_key};
use crate::engine::{Event, HandState};
use crate::log::LogProof;
use crate::log::leaf::HandLeaf;
use crate::log::note::VerifierKey;
use crate::store::events::{EventRow, GENESIS_HASH, event_hash};
use crate::table::event::{ClientSeed, TableEvent, TableEventSchema};

/// One event row as exported in a hand record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RecordRow {
    /// The event's place in the table's log (1, 2, ...).
    pub seq: i64,
    /// The last hand dealt when the event was written (0 before the first hand).
    pub hand_no: i32,
    /// The event's `type`.
    pub kind: String,
    /// The event as stored, whole.
    #[schema(value_type = TableEventSchema)]
    pub payload: Value,
    /// When the event was written.
    pub created_at: DateTime<Utc>,
    /// The `hash` of the table's previous event (64 zeros for its first).
    pub prev_hash: String,
    /// SHA-256 of `prev_hash|seq|kind|payload`, hex, the payload as JSON with sorted keys and
    /// no whitespace.
    pub hash: String,
}

impl From<&EventRow> for RecordRow {
    fn from(r: &EventRow) -> RecordRow {
        RecordRow {
            seq: r.seq,
            hand_no: r.hand_no,
            kind: r.kind.clone(),
            payload: r.payload.clone(),
            created_at: r.created_at,
            prev_hash: r.prev_hash.clone(),
            hash: r.hash.clone(),
        }
    }
}

/// Everything needed to check a finished hand offline.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct HandRecord {
    /// The table.
    pub table_id: Uuid,
    /// The hand's number at the table, from 1.
    pub hand_no: u32,
    /// A fixed-deck hand is never called fair.
    pub fixed_deck: bool,
    /// The event that published the commitment before the hand (`table_created` for hand
    /// 1, else the previous hand's `seed_revealed`).
    pub commitment_event: RecordRow,
    /// The hand's events, in order, from `hand_dealt` on.
    pub events: Vec<RecordRow>,
    /// The hand's place in the public log (docs/guide/public-log.md); null until the hand is
    /// in it, within seconds of its end.
    #[serde(default)]
    pub proof: Option<LogProof>,
}

/// One check and its outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Verdict {
    /// `hash_chain`, `commitment`, `deck`, `replay` or `public_log`.
    pub check: String,
    /// Whether the check passed.
    pub ok: bool,
    /// What the check found, or what failed.
    pub detail: String,
    /// On failure, the first event at fault.
    pub first_bad_seq: Option<i64>,
}

/// The audit of one hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AuditReport {
    /// The table.
    pub table_id: Uuid,
    /// The hand audited.
    pub hand_no: u32,
    /// Every check passed.
    pub verified: bool,
    /// Verified and dealt from a committed random seed (never true for a fixed deck).
    pub fair: bool,
    /// One per check, in this order: `hash_chain`, `commitment`, `deck`, `replay`, and
    /// `public_log` when the record carries its proof and the log's key is known.
    pub verdicts: Vec<Verdict>,
}

/// A check's result: a description, or what failed and the first bad seq.
type Check<T> = Result<T, (String, Option<i64>)>;

fn verdict(check: &str, result: Check<String>) -> Verdict {
    match result {
        Ok(detail) => Verdict {
            check: check.to_owned(),
            ok: true,
            detail,
            first_bad_seq: None,
        },
        Err((detail, first_bad_seq)) => Verdict {
            check: check.to_owned(),
            ok: false,
            detail,
            first_bad_seq,
        },
    }
}

/// Checks that `rows` form an unbroken chain: consecutive seqs from `first_seq`, each
/// `prev_hash` the previous row's hash (`prev` for the first), each hash recomputed.
pub fn check_chain(rows: &[RecordRow], first_seq: i64, prev: Option<&str>) -> Check<String> {
    let mut prev_hash = prev.map(str::to_owned);
    for (expected_seq, row) in (first_seq..).zip(rows) {
        if row.seq != expected_seq {
            return Err((
                format!("seq {expected_seq} is missing (found {})", row.seq),
                Some(expected_seq),
            ));
        }
        if let Some(prev) = &prev_hash
            && &row.prev_hash != prev
        {
            return Err((
                format!("seq {} does not link to the previous row's hash", row.seq),
                Some(row.seq),
            ));
        }
        if event_hash(&row.prev_hash, row.seq, &row.kind, &row.payload) != row.hash {
            return Err((
                format!("seq {}: content does not match its hash", row.seq),
                Some(row.seq),
            ));
        }
        prev_hash = Some(row.hash.clone());
    }
    Ok(format!("{} rows chained", rows.len()))
}

fn parse(row: &RecordRow) -> Check<TableEvent> {
    TableEvent::from_payload(&row.payload)
        .map_err(|e| (format!("seq {} is unreadable: {e}", row.seq), Some(row.seq)))
}

struct Dealt {
    seed_hex: String,
    client_seeds: Vec<ClientSeed>,
    fixed_deck: bool,
    dealt_seq: i64,
}

fn dealt(record: &HandRecord) -> Check<Dealt> {
    for row in &record.events {
        if let TableEvent::HandDealt {
            server_seed,
            client_seeds,
            fixed_deck,
            ..
        } = parse(row)?
        {
            return Ok(Dealt {
                seed_hex: server_seed,
                client_seeds,
                fixed_deck,
                dealt_seq: row.seq,
            });
        }
    }
    Err(("the record has no hand_dealt event".into(), None))
}

fn check_commitment(record: &HandRecord, d: &Dealt) -> Check<String> {
    let published = published_commitment(record)?;
    let seed = hex::decode(&d.seed_hex)
        .map_err(|_| ("the revealed seed is not hex".to_owned(), Some(d.dealt_seq)))?;
    let revealed = record.events.iter().find_map(|row| match parse(row) {
        Ok(TableEvent::SeedRevealed { server_seed, .. }) => Some((row.seq, server_seed)),
        _ => None,
    });
    match revealed {
        Some((seq, text)) if text != d.seed_hex => {
            return Err((
                "the revealed seed differs from the dealt one".into(),
                Some(seq),
            ));
        }
        None => return Err(("the seed was never revealed".into(), None)),
        Some(_) => {}
    }
    if deck::commitment(&seed) == published {
        Ok(format!(
            "SHA-256 of the revealed seed matches the commitment published at seq {}",
            record.commitment_event.seq
        ))
    } else {
        Err((
            "the revealed seed does not match its commitment".into(),
            Some(d.dealt_seq),
        ))
    }
}

fn hand_events(record: &HandRecord) -> Check<Vec<(i64, Event)>> {
    let mut out = Vec::new();
    for row in &record.events {
        if let TableEvent::Hand(event) = parse(row)? {
            out.push((row.seq, event));
        }
    }
    Ok(out)
}

fn check_deck(record: &HandRecord, d: &Dealt, events: &[(i64, Event)]) -> Check<String> {
    let Some((seq, Event::HandStarted(start))) = events.first() else {
        return Err(("the record has no hand_started event".into(), None));
    };
    let seed = hex::decode(&d.seed_hex)
        .map_err(|_| ("the revealed seed is not hex".to_owned(), Some(d.dealt_seq)))?;
    let pairs: Vec<(u8, &str)> = d
        .client_seeds
        .iter()
        .map(|c| (c.seat, c.seed.as_str()))
        .collect();
    let key = hand_key(&seed, &record.table_id.to_string(), record.hand_no, &pairs);
    if key != start.key {
        return Err((
            "the hand key is not the one the seeds give".into(),
            Some(*seq),
        ));
    }
    if d.fixed_deck {
        return Ok("a fixed deck: dealt as listed, not shuffled (never fair)".into());
    }
    if Deck::shuffled(&key) == start.deck {
        Ok("the deck dealt is the one the seeds give".into())
    } else {
        Err((
            "the deck dealt is not the one the seeds give".into(),
            Some(*seq),
        ))
    }
}

fn check_replay(events: &[(i64, Event)]) -> Check<String> {
    let Some((first_seq, Event::HandStarted(start))) = events.first() else {
        return Err(("the record has no hand_started event".into(), None));
    };
    let mut state = HandState::start(start)
        .map_err(|e| (format!("the start is invalid: {e}"), Some(*first_seq)))?;
    for (seq, event) in &events[1..] {
        state
            .apply(event)
            .map_err(|e| (format!("seq {seq}: {e}"), Some(*seq)))?;
    }
    match state.settlement() {
        Some(s) => Ok(format!(
            "{} events replayed through the engine; {}",
            events.len(),
            s.outcome
        )),
        None => Err(("the hand does not end".into(), None)),
    }
}

/// The commitment published before the hand, as its commitment event says.
fn published_commitment(record: &HandRecord) -> Check<String> {
    match parse(&record.commitment_event)? {
        TableEvent::TableCreated { commitment, .. } if record.hand_no == 1 => Ok(commitment),
        TableEvent::SeedRevealed {
            next_commitment,
            hand_no,
            ..
        } if hand_no.checked_add(1) == Some(record.hand_no) => Ok(next_commitment),
        _ => Err((
            "the commitment event does not publish this hand's commitment".into(),
            Some(record.commitment_event.seq),
        )),
    }
}

/// Checks that a leaf of the public log names this record's hand as it is: its table and
/// number, its `seed_revealed` row (seq and hash) and the commitment published before it.
pub fn leaf_matches(record: &HandRecord, leaf: &HandLeaf) -> Result<(), (String, Option<i64>)> {
    if leaf.table_id != record.table_id || leaf.hand_no != record.hand_no {
        return Err((
            format!(
                "the log's leaf names hand {} of table {}",
                leaf.hand_no, leaf.table_id
            ),
            None,
        ));
    }
    let Some(row) = record.events.iter().find(|r| r.seq == leaf.seq) else {
        return Err((
            format!("the log names seq {}, which the record lacks", leaf.seq),
            Some(leaf.seq),
        ));
    };
    // The logged row fixes the rows up to it, and only those: the hand (its deal, its moves,
    // its end) must lie there, opened by its deal.
    if record.events.first().map(|r| r.kind.as_str()) != Some("hand_dealt") {
        return Err((
            "the record does not open with the hand's deal".into(),
            record.events.first().map(|r| r.seq),
        ));
    }
    for r in record.events.iter().filter(|r| r.seq > leaf.seq) {
        // After the hand's end come only seats and seeds for the next hand.
        let between = matches!(
            parse(r)?,
            TableEvent::SeatTaken { .. }
                | TableEvent::SeatLeft { .. }
                | TableEvent::ClientSeedSet { .. }
                | TableEvent::TableClosed { .. }
        );
        if !between {
            return Err((
                format!(
                    "seq {} plays the hand after the row the log holds (seq {})",
                    r.seq, leaf.seq
                ),
                Some(r.seq),
            ));
        }
    }
    let revealed = match parse(row)? {
        TableEvent::SeedRevealed { hand_no, .. } => hand_no == record.hand_no,
        _ => false,
    };
    if !revealed || row.hash != leaf.head {
        return Err((
            format!(
                "seq {} is not the row the log holds: the table's history was rewritten after the hand was logged",
                leaf.seq
            ),
            Some(leaf.seq),
        ));
    }
    if published_commitment(record)? != leaf.commitment {
        return Err((
            "the log holds another commitment for this hand".into(),
            Some(record.commitment_event.seq),
        ));
    }
    Ok(())
}

/// Checks the record's proof with the log's key: the checkpoint's signature, the path
/// from the leaf to its root, and that the leaf names this hand as it is.
fn check_log(record: &HandRecord, proof: &LogProof, key: &VerifierKey) -> Check<String> {
    let (leaf, checkpoint) = proof.verify(key).map_err(|e| (e, None))?;
    leaf_matches(record, &leaf)?;
    Ok(format!(
        "entry {} of {} in the public log {}, its checkpoint signed by {}",
        proof.index + 1,
        checkpoint.size,
        checkpoint.origin,
        key
    ))
}

/// Audits a finished hand from its record. `chain` carries the verdict on the table's
/// whole chain when the caller has it; otherwise the record's rows are checked alone.
/// With the log's key, the record's proof (if it carries one) is checked too.
pub fn audit(
    record: &HandRecord,
    chain: Option<Verdict>,
    log_key: Option<&VerifierKey>,
) -> AuditReport {
    let chain = chain.unwrap_or_else(|| {
        let first = record.events.first().map_or(1, |r| r.seq);
        let prev = record.events.first().map(|r| r.prev_hash.as_str());
        // The commitment's row is checked on its own (it is an earlier hand's): the
        // verdict's message is the hand's rows'.
        let own = check_chain(&record.events, first, prev).and_then(|rows| {
            check_chain(
                std::slice::from_ref(&record.commitment_event),
                record.commitment_event.seq,
                None,
            )
            .map(|_| rows)
        });
        verdict("hash_chain", own)
    });
    let mut verdicts = vec![chain];
    match dealt(record) {
        Ok(d) => {
            verdicts.push(verdict("commitment", check_commitment(record, &d)));
            match hand_events(record) {
                Ok(events) => {
                    verdicts.push(verdict("deck", check_deck(record, &d, &events)));
                    verdicts.push(verdict("replay", check_replay(&events)));
                }
                Err(e) => {
                    verdicts.push(verdict("deck", Err(e.clone())));
                    verdicts.push(verdict("replay", Err(e)));
                }
            }
        }
        Err(e) => {
            for check in ["commitment", "deck", "replay"] {
                verdicts.push(verdict(check, Err(e.clone())));
            }
        }
    }
    if let (Some(proof), Some(key)) = (&record.proof, log_key) {
        verdicts.push(verdict("public_log", check_log(record, proof, key)));
    }
    let verified = verdicts.iter().all(|v| v.ok);
    // Fair only as the chained deal says: the record's own flag is not hashed.
    let dealt_fairly = dealt(record).is_ok_and(|d| !d.fixed_deck);
    AuditReport {
        table_id: record.table_id,
        hand_no: record.hand_no,
        verified,
        fair: verified && !record.fixed_deck && dealt_fairly,
        verdicts,
    }
}

/// The chain verdict over a table's rows from seq 1.
pub fn chain_from_genesis(rows: &[RecordRow]) -> Verdict {
    verdict("hash_chain", check_chain(rows, 1, Some(GENESIS_HASH)))
}
