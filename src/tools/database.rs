//! Where `bourre serve`, `bourre loadtest` and the test suite find their database:
//! `DATABASE_URL` when it is set, else a database of the private cluster of the embedded
//! default (see [`super::embedded_pg`]).

use std::path::{Path, PathBuf};

use super::embedded_pg;

/// The embedded default's data directory when none is chosen (`--data-dir`,
/// `BOURRE_DATA_DIR`).
pub const DATA_DIR: &str = ".bourre";

/// The embedded default's data directory `dir`, made if missing, as an absolute path.
pub fn data_dir(dir: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    std::path::absolute(dir).map_err(|e| format!("{}: {e}", dir.display()))
}

/// Where the database is (`bourre serve`, `migrate`, `rebuild` and the benchmarks).
#[derive(Debug, Clone, clap::Args)]
pub struct DatabaseArgs {
    /// The PostgreSQL database to use; unset, a private cluster under --data-dir, started
    /// (and made) as needed.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// The embedded default's directory: its cluster, and the secrets generated for it
    /// (the development JWT secret, the VAPID key).
    #[arg(long, env = "BOURRE_DATA_DIR", default_value = DATA_DIR)]
    pub data_dir: PathBuf,
}

/// Where a database comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// `DATABASE_URL`.
    Url,
    /// The private cluster of the embedded default.
    Embedded,
}

/// A database to use.
#[derive(Debug, Clone)]
pub struct Database {
    /// What the server connects with.
    pub url: String,
    /// What migrations and maintenance connect with: the same as `url` with
    /// `DATABASE_URL`; the private cluster's superuser in the embedded default, whose
    /// server role is not one.
    pub admin_url: String,
    pub source: Source,
}

/// `url` (`DATABASE_URL`) when set, else database `db` of the private cluster in the
/// directory `cluster` gives (only then asked for; the cluster is started, or made, as
/// needed).
pub fn database(
    url: Option<&str>,
    db: &str,
    cluster: impl FnOnce() -> Result<PathBuf, String>,
) -> Result<Database, String> {
    if let Some(url) = url.filter(|u| !u.is_empty()) {
        return Ok(Database {
            admin_url: url.to_owned(),
            url: url.to_owned(),
            source: Source::Url,
        });
    }
    let urls = embedded_pg::ensure_cluster(&cluster()?, db).map_err(|e| e.to_string())?;
    Ok(Database {
        url: urls.app,
        admin_url: urls.admin,
        source: Source::Embedded,
    })
}
