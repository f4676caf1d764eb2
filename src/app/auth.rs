//! Register and log in: argon2id password hashes; a sign-in starts a session (see
//! [`super::sessions`]).

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use diesel_async::AsyncConnection;
use uuid::Uuid;

use super::ids::PlayerId;
use super::sessions::Session;
use super::{App, AppError};
use crate::app::ErrorCode;
use crate::store;

/// A player as others see them.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: PlayerId,
    pub username: String,
}

fn check_username(username: &str) -> Result<(), AppError> {
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

pub(crate) async fn hash_password(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| AppError::Internal(e.to_string()))?
    .map_err(AppError::Internal)
}

pub(crate) async fn verify_password(password: String, hash: String) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash)
            .map(|parsed| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok()
            })
            .map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| AppError::Internal(e.to_string()))?
    .map_err(AppError::Internal)
}

impl App {
    /// Registers an account for a client at `addr` (at most so many an hour from one
    /// address, see [`super::throttle`]), signed in.
    #[tracing::instrument(name = "register", skip_all)]
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
        let hash = hash_password(password.to_owned()).await?;
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
            };
            self.start_session(conn, player).await
        })
        .await
    }

    /// Logs in a client at `addr`: refused with 429 while this account failed too often
    /// from this address lately, or this address over all accounts (see
    /// [`super::throttle`]), whatever the password.
    #[tracing::instrument(name = "login", skip_all)]
    pub async fn login(
        &self,
        username: &str,
        password: &str,
        addr: Option<std::net::IpAddr>,
    ) -> Result<Session, AppError> {
        // A name no account can have is a failure without a try (its count would be keyed
        // by whatever the client sent).
        let account = username.to_lowercase();
        let result = match check_username(username) {
            Ok(()) => {
                self.attempt_login(&account, addr).await?;
                self.check_credentials(username, password).await
            }
            Err(_) => Err(AppError::unauthorized("unknown username or wrong password")),
        };
        match &result {
            Ok(_) => self.login_succeeded(&account, addr).await?,
            Err(e) if e.is(ErrorCode::Unauthorized) => self.login_failed(addr).await?,
            Err(_) => {}
        }
        result
    }

    async fn check_credentials(&self, username: &str, password: &str) -> Result<Session, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let found = store::players::credentials(&mut conn, username).await?;
        let refused = || AppError::unauthorized("unknown username or wrong password");
        let Some((id, name, hash)) = found else {
            return Err(refused());
        };
        if !verify_password(password.to_owned(), hash).await? {
            return Err(refused());
        }
        let player = Player {
            id: PlayerId(id),
            username: name,
        };
        self.start_session(&mut conn, player).await
    }

    pub async fn player(&self, id: PlayerId) -> Result<Player, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let username = store::players::username(&mut conn, id.0).await?;
        username
            .map(|username| Player { id, username })
            .ok_or_else(unknown_player)
    }
}

/// 401 for a genuine token whose player does not exist (a database recreated under the
/// same secret, say).
pub(crate) fn unknown_player() -> AppError {
    AppError::unauthorized("the token's player no longer exists")
}

/// The token's player, or 401 when there is none: for use cases that would otherwise
/// store a reference to them.
pub(crate) async fn require_player(conn: &mut store::Conn, id: PlayerId) -> Result<(), AppError> {
    match store::players::username(conn, id.0).await? {
        Some(_) => Ok(()),
        None => Err(unknown_player()),
    }
}
