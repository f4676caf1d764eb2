//! `bourre serve` and `bourre migrate`: configuration from the environment, the database
//! (a private embedded cluster when `DATABASE_URL` is unset), then the HTTP server.

use std::path::Path;
use std::time::Duration;

use crate::app::dispatcher::WebhookConfig;
use crate::app::feeds::StreamLimits;
use crate::app::push::{DEFAULT_SUBJECT, PushConfig, Vapid};
use crate::app::throttle::{AddressLimits, Cidr};
use crate::app::{App, Config, JwtKeys, Quotas};
use crate::tools::database::{self, Database, Source};
use crate::{api, store};

/// The database: `DATABASE_URL`, or the private cluster under the data directory.
pub fn database() -> Result<Database, String> {
    database::database("bourre", || {
        let cluster = database::data_dir(None)?.join("pg");
        eprintln!(
            "bourre: DATABASE_URL is unset; using the private PostgreSQL cluster in {}",
            cluster.display()
        );
        Ok(cluster)
    })
}

fn jwt_secret(embedded: bool) -> Result<Vec<u8>, String> {
    if let Ok(secret) = std::env::var("BOURRE_JWT_SECRET")
        && !secret.is_empty()
    {
        if secret.len() < 32 {
            return Err("BOURRE_JWT_SECRET must have at least 32 characters".into());
        }
        return Ok(secret.into_bytes());
    }
    if !embedded {
        return Err("BOURRE_JWT_SECRET is required when DATABASE_URL is set".into());
    }
    let path = database::data_dir(None)?.join("jwt_secret");
    let secret = read_or_create_secret(&path)?;
    eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
    eprintln!("!! WARNING: BOURRE_JWT_SECRET is unset: tokens are signed with the");
    eprintln!("!! development secret in {}.", path.display());
    eprintln!("!! Set BOURRE_JWT_SECRET (32+ random characters) in production.");
    eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
    Ok(secret)
}

fn read_or_create_secret(path: &Path) -> Result<Vec<u8>, String> {
    if let Ok(existing) = std::fs::read_to_string(path)
        && existing.trim().len() >= 32
    {
        return Ok(existing.trim().as_bytes().to_vec());
    }
    let bytes: [u8; 32] = rand::random();
    let secret = hex::encode(bytes);
    write_private(path, &secret).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(secret.into_bytes())
}

#[cfg(unix)]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(text.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

fn env_flag(name: &str) -> bool {
    matches!(std::env::var(name).as_deref(), Ok("1") | Ok("true"))
}

fn env_number(name: &str, default: u64) -> Result<u64, String> {
    match std::env::var(name) {
        Ok(text) => text
            .parse()
            .map_err(|_| format!("{name} must be a whole number, not {text:?}")),
        Err(_) => Ok(default),
    }
}

/// A count that fits the database's integers.
fn env_count(name: &str, default: u64) -> Result<i32, String> {
    i32::try_from(env_number(name, default)?).map_err(|_| format!("{name} is too large"))
}

/// `BOURRE_TRUSTED_PROXIES`: comma-separated address blocks (default none).
fn trusted_proxies() -> Result<Vec<Cidr>, String> {
    let text = std::env::var("BOURRE_TRUSTED_PROXIES").unwrap_or_default();
    text.split(',')
        .filter(|part| !part.trim().is_empty())
        .map(|part| {
            part.parse()
                .map_err(|e| format!("BOURRE_TRUSTED_PROXIES: {e}"))
        })
        .collect()
}

/// `BOURRE_REMINDER_SECS`: at most the longest turn a table may have (30 days).
fn reminder_secs() -> Result<u64, String> {
    let secs = env_number("BOURRE_REMINDER_SECS", 3600)?;
    if secs > 30 * 86_400 {
        return Err(format!(
            "BOURRE_REMINDER_SECS ({secs}) is longer than the longest turn (2592000 s)"
        ));
    }
    Ok(secs)
}

/// Web Push: the VAPID key from `BOURRE_VAPID_PRIVATE_KEY`, or in the embedded default the
/// one generated into the data directory (none, and no Web Push, with an outside database
/// and no key: processes sharing a database must share their key).
fn push_config(embedded: bool) -> Result<PushConfig, String> {
    let subject = std::env::var("BOURRE_VAPID_SUBJECT")
        .ok()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_SUBJECT.to_owned());
    if !(subject.starts_with("mailto:") || subject.starts_with("https://")) {
        return Err(format!(
            "BOURRE_VAPID_SUBJECT must be a mailto: or https: URL, not {subject:?}"
        ));
    }
    let key = match std::env::var("BOURRE_VAPID_PRIVATE_KEY") {
        Ok(text) if !text.trim().is_empty() => {
            Some(Vapid::from_private(&text).map_err(|e| format!("BOURRE_VAPID_PRIVATE_KEY: {e}"))?)
        }
        _ if embedded => {
            let path = database::data_dir(None)?.join("vapid_private_key");
            match std::fs::read_to_string(&path) {
                // Browsers subscribed with its public key: a new key would end every
                // subscription, so one that does not read stops the start.
                Ok(text) => Some(
                    Vapid::from_private(&text).map_err(|e| format!("{}: {e}", path.display()))?,
                ),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    let (vapid, private) = Vapid::generate();
                    write_private(&path, &private)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    Some(vapid)
                }
                Err(e) => return Err(format!("{}: {e}", path.display())),
            }
        }
        _ => {
            eprintln!(
                "bourre: BOURRE_VAPID_PRIVATE_KEY is unset: no Web Push (webhooks still work)"
            );
            None
        }
    };
    Ok(PushConfig {
        vapid: key.map(std::sync::Arc::new),
        subject,
    })
}

/// Builds the application state from the environment for a migrated database.
pub fn app_from_env(url: &str, embedded: bool) -> Result<App, String> {
    let pool_size = env_number("BOURRE_DB_POOL", 16)? as usize;
    let token_ttl = env_number("BOURRE_TOKEN_TTL_SECS", 15 * 60)?;
    if token_ttl == 0 {
        return Err("BOURRE_TOKEN_TTL_SECS must be at least 1".into());
    }
    let refresh_ttl = env_number("BOURRE_REFRESH_TTL_SECS", 30 * 86_400)?;
    if refresh_ttl < token_ttl {
        return Err(format!(
            "BOURRE_REFRESH_TTL_SECS ({refresh_ttl}) is shorter than BOURRE_TOKEN_TTL_SECS \
             ({token_ttl}): a refresh token must outlast the access tokens it renews"
        ));
    }
    Ok(App::new(
        store::pool(url, pool_size).map_err(|e| e.to_string())?,
        Config {
            jwt: JwtKeys::from_secret(&jwt_secret(embedded)?)?,
            token_ttl: Duration::from_secs(token_ttl),
            refresh_ttl: Duration::from_secs(refresh_ttl),
            allow_fixed_deck: env_flag("BOURRE_ALLOW_FIXED_DECK"),
            sweep_every: Duration::from_millis(env_number("BOURRE_SWEEP_MS", 500)?.max(10)),
            streams: StreamLimits {
                per_player: env_number("BOURRE_STREAMS_PER_PLAYER", 8)? as usize,
                per_process: env_number("BOURRE_STREAMS_PER_PROCESS", 10_000)? as usize,
            },
            address_limits: AddressLimits {
                registrations_per_hour: env_count("BOURRE_REGISTRATIONS_PER_HOUR", 20)?,
                joins_per_hour: env_count("BOURRE_JOINS_PER_HOUR", 60)?,
            },
            trusted_proxies: trusted_proxies()?,
            cors_origins: std::env::var("BOURRE_CORS_ORIGINS")
                .unwrap_or_default()
                .parse()
                .map_err(|e| format!("BOURRE_CORS_ORIGINS: {e}"))?,
            webhooks: WebhookConfig {
                allow_http: env_flag("BOURRE_WEBHOOK_ALLOW_HTTP"),
                allow_private: env_flag("BOURRE_WEBHOOK_ALLOW_PRIVATE"),
                remind_before: Duration::from_secs(reminder_secs()?),
                retry_base: Duration::from_millis(
                    env_number("BOURRE_WEBHOOK_RETRY_MS", 5000)?.max(1),
                ),
            },
            push: push_config(embedded)?,
            quotas: Quotas {
                leagues_per_day: env_number("BOURRE_LEAGUES_PER_DAY", 20)? as i64,
                tables_per_day: env_number("BOURRE_TABLES_PER_DAY", 100)? as i64,
                keys_per_day: env_number("BOURRE_KEYS_PER_DAY", 10_000)? as i64,
            },
        },
    ))
}

pub fn migrate() -> Result<(), String> {
    let ran = store::migrate(&database()?.admin_url).map_err(|e| e.to_string())?;
    eprintln!("bourre: {ran} migration(s) applied");
    Ok(())
}

pub fn serve() -> Result<(), String> {
    let db = database()?;
    store::migrate(&db.admin_url).map_err(|e| e.to_string())?;
    let app = app_from_env(&db.url, db.source == Source::Embedded)?;
    let bind = std::env::var("BOURRE_BIND").unwrap_or_else(|_| "127.0.0.1:8080".into());
    let workers = env_number("BOURRE_WORKERS", api::default_workers() as u64)? as usize;
    let listener =
        std::net::TcpListener::bind(&bind).map_err(|e| format!("cannot bind {bind}: {e}"))?;
    eprintln!("bourre: serving on http://{bind} (Swagger UI at http://{bind}/docs/)");
    actix_web::rt::System::new()
        .block_on(async move { api::server(app, listener, workers)?.await })
        .map_err(|e| e.to_string())
}
