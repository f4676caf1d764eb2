//! Table `chat_messages`: what a table's players say (see the `chat_messages` migration).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{chat_messages, players};
use super::{Conn, StoreError};

/// A message as read: with its author's username and display name.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = chat_messages)]
pub struct MessageRow {
    pub id: i64,
    pub table_id: Uuid,
    pub player_id: Uuid,
    pub hand_no: i32,
    pub after_seq: i64,
    pub phrase: Option<String>,
    pub body: Option<String>,
    pub created_at: DateTime<Utc>,
    #[diesel(select_expression = players::username)]
    pub username: String,
    #[diesel(select_expression = players::display_name)]
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
            // The database's clock as the row is written (not the transaction's start,
            // before it waited its turn): the rate limit counts by it.
            chat_messages::created_at.eq(diesel::dsl::sql::<diesel::sql_types::Timestamptz>(
                "clock_timestamp()",
            )),
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
        .select(MessageRow::as_select())
        .load(conn)
        .await?)
}

/// In the caller's transaction, holding the table's turn to talk until it ends (so that
/// messages commit in the order of their ids, and a reader paging `after` an id misses
/// none): the database's clock now, and how many messages `player` said at `table` in the
/// `secs` seconds before it, with when the first of them was.
pub async fn said_lately(
    conn: &mut Conn,
    table: Uuid,
    player: Uuid,
    secs: i64,
) -> Result<(DateTime<Utc>, i64, Option<DateTime<Utc>>), StoreError> {
    #[derive(QueryableByName)]
    struct Said {
        #[diesel(sql_type = diesel::sql_types::Timestamptz)]
        now: DateTime<Utc>,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        said: i64,
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
        first: Option<DateTime<Utc>>,
    }
    diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended($1::text, 7))")
        .bind::<diesel::sql_types::Uuid, _>(table)
        .execute(conn)
        .await?;
    let said: Said = diesel::sql_query(
        "SELECT clock_timestamp() AS now, count(*) AS said, min(created_at) AS first \
         FROM chat_messages WHERE table_id = $1 AND player_id = $2 \
         AND created_at > clock_timestamp() - make_interval(secs => $3)",
    )
    .bind::<diesel::sql_types::Uuid, _>(table)
    .bind::<diesel::sql_types::Uuid, _>(player)
    .bind::<diesel::sql_types::BigInt, _>(secs)
    .get_result(conn)
    .await?;
    Ok((said.now, said.said, said.first))
}

/// Everything `player` said, oldest first (their export).
pub async fn of_player(conn: &mut Conn, player: Uuid) -> Result<Vec<MessageRow>, StoreError> {
    Ok(chat_messages::table
        .inner_join(players::table)
        .filter(chat_messages::player_id.eq(player))
        .order(chat_messages::id.asc())
        .select(MessageRow::as_select())
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
