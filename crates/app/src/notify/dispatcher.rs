//! The outbox's dispatcher, in every server process: it hands due notifications out as
//! deliveries, takes due deliveries with `FOR UPDATE SKIP LOCKED` under a lease (any number
//! of processes share the work, none sends a row another holds), and sends them as
//! Standard Webhooks: `webhook-id` (the same on every attempt), `webhook-timestamp`,
//! `webhook-signature` (`v1,` + base64 of HMAC-SHA256 over `id.timestamp.body`), and Web
//! Push messages (see [`crate::notify::push`]) and mail (see [`crate::identity::mail`]) the same way. A failed attempt is retried with
//! exponential backoff and jitter for a day, then marked failed.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::Utc;
use hmac::{KeyInit, Mac};
use rand::RngExt;

use crate::notify::Cases;
use crate::notify::reachable::public_address;
use crate::store::webhooks::{Claimed, InFlight, Outcome};
use crate::store::{self};
use crate::{App, AppError};

/// How webhooks are sent.
#[derive(Debug, Clone)]
pub struct WebhookConfig {
    /// `http://` endpoints too (`BOURRE_WEBHOOK_ALLOW_HTTP=1`); https only by default.
    pub allow_http: bool,
    /// Loopback, private, link-local and metadata addresses too
    /// (`BOURRE_WEBHOOK_ALLOW_PRIVATE=1`).
    pub allow_private: bool,
    /// How long before a turn's deadline its `turn.reminder` goes out
    /// (`BOURRE_REMINDER_SECS`).
    pub remind_before: Duration,
    /// The first retry's delay; each next one doubles, up to an hour
    /// (`BOURRE_WEBHOOK_RETRY_MS`).
    pub retry_base: Duration,
}

impl Default for WebhookConfig {
    fn default() -> WebhookConfig {
        WebhookConfig {
            allow_http: false,
            allow_private: false,
            remind_before: Duration::from_secs(3600),
            retry_base: Duration::from_secs(5),
        }
    }
}

/// How long an endpoint has to answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a taken delivery is this process's: longer than an attempt can take.
const LEASE_SECS: i64 = 30;
/// How long a delivery is retried before it is marked failed.
const RETRY_FOR: chrono::Duration = chrono::Duration::hours(24);
/// The longest wait between two attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(3600);
/// Most deliveries one process sends at once.
pub const SENDING: usize = 32;
/// Most deliveries in flight at once, over every process, to one endpoint and to one
/// league's endpoints together: a slow or dead receiver (or a league of them) takes no more
/// than its share of the places, and delays only its own deliveries.
pub const IN_FLIGHT: InFlight = InFlight {
    per_endpoint: 4,
    per_league: 8,
};
/// The shortest wait between two rounds that found nothing: a commit of this process (which
/// may have written notifications) or a retry coming due wakes the dispatcher no sooner.
const IDLE: Duration = Duration::from_millis(200);
/// The longest: each round that finds nothing doubles the wait, up to this. It bounds how
/// late a reminder, a retry or another process's notification can be seen.
const IDLE_MAX: Duration = Duration::from_secs(2);

/// Resolves endpoints' names, keeping only the addresses they may be sent to: the check is
/// on the addresses actually connected to, after DNS.
struct Guarded {
    allow_private: bool,
}

impl reqwest::dns::Resolve for Guarded {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let found = tokio::net::lookup_host((name.as_str(), 0)).await?;
            let kept: Vec<SocketAddr> = found
                .filter(|a| allow_private || public_address(a.ip()))
                .collect();
            if kept.is_empty() {
                return Err(format!(
                    "{} has no address webhooks may be sent to (private, loopback or \
                     link-local; see BOURRE_WEBHOOK_ALLOW_PRIVATE)",
                    name.as_str()
                )
                .into());
            }
            Ok(Box::new(kept.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// A client builder that trusts the machine's roots (with `ring`) and those of
/// `extra_roots` (PEM), follows no redirect, uses no proxy and gives up after `timeout`;
/// with `http2`, it offers HTTP/2 to servers (by ALPN).
fn builder(
    timeout: Duration,
    extra_roots: &[u8],
    http2: bool,
) -> Result<reqwest::ClientBuilder, String> {
    use rustls::pki_types::pem::PemObject;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut roots = roots();
    for cert in rustls::pki_types::CertificateDer::pem_slice_iter(extra_roots) {
        roots
            .add(cert.map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    }
    let mut tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    if http2 {
        tls.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    }
    Ok(reqwest::Client::builder()
        .tls_backend_preconfigured(tls)
        .redirect(reqwest::redirect::Policy::none())
        // For webhooks, also: a proxy would resolve the name itself, past the guard.
        .no_proxy()
        .timeout(timeout)
        .user_agent("bourre"))
}

/// The HTTP client webhooks are sent with: no redirects, a 10 s timeout, guarded DNS.
pub fn client(config: &WebhookConfig) -> Result<reqwest::Client, String> {
    builder(TIMEOUT, &[], false)?
        .dns_resolver(Arc::new(Guarded {
            allow_private: config.allow_private,
        }))
        .build()
        .map_err(|e| e.to_string())
}

/// An HTTP client for addresses the operator configured (OpenID providers, push
/// services): as [`client`], without the guard on private addresses, also trusting
/// `extra_roots` (PEM), and with `http2` offering HTTP/2.
pub fn plain_client(
    timeout: Duration,
    extra_roots: &[u8],
    http2: bool,
) -> Result<reqwest::Client, String> {
    builder(timeout, extra_roots, http2)?
        .build()
        .map_err(|e| e.to_string())
}

/// The machine's trusted roots (Debian's `/etc/ssl/certs`).
fn roots() -> rustls::RootCertStore {
    let mut store = rustls::RootCertStore::empty();
    let bundle = std::fs::read("/etc/ssl/certs/ca-certificates.crt").unwrap_or_default();
    use rustls::pki_types::pem::PemObject;
    for cert in rustls::pki_types::CertificateDer::pem_slice_iter(&bundle).flatten() {
        let _ = store.add(cert);
    }
    store
}

/// The `webhook-signature` of `body` sent as message `id` at `timestamp` (seconds), with
/// `secret` (`whsec_` + base64).
pub fn signature(secret: &str, id: &str, timestamp: i64, body: &str) -> String {
    let key = STANDARD
        .decode(secret.trim_start_matches("whsec_"))
        .unwrap_or_default();
    // HMAC takes a key of any length: this never fails.
    let Ok(mut mac) = hmac::Hmac::<sha2::Sha256>::new_from_slice(&key) else {
        return String::new();
    };
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

/// The wait before attempt `attempt + 1`: `base` doubled per attempt, at most an hour, less
/// up to a fifth at random (so endpoints that fail together are not retried together).
fn backoff(base: Duration, attempt: i32) -> Duration {
    let doubled = base.saturating_mul(1 << attempt.clamp(1, 20).saturating_sub(1));
    let wait = doubled.min(MAX_BACKOFF);
    wait.mul_f64(1.0 - rand::rng().random_range(0.0..0.2))
}

impl Cases<'_> {
    /// When a message made at `created_at` whose attempt `attempt` failed is tried again:
    /// after [`backoff`], until a day has gone by (the last attempt at the end of that
    /// day); `None` once it has.
    pub(crate) fn retry_at(
        &self,
        created_at: chrono::DateTime<Utc>,
        attempt: i32,
    ) -> Option<chrono::DateTime<Utc>> {
        let now = Utc::now();
        let until = created_at + RETRY_FOR;
        let wait = backoff(self.config.webhooks.retry_base, attempt);
        let at = (now + chrono::Duration::from_std(wait).unwrap_or(chrono::Duration::hours(1)))
            .min(until);
        (now < until).then_some(at)
    }

    /// Has the dispatcher look again at `at`, when a message's retry is due sooner than an
    /// idle dispatcher would.
    pub(crate) fn look_again(&self, at: chrono::DateTime<Utc>) {
        let Ok(wait) = (at - Utc::now()).to_std() else {
            self.outbox.notify_one();
            return;
        };
        if wait < IDLE_MAX {
            let outbox = self.outbox.clone();
            tokio::task::spawn_local(async move {
                tokio::time::sleep(wait).await;
                outbox.notify_one();
            });
        }
    }

    /// One round: due notifications handed out, and as many due deliveries taken as there
    /// are free `slots`, each sent in a task of its own; how many were taken. With `probe`,
    /// one statement first asks whether anything is due, and the round ends there if not.
    async fn dispatch(
        &self,
        client: &reqwest::Client,
        slots: &Arc<tokio::sync::Semaphore>,
        probe: bool,
    ) -> Result<usize, AppError> {
        let remind =
            i64::try_from(self.config.webhooks.remind_before.as_secs()).unwrap_or(i64::MAX);
        let free = slots.available_permits();
        let claimed = {
            let mut conn = store::conn(&self.pool).await?;
            if probe && !store::webhooks::anything_due(&mut conn).await? {
                return Ok(0);
            }
            store::webhooks::hand_out(&mut conn, 200, remind).await?;
            if free == 0 {
                return Ok(0);
            }
            // A quarter of the free slots are mail's first, then half of the rest the
            // pushes', so no kind of message can hold up another for long.
            let mails = if self.config.mail.is_some() {
                store::mail::claim(&mut conn, free.div_ceil(4) as i64, LEASE_SECS).await?
            } else {
                Vec::new()
            };
            let left = free.saturating_sub(mails.len());
            let pushes = store::push::claim(&mut conn, left.div_ceil(2) as i64, LEASE_SECS).await?;
            let left = left.saturating_sub(pushes.len());
            let hooks = store::webhooks::claim(
                &mut conn,
                left as i64,
                LEASE_SECS,
                IN_FLIGHT,
                self.config.operator.as_ref(),
            )
            .await?;
            (hooks, pushes, mails)
        };
        let (hooks, pushes, mails) = claimed;
        let taken = hooks.len() + pushes.len() + mails.len();
        let sends = hooks
            .into_iter()
            .map(Send::Webhook)
            .chain(pushes.into_iter().map(Send::Push))
            .chain(mails.into_iter().map(Send::Mail));
        for send in sends {
            let Ok(slot) = slots.clone().acquire_owned().await else {
                break;
            };
            let (app, client) = (self.0.clone(), client.clone());
            tokio::task::spawn_local(async move {
                let sent = match send {
                    Send::Webhook(delivery) => app.notify().deliver(&client, delivery).await,
                    Send::Push(push) => app.notify().push(&client, push).await,
                    Send::Mail(mail) => app.notify().send_mail(mail).await,
                };
                if let Err(e) = sent {
                    crate::kernel::obs::warn(
                        "dispatcher",
                        serde_json::json!({"cause": e.to_string()}),
                    );
                }
                drop(slot);
            });
        }
        Ok(taken)
    }

    /// One attempt of `delivery`, and its record. An endpoint the settings no longer allow
    /// (http, or a private address, since turned off), or whose owner is no longer an admin
    /// of its league, fails the delivery at once.
    #[tracing::instrument(target = "bourre::app", name = "webhook_delivery", skip_all, fields(delivery = %delivery.id))]
    async fn deliver(&self, client: &reqwest::Client, delivery: Claimed) -> Result<(), AppError> {
        let started = Instant::now();
        let timestamp = Utc::now().timestamp();
        let allowed = if delivery.active {
            self.check_url(&delivery.url)
        } else {
            Err(
                "its owner is no longer an admin of the league (an admin takes it over, or \
                 removes it)"
                    .to_owned(),
            )
        };
        let refused = allowed.is_err();
        let (status, error, ok) = match allowed {
            Err(why) => (None, Some(format!("not sent: {why}")), false),
            Ok(url) => {
                let sent = client
                    .post(url)
                    .header("content-type", "application/json")
                    .header("webhook-id", &delivery.id)
                    .header("webhook-timestamp", timestamp.to_string())
                    .header(
                        "webhook-signature",
                        signature(&delivery.secret, &delivery.id, timestamp, &delivery.body),
                    )
                    .body(delivery.body.clone())
                    .send()
                    .await;
                match sent {
                    Ok(response) => (
                        Some(i32::from(response.status().as_u16())),
                        None,
                        response.status().is_success(),
                    ),
                    Err(e) => (None, Some(cause(&e)), false),
                }
            }
        };
        let took_ms = i32::try_from(started.elapsed().as_millis()).unwrap_or(i32::MAX);
        let retry_at = self.retry_at(delivery.created_at, delivery.attempts);
        let state = match retry_at {
            _ if ok => "delivered",
            Some(_) if !refused => "pending",
            _ => "failed",
        };
        crate::kernel::metrics::attempt(
            "webhook",
            if state == "pending" { "retried" } else { state },
        );
        let mut conn = store::conn(&self.pool).await?;
        store::webhooks::record(
            &mut conn,
            &delivery.id,
            delivery.attempts,
            &Outcome {
                status,
                error: error.as_deref(),
                took_ms,
                state,
                retry_at: retry_at.unwrap_or_else(Utc::now),
            },
        )
        .await?;
        if let (Some(at), "pending") = (retry_at, state) {
            self.look_again(at);
        }
        Ok(())
    }
}

impl App {
    /// Hands out and sends notifications until the process drains: up to
    /// [`SENDING`] deliveries at once, each in a task of its own, so a slow endpoint holds
    /// up only its own.
    pub async fn dispatch_forever(self) {
        let client = match client(&self.config.webhooks) {
            Ok(client) => client,
            Err(e) => {
                crate::kernel::obs::warn(
                    "webhooks: no HTTP client",
                    serde_json::json!({"cause": e}),
                );
                return;
            }
        };
        let slots = self.sending.clone();
        let mut idle = IDLE;
        let mut probe = true;
        // A draining process takes no new message: those it sends finish (see `cli::serve`),
        // and what is due is another process's.
        while self.drain.stage() == crate::kernel::drain::Stage::Serving {
            if slots.available_permits() == 0 {
                // Every slot is sending: nothing to take until one is free.
                drop(slots.acquire().await);
            }
            let taken = self
                .notify()
                .dispatch(&client, &slots, probe)
                .await
                .unwrap_or_else(|e| {
                    crate::kernel::obs::warn(
                        "dispatcher",
                        serde_json::json!({"cause": e.to_string()}),
                    );
                    0
                });
            // After a round that took something there may be more: the next one takes it
            // at once, without probing first.
            probe = taken == 0;
            if !probe {
                idle = IDLE;
                continue;
            }
            tokio::time::sleep(IDLE).await;
            tokio::select! {
                () = tokio::time::sleep(idle.saturating_sub(IDLE)) => {
                    idle = idle.saturating_mul(2).min(IDLE_MAX);
                }
                () = self.outbox.notified() => idle = IDLE,
                () = self.drain.reached(crate::kernel::drain::Stage::Draining) => {}
            }
        }
    }
}

/// One message to send.
enum Send {
    Webhook(Claimed),
    Push(store::push::Claimed),
    Mail(store::mail::Claimed),
}

/// Why a request failed, with its causes.
pub(crate) fn cause(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(inner) = source {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        source = inner.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_follow_standard_webhooks() {
        // The example of the Standard Webhooks specification's reference libraries.
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            signature(secret, id, 1614265330, body),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }
}
