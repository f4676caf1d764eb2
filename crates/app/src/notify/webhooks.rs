//! A league's webhook endpoints (admins): add one (its signing secret shown once), list
//! them, remove one, take over one whose owner is no longer an admin, and see an
//! endpoint's deliveries with each attempt's result.

pub use crate::store::webhooks::Operator;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::ids::{LeagueId, PlayerId};
use crate::kernel::paging::{bad_cursor, next, parse_micros, time_cursor};
use crate::kernel::player::hold_player;
use crate::leagues::admin::require_admin;
use crate::leagues::history::{self as history, HistoryKind};
use crate::leagues::{ensure_league_open, lock_league};
use crate::notify::Cases;
use crate::notify::reachable::public_address;
use crate::store::players::Hold;
use crate::store::{self, webhooks::Webhook};
use crate::table::notices::NotificationKind;
use crate::{AppError, ErrorCode};

/// Most endpoints one league may have.
const MAX_PER_LEAGUE: i64 = 10;

/// An endpoint as its league's admins see it (never its secret, but when made).
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookOut {
    /// The endpoint's id.
    pub id: Uuid,
    /// The league whose notifications it gets.
    pub league_id: Uuid,
    /// Where the notifications are posted.
    pub url: String,
    /// The kinds of notification sent to it.
    pub events: Vec<String>,
    /// When it was made.
    pub created_at: DateTime<Utc>,
    /// The admin who made it, or took it over last: its owner.
    pub created_by: Uuid,
    /// Whether it is sent to: false once its owner is no longer an admin of the league
    /// (demoted, removed, or their account deleted). Then nothing is sent to it (deliveries
    /// still pending fail) until an admin takes it over (`POST .../take-over`) or removes
    /// it.
    pub active: bool,
    /// The signing secret (`whsec_` + base64, Standard Webhooks): in the answer that made
    /// the endpoint, or took it over, only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub secret: Option<String>,
}

impl WebhookOut {
    fn of(hook: Webhook, active: bool, with_secret: bool) -> WebhookOut {
        WebhookOut {
            id: hook.id,
            league_id: hook.league_id,
            url: hook.url,
            events: hook.events,
            created_at: hook.created_at,
            created_by: hook.created_by,
            active,
            secret: with_secret.then_some(hook.secret),
        }
    }
}

/// A new signing secret: `whsec_` + base64 of 24 random bytes.
fn new_secret() -> String {
    let key: [u8; 24] = rand::random();
    format!("whsec_{}", STANDARD.encode(key))
}

/// One attempt at a delivery.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptOut {
    /// The attempt's number, from 1.
    pub attempt: i32,
    /// When the attempt was recorded, once it was over.
    pub at: DateTime<Utc>,
    /// The endpoint's HTTP status; null when it could not be reached.
    pub status: Option<i32>,
    /// Why it could not be reached.
    pub error: Option<String>,
    /// How long the attempt took, in milliseconds.
    pub took_ms: i32,
}

/// A message to an endpoint and what became of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryOut {
    /// The `webhook-id` header (the same on every attempt).
    pub id: String,
    /// The notification's kind.
    #[schema(example = "turn.started")]
    pub kind: String,
    /// `pending`, `delivered` or `failed` (after a day of retries).
    pub state: String,
    /// When the message was queued.
    pub created_at: DateTime<Utc>,
    /// When the next attempt is due, while pending.
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// When it was delivered or failed; null while pending.
    pub finished_at: Option<DateTime<Utc>>,
    /// The body sent: `{type, timestamp, data}`.
    #[schema(value_type = Object)]
    pub body: serde_json::Value,
    /// Every attempt so far, in order.
    pub attempts: Vec<AttemptOut>,
}

/// A page of deliveries, newest first; `next_cursor` is the `after` of the next page.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveriesPage {
    /// The deliveries, newest first.
    pub deliveries: Vec<DeliveryOut>,
    /// The `after` of the next page; null when this page is not full (the last).
    pub next_cursor: Option<String>,
}

/// A delivery's place in the list, as a cursor: `<microseconds>~<id>` (made by
/// [`time_cursor`]).
fn parse_cursor(text: &str) -> Result<(DateTime<Utc>, String), AppError> {
    let (micros, id) = text.split_once('~').ok_or_else(bad_cursor)?;
    let hex = id.strip_prefix("msg_").unwrap_or("");
    let made = hex.len() == 32 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if !made {
        return Err(bad_cursor());
    }
    Ok((parse_micros(micros)?, id.to_owned()))
}

fn invalid(why: impl Into<String>) -> AppError {
    AppError::refused(ErrorCode::InvalidWebhook, why)
}

fn not_found() -> AppError {
    AppError::refused(ErrorCode::WebhookNotFound, "no such webhook in this league")
}

impl Cases<'_> {
    /// Checks an endpoint's address (a webhook's, or a push subscription's): https (or http
    /// when allowed), a host, no credentials, and not a private address when it is one
    /// already; why not, when not. The dispatcher checks it again before each attempt (the
    /// settings may have changed), and checks names after DNS.
    pub(crate) fn check_url(&self, text: &str) -> Result<String, String> {
        let url =
            reqwest::Url::parse(text.trim()).map_err(|e| format!("not an absolute URL ({e})"))?;
        let config = &self.config.webhooks;
        match url.scheme() {
            "https" => {}
            "http" if config.allow_http => {}
            "http" => return Err("https only (http needs BOURRE_WEBHOOK_ALLOW_HTTP=1)".into()),
            other => return Err(format!("{other} is not http(s)")),
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err("no credentials in the URL".into());
        }
        let Some(host) = url.host_str() else {
            return Err("no host".into());
        };
        let ip = host
            .trim_matches(['[', ']'])
            .parse::<std::net::IpAddr>()
            .ok();
        if ip.is_some_and(|ip| !config.allow_private && !public_address(ip)) {
            return Err(
                "a loopback, private or link-local address (allowed only with \
                        BOURRE_WEBHOOK_ALLOW_PRIVATE=1)"
                    .into(),
            );
        }
        Ok(url.to_string())
    }

    /// Adds an endpoint to the league (admins) for `events`.
    pub async fn add_webhook(
        &self,
        caller: PlayerId,
        league: LeagueId,
        url: &str,
        events: &[NotificationKind],
    ) -> Result<WebhookOut, AppError> {
        let url = self
            .check_url(url)
            .map_err(|why| invalid(format!("url: {why}")))?;
        let mut kinds: Vec<String> = Vec::new();
        for kind in events {
            if !kinds.iter().any(|k| k == kind.as_str()) {
                kinds.push(kind.as_str().to_owned());
            }
        }
        if kinds.is_empty() {
            return Err(invalid("events: at least one"));
        }
        let hook = Webhook {
            id: Uuid::new_v4(),
            league_id: league.0,
            url,
            events: kinds,
            secret: new_secret(),
            created_by: caller.0,
            created_at: Utc::now(),
        };
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            hold_player(conn, caller, Hold::Shared).await?;
            // Additions to one league take turns on its row: the count holds until the
            // insert commits, however many arrive at once.
            ensure_league_open(&lock_league(conn, league).await?)?;
            require_admin(conn, league, caller).await?;
            if store::webhooks::count_of_league(conn, league.0).await? >= MAX_PER_LEAGUE {
                return Err(invalid(format!(
                    "a league has at most {MAX_PER_LEAGUE} webhooks: remove one first"
                )));
            }
            store::webhooks::insert(conn, &hook).await?;
            Ok(())
        })
        .await?;
        Ok(WebhookOut::of(hook, true, true))
    }

    /// Takes over an endpoint whose owner is no longer an admin (admins): the caller owns
    /// it, it is sent to again, with a new signing secret (shown in this answer only: the
    /// former owner knew the old one). The league's history says so. 409 `webhook_active`
    /// while its owner is still an admin.
    pub async fn take_over_webhook(
        &self,
        caller: PlayerId,
        league: LeagueId,
        id: Uuid,
    ) -> Result<WebhookOut, AppError> {
        let secret = new_secret();
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            require_admin(conn, league, caller).await?;
            lock_league(conn, league).await?;
            let (hook, active) = store::webhooks::of_league(conn, league.0)
                .await?
                .into_iter()
                .find(|(h, _)| h.id == id)
                .ok_or_else(not_found)?;
            if active {
                return Err(AppError::refused(
                    ErrorCode::WebhookActive,
                    "its owner is still an admin of the league: only an endpoint whose owner is \
                     not is taken over",
                ));
            }
            store::webhooks::take_over(conn, league.0, id, caller.0, &secret).await?;
            history::record(
                conn,
                league,
                HistoryKind::WebhookTakenOver,
                Some(caller),
                Some(caller),
                json!({"webhook_id": id, "from": hook.created_by}),
            )
            .await?;
            let hook = Webhook {
                created_by: caller.0,
                secret: secret.clone(),
                ..hook
            };
            Ok(WebhookOut::of(hook, true, true))
        })
        .await
    }

    /// The league's endpoints (admins).
    pub async fn webhooks(
        &self,
        caller: PlayerId,
        league: LeagueId,
    ) -> Result<Vec<WebhookOut>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        require_admin(&mut conn, league, caller).await?;
        let hooks = store::webhooks::of_league(&mut conn, league.0).await?;
        Ok(hooks
            .into_iter()
            .map(|(h, active)| WebhookOut::of(h, active, false))
            .collect())
    }

    /// Removes an endpoint (admins): nothing more is sent to it.
    pub async fn remove_webhook(
        &self,
        caller: PlayerId,
        league: LeagueId,
        id: Uuid,
    ) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        require_admin(&mut conn, league, caller).await?;
        if store::webhooks::delete(&mut conn, league.0, id).await? {
            Ok(())
        } else {
            Err(not_found())
        }
    }

    /// An endpoint's deliveries, newest first (admins), `limit` a page (see
    /// `api::leagues::page_limit`).
    pub async fn deliveries(
        &self,
        caller: PlayerId,
        league: LeagueId,
        id: Uuid,
        after: Option<&str>,
        limit: i64,
    ) -> Result<DeliveriesPage, AppError> {
        let before = after.map(parse_cursor).transpose()?;
        let mut conn = store::conn(&self.pool).await?;
        require_admin(&mut conn, league, caller).await?;
        store::webhooks::find(&mut conn, league.0, id)
            .await?
            .ok_or_else(not_found)?;
        let rows = store::webhooks::deliveries_of(&mut conn, id, before, limit).await?;
        let next_cursor = next(&rows, limit, |(d, _)| time_cursor(d.created_at, &d.id));
        let deliveries = rows
            .into_iter()
            .map(|(d, attempts)| DeliveryOut {
                next_attempt_at: (d.state == "pending").then_some(d.next_at),
                body: serde_json::from_str(&d.body).unwrap_or(serde_json::Value::Null),
                id: d.id,
                kind: d.kind,
                state: d.state,
                created_at: d.created_at,
                finished_at: d.finished_at,
                attempts: attempts
                    .into_iter()
                    .map(|a| AttemptOut {
                        attempt: a.attempt,
                        at: a.at,
                        status: a.status,
                        error: a.error,
                        took_ms: a.took_ms,
                    })
                    .collect(),
            })
            .collect();
        Ok(DeliveriesPage {
            deliveries,
            next_cursor,
        })
    }
}
