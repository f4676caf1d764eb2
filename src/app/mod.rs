//! Use cases: each one short transaction: load, let the engine decide, append, project.
//! A table's commands are decisions on its state ([`table`]) that come in through one door
//! ([`pipeline`]), which keeps busy tables and commits moves together.

pub mod audit;
pub mod auth;
pub mod events;
pub mod history;
pub mod idempotency;
pub mod ids;
pub mod league_admin;
pub mod leagues;
pub mod live;
pub mod pipeline;
pub mod rebuild;
pub mod standings;
pub mod sweeper;
pub mod table;
pub mod table_event;
pub mod throttle;
pub mod view;

use std::time::Duration;

use crate::engine::RuleError;
use crate::store::{DbPool, StoreError};

/// What the use cases need: the database, the configuration, and this process's fan-out
/// of live notices.
#[derive(Clone)]
pub struct App {
    pub pool: DbPool,
    pub config: Config,
    pub live: live::Live,
    /// Tables this process read or wrote last, for as long as they are unchanged.
    pub tables: pipeline::kept::TableCache,
    /// Moves queued to be committed together.
    pub writes: pipeline::writes::Writes,
    /// Kept tables' stamps queued to be checked together.
    pub checks: pipeline::checks::Checks,
    /// Failed logins of this process, per account and per client address.
    pub login_throttle: throttle::Throttle,
}

impl App {
    pub fn new(pool: DbPool, config: Config) -> App {
        App {
            writes: pipeline::writes::Writes::new(pool.clone(), pipeline::writes::WRITERS),
            checks: pipeline::checks::Checks::new(pool.clone(), pipeline::checks::CHECKERS),
            pool,
            config,
            live: live::Live::new(),
            tables: pipeline::kept::TableCache::default(),
            login_throttle: throttle::Throttle::default(),
        }
    }
}

#[derive(Clone)]
pub struct Config {
    pub jwt: JwtKeys,
    pub token_ttl: Duration,
    pub allow_fixed_deck: bool,
    /// How often the sweeper looks for turns whose deadline passed (it also runs at start).
    pub sweep_every: Duration,
}

/// The HS256 keys, made once from the secret.
#[derive(Clone)]
pub struct JwtKeys {
    pub encoding: jsonwebtoken::EncodingKey,
    pub decoding: jsonwebtoken::DecodingKey,
}

impl JwtKeys {
    pub fn from_secret(secret: &[u8]) -> Result<JwtKeys, String> {
        Ok(JwtKeys {
            encoding: jsonwebtoken::EncodingKey::from_secret(secret).map_err(|e| e.to_string())?,
            decoding: jsonwebtoken::DecodingKey::from_secret(secret).map_err(|e| e.to_string())?,
        })
    }
}

/// Why a use case refused or failed. The API maps each to a status and a stable code.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A well-formed action the rules refuse (422, the rule's code).
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// Well-formed input refused for another reason (422).
    #[error("{detail}")]
    Unprocessable { code: &'static str, detail: String },
    /// Malformed input (400).
    #[error("{detail}")]
    BadRequest { code: &'static str, detail: String },
    /// Missing or bad credentials (401).
    #[error("{0}")]
    Unauthorized(String),
    /// Authenticated but not allowed (403).
    #[error("{detail}")]
    Forbidden { code: &'static str, detail: String },
    /// Unknown id (404).
    #[error("{detail}")]
    NotFound { code: &'static str, detail: String },
    /// The state moved on, or the request clashes with it (409).
    #[error("{detail}")]
    Conflict {
        code: &'static str,
        detail: String,
        current_version: Option<i64>,
    },
    /// The path exists, but not with this method (405).
    #[error("{0}")]
    MethodNotAllowed(String),
    /// Too many failed attempts (429): try again after `retry_after_secs`.
    #[error("too many failed attempts; try again in {retry_after_secs} seconds")]
    TooManyAttempts { retry_after_secs: u64 },
    /// A bug or an outage (500, or 503 while the database is away).
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("{0}")]
    Internal(String),
}

impl AppError {
    pub fn unprocessable(code: &'static str, detail: impl Into<String>) -> AppError {
        AppError::Unprocessable {
            code,
            detail: detail.into(),
        }
    }
    pub fn forbidden(code: &'static str, detail: impl Into<String>) -> AppError {
        AppError::Forbidden {
            code,
            detail: detail.into(),
        }
    }
    pub fn not_found(code: &'static str, detail: impl Into<String>) -> AppError {
        AppError::NotFound {
            code,
            detail: detail.into(),
        }
    }
    pub fn conflict(code: &'static str, detail: impl Into<String>) -> AppError {
        AppError::Conflict {
            code,
            detail: detail.into(),
            current_version: None,
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> AppError {
        AppError::Store(StoreError::Query(e))
    }
}
