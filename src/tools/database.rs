//! Where `bourre serve`, `bourre loadtest` and the test suite find their database:
//! `DATABASE_URL` when it is set, else a database of the private cluster of the embedded
//! default (see [`super::embedded_pg`]).

use std::path::{Path, PathBuf};

use super::embedded_pg;

/// The embedded default's data directory when none is chosen and `BOURRE_DATA_DIR` is unset.
pub const DATA_DIR: &str = ".bourre";

/// The embedded default's data directory (`chosen`, else `BOURRE_DATA_DIR`, else
/// [`DATA_DIR`]), made if missing, as an absolute path.
pub fn data_dir(chosen: Option<&Path>) -> Result<PathBuf, String> {
    let dir = match chosen {
        Some(dir) => dir.to_owned(),
        None => PathBuf::from(std::env::var("BOURRE_DATA_DIR").unwrap_or_else(|_| DATA_DIR.into())),
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    std::path::absolute(&dir).map_err(|e| format!("{}: {e}", dir.display()))
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

/// `DATABASE_URL` when set, else database `db` of the private cluster in the directory
/// `cluster` gives (only then asked for; the cluster is started, or made, as needed).
pub fn database(
    db: &str,
    cluster: impl FnOnce() -> Result<PathBuf, String>,
) -> Result<Database, String> {
    if let Ok(url) = std::env::var("DATABASE_URL")
        && !url.is_empty()
    {
        return Ok(Database {
            admin_url: url.clone(),
            url,
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
