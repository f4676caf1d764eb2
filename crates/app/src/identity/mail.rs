//! Email: a player's address, verified by a short code sent to it, and a forgotten
//! password reset by a code sent to the verified address. Codes are six digits, single-use,
//! good for [`CODE_TTL_MINUTES`] and [`CODE_TRIES`] wrong tries, stored as a hash only.
//! Mail is written to the outbox in the transaction that makes its code, and sent by the
//! dispatcher (see [`crate::notify::dispatcher`]) over SMTP (`BOURRE_SMTP_URL`, from
//! `BOURRE_MAIL_FROM`): a crash between the request and the send loses nothing. Sending is
//! limited per account and per recipient address ([`Mailer::per_hour`] each), codes to
//! verify an address apart from codes to reset a password: anyone may name any address as
//! their own, and the mail so sent spends nothing of what recovers the account that holds
//! it. A code belongs to the address it was sent to, and a new address voids the codes
//! open. Confirming a reset answers every failure alike, in the same time (the new password
//! is hashed first), limited per address and per client address: it tells nothing of
//! which addresses have accounts.

use std::net::IpAddr;

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use rand::RngExt;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::identity::Cases;
use crate::identity::auth::check_password;
use crate::identity::sessions::Player;
use crate::identity::sessions::{Ended, Session};
use crate::kernel::ids::PlayerId;
use crate::kernel::player::{hold_player, unknown_player};
use crate::notify::mail::Mailer;
use crate::store;
use crate::store::mail::CodeRow;
use crate::store::players::Hold;
use crate::{AppError, ErrorCode};

/// How long a code works.
pub const CODE_TTL_MINUTES: i64 = 15;
/// Wrong tries a code takes before it is used up.
pub const CODE_TRIES: i32 = 5;
/// Reset confirms one address takes in an hour, whoever sends them (per client address,
/// `BOURRE_REGISTRATIONS_PER_HOUR`).
pub const CONFIRMS_PER_ADDRESS: i32 = 30;

/// What a code is for, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    VerifyEmail,
    ResetPassword,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verify_email",
            Purpose::ResetPassword => "reset_password",
        }
    }

    /// What its mail is counted as, per hour.
    fn mail(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verification code mail",
            Purpose::ResetPassword => "reset code mail",
        }
    }
}

/// A player's email as they see it.
#[derive(Debug, Clone)]
pub struct EmailState {
    pub email: String,
    pub verified: bool,
    /// When the code sent to it stops working; none once verified.
    pub code_expires_at: Option<DateTime<Utc>>,
}

/// An address as stored: lower-cased, at most 254 characters, one `local@domain` address.
pub(crate) fn check_email(email: &str) -> Result<String, AppError> {
    let email = email.trim().to_lowercase();
    let parsed = email.parse::<lettre::Address>();
    if email.chars().count() <= 254 && parsed.is_ok() {
        Ok(email)
    } else {
        Err(AppError::refused(
            ErrorCode::InvalidEmail,
            "an email is one address such as ann@example.com, at most 254 characters",
        ))
    }
}

fn new_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000u32))
}

fn code_hash(id: Uuid, code: &str) -> Vec<u8> {
    Sha256::new()
        .chain_update(id.as_bytes())
        .chain_update(code.as_bytes())
        .finalize()
        .to_vec()
}

fn invalid_code(detail: &str) -> AppError {
    AppError::refused(ErrorCode::InvalidCode, detail)
}

/// Every failed reset confirm's answer, whatever failed: an address no account verified, no
/// code open, a wrong, used or expired code.
fn reset_refused() -> AppError {
    invalid_code("the code is wrong, used or expired, or was not sent to this address")
}

/// The mail carrying `code` for `purpose` to `username`: subject and body.
fn letter(purpose: Purpose, username: &str, code: &str) -> (String, String) {
    let what = match purpose {
        Purpose::VerifyEmail => "to confirm this address",
        Purpose::ResetPassword => "to choose a new password",
    };
    (
        format!("Your Bourré code: {code}"),
        format!(
            "Hello {username},\n\nYour code {what} is {code}. It works once, for \
             {CODE_TTL_MINUTES} minutes.\n\nIf you did not ask for it, ignore this mail: \
             nothing changes.\n"
        ),
    )
}

/// A hex digest of `email`, so that counts of mail per address keep no address.
fn address_key(email: &str) -> String {
    hex::encode(Sha256::digest(email.as_bytes()))
}

impl Cases<'_> {
    /// The mailer, or 404 `email_not_configured`.
    fn mailer(&self) -> Result<&Mailer, AppError> {
        self.config.mail.as_ref().ok_or_else(|| {
            AppError::refused(
                ErrorCode::EmailNotConfigured,
                "this server sends no mail (BOURRE_SMTP_URL is unset): no email operations",
            )
        })
    }

    /// Counts a code for `purpose` sent to `player` at `email`: 429 `rate_limited` beyond
    /// the mailer's hourly limit for the account or for the address, each purpose counted
    /// apart.
    async fn count_mail(
        &self,
        player: PlayerId,
        purpose: Purpose,
        email: &str,
    ) -> Result<(), AppError> {
        let per_hour = self.mailer()?.per_hour;
        let mail = purpose.mail();
        self.limit_hourly(mail, &player.0.to_string(), per_hour, "to one account")
            .await?;
        self.limit_hourly(mail, &address_key(email), per_hour, "to one address")
            .await
    }

    /// Issues a code for `purpose` to `player` at `email` and puts its mail in the outbox,
    /// on `conn` (in the caller's transaction); when the code stops working.
    async fn send_code(
        &self,
        conn: &mut store::Conn,
        player: PlayerId,
        username: &str,
        purpose: Purpose,
        email: &str,
    ) -> Result<DateTime<Utc>, AppError> {
        let id = Uuid::new_v4();
        let code = new_code();
        let expires_at = Utc::now() + chrono::Duration::minutes(CODE_TTL_MINUTES);
        store::mail::issue(
            conn,
            id,
            player.0,
            purpose.as_str(),
            email,
            &code_hash(id, &code),
            expires_at,
        )
        .await?;
        let (subject, body) = letter(purpose, username, &code);
        store::mail::enqueue(conn, email, &subject, &body).await?;
        Ok(expires_at)
    }

    /// Checks `code` against `player`'s open code for `purpose` (sent to `email`, when
    /// given): the code row when right (used up now); otherwise the refusal, the wrong try
    /// counted (both on `conn`, whose transaction the caller commits either way).
    async fn take_code(
        conn: &mut store::Conn,
        player: PlayerId,
        purpose: Purpose,
        email: Option<&str>,
        code: &str,
    ) -> Result<Result<CodeRow, AppError>, AppError> {
        let open = store::mail::open_code(conn, player.0, purpose.as_str()).await?;
        let Some(row) = open.filter(|row| email.is_none_or(|to| row.email == to)) else {
            return Ok(Err(invalid_code(
                "no code is open: ask for a new one (codes work once)",
            )));
        };
        if row.expires_at <= Utc::now() {
            store::mail::used(conn, row.id).await?;
            return Ok(Err(invalid_code("the code has expired: ask for a new one")));
        }
        if code_hash(row.id, code.trim()) != row.code_hash {
            let left = CODE_TRIES - row.tries - 1;
            store::mail::tried(conn, row.id, left <= 0).await?;
            return Ok(Err(invalid_code(&if left > 0 {
                format!("the code is wrong: {left} tries left")
            } else {
                "the code is wrong, and used up: ask for a new one".to_owned()
            })));
        }
        store::mail::used(conn, row.id).await?;
        Ok(Ok(row))
    }

    /// Sets the caller's email to `email` (not verified) and mails a code to confirm it; the
    /// address they already verified stays verified, and nothing is sent.
    pub async fn set_email(&self, player: PlayerId, email: &str) -> Result<EmailState, AppError> {
        self.mailer()?;
        let email = check_email(email)?;
        let now = self.profile(player).await?;
        if now.email_verified && now.email.as_deref() == Some(email.as_str()) {
            return Ok(EmailState {
                email,
                verified: true,
                code_expires_at: None,
            });
        }
        self.count_mail(player, Purpose::VerifyEmail, &email)
            .await?;
        let mut conn = store::conn(&self.pool).await?;
        let expires_at = conn
            .transaction::<_, AppError, _>(async |conn| {
                hold_player(conn, player, Hold::Exclusive).await?;
                let (username, _) = store::players::signed_in(conn, player.0)
                    .await?
                    .ok_or_else(unknown_player)?;
                store::players::set_email(conn, player.0, &email).await?;
                // The codes mailed to the address replaced work no more.
                store::mail::void_open(conn, player.0, None).await?;
                self.send_code(conn, player, &username, Purpose::VerifyEmail, &email)
                    .await
            })
            .await?;
        self.outbox.notify_one();
        Ok(EmailState {
            email,
            verified: false,
            code_expires_at: Some(expires_at),
        })
    }

    /// Verifies the caller's email with the code mailed to it.
    pub async fn verify_email(&self, player: PlayerId, code: &str) -> Result<EmailState, AppError> {
        self.mailer()?;
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async |conn| {
                hold_player(conn, player, Hold::Exclusive).await?;
                let taken = Self::take_code(conn, player, Purpose::VerifyEmail, None, code);
                let row = match taken.await? {
                    Ok(row) => row,
                    Err(refused) => return Ok(Err(refused)),
                };
                if store::players::by_verified_email(conn, &row.email)
                    .await?
                    .is_some_and(|(other, _)| other != player.0)
                {
                    return Ok(Err(email_taken()));
                }
                if !store::players::verify_email(conn, player.0, &row.email).await? {
                    return Ok(Err(invalid_code(
                        "the code was sent to an address since replaced: ask for a new one",
                    )));
                }
                Ok(Ok(row.email))
            })
            .await;
        let email = match result {
            Ok(verified) => verified?,
            Err(AppError::Store(e)) if e.is_unique_violation() => return Err(email_taken()),
            Err(e) => return Err(e),
        };
        Ok(EmailState {
            email,
            verified: true,
            code_expires_at: None,
        })
    }

    /// Mails a code to reset the password of the account whose verified email is `email`,
    /// if there is one (and its hourly limits allow); says nothing of whether there is.
    /// Requests are limited per client address like registrations.
    pub async fn request_password_reset(
        &self,
        email: &str,
        addr: Option<IpAddr>,
    ) -> Result<(), AppError> {
        self.mailer()?;
        let email = check_email(email)?;
        let per_hour = self.config.address_limits.registrations_per_hour;
        self.limit_address("password reset", addr, per_hour).await?;
        let mut conn = store::conn(&self.pool).await?;
        let Some((id, username)) = store::players::by_verified_email(&mut conn, &email).await?
        else {
            return Ok(());
        };
        drop(conn);
        let player = PlayerId(id);
        match self
            .count_mail(player, Purpose::ResetPassword, &email)
            .await
        {
            Err(e) if e.is(ErrorCode::RateLimited) => return Ok(()),
            other => other?,
        }
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async |conn| {
            hold_player(conn, player, Hold::Exclusive).await?;
            self.send_code(conn, player, &username, Purpose::ResetPassword, &email)
                .await
        })
        .await?;
        self.outbox.notify_one();
        Ok(())
    }

    /// Sets a new password for the account whose verified email is `email`, with the code
    /// mailed to it; every session of the account ends, and a new one starts. Every failure
    /// is [`reset_refused`], after the same work (the new password hashed first); confirms
    /// are limited per address ([`CONFIRMS_PER_ADDRESS`]) and per client address, like
    /// registrations.
    pub async fn confirm_password_reset(
        &self,
        email: &str,
        code: &str,
        new_password: &str,
        addr: Option<IpAddr>,
    ) -> Result<Session, AppError> {
        self.mailer()?;
        check_password(new_password)?;
        let email = check_email(email)?;
        let action = "password reset confirm";
        let per_hour = self.config.address_limits.registrations_per_hour;
        self.limit_address(action, addr, per_hour).await?;
        let address = address_key(&email);
        self.limit_hourly(action, &address, CONFIRMS_PER_ADDRESS, "for one address")
            .await?;
        let hash = self
            .hashing
            .slot()
            .await?
            .hash(new_password.to_owned())
            .await?;
        let mut conn = store::conn(&self.pool).await?;
        let Some((id, username)) = store::players::by_verified_email(&mut conn, &email).await?
        else {
            return Err(reset_refused());
        };
        let player = PlayerId(id);
        conn.transaction::<_, AppError, _>(async |conn| {
            hold_player(conn, player, Hold::Exclusive).await?;
            let taken = Self::take_code(conn, player, Purpose::ResetPassword, Some(&email), code);
            if taken.await?.is_err() {
                return Ok(Err(reset_refused()));
            }
            store::players::set_password_hash(conn, player.0, &hash).await?;
            store::sessions::end_all(conn, player.0, None, Ended::PasswordReset.as_str()).await?;
            let session = self
                .start_session(
                    conn,
                    Player {
                        id: player,
                        username: username.clone(),
                        guest: false,
                    },
                )
                .await?;
            Ok(Ok(session))
        })
        .await?
    }
}

/// 409 `email_taken`.
fn email_taken() -> AppError {
    AppError::refused(
        ErrorCode::EmailTaken,
        "another account has verified this address",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked_and_lower_cased() {
        assert_eq!(
            check_email(" Ann@Example.COM ").ok().as_deref(),
            Some("ann@example.com")
        );
        for bad in [
            "ann",
            "ann@",
            "@example.com",
            "a b@example.com",
            "ann@@example.com",
        ] {
            assert!(check_email(bad).is_err(), "{bad}");
        }
        assert!(check_email(&format!("{}@example.com", "a".repeat(250))).is_err());
    }

    #[test]
    fn codes_are_six_digits_and_hashed_with_their_id() {
        let code = new_code();
        assert_eq!(code.len(), 6);
        assert!(code.chars().all(|c| c.is_ascii_digit()));
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        assert_ne!(code_hash(a, &code), code_hash(b, &code));
        assert_eq!(code_hash(a, &code).len(), 32);
    }
}
