//! What the outboxes of mail and push messages share: an attempt's end.

use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Integer, Timestamptz};
use diesel_async::RunQueryDsl;

use super::{Conn, StoreError};

/// An outbox whose rows are leased to one attempt at a time (`attempts` counts them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outbox {
    Mail,
    Push,
}

impl Outbox {
    fn table(self) -> &'static str {
        match self {
            Outbox::Mail => "mail_messages",
            Outbox::Push => "push_messages",
        }
    }
}

/// Attempt `attempt` of message `id` in `outbox` is over: retried at `retry_at`, or
/// (`None`) done with. Nothing when the lease ran out and another attempt took the message.
pub async fn finish(
    conn: &mut Conn,
    outbox: Outbox,
    id: i64,
    attempt: i32,
    retry_at: Option<DateTime<Utc>>,
) -> Result<(), StoreError> {
    let table = outbox.table();
    match retry_at {
        Some(at) => {
            diesel::sql_query(format!(
                "UPDATE {table} SET next_at = $3 WHERE id = $1 AND attempts = $2"
            ))
            .bind::<BigInt, _>(id)
            .bind::<Integer, _>(attempt)
            .bind::<Timestamptz, _>(at)
            .execute(conn)
            .await?
        }
        None => {
            diesel::sql_query(format!(
                "DELETE FROM {table} WHERE id = $1 AND attempts = $2"
            ))
            .bind::<BigInt, _>(id)
            .bind::<Integer, _>(attempt)
            .execute(conn)
            .await?
        }
    };
    Ok(())
}
