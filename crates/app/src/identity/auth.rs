//! Register and log in: argon2id password hashes; a sign-in starts a session (see
//! [`crate::identity::sessions`]).

use diesel_async::AsyncConnection;
use uuid::Uuid;

use crate::AppError;
use crate::ErrorCode;
use crate::identity::Cases;
use crate::identity::sessions::{Player, Session};
use crate::identity::throttle::LoginTry;
use crate::kernel::ids::PlayerId;
use crate::store;

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
