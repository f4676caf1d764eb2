//! Table `chat_messages`: what a table's players say (see the `chat_messages` migration).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{chat_messages, players};
use super::{Conn, StoreError};

/// A message as read: with its author's username and display name.
#[derive(Debug, Clone, Queryable)]
pub struct MessageRow {
    pub id: i64,
    pub table_id: Uuid,
    pub player_id: Uuid,
    pub hand_no: i32,
    pub after_seq: i64,
    pub phrase: Option<String>,
    pub body: Option<String>,
    pub created_at: DateTime<Utc>,
    pub username: String,
    pub display_name: Option<String>,
}

/// A message to store: a phrase's key, or free text.
pub struct NewMessage<'a> {
    pub table_id: Uuid,
    pub player_id: Uuid,
    pub hand_no: i32,
    pub after_seq: i64,
    pub phrase: Option<&'a str>,
    pub body: Option<&'a str>,
}

type Columns = (
    chat_messages::id,
    chat_messages::table_id,
    chat_messages::player_id,
    chat_messages::hand_no,
    chat_messages::after_seq,
    chat_messages::phrase,
    chat_messages::body,
    chat_messages::created_at,
    players::username,
    players::display_name,
);

const COLUMNS: Columns = (
    chat_messages::id,
    chat_messages::table_id,
    chat_messages::player_id,
    chat_messages::hand_no,
    chat_messages::after_seq,
    chat_messages::phrase,
    chat_messages::body,
    chat_messages::created_at,
    players::username,
    players::display_name,
);

/// Stores `message`; its id and time.
pub async fn insert(
    conn: &mut Conn,
    message: &NewMessage<'_>,
) -> Result<(i64, DateTime<Utc>), StoreError> {
    Ok(diesel::insert_into(chat_messages::table)
        .values((
            chat_messages::table_id.eq(message.table_id),
            chat_messages::player_id.eq(message.player_id),
            chat_messages::hand_no.eq(message.hand_no),
            chat_messages::after_seq.eq(message.after_seq),
            chat_messages::phrase.eq(message.phrase),
            chat_messages::body.eq(message.body),
        ))
        .returning((chat_messages::id, chat_messages::created_at))
        .get_result(conn)
        .await?)
}

/// The table's messages after `after`, oldest first, at most `limit`.
pub async fn page(
    conn: &mut Conn,
    table: Uuid,
    after: i64,
    limit: i64,
) -> Result<Vec<MessageRow>, StoreError> {
    Ok(chat_messages::table
        .inner_join(players::table)
        .filter(chat_messages::table_id.eq(table))
        .filter(chat_messages::id.gt(after))
        .order(chat_messages::id.asc())
        .limit(limit)
        .select(COLUMNS)
        .load(conn)
        .await?)
}

/// In the caller's transaction, holding `player`'s turn to talk at `table` until it ends:
/// how many messages they said there since `since`, and when the first of them was.
pub async fn said_since(
    conn: &mut Conn,
    table: Uuid,
    player: Uuid,
    since: DateTime<Utc>,
) -> Result<(i64, Option<DateTime<Utc>>), StoreError> {
    diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended($1::text || $2::text, 7))")
        .bind::<diesel::sql_types::Uuid, _>(table)
        .bind::<diesel::sql_types::Uuid, _>(player)
        .execute(conn)
        .await?;
    Ok(chat_messages::table
        .filter(chat_messages::table_id.eq(table))
        .filter(chat_messages::player_id.eq(player))
        .filter(chat_messages::created_at.gt(since))
        .select((
            diesel::dsl::count_star(),
            diesel::dsl::min(chat_messages::created_at),
        ))
        .get_result(conn)
        .await?)
}

/// Everything `player` said, oldest first (their export).
pub async fn of_player(conn: &mut Conn, player: Uuid) -> Result<Vec<MessageRow>, StoreError> {
    Ok(chat_messages::table
        .inner_join(players::table)
        .filter(chat_messages::player_id.eq(player))
        .order(chat_messages::id.asc())
        .select(COLUMNS)
        .load(conn)
        .await?)
}

/// Erases `player`'s free text (their account is deleted); their phrases stay, the game's
/// words.
pub async fn forget_text(conn: &mut Conn, player: Uuid) -> Result<(), StoreError> {
    diesel::delete(
        chat_messages::table
            .filter(chat_messages::player_id.eq(player))
            .filter(chat_messages::body.is_not_null()),
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Drops messages said before `before`; how many.
pub async fn sweep(conn: &mut Conn, before: DateTime<Utc>) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(chat_messages::table.filter(chat_messages::created_at.lt(before)))
            .execute(conn)
            .await?,
    )
}
