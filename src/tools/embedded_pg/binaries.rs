//! Finding the machine's PostgreSQL programs, all from one installation.

use super::*;

/// The PostgreSQL programs, all from one installation.
#[derive(Debug, Clone)]
pub(super) struct PgBinaries {
    pub(super) initdb: PathBuf,
    pub(super) pg_ctl: PathBuf,
    pub(super) postgres: PathBuf,
    pub(super) psql: PathBuf,
}

impl PgBinaries {
    pub(super) const PROGRAMS: [&'static str; 4] = ["initdb", "pg_ctl", "postgres", "psql"];

    pub(super) fn find() -> Result<Self, EmbeddedError> {
        let path_dirs: Vec<PathBuf> = std::env::var_os("PATH")
            .map(|path| std::env::split_paths(&path).collect())
            .unwrap_or_default();
        let mut candidates = Vec::new();
        for dir in &path_dirs {
            let initdb = dir.join("initdb");
            if is_executable(&initdb) {
                // Debian links programs into PATH one by one: the real directory has them all.
                if let Some(real_dir) = fs::canonicalize(&initdb)
                    .ok()
                    .and_then(|real| real.parent().map(Path::to_path_buf))
                {
                    candidates.push(real_dir);
                }
                candidates.push(dir.clone());
            }
        }
        candidates.extend(debian_bin_dirs());
        candidates.push(PathBuf::from("/usr/local/pgsql/bin"));

        if let Some(dir) = candidates.iter().find(|dir| Self::complete_in(dir)) {
            return Ok(Self::in_dir(dir));
        }
        // Last resort: each program wherever PATH has it.
        let found: Option<Vec<PathBuf>> = Self::PROGRAMS
            .iter()
            .map(|name| {
                path_dirs
                    .iter()
                    .map(|dir| dir.join(name))
                    .find(|p| is_executable(p))
            })
            .collect();
        match found.as_deref() {
            Some([initdb, pg_ctl, postgres, psql]) => Ok(Self {
                initdb: initdb.clone(),
                pg_ctl: pg_ctl.clone(),
                postgres: postgres.clone(),
                psql: psql.clone(),
            }),
            _ => Err(EmbeddedError::BinariesNotFound),
        }
    }

    pub(super) fn complete_in(dir: &Path) -> bool {
        Self::PROGRAMS
            .iter()
            .all(|name| is_executable(&dir.join(name)))
    }

    pub(super) fn in_dir(dir: &Path) -> Self {
        Self {
            initdb: dir.join("initdb"),
            pg_ctl: dir.join("pg_ctl"),
            postgres: dir.join("postgres"),
            psql: dir.join("psql"),
        }
    }

    /// These programs if they are of the cluster's major version, else that version's
    /// programs from `/usr/lib/postgresql/<version>/bin` if installed.
    pub(super) fn matching_cluster(self, pgdata: &Path) -> Result<Self, EmbeddedError> {
        let version_file = pgdata.join("PG_VERSION");
        let cluster = fs::read_to_string(&version_file)
            .map_err(io_err("read", &version_file))?
            .trim()
            .to_owned();
        let binaries = self.major_version()?;
        if binaries == cluster {
            return Ok(self);
        }
        let same_version = Path::new("/usr/lib/postgresql").join(&cluster).join("bin");
        if Self::complete_in(&same_version) {
            return Ok(Self::in_dir(&same_version));
        }
        Err(EmbeddedError::VersionMismatch {
            data: pgdata.to_owned(),
            cluster,
            binaries,
        })
    }

    /// The major version as `PG_VERSION` spells it: "15", or "9.6" before version 10.
    pub(super) fn major_version(&self) -> Result<String, EmbeddedError> {
        let mut command = Command::new(&self.postgres);
        command.arg("--version");
        let output = run_command(command, &display_command(&self.postgres, &["--version"]))?;
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        parse_major_version(&text).ok_or_else(|| EmbeddedError::CommandFailed {
            command: display_command(&self.postgres, &["--version"]),
            status: "unexpected output".to_owned(),
            output: text,
        })
    }
}

/// "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" -> "15"; "... 9.6.24" -> "9.6".
pub(super) fn parse_major_version(text: &str) -> Option<String> {
    let version = text
        .split_whitespace()
        .find(|word| word.chars().next().is_some_and(|c| c.is_ascii_digit()))?;
    let mut parts = version.split(|c: char| !c.is_ascii_digit());
    let major: u32 = parts.next()?.parse().ok()?;
    if major >= 10 {
        Some(major.to_string())
    } else {
        Some(format!("{major}.{}", parts.next()?))
    }
}

/// `/usr/lib/postgresql/*/bin`, highest version first.
pub(super) fn debian_bin_dirs() -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir("/usr/lib/postgresql") else {
        return Vec::new();
    };
    let mut versions: Vec<(Vec<u32>, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let key: Option<Vec<u32>> = name.split('.').map(|part| part.parse().ok()).collect();
            Some((key?, entry.path().join("bin")))
        })
        .collect();
    versions.sort_by(|a, b| b.0.cmp(&a.0));
    versions.into_iter().map(|(_, dir)| dir).collect()
}

pub(super) fn is_executable(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}
