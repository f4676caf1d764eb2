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
    /// When an admin hid it, if they did.
    pub hidden_at: Option<DateTime<Utc>>,
    #[diesel(select_expression = players::username)]
    pub username: String,
    #[diesel(select_expression = players::display_name)]
    pub display_name: Option<String>,
}

/// A message to store: a phrase's key, or free text.
pub struct NewMessage<'a> {
    pub table_id: Uuid,
    pub player_id: Uuid,
    pub phrase: Option<&'a str>,
    pub body: Option<&'a str>,
}

/// The table's messages after `after` that are not hidden, oldest first, at most `limit`;
/// but for the free text of the players in `unheard` (a viewer's blocks).
pub async fn page(
    conn: &mut Conn,
    table: Uuid,
    after: i64,
    limit: i64,
    unheard: &[Uuid],
) -> Result<Vec<MessageRow>, StoreError> {
    Ok(chat_messages::table
        .inner_join(players::table)
        .filter(chat_messages::table_id.eq(table))
        .filter(chat_messages::id.gt(after))
        .filter(chat_messages::hidden_at.is_null())
        .filter(
            chat_messages::body
                .is_null()
                .or(chat_messages::player_id.ne_all(unheard)),
        )
        .order(chat_messages::id.asc())
        .limit(limit)
        .select(MessageRow::as_select())
        .load(conn)
        .await?)
}

/// Message `id` with its table, whichever it is.
pub async fn find(conn: &mut Conn, id: i64) -> Result<Option<MessageRow>, StoreError> {
    Ok(among(conn, &[id]).await?.pop())
}

/// The messages with the ids `ids`, hidden or not, in no order.
pub async fn among(conn: &mut Conn, ids: &[i64]) -> Result<Vec<MessageRow>, StoreError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(chat_messages::table
        .inner_join(players::table)
        .filter(chat_messages::id.eq_any(ids))
        .select(MessageRow::as_select())
        .load(conn)
        .await?)
}

/// The id of the table's newest message (0 when none).
pub async fn newest(conn: &mut Conn, table: Uuid) -> Result<i64, StoreError> {
    Ok(chat_messages::table
        .filter(chat_messages::table_id.eq(table))
        .select(diesel::dsl::max(chat_messages::id))
        .first::<Option<i64>>(conn)
        .await?
        .unwrap_or(0))
}

/// Hides message `id` (an admin, `by`); whether it was shown.
pub async fn hide(conn: &mut Conn, id: i64, by: Uuid) -> Result<bool, StoreError> {
    let n = diesel::update(
        chat_messages::table
            .filter(chat_messages::id.eq(id))
            .filter(chat_messages::hidden_at.is_null()),
    )
    .set((
        chat_messages::hidden_at.eq(diesel::dsl::now),
        chat_messages::hidden_by.eq(by),
    ))
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// What [`say`] found, and the message it stored if every check passed.
#[derive(Debug, QueryableByName)]
pub struct Said {
    /// The table's version and hand (no event commits until the message does).
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub version: i64,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub hand_no: i32,
    /// The table's league's chat policy, and whether its members watching may talk.
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub chat: String,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub watchers_chat: bool,
    /// The player's role in the league (none: not a member), whether they sit at the
    /// table, and until when an admin muted them, if they did.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub role: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub seated: bool,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
    pub muted_until: Option<DateTime<Utc>>,
    /// Their names.
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub username: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub display_name: Option<String>,
    /// The database's clock.
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    pub now: DateTime<Utc>,
    /// Messages the player said at the table in the window before now, and when the first
    /// of them was.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub said: i64,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
    pub first: Option<DateTime<Utc>>,
    /// The message stored, and when: none when a check failed.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    pub id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
    pub said_at: Option<DateTime<Utc>>,
}

/// In the caller's transaction, `chat_say` (see the `chat_say` migration): takes the
/// table's row until the transaction ends, so that the table's messages commit in the
/// order of their ids and between the events they were said between; then reads what the
/// checks need (see [`Said`]) and stores the message when every check passes. `None`: no
/// such table. The transaction commits without waiting for the disk.
pub async fn say(
    conn: &mut Conn,
    message: &NewMessage<'_>,
    secs: i64,
    burst: i64,
) -> Result<Option<Said>, StoreError> {
    Ok(
        diesel::sql_query("SELECT * FROM chat_say($1, $2, $3, $4, $5, $6)")
            .bind::<diesel::sql_types::Uuid, _>(message.table_id)
            .bind::<diesel::sql_types::Uuid, _>(message.player_id)
            .bind::<diesel::sql_types::BigInt, _>(secs)
            .bind::<diesel::sql_types::BigInt, _>(burst)
            .bind::<diesel::sql_types::Nullable<diesel::sql_types::Text>, _>(message.phrase)
            .bind::<diesel::sql_types::Nullable<diesel::sql_types::Text>, _>(message.body)
            .get_result(conn)
            .await
            .optional()?,
    )
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

/// What a live feed of a table reads of its chat at once (see `app::feeds`), in the same
/// snapshot as its events.
#[derive(Debug, Default)]
pub struct FeedChat {
    /// Messages not hidden, oldest first: those after the feed's newest or, for a feed
    /// that had none yet, the table's newest.
    pub messages: Vec<MessageRow>,
    /// For a feed that had none yet: every message after this id is in `messages`.
    pub from: Option<i64>,
    /// Ids of the messages after `kept` (those the feed holds) hidden since.
    pub hidden: Vec<i64>,
}

/// Reads a [`FeedChat`] of `table`: the messages after `after` (the table's newest `limit`
/// when `None`), and which of those after `kept` were hidden.
pub async fn feed(
    conn: &mut Conn,
    table: Uuid,
    after: Option<i64>,
    kept: Option<i64>,
    limit: i64,
) -> Result<FeedChat, StoreError> {
    let shown = chat_messages::table
        .inner_join(players::table)
        .filter(chat_messages::table_id.eq(table))
        .filter(chat_messages::hidden_at.is_null())
        .select(MessageRow::as_select())
        .limit(limit);
    let (messages, from) = match after {
        Some(after) => (
            shown
                .filter(chat_messages::id.gt(after))
                .order(chat_messages::id.asc())
                .load(conn)
                .await?,
            None,
        ),
        None => {
            let mut newest: Vec<MessageRow> =
                shown.order(chat_messages::id.desc()).load(conn).await?;
            newest.reverse();
            // Fewer than asked: every message of the table is here.
            let from = match newest.as_slice().first() {
                Some(first) if newest.len() as i64 == limit => first.id - 1,
                _ => 0,
            };
            (newest, Some(from))
        }
    };
    let hidden = match kept {
        Some(kept) => {
            chat_messages::table
                .filter(chat_messages::table_id.eq(table))
                .filter(chat_messages::id.gt(kept))
                .filter(chat_messages::hidden_at.is_not_null())
                .select(chat_messages::id)
                .load(conn)
                .await?
        }
        None => Vec::new(),
    };
    Ok(FeedChat {
        messages,
        from,
        hidden,
    })
}
