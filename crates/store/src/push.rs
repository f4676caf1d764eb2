//! Web Push subscriptions, their messages from the outbox, and who is watching which table
//! (see the `push` migration).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Binary, Integer, Nullable, Text, Timestamptz};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{devices, push_subscriptions, watchers};
use super::{Conn, StoreError};

/// Subscriptions one player keeps; subscribing beyond drops their oldest.
pub const PER_PLAYER: i64 = 10;

/// How long a watcher's row counts without being refreshed (its process refreshes it
/// every few seconds; a process that died leaves rows this old).
pub const WATCHER_FRESH_SECS: i64 = 20;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = push_subscriptions)]
pub struct Subscription {
    pub id: Uuid,
    pub player_id: Uuid,
    pub endpoint: String,
    pub p256dh: Vec<u8>,
    pub auth: Vec<u8>,
    pub created_at: DateTime<Utc>,
    /// The session that made it: it ends with that session.
    pub session_id: Uuid,
}

/// Who holds a push service endpoint now, and with which keys.
pub async fn holder(conn: &mut Conn, endpoint: &str) -> Result<Option<Subscription>, StoreError> {
    Ok(push_subscriptions::table
        .filter(push_subscriptions::endpoint.eq(endpoint))
        .select(Subscription::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()?)
}

/// Stores `sub` (replacing a subscription of its endpoint: the caller checked who may,
/// see [`holder`]), and drops the player's oldest beyond [`PER_PLAYER`]. In a transaction
/// that holds the player's row, so that a burst of subscriptions keeps the bound.
pub async fn subscribe(conn: &mut Conn, sub: &Subscription) -> Result<Subscription, StoreError> {
    diesel::delete(
        push_subscriptions::table.filter(
            push_subscriptions::endpoint
                .eq(&sub.endpoint)
                .and(push_subscriptions::player_id.ne(sub.player_id)),
        ),
    )
    .execute(conn)
    .await?;
    let stored: Subscription = diesel::insert_into(push_subscriptions::table)
        .values(sub)
        .on_conflict(push_subscriptions::endpoint)
        .do_update()
        .set((
            push_subscriptions::p256dh.eq(&sub.p256dh),
            push_subscriptions::auth.eq(&sub.auth),
            push_subscriptions::session_id.eq(sub.session_id),
            push_subscriptions::created_at.eq(diesel::dsl::now),
        ))
        .returning(Subscription::as_returning())
        .get_result(conn)
        .await?;
    let kept = push_subscriptions::table
        .filter(push_subscriptions::player_id.eq(sub.player_id))
        .order((
            push_subscriptions::created_at.desc(),
            push_subscriptions::id.desc(),
        ))
        .limit(PER_PLAYER)
        .select(push_subscriptions::id)
        .load::<Uuid>(conn)
        .await?;
    diesel::delete(
        push_subscriptions::table.filter(
            push_subscriptions::player_id
                .eq(sub.player_id)
                .and(push_subscriptions::id.ne_all(kept)),
        ),
    )
    .execute(conn)
    .await?;
    Ok(stored)
}

/// The player's subscriptions, newest first.
pub async fn of_player(conn: &mut Conn, player: Uuid) -> Result<Vec<Subscription>, StoreError> {
    Ok(push_subscriptions::table
        .filter(push_subscriptions::player_id.eq(player))
        .order((
            push_subscriptions::created_at.desc(),
            push_subscriptions::id.desc(),
        ))
        .select(Subscription::as_select())
        .load(conn)
        .await?)
}

/// Removes the player's subscription `id`; whether there was one.
pub async fn unsubscribe_id(conn: &mut Conn, player: Uuid, id: Uuid) -> Result<bool, StoreError> {
    let gone = diesel::delete(
        push_subscriptions::table.filter(
            push_subscriptions::player_id
                .eq(player)
                .and(push_subscriptions::id.eq(id)),
        ),
    )
    .execute(conn)
    .await?;
    Ok(gone > 0)
}

/// Removes the subscriptions and devices the sessions `ended` registered.
pub async fn end_with_sessions(conn: &mut Conn, ended: &[Uuid]) -> Result<(), StoreError> {
    if !ended.is_empty() {
        diesel::delete(
            push_subscriptions::table.filter(push_subscriptions::session_id.eq_any(ended)),
        )
        .execute(conn)
        .await?;
        diesel::delete(devices::table.filter(devices::session_id.eq_any(ended)))
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Removes the player's subscription of `endpoint`; whether there was one.
pub async fn unsubscribe(
    conn: &mut Conn,
    player: Uuid,
    endpoint: &str,
) -> Result<bool, StoreError> {
    let gone = diesel::delete(
        push_subscriptions::table.filter(
            push_subscriptions::player_id
                .eq(player)
                .and(push_subscriptions::endpoint.eq(endpoint)),
        ),
    )
    .execute(conn)
    .await?;
    Ok(gone > 0)
}

/// Removes every subscription and device of the player (their account is deleted).
pub async fn forget(conn: &mut Conn, player: Uuid) -> Result<(), StoreError> {
    diesel::delete(push_subscriptions::table.filter(push_subscriptions::player_id.eq(player)))
        .execute(conn)
        .await?;
    diesel::delete(devices::table.filter(devices::player_id.eq(player)))
        .execute(conn)
        .await?;
    Ok(())
}

/// Removes subscription `id`, with its messages (the push service said it is gone).
pub async fn remove(conn: &mut Conn, id: Uuid) -> Result<(), StoreError> {
    diesel::delete(push_subscriptions::table.find(id))
        .execute(conn)
        .await?;
    Ok(())
}

/// A message taken to be sent: to a browser (its subscription's endpoint and keys) or a
/// device (its platform and token), for a player reading `locale` in `time_zone`, whether
/// it is still current, and the attempt's number.
#[derive(Debug, Clone, QueryableByName)]
pub struct Claimed {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = Nullable<diesel::sql_types::Uuid>)]
    pub subscription_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    pub endpoint: Option<String>,
    #[diesel(sql_type = Nullable<Binary>)]
    pub p256dh: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Binary>)]
    pub auth: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<diesel::sql_types::Uuid>)]
    pub device_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    pub platform: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub token: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub locale: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub time_zone: Option<String>,
    /// Whether it is still worth sending: a message held for quiet hours, only to a player
    /// not watching the table (but a reminder), and about a turn only while the player is
    /// still to act in that hand.
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub current: bool,
    #[diesel(sql_type = Text)]
    pub body: String,
    #[diesel(sql_type = Integer)]
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
        "WITH due AS (SELECT m.id, coalesce(s.player_id, d.player_id) AS player_id, \
         s.endpoint, s.p256dh, s.auth, d.platform, d.token, m.body::jsonb AS note \
         FROM push_messages m LEFT JOIN push_subscriptions s ON s.id = m.subscription_id \
         LEFT JOIN devices d ON d.id = m.device_id WHERE m.next_at <= now() \
         ORDER BY m.next_at LIMIT $1 FOR UPDATE OF m SKIP LOCKED) \
         UPDATE push_messages m SET attempts = m.attempts + 1, \
         next_at = now() + make_interval(secs => $2) FROM due WHERE m.id = due.id \
         RETURNING m.id, m.subscription_id, due.endpoint, due.p256dh, due.auth, m.device_id, \
         due.platform, due.token, \
         (SELECT locale FROM players p WHERE p.id = due.player_id) AS locale, \
         (SELECT time_zone FROM players p WHERE p.id = due.player_id) AS time_zone, \
         NOT m.held OR ((m.kind = 'hand.ended' OR EXISTS (SELECT 1 FROM tables t \
          WHERE t.id = (due.note #>> '{data,table_id}')::uuid \
          AND t.hand_no = (due.note #>> '{data,hand_no}')::int \
          AND (due.note #>> '{data,player_id}')::uuid = ANY (t.to_act))) \
          AND (m.kind = 'turn.reminder' OR NOT EXISTS (SELECT 1 FROM watchers w \
          WHERE w.table_id = (due.note #>> '{data,table_id}')::uuid \
          AND w.player_id = due.player_id AND w.seen_at > now() - make_interval(secs => $3)))) \
          AS current, \
         m.body, m.attempts, m.created_at",
    )
    .bind::<BigInt, _>(limit)
    .bind::<BigInt, _>(lease_secs)
    .bind::<BigInt, _>(WATCHER_FRESH_SECS)
    .load(conn)
    .await?)
}

/// Writes this process's watchers: `(table, player)` pairs refreshed (or added) now, and
/// the process's other rows removed.
pub async fn watch(
    conn: &mut Conn,
    process: Uuid,
    tables: &[Uuid],
    players: &[Uuid],
) -> Result<(), StoreError> {
    diesel::sql_query(
        "WITH kept AS (SELECT * FROM unnest($2::uuid[], $3::uuid[]) AS k(table_id, player_id)), \
         gone AS (DELETE FROM watchers w WHERE w.process = $1 AND NOT EXISTS \
         (SELECT 1 FROM kept k WHERE k.table_id = w.table_id AND k.player_id = w.player_id)) \
         INSERT INTO watchers (table_id, player_id, process) SELECT table_id, player_id, $1 \
         FROM kept ON CONFLICT (table_id, player_id, process) DO UPDATE SET seen_at = now()",
    )
    .bind::<diesel::sql_types::Uuid, _>(process)
    .bind::<Array<diesel::sql_types::Uuid>, _>(tables)
    .bind::<Array<diesel::sql_types::Uuid>, _>(players)
    .execute(conn)
    .await?;
    Ok(())
}

/// Adds one watcher row now (a first stream or long-poll of the player on the table in
/// this process), so it counts before the stream's first page is sent.
pub async fn arrive(
    conn: &mut Conn,
    process: Uuid,
    table: Uuid,
    player: Uuid,
) -> Result<(), StoreError> {
    diesel::insert_into(watchers::table)
        .values((
            watchers::table_id.eq(table),
            watchers::player_id.eq(player),
            watchers::process.eq(process),
        ))
        .on_conflict((watchers::table_id, watchers::player_id, watchers::process))
        .do_update()
        .set(watchers::seen_at.eq(diesel::dsl::now))
        .execute(conn)
        .await?;
    Ok(())
}

/// Drops watcher rows of processes that stopped refreshing them before `before`.
pub async fn sweep_watchers(conn: &mut Conn, before: DateTime<Utc>) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(watchers::table.filter(watchers::seen_at.lt(before)))
            .execute(conn)
            .await?,
    )
}
