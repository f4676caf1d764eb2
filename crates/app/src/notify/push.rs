//! Web Push: a player's browsers subscribe (their `PushSubscription`), and the dispatcher
//! sends them "your turn" from the notification outbox, encrypted to the browser's keys
//! (RFC 8291, `aes128gcm` of RFC 8188) and signed by this server's VAPID key (RFC 8292).
//! What is pushed, and when, follows the player's settings (see
//! [`crate::notify::settings`]); a `turn.started` or `hand.ended` only to a player not
//! watching the table (no stream or long-poll open on it on any process, see
//! [`crate::live::presence`]), a `turn.reminder` always. A push service's 404 or 410 removes the
//! subscription.

use std::sync::Arc;
use std::time::Instant;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use hmac::{KeyInit, Mac};
use p256::ecdsa::signature::Signer;
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::ids::PlayerId;
use crate::kernel::player::Authenticated;
use crate::kernel::player::hold_player;
use crate::notify::Cases;
use crate::notify::reply::{Reply, Sent};
use crate::store::outbox::Outbox;
use crate::store::players::Hold;
use crate::store::{self, push::Claimed, push::Subscription};
use crate::{AppError, ErrorCode};

/// This server's VAPID key pair (P-256), which push services know it by.
pub struct Vapid {
    key: p256::ecdsa::SigningKey,
    /// The public key, uncompressed (65 bytes).
    public: Vec<u8>,
}

impl std::fmt::Debug for Vapid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Vapid({})", self.public_key())
    }
}

/// Decodes base64url, with or without its padding.
fn base64url(text: &str) -> Result<Vec<u8>, base64::DecodeError> {
    URL_SAFE_NO_PAD.decode(text.trim().trim_end_matches('='))
}

impl Vapid {
    /// The key pair of a private key given as base64url of its 32 bytes (the form
    /// `BOURRE_VAPID_PRIVATE_KEY` takes, and web-push tools print).
    pub fn from_private(text: &str) -> Result<Vapid, String> {
        // No detail: it would quote the key.
        let bytes = base64url(text).map_err(|_| "not base64url".to_owned())?;
        let key = p256::ecdsa::SigningKey::from_slice(&bytes)
            .map_err(|_| "not a P-256 private key (32 bytes, base64url)".to_owned())?;
        let public = key.verifying_key().to_sec1_point(false).as_bytes().to_vec();
        Ok(Vapid { key, public })
    }

    /// A new key pair, and its private key as [`Vapid::from_private`] reads it.
    pub fn generate() -> (Vapid, String) {
        loop {
            let bytes: [u8; 32] = rand::random();
            let text = URL_SAFE_NO_PAD.encode(bytes);
            // Almost every 32 bytes is a key; the rest (zero, or past the order) is retried.
            if let Ok(vapid) = Vapid::from_private(&text) {
                return (vapid, text);
            }
        }
    }

    /// The public key as browsers take it for `applicationServerKey`: base64url of its
    /// 65 uncompressed bytes.
    pub fn public_key(&self) -> String {
        URL_SAFE_NO_PAD.encode(&self.public)
    }

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<key>`, the
    /// JWT (ES256) naming the push service's origin (`aud`), a 12-hour expiry and the
    /// operator's contact (`sub`).
    fn authorization(&self, endpoint: &reqwest::Url, subject: &str, now: i64) -> String {
        let audience = endpoint.origin().ascii_serialization();
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = URL_SAFE_NO_PAD
            .encode(json!({"aud": audience, "exp": now + 12 * 3600, "sub": subject}).to_string());
        let signed = format!("{header}.{claims}");
        let signature: p256::ecdsa::Signature = self.key.sign(signed.as_bytes());
        let token = format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()));
        format!("vapid t={token}, k={}", self.public_key())
    }
}

/// How Web Push is sent.
#[derive(Debug, Clone, Default)]
pub struct PushConfig {
    /// The VAPID key (`BOURRE_VAPID_PRIVATE_KEY`, or in the embedded default one generated
    /// into the data directory); without one there is no Web Push.
    pub vapid: Option<Arc<Vapid>>,
    /// Who push services may contact about this server's pushes: `mailto:` or `https:`
    /// (`BOURRE_VAPID_SUBJECT`).
    pub subject: String,
}

/// The default VAPID subject.
pub const DEFAULT_SUBJECT: &str = "mailto:operator@localhost";

/// The longest push service endpoint stored (as normalised).
const MAX_ENDPOINT: usize = 2000;

/// HMAC-SHA-256 of `parts` under `key`: HKDF's extract (`key` the salt) and, with a
/// trailing `0x01`, its first expanded block, which is all RFC 8291 needs.
fn hmac256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    // HMAC takes a key of any length: this never fails.
    let Ok(mut mac) = hmac::Hmac::<sha2::Sha256>::new_from_slice(key) else {
        return [0; 32];
    };
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// The record size announced in the header: one record holds any message here.
const RECORD_SIZE: u32 = 4096;

/// `plaintext` encrypted to a browser's `p256dh` key and `auth` secret (RFC 8291): the
/// `aes128gcm` header (salt, record size, this message's own public key) and one record.
pub fn encrypt(p256dh: &[u8], auth: &[u8], plaintext: &[u8]) -> Result<Vec<u8>, String> {
    use ring::{aead, agreement, rand::SystemRandom};
    let rng = SystemRandom::new();
    let mine = agreement::EphemeralPrivateKey::generate(&agreement::ECDH_P256, &rng)
        .map_err(|_| "no key")?;
    let my_public = mine.compute_public_key().map_err(|_| "no key")?;
    let my_public = my_public.as_ref().to_vec();
    let theirs = agreement::UnparsedPublicKey::new(&agreement::ECDH_P256, p256dh);
    let shared = agreement::agree_ephemeral(mine, &theirs, |secret| secret.to_vec())
        .map_err(|_| "the subscription's p256dh key is not a P-256 point")?;
    let prk_key = hmac256(auth, &[&shared]);
    let ikm = hmac256(&prk_key, &[b"WebPush: info\0", p256dh, &my_public, &[1]]);
    let salt: [u8; 16] = rand::random();
    let prk = hmac256(&salt, &[&ikm]);
    let cek = hmac256(&prk, &[b"Content-Encoding: aes128gcm\0", &[1]]);
    let nonce = hmac256(&prk, &[b"Content-Encoding: nonce\0", &[1]]);
    let key = aead::UnboundKey::new(&aead::AES_128_GCM, &cek[..16]).map_err(|_| "no key")?;
    let nonce = aead::Nonce::try_assume_unique_for_key(&nonce[..12]).map_err(|_| "no nonce")?;
    // The last (and only) record: the text, then its delimiter 0x02 (no padding).
    let mut record = plaintext.to_vec();
    record.push(2);
    aead::LessSafeKey::new(key)
        .seal_in_place_append_tag(nonce, aead::Aad::empty(), &mut record)
        .map_err(|_| "could not encrypt")?;
    let mut body = Vec::with_capacity(16 + 4 + 1 + my_public.len() + record.len());
    body.extend_from_slice(&salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(u8::try_from(my_public.len()).unwrap_or(65));
    body.extend_from_slice(&my_public);
    body.extend_from_slice(&record);
    Ok(body)
}

/// A notification as the outbox holds it, read for a push: its kind, what it says in the
/// player's language and time zone, its turn's deadline, and its table.
struct Notice {
    kind: String,
    words: crate::notify::push_texts::Words,
    deadline: Option<DateTime<Utc>>,
    note: Value,
}

impl Notice {
    fn read(body: &str, locale: Option<&str>, time_zone: Option<&str>) -> Result<Notice, String> {
        let note: Value = serde_json::from_str(body).map_err(|e| e.to_string())?;
        let kind = note["type"].as_str().unwrap_or_default().to_owned();
        let data = &note["data"];
        let deadline: Option<DateTime<Utc>> =
            data["deadline"].as_str().and_then(|d| d.parse().ok());
        use super::push_texts::{HandResult, Topic};
        let topic = match kind.as_str() {
            "turn.reminder" => Topic::Reminder(deadline),
            // A hand's end is told to every seat: the message names the one it is for.
            "hand.ended" => {
                Topic::HandEnded(HandResult::of(&data["settlement"], note["seat"].as_u64()))
            }
            "tournament.starting" => {
                Topic::TournamentStarting(data["starts_at"].as_str().and_then(|d| d.parse().ok()))
            }
            "tournament.round_started" => Topic::RoundStarted {
                round: data["round"].as_i64().unwrap_or_default(),
                seated: !data["table_id"].is_null(),
            },
            // Every entrant's place is in it: the message names the one it is for.
            "tournament.finished" => {
                let mine = data["players"]
                    .as_array()
                    .and_then(|all| all.iter().find(|p| p["player_id"] == note["player_id"]));
                Topic::TournamentFinished {
                    place: mine.and_then(|p| p["place"].as_i64()).unwrap_or_default(),
                    prize: mine.and_then(|p| p["prize"].as_i64()).unwrap_or_default(),
                }
            }
            _ => Topic::Turn,
        };
        let words = crate::notify::push_texts::words(
            topic,
            locale.and_then(crate::kernel::shown::Locale::stored),
            time_zone,
            data["table_name"]
                .as_str()
                .or(data["tournament_name"].as_str())
                .unwrap_or("the table"),
            data["hand_no"].as_i64().unwrap_or_default(),
        );
        Ok(Notice {
            kind,
            words,
            deadline,
            note,
        })
    }

    fn data(&self, name: &str) -> &Value {
        &self.note["data"][name]
    }

    /// The table's id (a tournament's news, the tournament's), simple (32 hex digits): one
    /// push per table replaces another.
    fn topic(&self) -> Option<String> {
        self.data("tournament_id")
            .as_str()
            .filter(|_| self.kind.starts_with("tournament."))
            .or(self.data("table_id").as_str())
            .and_then(|t| t.parse::<Uuid>().ok())
            .map(|t| t.simple().to_string())
    }

    /// Where a tap leads: the table (a round's news, the player's table there), or the
    /// tournament.
    fn url(&self) -> String {
        match self.data("table_id").as_str() {
            Some(table) => format!("/tables/{table}"),
            None => format!(
                "/tournaments/{}",
                self.data("tournament_id").as_str().unwrap_or_default()
            ),
        }
    }

    /// Seconds worth showing: until the turn's deadline (a day without one).
    fn ttl(&self) -> i64 {
        self.deadline.map_or(86_400, |at| {
            (at - Utc::now()).num_seconds().clamp(60, 86_400)
        })
    }

    /// The message a browser's service worker receives: what to show, and where to go.
    fn shown(&self) -> Value {
        json!({
            "type": self.kind,
            "title": self.words.title,
            "body": self.words.body,
            "url": self.url(),
            "table_id": self.data("table_id"),
            "league_id": self.data("league_id"),
            "hand_no": self.data("hand_no"),
            "deadline": self.data("deadline"),
            "timestamp": self.note["timestamp"],
        })
    }

    /// What an app receives with the words, as strings.
    fn app_data(&self) -> Vec<(&'static str, String)> {
        let text = |v: &Value| match v {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        };
        vec![
            ("type", self.kind.clone()),
            ("table_id", text(self.data("table_id"))),
            ("league_id", text(self.data("league_id"))),
            ("hand_no", text(self.data("hand_no"))),
            ("url", self.url()),
        ]
    }
}

/// The server's VAPID public key.
#[derive(Debug, Serialize, ToSchema)]
pub struct VapidKeyOut {
    /// Base64url of the 65-byte uncompressed P-256 key: a page passes it as
    /// `applicationServerKey` to `pushManager.subscribe`.
    #[schema(
        example = "BNbxGYNMhEIi9zrneh7mqV4oUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-Ro4N1ZHs-0rAGQwV7yA"
    )]
    pub public_key: String,
}

/// A browser's subscription, as stored.
#[derive(Debug, Serialize, ToSchema)]
pub struct PushSubscriptionOut {
    /// For `DELETE /v1/players/me/push-subscriptions/{subscription_id}`.
    pub id: Uuid,
    /// The push service's URL for the browser.
    pub endpoint: String,
    /// When it was stored.
    pub created_at: DateTime<Utc>,
    /// Whether the session of the request made it (each subscription ends with the
    /// session that made it: a logout, a password change, the session's expiry).
    pub this_session: bool,
}

impl PushSubscriptionOut {
    fn of(sub: Subscription, session: Uuid) -> PushSubscriptionOut {
        PushSubscriptionOut {
            id: sub.id,
            endpoint: sub.endpoint,
            created_at: sub.created_at,
            this_session: sub.session_id == session,
        }
    }
}

fn subscription_not_found() -> AppError {
    AppError::refused(
        ErrorCode::PushSubscriptionNotFound,
        "no such push subscription of yours",
    )
}

fn invalid(why: impl Into<String>) -> AppError {
    AppError::refused(ErrorCode::InvalidPushSubscription, why)
}

/// A key of a subscription, base64url, of exactly `len` bytes.
fn key_bytes(name: &str, text: &str, len: usize) -> Result<Vec<u8>, AppError> {
    let bytes = base64url(text).map_err(|_| invalid(format!("keys.{name}: not base64url")))?;
    if bytes.len() != len {
        return Err(invalid(format!(
            "keys.{name}: {} bytes, not {len}",
            bytes.len()
        )));
    }
    Ok(bytes)
}

impl Cases<'_> {
    fn vapid(&self) -> Result<&Arc<Vapid>, AppError> {
        self.config.push.vapid.as_ref().ok_or_else(|| {
            AppError::refused(
                ErrorCode::PushNotConfigured,
                "this server has no VAPID key (BOURRE_VAPID_PRIVATE_KEY): no Web Push",
            )
        })
    }

    /// The key browsers subscribe with.
    pub fn vapid_public_key(&self) -> Result<VapidKeyOut, AppError> {
        Ok(VapidKeyOut {
            public_key: self.vapid()?.public_key(),
        })
    }

    /// Subscribes the caller's browser for the caller's session (it ends with that
    /// session): its push service `endpoint` (checked like a webhook's URL), its `p256dh`
    /// key and `auth` secret (base64url). Subscribing an endpoint of the caller's again
    /// replaces it; another player's endpoint moves to the caller only with that
    /// subscription's own keys (the browser's, which only it knows), else 409
    /// `push_endpoint_taken`. A player keeps their latest [`store::push::PER_PLAYER`].
    pub async fn subscribe_push(
        &self,
        caller: Authenticated,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
    ) -> Result<PushSubscriptionOut, AppError> {
        self.vapid()?;
        let endpoint = self
            .check_url(endpoint)
            .map_err(|why| invalid(format!("endpoint: {why}")))?;
        // As normalised (percent-encoded), which is what is stored and indexed.
        if endpoint.len() > MAX_ENDPOINT {
            return Err(invalid(format!(
                "endpoint: at most {MAX_ENDPOINT} characters, percent-encoded"
            )));
        }
        let p256dh = key_bytes("p256dh", p256dh, 65)?;
        if p256::ecdsa::VerifyingKey::from_sec1_bytes(&p256dh).is_err() {
            return Err(invalid("keys.p256dh: not a P-256 public key"));
        }
        let auth = key_bytes("auth", auth, 16)?;
        let sub = Subscription {
            id: Uuid::new_v4(),
            player_id: caller.player.0,
            endpoint,
            p256dh,
            auth,
            created_at: Utc::now(),
            session_id: caller.session.0,
        };
        let mut conn = store::conn(&self.pool).await?;
        let stored = conn
            .transaction::<_, AppError, _>(async |conn| {
                // The player's subscriptions take turns: the bound holds in a burst, and
                // none appears once the account's deletion commits.
                hold_player(conn, caller.player, Hold::Exclusive).await?;
                let held = store::push::holder(conn, &sub.endpoint).await?;
                if let Some(held) = &held
                    && held.player_id != sub.player_id
                    && (held.p256dh != sub.p256dh || held.auth != sub.auth)
                {
                    return Err(AppError::refused(
                        ErrorCode::PushEndpointTaken,
                        "another player's browser holds this endpoint: it moves only with that \
                         subscription's own keys",
                    ));
                }
                if held.is_none_or(|held| held.player_id != sub.player_id) {
                    self.take_push_registration(conn, caller.player).await?;
                }
                Ok(store::push::subscribe(conn, &sub).await?)
            })
            .await?;
        Ok(PushSubscriptionOut::of(stored, caller.session.0))
    }

    /// The caller's push subscriptions, newest first.
    pub async fn push_subscriptions(
        &self,
        caller: Authenticated,
    ) -> Result<Vec<PushSubscriptionOut>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let subs = store::push::of_player(&mut conn, caller.player.0).await?;
        Ok(subs
            .into_iter()
            .map(|s| PushSubscriptionOut::of(s, caller.session.0))
            .collect())
    }

    /// Removes the caller's subscription `id`, or 404 `push_subscription_not_found`.
    pub async fn unsubscribe_push_id(&self, caller: PlayerId, id: Uuid) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        if store::push::unsubscribe_id(&mut conn, caller.0, id).await? {
            Ok(())
        } else {
            Err(subscription_not_found())
        }
    }

    /// Removes the caller's subscription of `endpoint`, or 404 `push_subscription_not_found`.
    pub async fn unsubscribe_push(&self, caller: PlayerId, endpoint: &str) -> Result<(), AppError> {
        let not_found = subscription_not_found;
        // Stored as normalised; what is not a URL was never stored.
        let endpoint = reqwest::Url::parse(endpoint.trim()).map_err(|_| not_found())?;
        let mut conn = store::conn(&self.pool).await?;
        if store::push::unsubscribe(&mut conn, caller.0, endpoint.as_str()).await? {
            Ok(())
        } else {
            Err(not_found())
        }
    }

    /// One attempt at push message `push`: dropped when it was held for quiet hours and its
    /// turn is over, delivered (or refused for good) and deleted,
    /// its subscription or device removed when its push service says it is gone (404 or
    /// 410), or retried with backoff (no sooner than a `Retry-After`) for a day.
    #[tracing::instrument(target = "bourre::app", name = "push", skip_all)]
    pub(crate) async fn push(
        &self,
        client: &reqwest::Client,
        push: Claimed,
    ) -> Result<(), AppError> {
        let started = Instant::now();
        let channel = if push.device_id.is_some() {
            "device"
        } else {
            "push"
        };
        if !push.current {
            // Its turn ended, or its deadline moved, during the quiet hours.
            crate::kernel::metrics::attempt(channel, "stale");
            let mut conn = store::conn(&self.pool).await?;
            store::outbox::finish(&mut conn, Outbox::Push, push.id, push.attempts, None).await?;
            return Ok(());
        }
        let outcome = match push.device_id {
            Some(_) => self.send_native(&push).await,
            None => self.send_push(client, &push).await,
        };
        let mut conn = store::conn(&self.pool).await?;
        let delivered = matches!(&outcome, Ok(reply) if (200..300).contains(&reply.status));
        let mut not_before = None;
        let retry = match outcome {
            Ok(reply) if (200..300).contains(&reply.status) => {
                if let Some(device) = push.device_id {
                    store::devices::used(&mut conn, device).await?;
                }
                None
            }
            Ok(Reply {
                status: 404 | 410, ..
            }) => {
                crate::kernel::metrics::attempt(channel, "removed");
                match (push.subscription_id, push.device_id) {
                    (Some(subscription), _) => store::push::remove(&mut conn, subscription).await?,
                    (_, Some(device)) => store::devices::remove(&mut conn, device).await?,
                    (None, None) => {}
                }
                return Ok(());
            }
            Ok(reply) if reply.status == 429 || reply.status >= 500 => {
                not_before = reply.retry_after;
                Some(format!("HTTP {}", reply.status))
            }
            Ok(reply) => {
                crate::kernel::obs::warn(
                    "a push service refused a message",
                    json!({"status": reply.status, "kind": kind_of(&push.body), "channel": channel}),
                );
                None
            }
            Err(Sent::Never(why)) => {
                crate::kernel::obs::warn(
                    "a push message was not sent",
                    json!({"cause": why, "channel": channel}),
                );
                None
            }
            Err(Sent::Failed(why)) => Some(why),
        };
        let retry_at = retry.and_then(|why| {
            let at = self.retry_at(push.created_at, push.attempts);
            if at.is_none() {
                crate::kernel::obs::warn(
                    "a push message failed for a day",
                    json!({"cause": why, "kind": kind_of(&push.body), "channel": channel,
                           "took_ms": started.elapsed().as_millis() as u64}),
                );
            }
            // A push service that said when to come back is not asked sooner.
            at.map(|at| match not_before {
                Some(secs) => {
                    at.max(Utc::now() + chrono::Duration::seconds(secs.min(86_400) as i64))
                }
                None => at,
            })
        });
        let result = match retry_at {
            _ if delivered => "delivered",
            Some(_) => "retried",
            None => "failed",
        };
        crate::kernel::metrics::attempt(channel, result);
        store::outbox::finish(&mut conn, Outbox::Push, push.id, push.attempts, retry_at).await?;
        if let Some(at) = retry_at {
            self.look_again(at);
        }
        Ok(())
    }

    /// Sends Web Push message `push`: the push service's status, or why there was none.
    async fn send_push(&self, client: &reqwest::Client, push: &Claimed) -> Result<Reply, Sent> {
        let (Some(endpoint), Some(p256dh), Some(auth)) = (&push.endpoint, &push.p256dh, &push.auth)
        else {
            return Err(Sent::Never("the subscription is gone".into()));
        };
        let vapid = self.vapid().map_err(|e| Sent::Never(e.to_string()))?;
        let endpoint = self.check_url(endpoint).map_err(Sent::Never)?;
        let url = reqwest::Url::parse(&endpoint).map_err(|e| Sent::Never(e.to_string()))?;
        let notice = Notice::read(
            &push.body,
            push.locale.as_deref(),
            push.time_zone.as_deref(),
        )
        .map_err(Sent::Never)?;
        let text = notice.shown().to_string();
        let body = encrypt(p256dh, auth, text.as_bytes()).map_err(Sent::Never)?;
        let now = Utc::now();
        let mut request = client
            .post(url.clone())
            .header("content-encoding", "aes128gcm")
            .header("content-type", "application/octet-stream")
            .header("ttl", notice.ttl().to_string())
            .header("urgency", "high")
            .header(
                "authorization",
                vapid.authorization(&url, &self.config.push.subject, now.timestamp()),
            )
            .body(body);
        // A newer "your turn" at the same table replaces one not yet delivered.
        if let Some(topic) = notice.topic() {
            request = request.header("topic", topic);
        }
        match request.send().await {
            Ok(response) => Ok(Reply::of(&response)),
            // Without the endpoint: whoever has it may push to the browser.
            Err(e) => Err(Sent::Failed(crate::notify::dispatcher::cause(
                &e.without_url(),
            ))),
        }
    }

    /// Sends push message `push` to its device, through FCM or APNs.
    async fn send_native(&self, push: &Claimed) -> Result<Reply, Sent> {
        let (Some(platform), Some(token)) = (&push.platform, &push.token) else {
            return Err(Sent::Never("the device is gone".into()));
        };
        let notice = Notice::read(
            &push.body,
            push.locale.as_deref(),
            push.time_zone.as_deref(),
        )
        .map_err(Sent::Never)?;
        let data = notice.app_data();
        let collapse = notice.topic().unwrap_or_default();
        let message = crate::notify::native::Push {
            words: &notice.words,
            data: &data,
            collapse: &collapse,
            ttl: notice.ttl(),
        };
        let native = &self.config.native;
        match platform.as_str() {
            "fcm" => match &native.fcm {
                Some(fcm) => fcm.send(&native.client, token, &message).await,
                None => Err(Sent::Never("FCM is not configured".into())),
            },
            _ => match &native.apns {
                Some(apns) => apns.send(&native.client, token, &message).await,
                None => Err(Sent::Never("APNs is not configured".into())),
            },
        }
    }
}

fn kind_of(body: &str) -> String {
    serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| v["type"].as_str().map(str::to_owned))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE;

    #[test]
    fn a_vapid_key_reads_back_and_signs() {
        let (vapid, private) = Vapid::generate();
        let again = Vapid::from_private(&private).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(vapid.public_key(), again.public_key());
        assert_eq!(base64url(&vapid.public_key()).map(|k| k.len()), Ok(65));
        let url = reqwest::Url::parse("https://push.example.net/send/abc").unwrap_or_else(|e| {
            panic!("{e}");
        });
        let header = vapid.authorization(&url, DEFAULT_SUBJECT, 1_700_000_000);
        let token = header
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split(", k=").next())
            .unwrap_or_default();
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3, "{header}");
        let claims: Value =
            serde_json::from_slice(&base64url(parts[1]).unwrap_or_default()).unwrap_or_default();
        assert_eq!(claims["aud"], "https://push.example.net");
        assert_eq!(claims["exp"], 1_700_000_000 + 12 * 3600);
        use p256::ecdsa::signature::Verifier;
        let signature =
            p256::ecdsa::Signature::from_slice(&base64url(parts[2]).unwrap_or_default())
                .unwrap_or_else(|e| panic!("{e}"));
        let public = p256::ecdsa::VerifyingKey::from_sec1_bytes(&vapid.public)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            public
                .verify(format!("{}.{}", parts[0], parts[1]).as_bytes(), &signature)
                .is_ok()
        );
        assert!(Vapid::from_private("not a key").is_err());
        assert!(Vapid::from_private(&URL_SAFE.encode([0u8; 32])).is_err());
    }

    #[test]
    fn a_message_has_the_aes128gcm_header_and_one_record() {
        let (browser, _) = Vapid::generate();
        let body = encrypt(&browser.public, &[7; 16], b"hello").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&body[16..20], &RECORD_SIZE.to_be_bytes());
        assert_eq!(body[20], 65);
        assert_eq!(body[21], 4, "an uncompressed key");
        // The text, its delimiter and the tag.
        assert_eq!(body.len(), 16 + 4 + 1 + 65 + 5 + 1 + 16);
        assert!(encrypt(&[4; 65], &[7; 16], b"hello").is_err());
    }
}
