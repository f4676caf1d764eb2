//! Password hashing (argon2id) in a bounded number of slots, one per core: a burst of
//! sign-ins queues, and a request that waits too long is answered 503 `busy`.

use std::sync::Arc;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::{AppError, ErrorCode};

/// How long a request waits for a hashing slot before it is answered 503 `busy`.
pub const HASH_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Password hashing (argon2id, 19 MiB a hash), at most one hash per core at once: a burst
/// of logins queues rather than taking a thread and its memory each, and a request that
/// waits longer than [`HASH_WAIT`] is answered 503 `busy` with `Retry-After`.
#[derive(Clone)]
pub struct Hashing {
    slots: Arc<Semaphore>,
}

impl Hashing {
    pub fn new(slots: usize) -> Hashing {
        Hashing {
            slots: Arc::new(Semaphore::new(slots.max(1))),
        }
    }

    /// A slot to hash in, waited for up to [`HASH_WAIT`].
    pub(crate) async fn slot(&self) -> Result<HashSlot, AppError> {
        match tokio::time::timeout(HASH_WAIT, self.slots.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(HashSlot { _permit: permit }),
            Ok(Err(closed)) => Err(AppError::Internal(closed.to_string())),
            Err(_) => Err(busy()),
        }
    }
}

/// 503 `busy`: every hashing slot stayed taken.
pub(crate) fn busy() -> AppError {
    AppError::Throttled {
        code: ErrorCode::Busy,
        detail: "the server is checking too many passwords at once; the request changed nothing"
            .into(),
        retry_after_secs: 2,
    }
}

/// One hashing slot, held until dropped.
pub(crate) struct HashSlot {
    _permit: OwnedSemaphorePermit,
}

impl HashSlot {
    pub(crate) async fn hash(&self, password: String) -> Result<String, AppError> {
        blocking(move || {
            Argon2::default()
                .hash_password(password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|e| e.to_string())
        })
        .await
    }

    pub(crate) async fn verify(&self, password: String, hash: String) -> Result<bool, AppError> {
        blocking(move || {
            PasswordHash::new(&hash)
                .map(|parsed| {
                    Argon2::default()
                        .verify_password(password.as_bytes(), &parsed)
                        .is_ok()
                })
                .map_err(|e| e.to_string())
        })
        .await
    }
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
        .map_err(AppError::Internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_request_that_waits_too_long_for_a_hashing_slot_is_busy() {
        let hashing = Hashing::new(1);
        let held = hashing.slot().await;
        assert!(held.is_ok());
        let started = std::time::Instant::now();
        let refused = hashing.slot().await.err();
        assert!(started.elapsed() >= HASH_WAIT);
        match refused {
            Some(AppError::Throttled {
                code: ErrorCode::Busy,
                retry_after_secs,
                ..
            }) => assert!(retry_after_secs > 0),
            other => panic!("{other:?}"),
        }
        drop(held);
        assert!(hashing.slot().await.is_ok());
    }
}
