//! Register and log in: argon2id password hashes; a sign-in starts a session (see
//! [`crate::identity::sessions`]).

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use diesel_async::AsyncConnection;
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use uuid::Uuid;

use crate::AppError;
use crate::ErrorCode;
use crate::identity::Cases;
use crate::identity::sessions::Session;
use crate::identity::throttle::LoginTry;
use crate::kernel::ids::PlayerId;
use crate::store;

/// A player as others see them.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: PlayerId,
    pub username: String,
    /// A guest: no password (nor a provider) of its own yet.
    pub guest: bool,
}

pub(crate) fn check_username(username: &str) -> Result<(), AppError> {
    let ok_len = (3..=32).contains(&username.chars().count());
    let ok_chars = username
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if ok_len && ok_chars {
        Ok(())
    } else {
        Err(AppError::refused(
            ErrorCode::InvalidUsername,
            "a username has 3 to 32 characters: letters, digits, '_', '-' or '.'",
        ))
    }
}

pub(crate) fn check_password(password: &str) -> Result<(), AppError> {
    if (8..=128).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(AppError::refused(
            ErrorCode::InvalidPassword,
            "a password has 8 to 128 characters",
        ))
    }
}

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

impl Cases<'_> {
    /// Registers an account for a client at `addr` (at most so many an hour from one
    /// address, see [`crate::identity::throttle`]), signed in.
    #[tracing::instrument(target = "bourre::app", name = "register", skip_all)]
    pub async fn register(
        &self,
        username: &str,
        password: &str,
        addr: Option<std::net::IpAddr>,
    ) -> Result<Session, AppError> {
        check_username(username)?;
        check_password(password)?;
        let per_hour = self.config.address_limits.registrations_per_hour;
        self.limit_address("registration", addr, per_hour).await?;
        let hash = self.hashing.slot().await?.hash(password.to_owned()).await?;
        let id = Uuid::new_v4();
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            match store::players::insert(conn, id, username, &hash).await {
                Ok(_) => {}
                Err(e) if e.is_unique_violation() => {
                    return Err(AppError::refused(
                        ErrorCode::UsernameTaken,
                        format!("the username {username:?} is taken"),
                    ));
                }
                Err(e) => return Err(e.into()),
            }
            let player = Player {
                id: PlayerId(id),
                username: username.to_owned(),
                guest: false,
            };
            self.start_session(conn, player).await
        })
        .await
    }

    /// Logs in a client at `addr`: refused with 429 while this account failed too often
    /// from this address lately, or this address over all accounts (see
    /// [`crate::identity::throttle`]), whatever the password.
    #[tracing::instrument(target = "bourre::app", name = "login", skip_all)]
    pub async fn login(
        &self,
        username: &str,
        password: &str,
        addr: Option<std::net::IpAddr>,
    ) -> Result<Session, AppError> {
        // A name no account can have is a failure without a try (its count would be keyed
        // by whatever the client sent).
        if check_username(username).is_err() {
            self.login_failed(addr).await?;
            return Err(AppError::unauthorized("unknown username or wrong password"));
        }
        let account = username.to_lowercase();
        let attempt = self.attempt_login(&account, addr).await?;
        let result = self.check_credentials(&attempt, username, password).await;
        self.login_checked(attempt, result.as_ref().map(|_| ()))
            .await?;
        result
    }

    async fn check_credentials(
        &self,
        attempt: &LoginTry,
        username: &str,
        password: &str,
    ) -> Result<Session, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let found = store::players::credentials(&mut conn, username).await?;
        drop(conn);
        let refused = || AppError::unauthorized("unknown username or wrong password");
        let Some((id, name, hash)) = found else {
            return Err(refused());
        };
        if !attempt.slot.verify(password.to_owned(), hash).await? {
            return Err(refused());
        }
        let player = Player {
            id: PlayerId(id),
            username: name,
            guest: false,
        };
        let mut conn = store::conn(&self.pool).await?;
        self.start_session(&mut conn, player).await
    }
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
