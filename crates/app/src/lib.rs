//! Use cases: each one short transaction: load, let the engine decide, append, project.
//! They live in rooms by domain, a room importing and calling only those below it
//! ([`kernel`] < [`log`] < [`leagues`] < [`table`] < [`social`], [`notify`], [`tournaments`] <
//! [`live`], [`identity`] < [`ops`]); [`App`] is the composition root, and each room's use cases are reached through
//! it: `app.table().act(...)`. A table's commands (`table::commands`) are decisions on its
//! state that come in through one door (`table::pipeline`), which keeps busy tables,
//! commits moves together and writes every change through the one write path.

/// Declares a room's `Cases`: its use cases, over the app's context (its pool,
/// configuration, bus and the rooms' state), reached by the room's accessor
/// (`app.table().…`).
macro_rules! room_cases {
    () => {
        /// This room's use cases, over the app's context, reached by the room's accessor on
        /// [`crate::App`].
        pub struct Cases<'a>(pub(crate) &'a crate::App);

        impl std::ops::Deref for Cases<'_> {
            type Target = crate::App;

            fn deref(&self) -> &crate::App {
                self.0
            }
        }
    };
}

pub mod identity;
pub mod leagues;
pub mod live;
pub mod log;
pub mod notify;
pub mod ops;
pub mod social;
pub mod table;
pub mod tournaments;

pub mod kernel;

use bourre_engine as engine;
use bourre_store as store;

use std::time::Duration;

pub use kernel::error::{AppError, ErrorCode, errors_page};

use crate::store::DbPool;

/// The composition root: the context every room shares (the database, the configuration,
/// the bus of notices, the drain) and each room's state, with an accessor per room.
#[derive(Clone)]
pub struct App {
    pub pool: DbPool,
    pub config: Config,
    pub live: live::Live,
    /// Tables this process read or wrote last, for as long as they are unchanged.
    pub tables: table::pipeline::kept::TableCache,
    /// Moves queued to be committed together.
    pub writes: table::pipeline::writes::Writes,
    /// Kept tables' stamps queued to be checked together.
    pub checks: table::pipeline::checks::Checks,
    /// Requests' sessions queued to be checked together.
    pub sessions: table::pipeline::sessions::SessionChecks,
    /// Wakes the dispatcher: this process committed notifications, or a retry is due.
    pub outbox: std::sync::Arc<tokio::sync::Notify>,
    /// The dispatcher's places for messages being sent (all free: none in flight).
    pub sending: std::sync::Arc<tokio::sync::Semaphore>,
    /// Where the process is on its way out.
    pub drain: kernel::drain::Drain,
    /// Password hashing's slots, one per core.
    pub hashing: identity::hashing::Hashing,
    /// Login tries of one account from one address, one at a time in this process.
    pub login_turns: identity::throttle::LoginTurns,
    /// The players each player blocked, as this process last read them.
    pub kept_blocks: kernel::shown::KeptBlocks,
}

impl App {
    /// The identity room's use cases.
    pub fn identity(&self) -> identity::Cases<'_> {
        identity::Cases(self)
    }

    /// The leagues room's use cases.
    pub fn leagues(&self) -> leagues::Cases<'_> {
        leagues::Cases(self)
    }

    /// The table room's use cases.
    pub fn table(&self) -> table::Cases<'_> {
        table::Cases(self)
    }

    /// The public log's use cases.
    pub fn log(&self) -> log::Cases<'_> {
        log::Cases(self)
    }

    /// The live room's use cases.
    pub fn live(&self) -> live::Cases<'_> {
        live::Cases(self)
    }

    /// The notify room's use cases.
    pub fn notify(&self) -> notify::Cases<'_> {
        notify::Cases(self)
    }

    /// The social room's use cases.
    pub fn social(&self) -> social::Cases<'_> {
        social::Cases(self)
    }

    /// The tournaments room's use cases.
    pub fn tournaments(&self) -> tournaments::Cases<'_> {
        tournaments::Cases(self)
    }

    /// The ops room's use cases.
    pub fn ops(&self) -> ops::Cases<'_> {
        ops::Cases(self)
    }

    pub fn new(pool: DbPool, config: Config) -> App {
        let hash_slots = config.hash_slots;
        App {
            writes: table::pipeline::writes::Writes::new(
                pool.clone(),
                table::pipeline::writes::WRITERS,
            ),
            checks: table::pipeline::checks::Checks::new(
                pool.clone(),
                table::pipeline::checks::CHECKERS,
            ),
            sessions: table::pipeline::sessions::SessionChecks::new(
                pool.clone(),
                table::pipeline::sessions::SESSION_CHECKERS,
            ),
            pool,
            config,
            live: live::Live::new(),
            tables: table::pipeline::kept::TableCache::default(),
            outbox: std::sync::Arc::default(),
            sending: std::sync::Arc::new(tokio::sync::Semaphore::new(notify::dispatcher::SENDING)),
            drain: kernel::drain::Drain::default(),
            hashing: identity::hashing::Hashing::new(hash_slots),
            login_turns: identity::throttle::LoginTurns::default(),
            kept_blocks: kernel::shown::KeptBlocks::default(),
        }
    }
}

#[derive(Clone)]
pub struct Config {
    pub jwt: JwtKeys,
    /// How long an access token lasts (`BOURRE_TOKEN_TTL_SECS`).
    pub token_ttl: Duration,
    /// How long a refresh token lasts unused (`BOURRE_REFRESH_TTL_SECS`).
    pub refresh_ttl: Duration,
    /// How long after its rotation a refresh token presented again still gets a pair of
    /// its session (`BOURRE_REFRESH_REUSE_GRACE_SECS`; zero: never).
    pub refresh_reuse_grace: Duration,
    pub allow_fixed_deck: bool,
    /// How often the sweeper looks for turns whose deadline passed (it also runs at start).
    pub sweep_every: Duration,
    /// Streams and long-polls open at once, per player and in all.
    pub streams: live::feeds::StreamLimits,
    /// Registrations, guests and league joins per client address and hour.
    pub address_limits: identity::throttle::AddressLimits,
    /// Proxies whose `X-Forwarded-For` names the client (`BOURRE_TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<identity::throttle::Cidr>,
    /// What one player may make.
    pub quotas: Quotas,
    /// Where browsers may call from.
    pub cors_origins: CorsOrigins,
    /// How notifications are sent to webhooks (and to push services: the same address
    /// rules apply).
    pub webhooks: notify::dispatcher::WebhookConfig,
    /// How Web Push is sent.
    pub push: notify::push::PushConfig,
    /// How mail is sent (`BOURRE_SMTP_URL`, `BOURRE_MAIL_FROM`); none: no email operations.
    pub mail: Option<notify::mail::Mailer>,
    /// Passwords hashed at once (`BOURRE_HASH_SLOTS`, default one per core; see
    /// [`identity::hashing::Hashing`]).
    pub hash_slots: usize,
    /// How long a guest may go unseen (no sign-in, no refresh) before it is deleted
    /// (`BOURRE_GUEST_TTL_DAYS`).
    pub guest_ttl: Duration,
    /// How long a table's chat is kept (`BOURRE_CHAT_RETENTION_DAYS`).
    pub chat_kept: Duration,
    /// Messages one player says at one table in [`social::chat::BURST_SECS`], at most
    /// ([`social::chat::BURST`]; the load benchmark lifts it, so that its chat traffic is all
    /// said).
    pub chat_burst: i64,
    /// The operator's channel for reports (`BOURRE_OPERATOR_WEBHOOK_URL`).
    pub operator: Option<notify::webhooks::Operator>,
    /// The OpenID providers players sign in with (`BOURRE_OIDC_PROVIDERS`).
    pub oidc: std::sync::Arc<identity::oidc::Providers>,
    /// The native push services devices are sent to (FCM, APNs).
    pub native: std::sync::Arc<notify::native::Native>,
    /// The key the public log's checkpoints are signed with (`BOURRE_LOG_SIGNING_KEY`); its
    /// name is the log's origin.
    pub log_key: log::note::SignerKey,
}

/// Which origins browsers may call the API from (`BOURRE_CORS_ORIGINS`, see
/// `api::cors`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum CorsOrigins {
    /// None (the default).
    #[default]
    None,
    /// Any (`*`).
    Any,
    /// These, exactly (`https://app.example.com`).
    List(Vec<String>),
}

impl std::str::FromStr for CorsOrigins {
    type Err = String;

    fn from_str(text: &str) -> Result<CorsOrigins, String> {
        let origins: Vec<&str> = text
            .split(',')
            .map(str::trim)
            .filter(|o| !o.is_empty())
            .collect();
        if origins.is_empty() {
            return Ok(CorsOrigins::None);
        }
        if origins == ["*"] {
            return Ok(CorsOrigins::Any);
        }
        for origin in &origins {
            let (scheme, host) = origin.split_once("://").unwrap_or(("", ""));
            let ok = matches!(scheme, "http" | "https")
                && !host.is_empty()
                && !host.contains(['/', '*', ' ']);
            if !ok {
                return Err(format!(
                    "{origin:?} is not an origin such as https://app.example.com (`*` alone \
                     allows any)"
                ));
            }
        }
        Ok(CorsOrigins::List(
            origins.into_iter().map(str::to_owned).collect(),
        ))
    }
}

/// What one player may make, per day (refused beyond with 429 `quota_exceeded`).
#[derive(Debug, Clone, Copy)]
pub struct Quotas {
    /// Leagues created in 24 hours (`BOURRE_LEAGUES_PER_DAY`).
    pub leagues_per_day: i64,
    /// Tables created in 24 hours (`BOURRE_TABLES_PER_DAY`).
    pub tables_per_day: i64,
    /// Tournaments created in 24 hours (`BOURRE_TOURNAMENTS_PER_DAY`).
    pub tournaments_per_day: i64,
    /// Replies stored under idempotency keys, which are kept 24 hours
    /// (`BOURRE_KEYS_PER_DAY`): a request with a new key beyond is refused; without a key,
    /// or with a stored one, it is not.
    pub keys_per_day: i64,
    /// Bots seated per UTC day (`BOURRE_BOTS_PER_DAY`).
    pub bots_per_day: i64,
    /// Push devices and Web Push subscriptions newly registered per UTC day
    /// (`BOURRE_PUSH_REGISTRATIONS_PER_DAY`; registering one the player holds is free).
    pub push_registrations_per_day: i64,
    /// Leagues a guest creates in 24 hours (`BOURRE_GUEST_LEAGUES_PER_DAY`; 0, the default:
    /// none, 403 `guest_account`).
    pub guest_leagues_per_day: i64,
}

impl Default for Quotas {
    fn default() -> Quotas {
        Quotas {
            leagues_per_day: 20,
            tables_per_day: 100,
            tournaments_per_day: 20,
            keys_per_day: 10_000,
            bots_per_day: 50,
            push_registrations_per_day: 20,
            guest_leagues_per_day: 0,
        }
    }
}

/// The HS256 keys, made once from the secret.
#[derive(Clone)]
pub struct JwtKeys {
    pub encoding: jsonwebtoken::EncodingKey,
    pub decoding: jsonwebtoken::DecodingKey,
    /// Stream tickets' keys, derived from the secret: a ticket is no access token, nor an
    /// access token a ticket.
    pub ticket_encoding: jsonwebtoken::EncodingKey,
    pub ticket_decoding: jsonwebtoken::DecodingKey,
}

impl JwtKeys {
    pub fn from_secret(secret: &[u8]) -> Result<JwtKeys, String> {
        use sha2::{Digest, Sha256};
        let ticket_secret = Sha256::new()
            .chain_update(b"bourre stream tickets\0")
            .chain_update(secret)
            .finalize();
        let keys = |secret: &[u8]| -> Result<_, String> {
            Ok((
                jsonwebtoken::EncodingKey::from_secret(secret).map_err(|e| e.to_string())?,
                jsonwebtoken::DecodingKey::from_secret(secret).map_err(|e| e.to_string())?,
            ))
        };
        let (encoding, decoding) = keys(secret)?;
        let (ticket_encoding, ticket_decoding) = keys(&ticket_secret)?;
        Ok(JwtKeys {
            encoding,
            decoding,
            ticket_encoding,
            ticket_decoding,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_parse() {
        assert_eq!("".parse(), Ok(CorsOrigins::None));
        assert_eq!("*".parse(), Ok(CorsOrigins::Any));
        assert_eq!(
            "https://a.example, http://localhost:5173".parse(),
            Ok(CorsOrigins::List(vec![
                "https://a.example".into(),
                "http://localhost:5173".into()
            ]))
        );
        for bad in [
            "a.example",
            "https://a.example/path",
            "https://*.example",
            "*, https://a",
        ] {
            assert!(bad.parse::<CorsOrigins>().is_err(), "{bad}");
        }
    }
}
