//! The event log: hash-chained rows, `seq` = the table's version.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::Value;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::schema::events;
use super::{Conn, StoreError};

/// The `prev_hash` of a table's first event.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The PostgreSQL channel told `<table_id>:<seq>` when a table's log grows (and the other
/// notices of the use cases' live feeds).
pub const NOTIFY_CHANNEL: &str = "bourre_events";

/// Tells every server process `payload` on [`NOTIFY_CHANNEL`] when the caller's transaction
/// commits (at once outside one).
pub async fn notify(conn: &mut Conn, payload: &str) -> Result<(), StoreError> {
    diesel::sql_query("SELECT pg_notify($1, $2)")
        .bind::<diesel::sql_types::Text, _>(NOTIFY_CHANNEL)
        .bind::<diesel::sql_types::Text, _>(payload)
        .execute(conn)
        .await?;
    Ok(())
}

/// A stored event.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = events)]
pub struct EventRow {
    pub table_id: Uuid,
    pub seq: i64,
    pub hand_no: i32,
    pub kind: String,
    pub payload: Value,
    pub created_at: DateTime<Utc>,
    pub prev_hash: String,
    pub hash: String,
}

/// An event to append.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub hand_no: i32,
    pub kind: &'static str,
    pub payload: Value,
}

/// JSON with object keys sorted and no whitespace: the form that is hashed.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String((*key).clone()).to_string());
                out.push(':');
                if let Some(v) = map.get(*key) {
                    write_canonical(v, out);
                }
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// The `(seq, prev_hash, hash)` of each of `new`, appended after `last_seq` whose hash is
/// `last_hash`.
pub fn chain(last_seq: i64, last_hash: &str, new: &[NewEvent]) -> Vec<(i64, String, String)> {
    let mut rows = Vec::with_capacity(new.len());
    let mut prev = last_hash.to_owned();
    for (i, event) in new.iter().enumerate() {
        let seq = last_seq + 1 + i as i64;
        let hash = event_hash(&prev, seq, event.kind, &event.payload);
        rows.push((seq, prev, hash.clone()));
        prev = hash;
    }
    rows
}

/// `SHA-256(prev_hash | seq | kind | canonical payload)`, hex.
pub fn event_hash(prev_hash: &str, seq: i64, kind: &str, payload: &Value) -> String {
    let text = format!("{prev_hash}|{seq}|{kind}|{}", canonical_json(payload));
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// Tells every server process the `notices` (`<table>:<seq>[:<chat>]`: the table's log
/// grew to `seq`, its chat to message `chat`), after the commits they tell of: one
/// transaction of its own that waits for no disk flush (a
/// notice is a wake-up call, not data; waiters also re-check the database every few
/// seconds). A transaction that runs `NOTIFY` holds PostgreSQL's notification-queue lock
/// from its pre-commit through its commit, so the busiest writers commit first and
/// announce after, in batches.
pub async fn announce(conn: &mut Conn, notices: &[String]) -> Result<(), StoreError> {
    use diesel_async::SimpleAsyncConnection;
    if notices.is_empty() {
        return Ok(());
    }
    // Uuids, integers and colons only: nothing to quote.
    let payloads: Vec<String> = notices.iter().map(|n| format!("'{n}'")).collect();
    let sql = format!(
        "BEGIN; SET LOCAL synchronous_commit TO off; \
         SELECT pg_notify('{NOTIFY_CHANNEL}', n) FROM unnest(ARRAY[{}]::text[]) AS n; COMMIT",
        payloads.join(",")
    );
    conn.batch_execute(&sql).await?;
    Ok(())
}

/// The kinds of the events the `events_hand_marks` index holds (a few per hand), as the
/// predicate that lets a query use it.
const MARKS: &str = "events.kind IN ('table_created', 'hand_dealt', 'hand_started', \
                     'hand_ended', 'seed_revealed')";

fn marks() -> diesel::expression::SqlLiteral<diesel::sql_types::Bool> {
    diesel::dsl::sql::<diesel::sql_types::Bool>(MARKS)
}

/// The seq of the first indexed mark of hand `hand_no` at the table, if it has one.
async fn first_mark(
    conn: &mut Conn,
    table_id: Uuid,
    hand_no: i32,
) -> Result<Option<i64>, StoreError> {
    Ok(events::table
        .filter(events::table_id.eq(table_id))
        .filter(events::hand_no.eq(hand_no))
        .filter(marks())
        .select(diesel::dsl::min(events::seq))
        .first::<Option<i64>>(conn)
        .await?)
}

/// A table's events of one hand, in order: read from its first mark to the next hand's
/// (an index range, whatever the table's age).
pub async fn of_hand(
    conn: &mut Conn,
    table_id: Uuid,
    hand_no: i32,
) -> Result<Vec<EventRow>, StoreError> {
    let from = first_mark(conn, table_id, hand_no).await?;
    let until = match from {
        Some(_) => first_mark(conn, table_id, hand_no.saturating_add(1)).await?,
        None => None,
    };
    let mut rows = events::table
        .filter(events::table_id.eq(table_id))
        .filter(events::hand_no.eq(hand_no))
        .into_boxed();
    if let Some(from) = from {
        rows = rows.filter(events::seq.ge(from));
    }
    if let Some(until) = until {
        rows = rows.filter(events::seq.lt(until));
    }
    Ok(rows
        .order(events::seq.asc())
        .select(EventRow::as_select())
        .load(conn)
        .await?)
}

/// A table's events of these kinds (marks: `hand_dealt`, `hand_started`, `hand_ended`...)
/// in these hands, in order.
pub async fn of_kinds(
    conn: &mut Conn,
    table_id: Uuid,
    kinds: &[&str],
    hands: std::ops::RangeInclusive<i32>,
) -> Result<Vec<EventRow>, StoreError> {
    Ok(events::table
        .filter(events::table_id.eq(table_id))
        .filter(events::kind.eq_any(kinds))
        .filter(marks())
        .filter(events::hand_no.between(*hands.start(), *hands.end()))
        .order(events::seq.asc())
        .select(EventRow::as_select())
        .load(conn)
        .await?)
}

/// A table's first event of `kind` (a mark) in hand `hand_no`.
pub async fn first_of_kind(
    conn: &mut Conn,
    table_id: Uuid,
    hand_no: i32,
    kind: &str,
) -> Result<EventRow, StoreError> {
    Ok(events::table
        .filter(events::table_id.eq(table_id))
        .filter(events::hand_no.eq(hand_no))
        .filter(events::kind.eq(kind))
        .filter(marks())
        .order(events::seq.asc())
        .select(EventRow::as_select())
        .first(conn)
        .await?)
}

/// A table's events up to `last`, in order.
pub async fn up_to(
    conn: &mut Conn,
    table_id: Uuid,
    last: i64,
) -> Result<Vec<EventRow>, StoreError> {
    Ok(events::table
        .filter(events::table_id.eq(table_id))
        .filter(events::seq.le(last))
        .order(events::seq.asc())
        .select(EventRow::as_select())
        .load(conn)
        .await?)
}

/// The payload of a table's last `hand_ended` before `before`.
pub async fn hand_ended_before(
    conn: &mut Conn,
    table_id: Uuid,
    before: i64,
) -> Result<Option<Value>, StoreError> {
    Ok(events::table
        .filter(events::table_id.eq(table_id))
        .filter(events::seq.lt(before))
        .filter(events::kind.eq("hand_ended"))
        .order(events::seq.desc())
        .select(events::payload)
        .first::<Value>(conn)
        .await
        .optional()?)
}

/// The `hand_dealt` and `hand_ended` events of a league's tables (the `hand_ended` ones
/// since `from`, when given: a hand counts in the season it ended), in the order they were
/// written: table, seq, hand, payload, time.
pub async fn hands_of_league(
    conn: &mut Conn,
    league: Uuid,
    from: Option<DateTime<Utc>>,
) -> Result<Vec<(Uuid, i64, i32, Value, DateTime<Utc>)>, StoreError> {
    use super::schema::tables;
    let mut rows = events::table
        .inner_join(tables::table)
        .filter(tables::league_id.eq(league))
        .filter(events::kind.eq_any(["hand_dealt", "hand_ended"]))
        .into_boxed();
    if let Some(from) = from {
        rows = rows.filter(
            events::kind
                .eq("hand_dealt")
                .or(events::created_at.ge(from)),
        );
    }
    Ok(rows
        .order((
            events::created_at.asc(),
            events::table_id.asc(),
            events::seq.asc(),
        ))
        .select((
            events::table_id,
            events::seq,
            events::hand_no,
            events::payload,
            events::created_at,
        ))
        .load(conn)
        .await?)
}

/// Events after `after`, at most `limit`.
pub async fn load_after(
    conn: &mut Conn,
    table_id: Uuid,
    after: i64,
    limit: i64,
) -> Result<Vec<EventRow>, StoreError> {
    Ok(events::table
        .filter(events::table_id.eq(table_id))
        .filter(events::seq.gt(after))
        .order(events::seq.asc())
        .limit(limit)
        .select(EventRow::as_select())
        .load(conn)
        .await?)
}

/// What a process's live feed of a table reads at once (see `app::feeds`): the events after
/// a seq, and, from the same snapshot, what redacting them for each viewer needs.
#[derive(Debug, Clone)]
pub struct FeedRead {
    pub events: Vec<EventRow>,
    /// The table's version: its last seq.
    pub version: i64,
    /// The table's stamp: it changes with what its view shows from outside its log.
    pub stamp: i64,
    pub in_hand: bool,
    pub hand_no: i32,
    pub rules: Value,
    /// `(seat, player)` of the table's seats.
    pub seats: Vec<(i16, Uuid)>,
    /// Those of the listening players who are members of the table's league.
    pub members: Vec<Uuid>,
}

/// Reads a [`FeedRead`] of `table_id`: `None` when there is no such table. To be called in a
/// read-only, repeatable-read transaction (one snapshot, one transaction whatever the
/// number of listeners), in which the caller may read the table's state too.
pub async fn feed(
    conn: &mut Conn,
    table_id: Uuid,
    after: i64,
    limit: i64,
    listeners: &[Uuid],
) -> Result<Option<FeedRead>, StoreError> {
    use super::schema::{memberships, seats, tables};
    let Some((league_id, version, stamp, in_hand, hand_no, rules)) = tables::table
        .find(table_id)
        .select((
            tables::league_id,
            tables::version,
            tables::stamp,
            tables::in_hand,
            tables::hand_no,
            tables::rules,
        ))
        .first::<(Uuid, i64, i64, bool, i32, Value)>(conn)
        .await
        .optional()?
    else {
        return Ok(None);
    };
    let seats = seats::table
        .filter(seats::table_id.eq(table_id))
        .select((seats::seat, seats::player_id))
        .order(seats::seat)
        .load(conn)
        .await?;
    let members = memberships::table
        .filter(memberships::league_id.eq(league_id))
        .filter(memberships::player_id.eq_any(listeners))
        .select(memberships::player_id)
        .load(conn)
        .await?;
    let events = load_after(conn, table_id, after, limit).await?;
    Ok(Some(FeedRead {
        events,
        version,
        stamp,
        in_hand,
        hand_no,
        rules,
        seats,
        members,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_json_sorts_keys_at_every_depth() {
        let value: Value =
            serde_json::from_str(r#"{"b": [ {"z": 1, "a": "x"} ], "a": null}"#).expect("json");
        assert_eq!(
            canonical_json(&value),
            r#"{"a":null,"b":[{"a":"x","z":1}]}"#
        );
    }

    #[test]
    fn the_hash_covers_every_part() {
        let payload: Value = serde_json::json!({"card": "AS"});
        let base = event_hash(GENESIS_HASH, 1, "played", &payload);
        assert_ne!(base, event_hash("x", 1, "played", &payload));
        assert_ne!(base, event_hash(GENESIS_HASH, 2, "played", &payload));
        assert_ne!(base, event_hash(GENESIS_HASH, 1, "drew", &payload));
        assert_ne!(
            base,
            event_hash(
                GENESIS_HASH,
                1,
                "played",
                &serde_json::json!({"card": "KS"})
            )
        );
        assert_eq!(base.len(), 64);
    }
}
