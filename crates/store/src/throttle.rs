//! Tables `login_failures` and `address_hits`: what the login throttle and the per-address
//! rate limits count, shared by every server process.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Integer, Text, Timestamptz};
use diesel_async::RunQueryDsl;

use super::schema::{address_hits, login_failures};
use super::{Conn, StoreError};

/// Until when logins to `account` from `address` (or from `address` to any account, the
/// row of account `''`) are refused, if that is later than now.
pub async fn blocked_until(
    conn: &mut Conn,
    account: &str,
    address: &str,
) -> Result<Option<DateTime<Utc>>, StoreError> {
    let until: Option<DateTime<Utc>> = login_failures::table
        .filter(login_failures::address.eq(address))
        .filter(login_failures::account.eq_any([account, ""]))
        .select(diesel::dsl::max(login_failures::blocked_until))
        .first(conn)
        .await?;
    Ok(until.filter(|t| *t > Utc::now()))
}

#[derive(QueryableByName)]
struct Failures {
    #[diesel(sql_type = Integer)]
    failures: i32,
}

/// The failure count after one more: counted afresh after `$3` seconds without one.
const NEXT_COUNT: &str = "CASE WHEN f.last_failed_at < now() - make_interval(secs => $3) \
                          THEN 1 ELSE f.failures + 1 END";

/// Until when a pair waits after `n` failures, `$4` of them free: 1 s after the first
/// that is not, doubling up to `$5` seconds.
fn blocked_after(n: &str) -> String {
    format!(
        "now() + make_interval(secs => CASE WHEN {n} <= $4 THEN 0 \
         ELSE LEAST($5, power(2, LEAST({n} - $4 - 1, 30))) END)"
    )
}

/// Counts one more failure of `account` from `address`, unless the pair is waiting out
/// its failures (then nothing is counted): one statement, so parallel tries are each
/// counted, or refused. Returns the count, or `None` when the try may not go on; `free`,
/// `max_wait_secs` and `forget_after_secs` shape the waits (see `app::throttle`). With
/// `trying`, the count is a try whose password is still to be checked (see [`tried`]).
pub async fn attempt(
    conn: &mut Conn,
    account: &str,
    address: &str,
    forget_after_secs: i32,
    free: i32,
    max_wait_secs: i32,
    trying: bool,
) -> Result<Option<i32>, StoreError> {
    let counted: Vec<Failures> = diesel::sql_query(format!(
        "INSERT INTO login_failures AS f (account, address, failures, last_failed_at, \
         blocked_until, trying) VALUES ($1, $2, 1, now(), {first}, $6) \
         ON CONFLICT (account, address) DO UPDATE SET failures = {NEXT_COUNT}, \
         trying = CASE WHEN f.last_failed_at < now() - make_interval(secs => $3) \
         THEN $6 ELSE f.trying + $6 END, \
         last_failed_at = now(), blocked_until = {next} \
         WHERE f.blocked_until <= now() RETURNING failures",
        first = blocked_after("1"),
        next = blocked_after(&format!("({NEXT_COUNT})")),
    ))
    .bind::<Text, _>(account)
    .bind::<Text, _>(address)
    .bind::<Integer, _>(forget_after_secs)
    .bind::<Integer, _>(free)
    .bind::<Integer, _>(max_wait_secs)
    .bind::<Integer, _>(i32::from(trying))
    .load(conn)
    .await?;
    Ok(counted.into_iter().next().map(|c| c.failures))
}

/// A try of `account` from `address` counted by [`attempt`] was checked. A wrong password
/// stays counted. A right one takes its try back and forgets the pair's failures before it:
/// what stays counted is the pair's other tries still being checked (each a failure until
/// it is shown right), and the pair no longer waits.
pub async fn tried(
    conn: &mut Conn,
    account: &str,
    address: &str,
    right: bool,
) -> Result<(), StoreError> {
    // One UPDATE each: it waits for a concurrent try's count and applies to what that
    // left (a statement that chose between two rows' states by its snapshot could miss it).
    let statement = if right {
        "UPDATE login_failures SET failures = GREATEST(trying - 1, 0), \
         trying = GREATEST(trying - 1, 0), blocked_until = LEAST(blocked_until, now()) \
         WHERE account = $1 AND address = $2"
    } else {
        "UPDATE login_failures SET trying = trying - 1 \
         WHERE account = $1 AND address = $2 AND trying > 0"
    };
    diesel::sql_query(statement)
        .bind::<Text, _>(account)
        .bind::<Text, _>(address)
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(QueryableByName)]
struct Hits {
    #[diesel(sql_type = Integer)]
    hits: i32,
}

/// Counts one `action` from `address` in the hour starting at `hour`; returns the hour's
/// count so far, this one included.
pub async fn hit(
    conn: &mut Conn,
    action: &str,
    address: &str,
    hour: DateTime<Utc>,
) -> Result<i32, StoreError> {
    let row: Hits = diesel::sql_query(
        "INSERT INTO address_hits AS h (action, address, hour, hits) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (action, address, hour) DO UPDATE SET hits = h.hits + 1 RETURNING hits",
    )
    .bind::<Text, _>(action)
    .bind::<Text, _>(address)
    .bind::<Timestamptz, _>(hour)
    .get_result(conn)
    .await?;
    Ok(row.hits)
}

/// Drops failed logins last seen before `failures_before` and hours counted before
/// `hits_before`; returns how many rows went.
pub async fn sweep(
    conn: &mut Conn,
    failures_before: DateTime<Utc>,
    hits_before: DateTime<Utc>,
) -> Result<usize, StoreError> {
    let failures = diesel::delete(
        login_failures::table
            .filter(login_failures::last_failed_at.lt(failures_before))
            .filter(login_failures::blocked_until.lt(Utc::now())),
    )
    .execute(conn)
    .await?;
    let hits = diesel::delete(address_hits::table.filter(address_hits::hour.lt(hits_before)))
        .execute(conn)
        .await?;
    Ok(failures + hits)
}
