//! Register, log in, and verify tokens: argon2id password hashes, HS256 JWTs with expiry.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::ids::PlayerId;
use super::{App, AppError};
use crate::app::ErrorCode;
use crate::store;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Claims {
    sub: Uuid,
    name: String,
    iat: i64,
    exp: i64,
}

/// What a stream ticket says: whose, for which table, until when it opens a stream
/// (`exp`), and until when a stream it opened lasts (`sexp`: the issuing token's expiry).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct TicketClaims {
    sub: Uuid,
    tbl: Uuid,
    exp: i64,
    sexp: i64,
}

/// How long a stream ticket opens streams (and `EventSource` reconnects).
pub const TICKET_TTL_SECS: i64 = 300;

/// A stream ticket and when it stops opening streams.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StreamTicket {
    /// For `GET /v1/tables/{table_id}/stream?ticket=...`.
    pub ticket: String,
    pub expires_at: DateTime<Utc>,
}

/// A player as others see them.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: PlayerId,
    pub username: String,
}

/// A signed token and when it stops working.
#[derive(Debug, Clone)]
pub struct Session {
    pub player: Player,
    pub token: String,
    pub expires_at: DateTime<Utc>,
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

fn check_password(password: &str) -> Result<(), AppError> {
    if (8..=128).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(AppError::refused(
            ErrorCode::InvalidPassword,
            "a password has 8 to 128 characters",
        ))
    }
}

async fn hash_password(password: String) -> Result<String, AppError> {
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

async fn verify_password(password: String, hash: String) -> Result<bool, AppError> {
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
    fn issue(&self, player: Player) -> Result<Session, AppError> {
        let now = Utc::now();
        let ttl = chrono::Duration::from_std(self.config.token_ttl)
            .map_err(|e| AppError::Internal(e.to_string()))?;
        let expires_at = now + ttl;
        let claims = Claims {
            sub: player.id.0,
            name: player.username.clone(),
            iat: now.timestamp(),
            exp: expires_at.timestamp(),
        };
        let token = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.config.jwt.encoding,
        )
        .map_err(|e| AppError::Internal(e.to_string()))?;
        Ok(Session {
            player,
            token,
            expires_at,
        })
    }

    /// The player a bearer token names and when it expires, if it is genuine, unexpired
    /// and not before its `nbf` (HS256 only).
    pub fn verify_token(&self, token: &str) -> Result<(PlayerId, DateTime<Utc>), AppError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        // A token is refused before its `nbf` as after its `exp`.
        validation.validate_nbf = true;
        validation.set_required_spec_claims(&["exp", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.config.jwt.decoding, &validation)
            .map(|data| {
                let expires_at = DateTime::from_timestamp(data.claims.exp, 0).unwrap_or_default();
                (PlayerId(data.claims.sub), expires_at)
            })
            .map_err(|e| AppError::unauthorized(format!("invalid token: {e}")))
    }

    /// Registers an account for a client at `addr` (at most so many an hour from one
    /// address, see [`super::throttle`]).
    /// A ticket for `player`'s streams of table `id` (members only), good for
    /// [`TICKET_TTL_SECS`] and no longer than the token it is issued for
    /// (`session_expires`).
    pub async fn stream_ticket(
        &self,
        player: PlayerId,
        session_expires: DateTime<Utc>,
        id: super::ids::TableId,
    ) -> Result<StreamTicket, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let (table, role, _) = super::table::read::load_seats(&mut conn, id, player).await?;
        if role.is_none() {
            super::leagues::require_member(
                &mut conn,
                super::ids::LeagueId(table.league_id),
                player,
            )
            .await?;
        }
        let expires_at =
            session_expires.min(Utc::now() + chrono::Duration::seconds(TICKET_TTL_SECS));
        let claims = TicketClaims {
            sub: player.0,
            tbl: id.0,
            exp: expires_at.timestamp(),
            sexp: session_expires.timestamp(),
        };
        let ticket = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.config.jwt.ticket_encoding,
        )
        .map_err(|e| AppError::Internal(e.to_string()))?;
        Ok(StreamTicket { ticket, expires_at })
    }

    /// The player a stream ticket for table `id` names, and until when their stream lasts.
    pub fn verify_ticket(
        &self,
        ticket: &str,
        id: super::ids::TableId,
    ) -> Result<(PlayerId, DateTime<Utc>), AppError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let claims = jsonwebtoken::decode::<TicketClaims>(
            ticket,
            &self.config.jwt.ticket_decoding,
            &validation,
        )
        .map_err(|e| AppError::unauthorized(format!("invalid stream ticket: {e}")))?
        .claims;
        if claims.tbl != id.0 {
            return Err(AppError::unauthorized(
                "the stream ticket is for another table",
            ));
        }
        let lasts = DateTime::from_timestamp(claims.sexp, 0).unwrap_or_default();
        Ok((PlayerId(claims.sub), lasts))
    }

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
        match store::players::insert(&mut conn, id, username, &hash).await {
            Ok(_) => {}
            Err(e) if e.is_unique_violation() => {
                return Err(AppError::refused(
                    ErrorCode::UsernameTaken,
                    format!("the username {username:?} is taken"),
                ));
            }
            Err(e) => return Err(e.into()),
        }
        self.issue(Player {
            id: PlayerId(id),
            username: username.to_owned(),
        })
    }

    /// Logs in a client at `addr`: refused with 429 while this account failed too often
    /// from this address lately, or this address over all accounts (see
    /// [`super::throttle`]), whatever the password.
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
        drop(conn);
        let refused = || AppError::unauthorized("unknown username or wrong password");
        let Some((id, name, hash)) = found else {
            return Err(refused());
        };
        if !verify_password(password.to_owned(), hash).await? {
            return Err(refused());
        }
        self.issue(Player {
            id: PlayerId(id),
            username: name,
        })
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
