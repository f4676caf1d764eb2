//! Idempotency keys: the key, the response and the effects commit in one transaction, so a
//! retried request returns the stored response and changes nothing.

pub use crate::store::events::canonical_json;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::kernel::error::AppError;
use crate::kernel::error::ErrorCode;
use crate::kernel::ids::PlayerId;
use crate::store::Conn;
use crate::store::idempotency as store_idempotency;

/// How long a key is remembered.
pub const KEY_TTL_HOURS: i64 = 24;
/// Longest key accepted.
pub const MAX_KEY_LEN: usize = 200;

/// A client's key and a fingerprint of the request it was sent with, and how many replies
/// its player may have stored (see [`crate::Quotas::keys_per_day`]).
#[derive(Debug, Clone)]
pub struct IdempotencyKey {
    pub key: String,
    pub request_hash: String,
    pub quota: i64,
}

impl IdempotencyKey {
    /// `key` must be 1 to 200 visible ASCII characters; `request` identifies the request.
    pub fn new(key: &str, request: &str, quota: i64) -> Result<IdempotencyKey, AppError> {
        let ok = !key.is_empty()
            && key.len() <= MAX_KEY_LEN
            && key.bytes().all(|b| b.is_ascii_graphic());
        if !ok {
            return Err(AppError::Refused {
                code: ErrorCode::InvalidIdempotencyKey,
                current_version: None,
                detail: format!("Idempotency-Key is 1 to {MAX_KEY_LEN} visible ASCII characters"),
            });
        }
        Ok(IdempotencyKey {
            key: key.to_owned(),
            request_hash: hex::encode(Sha256::digest(request.as_bytes())),
            quota,
        })
    }
}

/// A response: computed now, or the one stored for the key.
#[derive(Debug)]
pub enum Reply<T> {
    Fresh(T),
    Replayed { status: u16, body: Value },
}

impl<T> Reply<T> {
    /// The fresh value turned into its wire form; a stored reply is already in it.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Reply<U> {
        match self {
            Reply::Fresh(value) => Reply::Fresh(f(value)),
            Reply::Replayed { status, body } => Reply::Replayed { status, body },
        }
    }
}

fn cutoff() -> chrono::DateTime<chrono::Utc> {
    chrono::Utc::now() - chrono::Duration::hours(KEY_TTL_HOURS)
}

/// The stored response for the key, if any. The same key with another request is refused,
/// and so is a new key when the player has their most replies stored (429
/// `quota_exceeded`). In the use case's transaction, which stores the reply: a transaction
/// lock on the player's keys is held until it ends, so concurrent retries wait for the
/// first to commit, and concurrent new keys are counted one after the other (the quota
/// holds however many arrive at once).
async fn lookup(
    conn: &mut Conn,
    player: PlayerId,
    key: &IdempotencyKey,
) -> Result<Option<(u16, Value)>, AppError> {
    store_idempotency::lock(conn, player.0).await?;
    let (stored, count) = store_idempotency::find(conn, player.0, &key.key, cutoff()).await?;
    match stored {
        Some((hash, _, _)) if hash != key.request_hash => Err(AppError::refused(
            ErrorCode::IdempotencyKeyReused,
            "this Idempotency-Key was used with a different request",
        )),
        Some((_, status, body)) => Ok(Some((u16::try_from(status).unwrap_or(200), body))),
        None if count >= key.quota => Err(AppError::refused(
            ErrorCode::QuotaExceeded,
            format!(
                "a player has at most {} replies stored under idempotency keys (kept {KEY_TTL_HOURS} hours); send this request without a key, or later",
                key.quota
            ),
        )),
        None => Ok(None),
    }
}

/// Stores the response under the key, replacing an expired entry.
pub async fn save(
    conn: &mut Conn,
    player: PlayerId,
    key: &IdempotencyKey,
    status: u16,
    body: &Value,
) -> Result<(), AppError> {
    let stored = (
        key.request_hash.clone(),
        i16::try_from(status).unwrap_or(200),
        body.clone(),
    );
    store_idempotency::save(conn, player.0, &key.key, &stored, cutoff()).await?;
    Ok(())
}

/// At the start of a use case's transaction: the stored reply for a retried key.
pub async fn replayed<T>(
    conn: &mut Conn,
    player: PlayerId,
    key: Option<&IdempotencyKey>,
) -> Result<Option<Reply<T>>, AppError> {
    let Some(key) = key else {
        return Ok(None);
    };
    Ok(lookup(conn, player, key)
        .await?
        .map(|(status, body)| Reply::Replayed { status, body }))
}

/// At the end of a use case's transaction: stores the reply under the key, if any.
pub async fn fresh<T: serde::Serialize>(
    conn: &mut Conn,
    player: PlayerId,
    key: Option<&IdempotencyKey>,
    status: u16,
    value: T,
) -> Result<Reply<T>, AppError> {
    if let Some(key) = key {
        let body = serde_json::to_value(&value).map_err(|e| AppError::Internal(e.to_string()))?;
        save(conn, player, key, status, &body).await?;
    }
    Ok(Reply::Fresh(value))
}
