//! Webhook endpoints, and the outbox's deliveries to them (see the `webhooks` migration).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text, Timestamptz};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{deliveries, delivery_attempts, webhooks};
use super::{Conn, StoreError};

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = webhooks)]
pub struct Webhook {
    pub id: Uuid,
    pub league_id: Uuid,
    pub url: String,
    pub events: Vec<String>,
    pub secret: String,
    pub created_by: Uuid,
    pub created_at: DateTime<Utc>,
}

pub async fn insert(conn: &mut Conn, hook: &Webhook) -> Result<(), StoreError> {
    diesel::insert_into(webhooks::table)
        .values(hook)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether the endpoint (the row of `webhooks` named `w`) is sent to: its maker is still an
/// admin of its league, and their account goes on. An endpoint whose maker was demoted,
/// removed or deleted is sent nothing until an admin takes it over.
fn active(w: &str) -> String {
    format!(
        "EXISTS (SELECT 1 FROM memberships m JOIN players p ON p.id = m.player_id \
         WHERE m.league_id = {w}.league_id AND m.player_id = {w}.created_by \
         AND m.role = 'admin' AND p.deleted_at IS NULL)"
    )
}

/// The league's endpoints, oldest first, each with whether it is sent to (see [`active`]).
pub async fn of_league(conn: &mut Conn, league: Uuid) -> Result<Vec<(Webhook, bool)>, StoreError> {
    Ok(webhooks::table
        .filter(webhooks::league_id.eq(league))
        .order((webhooks::created_at.asc(), webhooks::id.asc()))
        .select((
            Webhook::as_select(),
            diesel::dsl::sql::<diesel::sql_types::Bool>(&active("webhooks")),
        ))
        .load(conn)
        .await?)
}

/// Gives endpoint `id` to `owner` with a new signing secret; the endpoint as it was.
pub async fn take_over(
    conn: &mut Conn,
    league: Uuid,
    id: Uuid,
    owner: Uuid,
    secret: &str,
) -> Result<Option<Webhook>, StoreError> {
    let before = webhooks::table
        .filter(webhooks::league_id.eq(league).and(webhooks::id.eq(id)))
        .select(Webhook::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()?;
    if before.is_some() {
        diesel::update(webhooks::table.find(id))
            .set((webhooks::created_by.eq(owner), webhooks::secret.eq(secret)))
            .execute(conn)
            .await?;
    }
    Ok(before)
}

pub async fn count_of_league(conn: &mut Conn, league: Uuid) -> Result<i64, StoreError> {
    Ok(webhooks::table
        .filter(webhooks::league_id.eq(league))
        .count()
        .get_result(conn)
        .await?)
}

pub async fn find(conn: &mut Conn, league: Uuid, id: Uuid) -> Result<Option<Webhook>, StoreError> {
    Ok(webhooks::table
        .filter(webhooks::league_id.eq(league).and(webhooks::id.eq(id)))
        .select(Webhook::as_select())
        .first(conn)
        .await
        .optional()?)
}

/// Removes the endpoint and its deliveries; whether there was one.
pub async fn delete(conn: &mut Conn, league: Uuid, id: Uuid) -> Result<bool, StoreError> {
    let gone = diesel::delete(
        webhooks::table.filter(webhooks::league_id.eq(league).and(webhooks::id.eq(id))),
    )
    .execute(conn)
    .await?;
    Ok(gone > 0)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = deliveries)]
pub struct Delivery {
    pub id: String,
    pub kind: String,
    pub body: String,
    pub state: String,
    pub attempts: i32,
    pub next_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = delivery_attempts)]
pub struct Attempt {
    pub delivery_id: String,
    pub attempt: i32,
    pub at: DateTime<Utc>,
    pub status: Option<i32>,
    pub error: Option<String>,
    pub took_ms: i32,
}

/// The endpoint's latest `limit` deliveries after `before` in the order newest first
/// (`(created_at, id)` descending), each with its attempts in order.
pub async fn deliveries_of(
    conn: &mut Conn,
    webhook: Uuid,
    before: Option<(DateTime<Utc>, String)>,
    limit: i64,
) -> Result<Vec<(Delivery, Vec<Attempt>)>, StoreError> {
    let mut query = deliveries::table
        .filter(deliveries::webhook_id.eq(webhook))
        .order((deliveries::created_at.desc(), deliveries::id.desc()))
        .limit(limit)
        .select(Delivery::as_select())
        .into_boxed();
    if let Some((at, id)) = before {
        query = query.filter(
            deliveries::created_at
                .lt(at)
                .or(deliveries::created_at.eq(at).and(deliveries::id.lt(id))),
        );
    }
    let found: Vec<Delivery> = query.load(conn).await?;
    let ids: Vec<&str> = found.iter().map(|d| d.id.as_str()).collect();
    let attempts: Vec<Attempt> = delivery_attempts::table
        .filter(delivery_attempts::delivery_id.eq_any(ids))
        .order((
            delivery_attempts::delivery_id.asc(),
            delivery_attempts::attempt.asc(),
        ))
        .select(Attempt::as_select())
        .load(conn)
        .await?;
    Ok(found
        .into_iter()
        .map(|d| {
            let mine = attempts
                .iter()
                .filter(|a| a.delivery_id == d.id)
                .cloned()
                .collect();
            (d, mine)
        })
        .collect())
}

/// Whether the outbox holds anything due: a notification to hand out, a delivery or a push
/// message to send. One indexed probe, what an idle dispatcher costs.
pub async fn anything_due(conn: &mut Conn) -> Result<bool, StoreError> {
    #[derive(QueryableByName)]
    struct Due {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        due: bool,
    }
    let found: Due = diesel::sql_query(
        "SELECT EXISTS (SELECT 1 FROM notifications WHERE due_at <= now()) \
         OR EXISTS (SELECT 1 FROM deliveries WHERE state = 'pending' AND next_at <= now()) \
         OR EXISTS (SELECT 1 FROM push_messages WHERE next_at <= now()) \
         OR EXISTS (SELECT 1 FROM mail_messages WHERE next_at <= now()) AS due",
    )
    .get_result(conn)
    .await?;
    Ok(found.due)
}

/// Turns up to `limit` due notifications into deliveries, one per endpoint of their league
/// that takes their kind and is sent to (see [`active`]), and into push messages, one per
/// push subscription and per device (whose session goes on) of each player told: the one
/// a `turn.started` or `turn.reminder` is for, every player dealt in the hand a
/// `hand.ended` is about. Only kinds the player's settings send on the channel are pushed,
/// a `turn.started` or `hand.ended` only when the player is not watching the table (no
/// fresh watcher row, on any process). In the player's quiet hours a message is held until
/// their end, unless its turn's deadline comes less than `remind_secs` after it; a held
/// message replaces one held before for the same table and browser or device (a turn's
/// another turn's, a hand's end another's), and only the newest of a batch is held. The notifications are deleted, in one
/// statement (rows another process holds are skipped). A `turn.reminder` is dropped when
/// its turn is over (the table's deadline moved, or the player is no longer to act); a
/// `turn.started` schedules its reminder `remind_secs` before the deadline, if that is
/// still ahead and someone takes it. Returns how many it took.
pub async fn hand_out(conn: &mut Conn, limit: i64, remind_secs: i64) -> Result<i64, StoreError> {
    #[derive(QueryableByName)]
    struct Taken {
        #[diesel(sql_type = BigInt)]
        taken: i64,
    }
    let taken: Taken = diesel::sql_query(format!(
        "WITH due AS (DELETE FROM notifications WHERE id IN (SELECT id FROM notifications \
         WHERE due_at <= now() ORDER BY due_at, id LIMIT $1 FOR UPDATE SKIP LOCKED) \
         RETURNING *), \
         live AS (SELECT d.* FROM due d WHERE d.kind <> 'turn.reminder' OR EXISTS \
         (SELECT 1 FROM tables t WHERE t.id = d.table_id \
         AND t.deadline = (d.data->>'deadline')::timestamptz \
         AND (d.data->>'player_id')::uuid = ANY (t.to_act))), \
         sent AS (INSERT INTO deliveries (id, webhook_id, kind, body) \
         SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.id, l.kind, \
         json_build_object('type', l.kind, 'timestamp', l.created_at, 'data', l.data)::text \
         FROM live l JOIN webhooks w ON w.league_id = l.league_id AND l.kind = ANY (w.events) \
         WHERE {active} RETURNING 1), \
         targets AS (SELECT id AS subscription_id, NULL::uuid AS device_id, player_id, \
         session_id FROM push_subscriptions UNION ALL \
         SELECT NULL::uuid, id, player_id, session_id FROM devices), \
         told AS (SELECT l.*, (l.data->>'player_id')::uuid AS player_id, \
         (l.data->>'seat')::int AS seat FROM live l \
         WHERE l.kind IN ('turn.started', 'turn.reminder', 'tournament.round_started') \
         UNION ALL SELECT l.*, (p->>'player_id')::uuid, (p->>'seat')::int FROM live l \
         CROSS JOIN jsonb_array_elements(l.data->'players') p \
         WHERE l.kind IN ('hand.ended', 'tournament.starting', 'tournament.finished')), \
         outgoing AS (SELECT s.subscription_id, s.device_id, r.kind, r.table_id, \
         (r.data->>'version')::bigint AS version, \
         json_build_object('type', r.kind, 'timestamp', r.created_at, 'data', r.data, \
         'seat', r.seat, 'player_id', r.player_id)::text AS body, CASE WHEN h.held THEN q.until ELSE now() END AS next_at, \
         h.held \
         FROM told r JOIN targets s ON s.player_id = r.player_id \
         JOIN sessions se ON se.id = s.session_id AND se.ended_at IS NULL \
         AND se.expires_at > now() \
         JOIN notification_prefs n ON n.player_id = r.player_id \
         CROSS JOIN LATERAL (SELECT quiet_until(n.time_zone, n.quiet_start, n.quiet_end, now()) \
         AS until) q \
         CROSS JOIN LATERAL (SELECT q.until IS NOT NULL AND (r.kind = 'hand.ended' \
         OR r.data->>'deadline' IS NULL \
         OR (r.data->>'deadline')::timestamptz > q.until + make_interval(secs => $2)) AS held) h \
         WHERE r.kind = ANY (CASE WHEN s.device_id IS NULL THEN n.web_push ELSE n.devices END) \
         AND (r.kind = 'turn.reminder' OR NOT EXISTS \
         (SELECT 1 FROM watchers w WHERE w.table_id = r.table_id \
         AND w.player_id = s.player_id AND w.seen_at > now() - make_interval(secs => $3)))), \
         kept AS (SELECT * FROM outgoing WHERE NOT held UNION ALL \
         (SELECT DISTINCT ON (subscription_id, device_id, table_id, kind = 'hand.ended') * \
         FROM outgoing WHERE held \
         ORDER BY subscription_id, device_id, table_id, kind = 'hand.ended', version DESC)), \
         pushed AS (INSERT INTO push_messages (subscription_id, device_id, kind, body, next_at, \
         held) SELECT subscription_id, device_id, kind, body, next_at, held FROM kept \
         RETURNING 1), \
         replaced AS (DELETE FROM push_messages m USING kept o WHERE o.held AND m.held \
         AND m.attempts = 0 AND m.subscription_id IS NOT DISTINCT FROM o.subscription_id \
         AND m.device_id IS NOT DISTINCT FROM o.device_id \
         AND (m.kind = 'hand.ended') = (o.kind = 'hand.ended') \
         AND m.body::jsonb #>> '{{data,table_id}}' = o.table_id::text \
         AND (m.body::jsonb #>> '{{data,version}}')::bigint < o.version RETURNING 1), \
         remind AS (INSERT INTO notifications (table_id, league_id, kind, data, due_at) \
         SELECT table_id, league_id, 'turn.reminder', data, \
         (data->>'deadline')::timestamptz - make_interval(secs => $2) FROM live \
         WHERE kind = 'turn.started' AND data->>'deadline' IS NOT NULL \
         AND (EXISTS (SELECT 1 FROM webhooks w WHERE w.league_id = live.league_id \
         AND 'turn.reminder' = ANY (w.events) AND {active}) OR EXISTS (SELECT 1 FROM targets s \
         WHERE s.player_id = (live.data->>'player_id')::uuid)) \
         AND (data->>'deadline')::timestamptz - make_interval(secs => $2) > now() RETURNING 1) \
         SELECT count(*) AS taken FROM due",
        active = active("w"),
    ))
    .bind::<BigInt, _>(limit)
    .bind::<BigInt, _>(remind_secs)
    .bind::<BigInt, _>(super::push::WATCHER_FRESH_SECS)
    .get_result(conn)
    .await?;
    Ok(taken.taken)
}

/// A delivery taken to be sent: the endpoint, whether it is still sent to (see
/// [`active`]), and the attempt's number.
#[derive(Debug, Clone, QueryableByName)]
pub struct Claimed {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = Text)]
    pub url: String,
    #[diesel(sql_type = Text)]
    pub secret: String,
    #[diesel(sql_type = Text)]
    pub body: String,
    #[diesel(sql_type = Integer)]
    pub attempts: i32,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub active: bool,
}

/// The operator's channel (`BOURRE_OPERATOR_WEBHOOK_URL`): where reports about a league
/// or its admins go, signed with `secret` as league endpoints are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operator {
    pub url: String,
    /// `whsec_` + base64.
    pub secret: String,
}

/// Queues `body` (a notification of `kind`) for each endpoint of `league` that takes
/// `kind` and is sent to, or, with no league, for the operator's channel; how many.
pub async fn queue(
    conn: &mut Conn,
    league: Option<Uuid>,
    kind: &str,
    body: &str,
) -> Result<usize, StoreError> {
    let id = "'msg_' || replace(gen_random_uuid()::text, '-', '')";
    let query = match league {
        Some(_) => format!(
            "INSERT INTO deliveries (id, webhook_id, kind, body) SELECT {id}, w.id, $2, $3 \
             FROM webhooks w WHERE w.league_id = $1 AND $2 = ANY (w.events) AND {active}",
            active = active("w"),
        ),
        None => format!(
            "INSERT INTO deliveries (id, webhook_id, kind, body) \
             SELECT {id}, NULL, $2, $3 WHERE $1 IS NULL"
        ),
    };
    Ok(diesel::sql_query(query)
        .bind::<diesel::sql_types::Nullable<diesel::sql_types::Uuid>, _>(league)
        .bind::<Text, _>(kind)
        .bind::<Text, _>(body)
        .execute(conn)
        .await?)
}

/// How many deliveries may be in flight at once, over every process.
#[derive(Debug, Clone, Copy)]
pub struct InFlight {
    /// To one endpoint.
    pub per_endpoint: i64,
    /// To one league's endpoints together.
    pub per_league: i64,
}

/// Takes up to `limit` due deliveries, oldest due first, and leases them for `lease_secs`:
/// their next attempt is due only then, so a process that dies while sending leaves them
/// to be sent again after the lease, and no other process sends them within it. Never more
/// than `in_flight` allows: a delivery whose endpoint, or whose league, has its most
/// deliveries leased stays due, and later ones of other endpoints and leagues are taken
/// instead, so a slow or dead receiver holds up only itself. Processes take their turns
/// (a transaction lock), so the bounds hold over all of them.
pub async fn claim(
    conn: &mut Conn,
    limit: i64,
    lease_secs: i64,
    in_flight: InFlight,
    operator: Option<&Operator>,
) -> Result<Vec<Claimed>, StoreError> {
    use diesel_async::AsyncConnection;
    // The operator's deliveries (no endpoint row) count as one endpoint of no league, and
    // are sent to the configured channel while there is one.
    let query = format!(
        "WITH due AS (SELECT d.id, d.webhook_id, w.league_id, d.next_at, \
         row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.next_at, d.id) AS nth \
         FROM (SELECT id, webhook_id, next_at FROM deliveries WHERE state = 'pending' \
         AND next_at <= now() ORDER BY next_at LIMIT 1000) d \
         LEFT JOIN webhooks w ON w.id = d.webhook_id), \
         busy AS (SELECT f.webhook_id, fw.league_id FROM deliveries f \
         LEFT JOIN webhooks fw ON fw.id = f.webhook_id \
         WHERE f.leased_until > now() AND f.state = 'pending'), \
         endpoint_ok AS (SELECT due.* FROM due WHERE due.nth + \
         (SELECT count(*) FROM busy b \
         WHERE b.webhook_id IS NOT DISTINCT FROM due.webhook_id) <= $3), \
         ranked AS (SELECT e.*, row_number() OVER (PARTITION BY e.league_id \
         ORDER BY e.next_at, e.id) AS league_nth FROM endpoint_ok e), \
         taken AS (SELECT r.id FROM ranked r WHERE r.league_nth + \
         (SELECT count(*) FROM busy b WHERE b.league_id IS NOT DISTINCT FROM r.league_id) <= $4 \
         ORDER BY r.next_at, r.id LIMIT $1) \
         UPDATE deliveries d SET attempts = d.attempts + 1, \
         next_at = now() + make_interval(secs => $2), \
         leased_until = now() + make_interval(secs => $2) \
         FROM deliveries o LEFT JOIN webhooks w ON w.id = o.webhook_id \
         WHERE o.id = d.id AND d.id IN (SELECT id FROM taken) \
         RETURNING d.id, coalesce(w.url, $5) AS url, coalesce(w.secret, $6) AS secret, d.body, \
         d.attempts, d.created_at, \
         CASE WHEN d.webhook_id IS NULL THEN $7 ELSE {active} END AS active",
        active = active("w"),
    );
    conn.transaction::<_, StoreError, _>(async |conn| {
        diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended('deliveries', 0))")
            .execute(conn)
            .await?;
        Ok(diesel::sql_query(&query)
            .bind::<BigInt, _>(limit)
            .bind::<BigInt, _>(lease_secs)
            .bind::<BigInt, _>(in_flight.per_endpoint)
            .bind::<BigInt, _>(in_flight.per_league)
            .bind::<Text, _>(operator.map_or("", |o| o.url.as_str()))
            .bind::<Text, _>(operator.map_or("", |o| o.secret.as_str()))
            .bind::<diesel::sql_types::Bool, _>(operator.is_some())
            .load(conn)
            .await?)
    })
    .await
}

/// What became of an attempt, and of its delivery.
pub struct Outcome<'a> {
    pub status: Option<i32>,
    pub error: Option<&'a str>,
    pub took_ms: i32,
    /// `delivered`, `failed`, or `pending` again at `retry_at`.
    pub state: &'static str,
    pub retry_at: DateTime<Utc>,
}

/// Records attempt `attempt` of delivery `id` (if it is still that attempt's: a lease that
/// ran out gave the row to another attempt, which records its own). Nothing, when the
/// endpoint was removed meanwhile.
pub async fn record(
    conn: &mut Conn,
    id: &str,
    attempt: i32,
    outcome: &Outcome<'_>,
) -> Result<(), StoreError> {
    let inserted = diesel::insert_into(delivery_attempts::table)
        .values((
            delivery_attempts::delivery_id.eq(id),
            delivery_attempts::attempt.eq(attempt),
            delivery_attempts::status.eq(outcome.status),
            delivery_attempts::error.eq(outcome.error),
            delivery_attempts::took_ms.eq(outcome.took_ms),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .map_err(StoreError::from);
    match inserted {
        Err(e) if e.is_foreign_key_violation() => return Ok(()),
        other => other?,
    };
    let finished = (outcome.state != "pending").then(Utc::now);
    diesel::update(
        deliveries::table.filter(
            deliveries::id
                .eq(id)
                .and(deliveries::attempts.eq(attempt))
                .and(deliveries::state.eq("pending")),
        ),
    )
    .set((
        deliveries::state.eq(outcome.state),
        deliveries::next_at.eq(outcome.retry_at),
        deliveries::finished_at.eq(finished),
        deliveries::leased_until.eq(None::<DateTime<Utc>>),
    ))
    .execute(conn)
    .await?;
    Ok(())
}

/// Drops deliveries delivered or failed before `before`, with their attempts; how many.
pub async fn sweep(conn: &mut Conn, before: DateTime<Utc>) -> Result<usize, StoreError> {
    Ok(diesel::delete(
        deliveries::table.filter(
            deliveries::state
                .ne("pending")
                .and(deliveries::finished_at.lt(before)),
        ),
    )
    .execute(conn)
    .await?)
}
