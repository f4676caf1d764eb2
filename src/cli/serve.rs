//! `bourre serve` and `bourre migrate`: the configuration (every setting an argument with
//! its environment variable, checked before anything starts), the database (a private
//! embedded cluster when `DATABASE_URL` is unset), then the HTTP server.

use crate::app::notify::webhooks::Operator;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use clap::builder::BoolishValueParser;

use crate::api;
use crate::app::identity::oidc::Providers;
use crate::app::identity::throttle::{AddressLimits, Cidr};
use crate::app::kernel::drain::Stage;
use crate::app::live::feeds::StreamLimits;
use crate::app::log::note::SignerKey;
use crate::app::notify::dispatcher::WebhookConfig;
use crate::app::notify::mail::Mailer;
use crate::app::notify::native::{Apns, Fcm, Native};
use crate::app::notify::push::{DEFAULT_SUBJECT, PushConfig, Vapid};
use crate::app::ops::database as store;
use crate::app::{App, Config, CorsOrigins, JwtKeys, Quotas};
use crate::tools::database::{self, Database, DatabaseArgs, Source};

/// Every setting of `bourre serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The address the API listens on.
    #[arg(long, env = "BOURRE_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// Where Prometheus metrics are served (`GET /metrics`), an address of its own (default:
    /// no metrics, none recorded).
    #[arg(long, env = "BOURRE_METRICS_BIND")]
    pub metrics_bind: Option<SocketAddr>,
    /// On SIGTERM (or SIGINT), how long the process keeps serving with /readyz answering
    /// 503, so balancers take it out before it stops accepting, in milliseconds.
    #[arg(long, env = "BOURRE_DRAIN_DELAY_MS", default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..=600_000))]
    pub drain_delay_ms: u64,
    /// Then how long requests in flight, queued writes and messages being sent have to
    /// finish before the process exits, in seconds.
    #[arg(long, env = "BOURRE_SHUTDOWN_GRACE_SECS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub shutdown_grace_secs: u64,
    /// Passwords hashed at once (default: one per core); a request waits up to 5 s for a
    /// slot, then is answered 503 `busy`.
    #[arg(long, env = "BOURRE_HASH_SLOTS", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub hash_slots: Option<u16>,
    /// HTTP worker threads (default: one per core).
    #[arg(long, env = "BOURRE_WORKERS", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub workers: Option<u16>,
    /// Database connections in the pool.
    #[arg(long, env = "BOURRE_DB_POOL", default_value_t = 16,
          value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub db_pool: u16,
    /// The secret tokens are signed with (32 characters or more); required with
    /// DATABASE_URL, generated into --data-dir in the embedded default.
    #[arg(long, env = "BOURRE_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// The key the public log's checkpoints are signed with, `PRIVATE+KEY+<origin>+...`
    /// (`bourre log keygen`); required with DATABASE_URL, generated into --data-dir in the
    /// embedded default. Every process of one database signs with the same key.
    #[arg(long, env = "BOURRE_LOG_SIGNING_KEY", hide_env_values = true)]
    pub log_signing_key: Option<String>,
    /// How long an access token lasts, in seconds.
    #[arg(long, env = "BOURRE_TOKEN_TTL_SECS", default_value_t = 15 * 60,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub token_ttl_secs: u64,
    /// How long a refresh token lasts unused, in seconds (at least --token-ttl-secs).
    #[arg(long, env = "BOURRE_REFRESH_TTL_SECS", default_value_t = 30 * 86_400,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub refresh_ttl_secs: u64,
    /// How long after its rotation a refresh token presented again (a retry whose answer
    /// was lost) still gets a new pair of its session, in seconds; later it ends the
    /// session. 0: never.
    #[arg(long, env = "BOURRE_REFRESH_REUSE_GRACE_SECS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub refresh_reuse_grace_secs: u64,
    /// Accept a table's fixed deck order (tests and demos only: hands are then not fair).
    #[arg(long, env = "BOURRE_ALLOW_FIXED_DECK", value_parser = BoolishValueParser::new(),
          num_args = 0..=1, default_value_t = false, default_missing_value = "true")]
    pub allow_fixed_deck: bool,
    /// How often the sweeper looks for turns whose deadline passed, in milliseconds.
    #[arg(long, env = "BOURRE_SWEEP_MS", default_value_t = 500,
          value_parser = clap::value_parser!(u64).range(10..))]
    pub sweep_ms: u64,
    /// Streams and long-polls one player may have open on this process.
    #[arg(long, env = "BOURRE_STREAMS_PER_PLAYER", default_value_t = 8)]
    pub streams_per_player: usize,
    /// Streams and long-polls this process holds open at once.
    #[arg(long, env = "BOURRE_STREAMS_PER_PROCESS", default_value_t = 10_000)]
    pub streams_per_process: usize,
    /// Registrations per client address and hour.
    #[arg(long, env = "BOURRE_REGISTRATIONS_PER_HOUR", default_value_t = 20,
          value_parser = clap::value_parser!(i32).range(0..))]
    pub registrations_per_hour: i32,
    /// Guests made (POST /v1/auth/guest) per client address and hour.
    #[arg(long, env = "BOURRE_GUESTS_PER_HOUR", default_value_t = 20,
          value_parser = clap::value_parser!(i32).range(0..))]
    pub guests_per_hour: i32,
    /// Days a guest may go without signing in or refreshing a session before it is deleted
    /// (as an account deletion deletes).
    #[arg(long, env = "BOURRE_GUEST_TTL_DAYS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=3650))]
    pub guest_ttl_days: u64,
    /// Days a table's chat messages are kept before the housekeeper drops them.
    #[arg(long, env = "BOURRE_CHAT_RETENTION_DAYS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=3650))]
    pub chat_retention_days: u64,
    /// The operator's channel: reports about a league or its admins are posted here as
    /// `report.created`, signed as league webhooks are (with BOURRE_OPERATOR_WEBHOOK_SECRET).
    #[arg(long, env = "BOURRE_OPERATOR_WEBHOOK_URL")]
    pub operator_webhook_url: Option<String>,
    /// The operator channel's signing secret: `whsec_` + base64 of 24 to 64 random bytes.
    #[arg(long, env = "BOURRE_OPERATOR_WEBHOOK_SECRET", hide_env_values = true)]
    pub operator_webhook_secret: Option<String>,
    /// League joins per client address and hour.
    #[arg(long, env = "BOURRE_JOINS_PER_HOUR", default_value_t = 60,
          value_parser = clap::value_parser!(i32).range(0..))]
    pub joins_per_hour: i32,
    /// Proxies whose X-Forwarded-For names the client: address blocks, comma-separated
    /// (`10.0.0.0/8,::1`).
    #[arg(long, env = "BOURRE_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<Cidr>,
    /// Origins browsers may call the API from: `*`, or a comma-separated list of
    /// `https://host[:port]` (default none).
    #[arg(long, env = "BOURRE_CORS_ORIGINS", default_value = "")]
    pub cors_origins: CorsOrigins,
    /// Let webhooks and push subscriptions be http:// (https only by default).
    #[arg(long, env = "BOURRE_WEBHOOK_ALLOW_HTTP", value_parser = BoolishValueParser::new(),
          num_args = 0..=1, default_value_t = false, default_missing_value = "true")]
    pub webhook_allow_http: bool,
    /// Let webhooks and push subscriptions reach loopback, private, link-local and
    /// metadata addresses.
    #[arg(long, env = "BOURRE_WEBHOOK_ALLOW_PRIVATE", value_parser = BoolishValueParser::new(),
          num_args = 0..=1, default_value_t = false, default_missing_value = "true")]
    pub webhook_allow_private: bool,
    /// How long before a turn's deadline its turn.reminder goes out, in seconds (at most
    /// the longest turn, 30 days).
    #[arg(long, env = "BOURRE_REMINDER_SECS", default_value_t = 3600,
          value_parser = clap::value_parser!(u64).range(0..=30 * 86_400))]
    pub reminder_secs: u64,
    /// The first retry's delay for a failed webhook or push, in milliseconds (each next
    /// one doubles, up to an hour).
    #[arg(long, env = "BOURRE_WEBHOOK_RETRY_MS", default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub webhook_retry_ms: u64,
    /// The Web Push (VAPID) key: base64url of a P-256 private key's 32 bytes. Unset: generated
    /// into --data-dir in the embedded default; no Web Push with DATABASE_URL.
    #[arg(long, env = "BOURRE_VAPID_PRIVATE_KEY", hide_env_values = true)]
    pub vapid_private_key: Option<String>,
    /// The contact push services see in each VAPID token (`mailto:` or `https:`).
    #[arg(long, env = "BOURRE_VAPID_SUBJECT", default_value = DEFAULT_SUBJECT)]
    pub vapid_subject: String,
    /// Leagues one player may create per day.
    #[arg(long, env = "BOURRE_LEAGUES_PER_DAY", default_value_t = 20,
          value_parser = clap::value_parser!(i64).range(0..))]
    pub leagues_per_day: i64,
    /// Tables one player may create per day.
    #[arg(long, env = "BOURRE_TABLES_PER_DAY", default_value_t = 100,
          value_parser = clap::value_parser!(i64).range(0..))]
    pub tables_per_day: i64,
    /// Tournaments one player may create per day.
    #[arg(long, env = "BOURRE_TOURNAMENTS_PER_DAY", default_value_t = 20,
          value_parser = clap::value_parser!(i64).range(0..))]
    pub tournaments_per_day: i64,
    /// Idempotency replies stored per player (a day each).
    #[arg(long, env = "BOURRE_KEYS_PER_DAY", default_value_t = 10_000,
          value_parser = clap::value_parser!(i64).range(0..))]
    pub keys_per_day: i64,
    /// Bots one player may seat per day (UTC).
    #[arg(long, env = "BOURRE_BOTS_PER_DAY", default_value_t = 50,
          value_parser = clap::value_parser!(i64).range(0..))]
    pub bots_per_day: i64,
    /// Push devices and Web Push subscriptions one player may newly register per day (UTC);
    /// one they hold already registers again freely.
    #[arg(long, env = "BOURRE_PUSH_REGISTRATIONS_PER_DAY", default_value_t = 20,
          value_parser = clap::value_parser!(i64).range(0..))]
    pub push_registrations_per_day: i64,
    /// The SMTP server mail goes out through: `smtp://host:port` (plain, or STARTTLS with
    /// `?tls=required`), `smtps://user:password@host` (TLS). Unset: no email operations.
    #[arg(long, env = "BOURRE_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of mail, `Bourré <no-reply@example.com>` (with BOURRE_SMTP_URL).
    #[arg(long, env = "BOURRE_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// Codes mailed per account, and per recipient address, in an hour.
    #[arg(long, env = "BOURRE_MAIL_PER_HOUR", default_value_t = 5,
          value_parser = clap::value_parser!(i32).range(1..))]
    pub mail_per_hour: i32,
    /// The OpenID Connect providers players may sign in with, space-separated
    /// `name=issuer_url|client_id[|client_id...]` (an ID token's `aud` must be one of the
    /// client ids; the first is the web client's), such as
    /// `apple=https://appleid.apple.com|com.example.bourre`.
    #[arg(long, env = "BOURRE_OIDC_PROVIDERS", default_value = "")]
    pub oidc_providers: String,
    /// The web client's secret at a provider's token endpoint, space-separated `name=secret`
    /// (for the sign-in a browser makes through the server; none for a public client).
    #[arg(
        long,
        env = "BOURRE_OIDC_SECRETS",
        default_value = "",
        hide_env_values = true
    )]
    pub oidc_secrets: String,
    /// Allow http issuers (tests only: ID tokens' keys would travel unprotected).
    #[arg(long, env = "BOURRE_OIDC_ALLOW_HTTP", value_parser = BoolishValueParser::new(),
          num_args = 0..=1, default_value_t = false, default_missing_value = "true")]
    pub oidc_allow_http: bool,
    /// How far an ID token's times (`exp`, `iat`, `nbf`) may be off, in seconds (clocks
    /// differ).
    #[arg(long, env = "BOURRE_OIDC_LEEWAY_SECS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(0..=600))]
    pub oidc_leeway_secs: u64,
    /// FCM: the service account key file (JSON) of the Firebase project, whose `token_uri`
    /// access tokens are got from. Unset: no FCM devices.
    #[arg(long, env = "BOURRE_FCM_CREDENTIALS")]
    pub fcm_credentials: Option<String>,
    /// Where FCM messages are sent.
    #[arg(
        long,
        env = "BOURRE_FCM_ENDPOINT",
        default_value = "https://fcm.googleapis.com"
    )]
    pub fcm_endpoint: String,
    /// APNs: the team's token key (.p8). Unset: no APNs devices.
    #[arg(long, env = "BOURRE_APNS_KEY")]
    pub apns_key: Option<String>,
    /// The APNs key's id (10 characters, from Apple's developer account).
    #[arg(long, env = "BOURRE_APNS_KEY_ID")]
    pub apns_key_id: Option<String>,
    /// The Apple developer team's id.
    #[arg(long, env = "BOURRE_APNS_TEAM_ID")]
    pub apns_team_id: Option<String>,
    /// The app's bundle id, the topic of its pushes.
    #[arg(long, env = "BOURRE_APNS_TOPIC")]
    pub apns_topic: Option<String>,
    /// Where APNs pushes are sent (`https://api.sandbox.push.apple.com` for development
    /// builds).
    #[arg(
        long,
        env = "BOURRE_APNS_ENDPOINT",
        default_value = "https://api.push.apple.com"
    )]
    pub apns_endpoint: String,
    /// A PEM file of extra root certificates the push services' certificates may chain to
    /// (a private endpoint's).
    #[arg(long, env = "BOURRE_PUSH_CA_FILE")]
    pub push_ca_file: Option<String>,
    /// Leagues a guest may create per day (0: none; a guest upgrades to create one).
    #[arg(long, env = "BOURRE_GUEST_LEAGUES_PER_DAY", default_value_t = 0,
          value_parser = clap::value_parser!(i64).range(0..))]
    pub guest_leagues_per_day: i64,
}

impl ServeArgs {
    /// The operator's channel of `BOURRE_OPERATOR_WEBHOOK_*`, if set.
    fn operator(&self) -> Result<Option<Operator>, String> {
        use base64::Engine;
        let (url, secret) = match (&self.operator_webhook_url, &self.operator_webhook_secret) {
            (None, None) => return Ok(None),
            (Some(url), Some(secret)) => (url, secret),
            _ => {
                return Err(
                    "BOURRE_OPERATOR_WEBHOOK_URL and BOURRE_OPERATOR_WEBHOOK_SECRET go together"
                        .into(),
                );
            }
        };
        let key = secret
            .strip_prefix("whsec_")
            .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
            .filter(|k| (24..=64).contains(&k.len()));
        if key.is_none() {
            return Err(
                "BOURRE_OPERATOR_WEBHOOK_SECRET is whsec_ and the base64 of 24 to 64 bytes".into(),
            );
        }
        if !(url.starts_with("https://") || url.starts_with("http://")) {
            return Err(format!(
                "BOURRE_OPERATOR_WEBHOOK_URL is an http(s) URL, not {url:?}"
            ));
        }
        Ok(Some(Operator {
            url: url.clone(),
            secret: secret.clone(),
        }))
    }

    /// The OpenID providers of `BOURRE_OIDC_*`.
    fn oidc(&self) -> Result<Providers, String> {
        Providers::parse(
            &self.oidc_providers,
            &self.oidc_secrets,
            self.oidc_allow_http,
            self.oidc_leeway_secs,
        )
        .map_err(|e| format!("BOURRE_OIDC_PROVIDERS: {e}"))
    }

    /// What the parser cannot check alone: settings that must fit together, and values of
    /// a form of their own. Checked before anything is opened.
    pub fn check(&self) -> Result<(), String> {
        if self.refresh_ttl_secs < self.token_ttl_secs {
            return Err(format!(
                "BOURRE_REFRESH_TTL_SECS ({}) is shorter than BOURRE_TOKEN_TTL_SECS ({}): a \
                 refresh token must outlast the access tokens it renews",
                self.refresh_ttl_secs, self.token_ttl_secs
            ));
        }
        if self.jwt_secret.as_ref().is_some_and(|s| s.len() < 32) {
            return Err("BOURRE_JWT_SECRET must have at least 32 characters".into());
        }
        let subject = self.vapid_subject.trim();
        if !(subject.starts_with("mailto:") || subject.starts_with("https://")) {
            return Err(format!(
                "BOURRE_VAPID_SUBJECT must be a mailto: or https: URL, not {subject:?}"
            ));
        }
        self.oidc()?;
        self.operator()?;
        if let Some(key) = self.log_signing_key.as_deref() {
            SignerKey::parse(key).map_err(|e| format!("BOURRE_LOG_SIGNING_KEY: {e}"))?;
        }
        if let Some(key) = self.vapid_private_key.as_deref() {
            Vapid::from_private(key).map_err(|e| format!("BOURRE_VAPID_PRIVATE_KEY: {e}"))?;
        }
        Ok(())
    }
}

/// The database: `--database-url`, or the private cluster under the data directory.
pub fn database(args: &DatabaseArgs) -> Result<Database, String> {
    database::database(args.database_url.as_deref(), "bourre", || {
        let cluster = database::data_dir(&args.data_dir)?.join("pg");
        eprintln!(
            "bourre: DATABASE_URL is unset; using the private PostgreSQL cluster in {}",
            cluster.display()
        );
        Ok(cluster)
    })
}

fn jwt_secret(args: &ServeArgs, embedded: bool) -> Result<Vec<u8>, String> {
    if let Some(secret) = args.jwt_secret.clone() {
        return Ok(secret.into_bytes());
    }
    if !embedded {
        return Err("BOURRE_JWT_SECRET is required when DATABASE_URL is set".into());
    }
    let path = database::data_dir(&args.database.data_dir)?.join("jwt_secret");
    let secret = read_or_create_secret(&path)?;
    eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
    eprintln!("!! WARNING: BOURRE_JWT_SECRET is unset: tokens are signed with the");
    eprintln!("!! development secret in {}.", path.display());
    eprintln!("!! Set BOURRE_JWT_SECRET (32+ random characters) in production.");
    eprintln!("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!");
    Ok(secret)
}

/// The origin of the log in the embedded default (a development server's own).
const DEV_LOG_ORIGIN: &str = "localhost/bourre-dev";

/// The public log's signing key: `BOURRE_LOG_SIGNING_KEY`, else (embedded default only) the
/// one kept in --data-dir, made on the first start.
fn log_key(args: &ServeArgs, embedded: bool) -> Result<SignerKey, String> {
    if let Some(key) = args.log_signing_key.as_deref() {
        return SignerKey::parse(key).map_err(|e| format!("BOURRE_LOG_SIGNING_KEY: {e}"));
    }
    if !embedded {
        return Err(
            "BOURRE_LOG_SIGNING_KEY is required when DATABASE_URL is set (`bourre log keygen \
             --origin <your host>/log` makes one)"
                .into(),
        );
    }
    kept_key(args, "log_signing_key", SignerKey::parse, || {
        let key = SignerKey::generate(DEV_LOG_ORIGIN)?;
        eprintln!(
            "bourre: making the public log's development key in the data directory ({})",
            key.verifier()
        );
        let secret = key.secret_text();
        Ok((key, secret))
    })
}

/// A key of the embedded default, kept in --data-dir as `name`: read (one that does not
/// read stops the start: what it signed, or was subscribed with, would be lost), or made
/// by `make` (the key and its text) and written, readable by this user only.
fn kept_key<T>(
    args: &ServeArgs,
    name: &str,
    read: impl FnOnce(&str) -> Result<T, String>,
    make: impl FnOnce() -> Result<(T, String), String>,
) -> Result<T, String> {
    let path = database::data_dir(&args.database.data_dir)?.join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => read(&text).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let (key, text) = make()?;
            write_private(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(key)
        }
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
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

/// Web Push: the VAPID key from `BOURRE_VAPID_PRIVATE_KEY`, or in the embedded default the
/// one generated into the data directory (none, and no Web Push, with an outside database
/// and no key: processes sharing a database must share their key).
fn push_config(args: &ServeArgs, embedded: bool) -> Result<PushConfig, String> {
    let subject = args.vapid_subject.trim().to_owned();
    let key = match args.vapid_private_key.as_deref() {
        Some(text) => {
            Some(Vapid::from_private(text).map_err(|e| format!("BOURRE_VAPID_PRIVATE_KEY: {e}"))?)
        }
        // Browsers subscribed with its public key: a new key would end every subscription.
        _ if embedded => Some(kept_key(
            args,
            "vapid_private_key",
            Vapid::from_private,
            || Ok(Vapid::generate()),
        )?),
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

/// The mailer, when `BOURRE_SMTP_URL` and `BOURRE_MAIL_FROM` are both set (one without the
/// other is a mistake).
fn mail_config(args: &ServeArgs) -> Result<Option<Mailer>, String> {
    match (&args.smtp_url, &args.mail_from) {
        (None, None) => Ok(None),
        (Some(url), Some(from)) => Mailer::new(url, from, args.mail_per_hour).map(Some),
        _ => Err("BOURRE_SMTP_URL and BOURRE_MAIL_FROM go together: set both, or neither".into()),
    }
}

/// The native push services: FCM with `BOURRE_FCM_CREDENTIALS`, APNs with
/// `BOURRE_APNS_KEY` and its key id, team id and topic (all four, or none).
fn native_config(args: &ServeArgs) -> Result<Native, String> {
    let fcm = args
        .fcm_credentials
        .as_deref()
        .map(|path| Fcm::from_file(path, &args.fcm_endpoint))
        .transpose()
        .map_err(|e| format!("BOURRE_FCM_CREDENTIALS: {e}"))?;
    let apns = match (
        &args.apns_key,
        &args.apns_key_id,
        &args.apns_team_id,
        &args.apns_topic,
    ) {
        (None, None, None, None) => None,
        (Some(key), Some(key_id), Some(team_id), Some(topic)) => Some(
            Apns::from_file(key, key_id, team_id, topic, &args.apns_endpoint)
                .map_err(|e| format!("BOURRE_APNS_KEY: {e}"))?,
        ),
        _ => {
            return Err(
                "BOURRE_APNS_KEY, BOURRE_APNS_KEY_ID, BOURRE_APNS_TEAM_ID and \
                        BOURRE_APNS_TOPIC go together: set all four, or none"
                    .into(),
            );
        }
    };
    Native::new(fcm, apns, args.push_ca_file.as_deref())
}

/// Builds the application state from settings already checked ([`ServeArgs::check`]),
/// for a migrated database.
fn app_from_args(args: &ServeArgs, url: &str, embedded: bool) -> Result<App, String> {
    Ok(App::new(
        store::pool(url, usize::from(args.db_pool)).map_err(|e| e.to_string())?,
        Config {
            jwt: JwtKeys::from_secret(&jwt_secret(args, embedded)?)?,
            token_ttl: Duration::from_secs(args.token_ttl_secs),
            refresh_ttl: Duration::from_secs(args.refresh_ttl_secs),
            refresh_reuse_grace: Duration::from_secs(args.refresh_reuse_grace_secs),
            allow_fixed_deck: args.allow_fixed_deck,
            sweep_every: Duration::from_millis(args.sweep_ms),
            streams: StreamLimits {
                per_player: args.streams_per_player,
                per_process: args.streams_per_process,
            },
            address_limits: AddressLimits {
                registrations_per_hour: args.registrations_per_hour,
                guests_per_hour: args.guests_per_hour,
                joins_per_hour: args.joins_per_hour,
            },
            trusted_proxies: args.trusted_proxies.clone(),
            cors_origins: args.cors_origins.clone(),
            webhooks: WebhookConfig {
                allow_http: args.webhook_allow_http,
                allow_private: args.webhook_allow_private,
                remind_before: Duration::from_secs(args.reminder_secs),
                retry_base: Duration::from_millis(args.webhook_retry_ms),
            },
            push: push_config(args, embedded)?,
            mail: mail_config(args)?,
            hash_slots: args
                .hash_slots
                .map_or_else(api::default_workers, usize::from),
            quotas: Quotas {
                leagues_per_day: args.leagues_per_day,
                tables_per_day: args.tables_per_day,
                tournaments_per_day: args.tournaments_per_day,
                keys_per_day: args.keys_per_day,
                bots_per_day: args.bots_per_day,
                push_registrations_per_day: args.push_registrations_per_day,
                guest_leagues_per_day: args.guest_leagues_per_day,
            },
            guest_ttl: Duration::from_secs(args.guest_ttl_days * 86_400),
            chat_kept: Duration::from_secs(args.chat_retention_days * 86_400),
            operator: args.operator()?,
            chat_burst: crate::app::social::chat::BURST,
            native: std::sync::Arc::new(native_config(args)?),
            oidc: std::sync::Arc::new(args.oidc()?),
            log_key: log_key(args, embedded)?,
        },
    ))
}

pub fn migrate(args: &DatabaseArgs) -> Result<(), String> {
    let ran = store::migrate(&database(args)?.admin_url).map_err(|e| e.to_string())?;
    eprintln!("bourre: {ran} migration(s) applied");
    Ok(())
}

pub fn serve(args: &ServeArgs) -> Result<(), String> {
    args.check()?;
    let db = database(&args.database)?;
    store::migrate(&db.admin_url).map_err(|e| e.to_string())?;
    let app = app_from_args(args, &db.url, db.source == Source::Embedded)?;
    let bind = args.bind;
    let workers = args.workers.map_or_else(api::default_workers, usize::from);
    let listener =
        std::net::TcpListener::bind(bind).map_err(|e| format!("cannot bind {bind}: {e}"))?;
    let metrics = match args.metrics_bind {
        Some(at) if at == bind => {
            return Err(format!(
                "BOURRE_METRICS_BIND ({at}) is the API's address: metrics need one of their own"
            ));
        }
        Some(at) => {
            let listener = std::net::TcpListener::bind(at)
                .map_err(|e| format!("cannot bind BOURRE_METRICS_BIND {at}: {e}"))?;
            eprintln!("bourre: metrics on http://{at}/metrics");
            Some((crate::app::kernel::metrics::install()?, listener))
        }
        None => None,
    };
    eprintln!("bourre: serving on http://{bind} (Swagger UI at http://{bind}/docs/)");
    let grace = Duration::from_secs(args.shutdown_grace_secs);
    let delay = Duration::from_millis(args.drain_delay_ms);
    actix_web::rt::System::new()
        .block_on(async move {
            if let Some((handle, listener)) = metrics {
                actix_web::rt::spawn(api::metrics::server(app.clone(), handle, listener)?);
            }
            let server = api::server(app.clone(), listener, workers, grace)?;
            actix_web::rt::spawn(stop_on_signal(app.clone(), server.handle(), delay));
            server.await?;
            // Messages being sent finish (or their lease runs out and another process
            // sends them again).
            let sending = app
                .sending
                .acquire_many(crate::app::notify::dispatcher::SENDING as u32);
            if tokio::time::timeout(grace, sending).await.is_err() {
                crate::app::kernel::obs::warn(
                    "stopped with messages still being sent",
                    serde_json::json!({}),
                );
            }
            crate::app::kernel::obs::info("stopped", serde_json::json!({}));
            Ok::<_, std::io::Error>(())
        })
        .map_err(|e| e.to_string())
}

/// On SIGTERM or SIGINT: drains for `delay` (still serving, `/readyz` 503), then stops
/// (streams and long-polls end, nothing new is accepted, requests in flight finish).
async fn stop_on_signal(app: App, server: actix_web::dev::ServerHandle, delay: Duration) {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        crate::app::kernel::obs::error(
            "no signal handler: SIGTERM stops at once",
            serde_json::json!({}),
        );
        return;
    };
    let which = tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
    };
    crate::app::kernel::obs::info(
        "draining",
        serde_json::json!({"signal": which, "delay_ms": delay.as_millis() as u64}),
    );
    app.drain.to(Stage::Draining);
    tokio::time::sleep(delay).await;
    crate::app::kernel::obs::info("stopping", serde_json::json!({}));
    app.drain.to(Stage::Stopping);
    server.stop(true).await;
}
