//! Tables `mail_codes` (codes sent by mail, stored hashed) and `mail_messages` (the mail
//! outbox).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Int4, Int8, Text, Timestamptz};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{mail_codes, mail_messages};
use super::{Conn, StoreError};

/// A code as stored.
#[derive(Debug, Clone, Queryable)]
pub struct CodeRow {
    pub id: Uuid,
    pub email: String,
    pub code_hash: Vec<u8>,
    pub tries: i32,
    pub expires_at: DateTime<Utc>,
}

/// Stores a new code for `player` and `purpose`, in place of any earlier one still open.
pub async fn issue(
    conn: &mut Conn,
    id: Uuid,
    player: Uuid,
    purpose: &str,
    email: &str,
    code_hash: &[u8],
    expires_at: DateTime<Utc>,
) -> Result<(), StoreError> {
    void_open(conn, player, Some(purpose)).await?;
    diesel::insert_into(mail_codes::table)
        .values((
            mail_codes::id.eq(id),
            mail_codes::player_id.eq(player),
            mail_codes::purpose.eq(purpose),
            mail_codes::email.eq(email),
            mail_codes::code_hash.eq(code_hash),
            mail_codes::expires_at.eq(expires_at),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// `player`'s open codes for `purpose` (for any, without one) work no more.
pub async fn void_open(
    conn: &mut Conn,
    player: Uuid,
    purpose: Option<&str>,
) -> Result<(), StoreError> {
    let mut open = diesel::update(mail_codes::table)
        .filter(mail_codes::player_id.eq(player))
        .filter(mail_codes::used_at.is_null())
        .into_boxed();
    if let Some(purpose) = purpose {
        open = open.filter(mail_codes::purpose.eq(purpose));
    }
    open.set(mail_codes::used_at.eq(diesel::dsl::now))
        .execute(conn)
        .await?;
    Ok(())
}

/// `player`'s open code for `purpose` (issued, not used), locked until the transaction
/// ends, if any.
pub async fn open_code(
    conn: &mut Conn,
    player: Uuid,
    purpose: &str,
) -> Result<Option<CodeRow>, StoreError> {
    Ok(mail_codes::table
        .filter(mail_codes::player_id.eq(player))
        .filter(mail_codes::purpose.eq(purpose))
        .filter(mail_codes::used_at.is_null())
        .order(mail_codes::created_at.desc())
        .select((
            mail_codes::id,
            mail_codes::email,
            mail_codes::code_hash,
            mail_codes::tries,
            mail_codes::expires_at,
        ))
        .for_update()
        .first(conn)
        .await
        .optional()?)
}

/// Counts a wrong try of code `id`; with `spent`, the code is used up too.
pub async fn tried(conn: &mut Conn, id: Uuid, spent: bool) -> Result<(), StoreError> {
    let code = mail_codes::table.find(id);
    if spent {
        diesel::update(code)
            .set((
                mail_codes::tries.eq(mail_codes::tries + 1),
                mail_codes::used_at.eq(diesel::dsl::now),
            ))
            .execute(conn)
            .await?;
    } else {
        diesel::update(code)
            .set(mail_codes::tries.eq(mail_codes::tries + 1))
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Code `id` is used: it works no more.
pub async fn used(conn: &mut Conn, id: Uuid) -> Result<(), StoreError> {
    diesel::update(mail_codes::table.find(id))
        .set(mail_codes::used_at.eq(diesel::dsl::now))
        .execute(conn)
        .await?;
    Ok(())
}

/// Puts a message in the outbox.
pub async fn enqueue(
    conn: &mut Conn,
    to_address: &str,
    subject: &str,
    body: &str,
) -> Result<(), StoreError> {
    diesel::insert_into(mail_messages::table)
        .values((
            mail_messages::to_address.eq(to_address),
            mail_messages::subject.eq(subject),
            mail_messages::body.eq(body),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// A message taken to send.
#[derive(Debug, Clone, QueryableByName)]
pub struct Claimed {
    #[diesel(sql_type = Int8)]
    pub id: i64,
    #[diesel(sql_type = Text)]
    pub to_address: String,
    #[diesel(sql_type = Text)]
    pub subject: String,
    #[diesel(sql_type = Text)]
    pub body: String,
    #[diesel(sql_type = Int4)]
    pub attempts: i32,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
}

/// Takes up to `limit` due messages no other process holds, and leases them for
/// `lease_secs` (as [`super::webhooks::claim`] does deliveries).
pub async fn claim(
    conn: &mut Conn,
    limit: i64,
    lease_secs: i64,
) -> Result<Vec<Claimed>, StoreError> {
    Ok(diesel::sql_query(
        "UPDATE mail_messages SET attempts = attempts + 1, \
         next_at = now() + make_interval(secs => $2) WHERE id IN \
         (SELECT id FROM mail_messages WHERE next_at <= now() ORDER BY next_at LIMIT $1 \
         FOR UPDATE SKIP LOCKED) \
         RETURNING id, to_address, subject, body, attempts, created_at",
    )
    .bind::<BigInt, _>(limit)
    .bind::<BigInt, _>(lease_secs)
    .load(conn)
    .await?)
}

/// Drops codes made before `before` (used or not); returns how many went.
pub async fn sweep(conn: &mut Conn, before: DateTime<Utc>) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(mail_codes::table.filter(mail_codes::created_at.lt(before)))
            .execute(conn)
            .await?,
    )
}
