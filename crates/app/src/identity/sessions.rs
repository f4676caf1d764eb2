//! Sessions and their tokens. A sign-in (register or login) starts a session: a short-lived
//! access token (an HS256 JWT naming the session, `BOURRE_TOKEN_TTL_SECS`) and a refresh
//! token (random, stored as its SHA-256 only, `BOURRE_REFRESH_TTL_SECS`). A refresh
//! rotates the refresh token; presenting a rotated one again ends the session, as the
//! OAuth 2.0 Security BCP prescribes for a token that may have been stolen. An access token
//! is accepted only while its session goes on, which every request checks in PostgreSQL
//! (batched with other requests', see [`crate::table::pipeline::sessions`]): a logout holds on
//! every server process from the moment it returns, and ends an open stream of the session
//! within [`SESSION_RECHECK`]. Stream tickets (for
//! a browser's `EventSource`) name the session too.

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::identity::Cases;
use crate::kernel::ids::{LeagueId, PlayerId, SessionId, TableId};
use crate::kernel::player::Authenticated;
use crate::store;
use crate::{AppError, ErrorCode};

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Claims {
    sub: Uuid,
    sid: Uuid,
    name: String,
    iat: i64,
    exp: i64,
}

/// What a stream ticket says: whose, from which session, for which table, until when it
/// opens a stream (`exp`), and until when a stream it opened lasts (`sexp`: the issuing
/// token's expiry).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct TicketClaims {
    sub: Uuid,
    sid: Uuid,
    tbl: Uuid,
    exp: i64,
    sexp: i64,
}

/// How often an open stream looks whether its session still goes on.
pub const SESSION_RECHECK: std::time::Duration = std::time::Duration::from_secs(5);

/// The next moment after `now` at which open streams look at their sessions: every
/// stream of a process on one tick of [`SESSION_RECHECK`], so their checks go out together
/// (one statement or a few, see [`crate::table::pipeline::sessions`]) however many streams are open.
pub fn next_session_recheck(now: tokio::time::Instant) -> tokio::time::Instant {
    static EPOCH: std::sync::OnceLock<tokio::time::Instant> = std::sync::OnceLock::new();
    let epoch = *EPOCH.get_or_init(|| now);
    let period = SESSION_RECHECK.as_millis().max(1);
    let since = now.saturating_duration_since(epoch).as_millis();
    let ticks = since / period + 1;
    let at = u64::try_from(ticks * period).unwrap_or(u64::MAX);
    epoch + std::time::Duration::from_millis(at)
}

/// How long a stream ticket opens streams (and `EventSource` reconnects).
pub const TICKET_TTL_SECS: i64 = 300;

/// Why a session ended, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    Logout,
    LogoutAll,
    PasswordChanged,
    PasswordReset,
    RefreshReused,
    AccountDeleted,
}

impl Ended {
    pub fn as_str(self) -> &'static str {
        match self {
            Ended::Logout => "logout",
            Ended::LogoutAll => "logout_all",
            Ended::PasswordChanged => "password_changed",
            Ended::PasswordReset => "password_reset",
            Ended::RefreshReused => "refresh_reused",
            Ended::AccountDeleted => "account_deleted",
        }
    }
}

/// A signed-in player's tokens.
#[derive(Debug, Clone)]
pub struct Session {
    pub player: Player,
    pub token: String,
    pub expires_at: DateTime<Utc>,
    pub refresh_token: String,
    pub refresh_expires_at: DateTime<Utc>,
}

/// A stream ticket and when it stops opening streams.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StreamTicket {
    /// For `GET /v1/tables/{table_id}/stream?ticket=...`.
    pub ticket: String,
    /// When the ticket stops opening streams: 5 minutes after it was made, or when the token it
    /// was made with expires, if sooner.
    pub expires_at: DateTime<Utc>,
}

/// A fresh refresh token (64 hex digits) and its hash.
fn refresh_token() -> (String, [u8; 32]) {
    let token = hex::encode(rand::random::<[u8; 32]>());
    let hash = token_hash(&token);
    (token, hash)
}

/// What a secret handed out (a refresh token, a sign-in's state) is stored as: its SHA-256.
pub(crate) fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn session_ended() -> AppError {
    AppError::refused(
        ErrorCode::SessionEnded,
        "the session has ended (logout, password change or a reused refresh token): sign in again",
    )
}

fn internal(e: impl std::fmt::Display) -> AppError {
    AppError::Internal(e.to_string())
}

fn validation() -> Validation {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    // A token is refused before its `nbf` as after its `exp`.
    validation.validate_nbf = true;
    validation.set_required_spec_claims(&["exp", "sub"]);
    validation
}

impl Cases<'_> {
    fn ttl(&self, ttl: std::time::Duration) -> Result<chrono::Duration, AppError> {
        chrono::Duration::from_std(ttl).map_err(internal)
    }

    /// An access token of `session` for `player`.
    fn access_token(
        &self,
        player: &Player,
        session: Uuid,
    ) -> Result<(String, DateTime<Utc>), AppError> {
        let now = Utc::now();
        let expires_at = now + self.ttl(self.config.token_ttl)?;
        let claims = Claims {
            sub: player.id.0,
            sid: session,
            name: player.username.clone(),
            iat: now.timestamp(),
            exp: expires_at.timestamp(),
        };
        let token = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.config.jwt.encoding,
        )
        .map_err(internal)?;
        Ok((token, expires_at))
    }

    /// Starts a session for `player` on `conn` (in the caller's transaction, if any).
    pub(crate) async fn start_session(
        &self,
        conn: &mut store::Conn,
        player: Player,
    ) -> Result<Session, AppError> {
        let id = Uuid::new_v4();
        let (refresh_token, hash) = refresh_token();
        let refresh_expires_at = Utc::now() + self.ttl(self.config.refresh_ttl)?;
        store::sessions::start(conn, id, player.id.0, &hash, refresh_expires_at).await?;
        store::players::seen(conn, player.id.0).await?;
        let (token, expires_at) = self.access_token(&player, id)?;
        Ok(Session {
            player,
            token,
            expires_at,
            refresh_token,
            refresh_expires_at,
        })
    }

    /// Who the bearer token `token` speaks for: a genuine, unexpired token (HS256 only,
    /// not before its `nbf`) of a session that goes on (401 `session_ended` otherwise).
    pub async fn authenticate(&self, token: &str) -> Result<Authenticated, AppError> {
        let claims =
            jsonwebtoken::decode::<Claims>(token, &self.config.jwt.decoding, &validation())
                .map_err(|e| match e.kind() {
                    jsonwebtoken::errors::ErrorKind::ExpiredSignature => AppError::refused(
                        ErrorCode::TokenExpired,
                        "the access token has expired: refresh the session (POST /v1/auth/refresh)",
                    ),
                    _ => AppError::unauthorized(format!("invalid token: {e}")),
                })?
                .claims;
        let found = Authenticated {
            player: PlayerId(claims.sub),
            session: SessionId(claims.sid),
            expires_at: DateTime::from_timestamp(claims.exp, 0).unwrap_or_default(),
        };
        self.require_session(found).await
    }

    /// Whether the session `found` names still goes on (an open stream asks now and then).
    pub async fn session_goes_on(&self, found: Authenticated) -> Result<bool, AppError> {
        let going = self
            .sessions
            .submit((found.session.0, found.player.0))
            .await?;
        Ok(going == Some(true))
    }

    async fn require_session(&self, found: Authenticated) -> Result<Authenticated, AppError> {
        match self
            .sessions
            .submit((found.session.0, found.player.0))
            .await?
        {
            Some(true) => Ok(found),
            Some(false) => Err(session_ended()),
            None => Err(AppError::unauthorized(
                "the token's session is unknown (or was dropped a day after it ended)",
            )),
        }
    }

    /// A new token pair for the refresh token `presented`, which is rotated out. A token
    /// rotated out before, presented again within [`Config::refresh_reuse_grace`] of its
    /// rotation (a client whose answer was lost, retrying), gets a new pair of the same
    /// session too, and the token that replaced it is rotated out with it; later, it ends
    /// its whole session (401 `refresh_token_reused`): whoever holds the newer one must
    /// sign in again too.
    ///
    /// [`Config::refresh_reuse_grace`]: crate::Config::refresh_reuse_grace
    #[tracing::instrument(target = "bourre::app", name = "refresh", skip_all)]
    pub async fn refresh(&self, presented: &str) -> Result<Session, AppError> {
        let hash = token_hash(presented);
        let mut conn = store::conn(&self.pool).await?;
        // A reused token's session ends in a transaction that commits, then is refused.
        conn.transaction::<_, AppError, _>(async |conn| {
            let Some(found) = store::sessions::lock_refresh(conn, &hash).await? else {
                return Ok(Err(AppError::unauthorized("unknown refresh token")));
            };
            if found.session_ended_at.is_some() {
                return Ok(Err(session_ended()));
            }
            let grace = self.ttl(self.config.refresh_reuse_grace)?;
            if found
                .rotated_at
                .is_some_and(|rotated| Utc::now() - rotated > grace)
            {
                store::sessions::end(conn, found.session_id, Ended::RefreshReused.as_str()).await?;
                return Ok(Err(AppError::refused(
                    ErrorCode::RefreshTokenReused,
                    "this refresh token was already used: its session has ended, sign in again",
                )));
            }
            if found.expires_at <= Utc::now() {
                return Ok(Err(AppError::unauthorized(
                    "the refresh token has expired: sign in again",
                )));
            }
            let (username, guest) = store::players::signed_in(conn, found.player_id)
                .await?
                .ok_or_else(crate::kernel::player::unknown_player)?;
            let player = Player {
                id: PlayerId(found.player_id),
                username,
                guest,
            };
            let (refresh_token, new_hash) = refresh_token();
            let refresh_expires_at = Utc::now() + self.ttl(self.config.refresh_ttl)?;
            store::sessions::rotate(conn, found.session_id, &new_hash, refresh_expires_at).await?;
            store::players::seen(conn, found.player_id).await?;
            let (token, expires_at) = self.access_token(&player, found.session_id)?;
            Ok(Ok(Session {
                player,
                token,
                expires_at,
                refresh_token,
                refresh_expires_at,
            }))
        })
        .await?
    }

    /// Ends the caller's session, or with `all` every session of theirs.
    pub async fn logout(&self, caller: Authenticated, all: bool) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        if all {
            store::sessions::end_all(&mut conn, caller.player.0, None, Ended::LogoutAll.as_str())
                .await?;
        } else {
            store::sessions::end(&mut conn, caller.session.0, Ended::Logout.as_str()).await?;
        }
        Ok(())
    }

    /// A ticket for the caller's streams of table `id` (members only), good for
    /// [`TICKET_TTL_SECS`] and no longer than the token it is issued for.
    pub async fn stream_ticket(
        &self,
        caller: Authenticated,
        id: TableId,
    ) -> Result<StreamTicket, AppError> {
        let player = caller.player;
        let mut conn = store::conn(&self.pool).await?;
        let (table, role, _) = crate::table::read::load_seats(&mut conn, id, player).await?;
        if role.is_none() {
            crate::leagues::require_member(&mut conn, LeagueId(table.league_id), player).await?;
        }
        let session_expires = caller.expires_at;
        let expires_at =
            session_expires.min(Utc::now() + chrono::Duration::seconds(TICKET_TTL_SECS));
        let claims = TicketClaims {
            sub: player.0,
            sid: caller.session.0,
            tbl: id.0,
            exp: expires_at.timestamp(),
            sexp: session_expires.timestamp(),
        };
        let ticket = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.config.jwt.ticket_encoding,
        )
        .map_err(internal)?;
        Ok(StreamTicket { ticket, expires_at })
    }

    /// Who a stream ticket for table `id` speaks for, and until when their stream lasts:
    /// a genuine, unexpired ticket for this table, of a session that goes on.
    pub async fn verify_ticket(
        &self,
        ticket: &str,
        id: TableId,
    ) -> Result<Authenticated, AppError> {
        let claims = jsonwebtoken::decode::<TicketClaims>(
            ticket,
            &self.config.jwt.ticket_decoding,
            &validation(),
        )
        .map_err(|e| AppError::unauthorized(format!("invalid stream ticket: {e}")))?
        .claims;
        if claims.tbl != id.0 {
            return Err(AppError::unauthorized(
                "the stream ticket is for another table",
            ));
        }
        self.require_session(Authenticated {
            player: PlayerId(claims.sub),
            session: SessionId(claims.sid),
            expires_at: DateTime::from_timestamp(claims.sexp, 0).unwrap_or_default(),
        })
        .await
    }
}

/// A player as others see them.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: PlayerId,
    pub username: String,
    /// A guest: no password (nor a provider) of its own yet.
    pub guest: bool,
}
