//! A private PostgreSQL cluster for development and tests, made from the machine's own
//! PostgreSQL binaries, so that `bourre serve` and the test suite work without a
//! `DATABASE_URL`.
//!
//! Layout of the directory given to [`ensure_cluster`]:
//! ```text
//! <dir>/data/                the cluster (PGDATA); `data/bourre.conf` holds our settings
//! <dir>/postgres.log         the server's log
//! <dir>/.lock                serialises concurrent callers (other processes included)
//! <dir>/superuser.password   the password of the superuser `bourre` (mode 0600)
//! <dir>/app.password         the password of the server's role `bourre_app` (mode 0600)
//! ```
//! The server listens on 127.0.0.1 only, on a port chosen once when the cluster is made,
//! with no Unix socket, and every connection must give its role's password (SCRAM-SHA-256),
//! so other users of the machine cannot connect. The passwords are made at random into
//! files only their owner reads. Two roles: the superuser `bourre`, for migrations and the
//! cluster's own maintenance, and `bourre_app`, which the server connects as: not a
//! superuser, it may connect to the databases made here and read and write the tables in
//! their schema, nothing more. A cluster made by an older version, which trusted every
//! local connection, is given its passwords and rule on its next start.
//!
//! PostgreSQL refuses to run as root; when we are root, its programs run as the `postgres`
//! system user (made if missing) through `runuser` (or `su`), and that user owns the cluster.

mod binaries;
mod runner;
mod start;

use binaries::*;
use runner::*;
use start::*;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::net::TcpListener;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The role that owns the cluster, for migrations and maintenance.
const SUPERUSER: &str = "bourre";
/// The role the server connects as (not a superuser).
const APP_ROLE: &str = "bourre_app";
/// The files of the two roles' passwords, in the directory given to [`ensure_cluster`].
const SUPERUSER_PASSWORD: &str = "superuser.password";
const APP_PASSWORD: &str = "app.password";
/// The only access rule: every TCP connection on 127.0.0.1 gives its password.
const HBA: &str = "# Written by bourre: every connection gives its role's password.\n\
                   host all all 127.0.0.1/32 scram-sha-256\n";
/// The system user that runs PostgreSQL when we are root.
const SYSTEM_USER: &str = "postgres";
/// Our settings, included from `postgresql.conf`; its presence marks a finished init.
const SETTINGS_FILE: &str = "bourre.conf";
/// How many times a start is retried on a new port when the old one was taken meanwhile.
const PORT_RETRIES: usize = 3;
/// How long a started server may take to accept connections.
const READY_TIMEOUT: Duration = Duration::from_secs(60);
const INSTALL_HINT: &str = "install them, e.g. `apt-get install -y postgresql` (Debian/Ubuntu) \
     or `brew install postgresql` (macOS), or set DATABASE_URL to use an existing database";

/// Why a private cluster could not be provided, and what to do about it.
#[derive(Debug, thiserror::Error)]
pub enum EmbeddedError {
    #[error(
        "PostgreSQL server programs (initdb, pg_ctl, postgres, psql) were not found on PATH, \
         under /usr/lib/postgresql/*/bin nor under /usr/local/pgsql/bin: {INSTALL_HINT}"
    )]
    BinariesNotFound,

    #[error(
        "invalid database name {0:?}: use 1 to 63 ASCII letters, digits, '_' or '-', \
         starting with a letter or '_'"
    )]
    InvalidDatabaseName(String),

    #[error("could not {action} {}: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: io::Error,
    },

    #[error("could not run {program}: {source}")]
    Spawn {
        program: String,
        #[source]
        source: io::Error,
    },

    #[error("`{command}` failed ({status}): {output}")]
    CommandFailed {
        command: String,
        status: String,
        output: String,
    },

    #[error(
        "PostgreSQL refuses to run as root, and the `{SYSTEM_USER}` system user could not be \
         set up ({detail}): create it (`useradd --system {SYSTEM_USER}`) or run as a normal user"
    )]
    SystemUser { detail: String },

    #[error(
        "PostgreSQL runs as the `{SYSTEM_USER}` user, which cannot enter {}: make every parent \
         directory of the data directory traversable (`chmod o+x`) or choose a data directory \
         under /tmp or inside the project",
        dir.display()
    )]
    NotTraversable { dir: PathBuf },

    #[error(
        "the cluster in {} was made by PostgreSQL {cluster} but the programs found are \
         PostgreSQL {binaries}: install PostgreSQL {cluster}, or delete {} to start afresh \
         (this drops its data)",
        data.display(),
        data.display()
    )]
    VersionMismatch {
        data: PathBuf,
        cluster: String,
        binaries: String,
    },

    #[error("{} is damaged ({detail}): delete {} to start afresh (this drops its data)", path.display(), path.display())]
    BadCluster { path: PathBuf, detail: String },

    #[error(
        "PostgreSQL did not start in {}; last lines of {}:\n{tail}\nIf the cluster is \
         damaged, delete {} to start afresh (this drops its data)",
        data.display(),
        log.display(),
        data.display()
    )]
    StartFailed {
        data: PathBuf,
        log: PathBuf,
        tail: String,
    },

    #[error(
        "PostgreSQL at 127.0.0.1:{port} did not accept connections within {}s: {detail}; see {}",
        READY_TIMEOUT.as_secs(),
        log.display()
    )]
    NotReady {
        port: u16,
        log: PathBuf,
        detail: String,
    },
}

/// The connection URLs (postgres://...) of one database of the cluster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClusterUrls {
    /// As the superuser: for migrations and maintenance.
    pub admin: String,
    /// As the server's role.
    pub app: String,
}

/// Starts (or reuses) a private PostgreSQL cluster in `data_dir` and returns the connection
/// URLs of the database `db_name`, creating that database if missing.
///
/// Safe to call from several threads and processes at once: callers take turns on a lock
/// file in `data_dir`. The cluster keeps running after this returns; [`stop_cluster`]
/// stops it.
pub fn ensure_cluster(data_dir: &Path, db_name: &str) -> Result<ClusterUrls, EmbeddedError> {
    validate_db_name(db_name)?;
    let layout = Layout::prepare(data_dir)?;
    let _lock = layout.lock()?;
    let bins = PgBinaries::find()?;
    let runner = Runner::detect()?;
    if let Runner::AsSystemUser { uid, .. } = runner {
        check_traversable(&layout.root, uid)?;
    }

    let made = layout.settings().is_file();
    if made && !layout.root.join(SUPERUSER_PASSWORD).is_file() && hba_is_ours(&layout) {
        return Err(EmbeddedError::BadCluster {
            path: layout.root.join(SUPERUSER_PASSWORD),
            detail: "the superuser's password file is missing, so the cluster cannot be reached"
                .into(),
        });
    }
    let passwords = Passwords::read_or_make(&layout.root)?;
    if !made {
        init_cluster(&layout, &bins, &runner, &passwords)?;
    }
    let bins = bins.matching_cluster(&layout.pgdata)?;
    runner.adopt(&layout.pgdata)?;

    let port = match running_port(&layout.pgdata)? {
        Some(port) => port,
        None => start_cluster(&layout, &bins, &runner)?,
    };
    let admin = Psql {
        bins: &bins,
        port,
        password: &passwords.superuser,
    };
    wait_ready(&admin, &layout.log)?;
    secure(&layout, &runner, &admin, &passwords)?;
    create_database_if_missing(&admin, db_name)?;
    let url = |role: &str, password: &str| {
        format!("postgres://{role}:{password}@127.0.0.1:{port}/{db_name}")
    };
    Ok(ClusterUrls {
        admin: url(SUPERUSER, &passwords.superuser),
        app: url(APP_ROLE, &passwords.app),
    })
}

/// The cluster's two passwords, each in a file of `<dir>` only its owner reads.
struct Passwords {
    superuser: String,
    app: String,
}

impl Passwords {
    fn read_or_make(root: &Path) -> Result<Passwords, EmbeddedError> {
        Ok(Passwords {
            superuser: read_or_make_password(&root.join(SUPERUSER_PASSWORD))?,
            app: read_or_make_password(&root.join(APP_PASSWORD))?,
        })
    }
}

/// The password in `path`, or a new random one written there (mode 0600). Hex, so it
/// embeds in a URL and in SQL as it is.
fn read_or_make_password(path: &Path) -> Result<String, EmbeddedError> {
    if let Ok(text) = fs::read_to_string(path) {
        let text = text.trim();
        if text.len() >= 32 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(text.to_owned());
        }
    }
    let bytes: [u8; 24] = rand::random();
    let password = hex::encode(bytes);
    write_private(path, &password)?;
    Ok(password)
}

/// Writes `text` to `path`, readable by its owner only.
fn write_private(path: &Path, text: &str) -> Result<(), EmbeddedError> {
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .map_err(io_err("write", path))?;
    fs::set_permissions(path, fs::Permissions::from_mode(0o600))
        .map_err(io_err("set permissions of", path))?;
    file.write_all(text.as_bytes())
        .map_err(io_err("write", path))
}

/// Whether the cluster's access rule is ours.
fn hba_is_ours(layout: &Layout) -> bool {
    fs::read_to_string(layout.pgdata.join("pg_hba.conf")).is_ok_and(|text| text == HBA)
}

/// Gives the cluster our access rule, the superuser its password and the server's role
/// (with its password, set again on every start so that it matches its file): a cluster
/// that trusted its connections is given them while it still does, then the rule is
/// reloaded.
fn secure(
    layout: &Layout,
    runner: &Runner,
    admin: &Psql,
    passwords: &Passwords,
) -> Result<(), EmbeddedError> {
    let hba = layout.pgdata.join("pg_hba.conf");
    let secured = hba_is_ours(layout);
    let has_app_role = admin
        .run(
            "postgres",
            &format!("SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}'"),
        )?
        .trim()
        == "1";
    // The passwords are hex: they embed in SQL as they are.
    let app_role = if has_app_role { "ALTER" } else { "CREATE" };
    admin.run(
        "postgres",
        &format!(
            "SET password_encryption = 'scram-sha-256'; \
             ALTER ROLE {SUPERUSER} PASSWORD '{}'; \
             {app_role} ROLE {APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE \
             NOREPLICATION PASSWORD '{}';",
            passwords.superuser, passwords.app
        ),
    )?;
    if !secured {
        let temp = layout.pgdata.join("pg_hba.conf.tmp");
        fs::write(&temp, HBA).map_err(io_err("write", &temp))?;
        runner.give(&temp)?;
        fs::rename(&temp, &hba).map_err(io_err("write", &hba))?;
        admin.run("postgres", "SELECT pg_reload_conf()")?;
    }
    Ok(())
}

/// Stops the cluster in `data_dir` (fast shutdown: open sessions are ended) if it runs.
pub fn stop_cluster(data_dir: &Path) -> Result<(), EmbeddedError> {
    let layout = Layout::prepare(data_dir)?;
    let _lock = layout.lock()?;
    if running_port(&layout.pgdata)?.is_none() {
        return Ok(());
    }
    let bins = PgBinaries::find()?.matching_cluster(&layout.pgdata)?;
    let runner = Runner::detect()?;
    let mut args = vec![OsString::from("-D"), layout.pgdata.clone().into_os_string()];
    args.extend(["-w", "-t", "60", "stop", "-m", "fast"].map(OsString::from));
    let result = runner.run(&bins.pg_ctl, &args, &layout.root);
    match result {
        Ok(_) => Ok(()),
        // Stopped meanwhile (by a crash, or by hand): the goal is reached all the same.
        Err(_) if running_port(&layout.pgdata)?.is_none() => Ok(()),
        Err(err) => Err(err),
    }
}

/// Where a cluster's files live, all under the directory the caller chose.
struct Layout {
    root: PathBuf,
    pgdata: PathBuf,
    log: PathBuf,
}

impl Layout {
    fn prepare(data_dir: &Path) -> Result<Self, EmbeddedError> {
        fs::create_dir_all(data_dir).map_err(io_err("create", data_dir))?;
        let root = fs::canonicalize(data_dir).map_err(io_err("resolve", data_dir))?;
        Ok(Self {
            pgdata: root.join("data"),
            log: root.join("postgres.log"),
            root,
        })
    }

    fn settings(&self) -> PathBuf {
        self.pgdata.join(SETTINGS_FILE)
    }

    /// Blocks until this caller holds the cluster's lock; released when the file drops.
    fn lock(&self) -> Result<File, EmbeddedError> {
        let path = self.root.join(".lock");
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io_err("open", &path))?;
        file.lock().map_err(io_err("lock", &path))?;
        Ok(file)
    }
}

fn validate_db_name(name: &str) -> Result<(), EmbeddedError> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if first_ok && rest_ok && name.len() <= 63 {
        Ok(())
    } else {
        Err(EmbeddedError::InvalidDatabaseName(name.to_owned()))
    }
}

/// Makes a new cluster in `layout.pgdata`, replacing any half-made one (a crash during an
/// earlier init leaves a `data` directory without our settings file).
fn init_cluster(
    layout: &Layout,
    bins: &PgBinaries,
    runner: &Runner,
    passwords: &Passwords,
) -> Result<(), EmbeddedError> {
    if layout.pgdata.exists() {
        fs::remove_dir_all(&layout.pgdata).map_err(io_err("remove", &layout.pgdata))?;
    }
    fs::create_dir(&layout.pgdata).map_err(io_err("create", &layout.pgdata))?;
    fs::set_permissions(&layout.pgdata, fs::Permissions::from_mode(0o700))
        .map_err(io_err("set permissions of", &layout.pgdata))?;
    runner.give(&layout.pgdata)?;
    // The superuser's password, for initdb to read (as the server's user), then gone: the
    // cluster never trusts a connection.
    let pwfile = layout.root.join(".initdb.password");
    write_private(&pwfile, &passwords.superuser)?;
    runner.give(&pwfile)?;
    let mut args = vec![OsString::from("-D"), layout.pgdata.clone().into_os_string()];
    args.extend(
        [
            "--auth=scram-sha-256",
            "-U",
            SUPERUSER,
            "--encoding=UTF8",
            "--locale=C",
            "--no-instructions",
        ]
        .map(OsString::from),
    );
    args.push(OsString::from(format!("--pwfile={}", pwfile.display())));
    let made = runner.run(&bins.initdb, &args, &layout.root);
    fs::remove_file(&pwfile).map_err(io_err("remove", &pwfile))?;
    made?;
    let hba = layout.pgdata.join("pg_hba.conf");
    fs::write(&hba, HBA).map_err(io_err("write", &hba))?;
    runner.give(&hba)?;

    let conf = layout.pgdata.join("postgresql.conf");
    let mut file = OpenOptions::new()
        .append(true)
        .open(&conf)
        .map_err(io_err("open", &conf))?;
    writeln!(
        file,
        "\n# Settings of bourre's private cluster.\ninclude '{SETTINGS_FILE}'"
    )
    .map_err(io_err("write", &conf))?;
    write_settings(layout, runner, free_port()?)
}

/// Writes our settings atomically: the settings file's presence marks a finished init.
fn write_settings(layout: &Layout, runner: &Runner, port: u16) -> Result<(), EmbeddedError> {
    let text = format!(
        "# Written by bourre; the port was free when chosen.\n\
         port = {port}\n\
         listen_addresses = '127.0.0.1'\n\
         unix_socket_directories = ''\n\
         max_connections = 200\n"
    );
    let target = layout.settings();
    let temp = layout.pgdata.join(format!("{SETTINGS_FILE}.tmp"));
    fs::write(&temp, text).map_err(io_err("write", &temp))?;
    runner.give(&temp)?;
    fs::rename(&temp, &target).map_err(io_err("write", &target))
}

fn settings_port(layout: &Layout) -> Result<u16, EmbeddedError> {
    let path = layout.settings();
    let text = fs::read_to_string(&path).map_err(io_err("read", &path))?;
    parse_port_setting(&text).ok_or_else(|| EmbeddedError::BadCluster {
        path: layout.pgdata.clone(),
        detail: format!("{} sets no port", path.display()),
    })
}

fn parse_port_setting(conf: &str) -> Option<u16> {
    conf.lines().find_map(|line| {
        let (key, value) = line.split_once('=')?;
        (key.trim() == "port").then(|| value.trim().parse().ok())?
    })
}

/// Makes the database if missing, and lets the server's role use it: connect, and read
/// and write the tables (and use the sequences) of its schema, those the superuser's
/// migrations make later included.
fn create_database_if_missing(admin: &Psql, db_name: &str) -> Result<(), EmbeddedError> {
    // `validate_db_name` admits no quote characters, so the name embeds as is.
    let exists = admin.run(
        "postgres",
        &format!("SELECT 1 FROM pg_database WHERE datname = '{db_name}'"),
    )?;
    if exists.trim() != "1" {
        match admin.run("postgres", &format!("CREATE DATABASE \"{db_name}\"")) {
            Ok(_) => {}
            // Made meanwhile by someone who does not take our lock (the app itself, say).
            Err(EmbeddedError::CommandFailed { output, .. })
                if output.contains("already exists") => {}
            Err(err) => return Err(err),
        }
    }
    admin.run(
        db_name,
        &format!(
            "REVOKE ALL ON DATABASE \"{db_name}\" FROM PUBLIC; \
             REVOKE CREATE ON SCHEMA public FROM PUBLIC; \
             GRANT CONNECT, TEMPORARY ON DATABASE \"{db_name}\" TO {APP_ROLE}; \
             GRANT USAGE ON SCHEMA public TO {APP_ROLE}; \
             GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {APP_ROLE}; \
             GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {APP_ROLE}; \
             ALTER DEFAULT PRIVILEGES FOR ROLE {SUPERUSER} IN SCHEMA public \
             GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {APP_ROLE}; \
             ALTER DEFAULT PRIVILEGES FOR ROLE {SUPERUSER} IN SCHEMA public \
             GRANT USAGE, SELECT ON SEQUENCES TO {APP_ROLE};"
        ),
    )?;
    Ok(())
}

/// psql as the superuser, over TCP, with the password in its environment and the SQL on
/// its standard input (never in its arguments, which other users of the machine may read:
/// the SQL may hold passwords). psql is a client, so it runs as whoever we are, root
/// included.
struct Psql<'a> {
    bins: &'a PgBinaries,
    port: u16,
    password: &'a str,
}

impl Psql<'_> {
    /// Runs SQL in `db`; returns its unaligned output.
    fn run(&self, db: &str, sql: &str) -> Result<String, EmbeddedError> {
        let conninfo = format!(
            "host=127.0.0.1 port={} user={SUPERUSER} dbname={db} connect_timeout=10",
            self.port
        );
        let mut command = Command::new(&self.bins.psql);
        command
            .args(["-X", "-q", "-v", "ON_ERROR_STOP=1", "-t", "-A", "-d"])
            .arg(&conninfo)
            .args(["-f", "-"])
            .env("PGPASSWORD", self.password)
            .env_remove("PGPASSFILE")
            .env_remove("PGSERVICE")
            .env_remove("PGOPTIONS");
        let shown = display_command(&self.bins.psql, &["-d", db]);
        let output = run_with_input(command, &shown, sql)?;
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_names_are_checked() {
        for good in ["bourre", "bourre_test_1", "_x", "a-b-c"] {
            assert!(validate_db_name(good).is_ok(), "{good}");
        }
        for bad in ["", "1abc", "a'b", "a\"b", "a b", "é", &"x".repeat(64)] {
            assert!(validate_db_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn settings_and_versions_parse() {
        assert_eq!(
            parse_port_setting("# c\nport = 54321\nmax_connections = 200\n"),
            Some(54321)
        );
        assert_eq!(parse_port_setting("listen_addresses = '127.0.0.1'\n"), None);
        assert_eq!(
            parse_major_version("postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)\n"),
            Some("15".to_owned())
        );
        assert_eq!(
            parse_major_version("postgres (PostgreSQL) 9.6.24\n"),
            Some("9.6".to_owned())
        );
        assert_eq!(
            parse_major_version("postgres (PostgreSQL) 17beta1\n"),
            Some("17".to_owned())
        );
        assert_eq!(
            parse_effective_uid("Name:\tx\nUid:\t1000\t0\t0\t0\nGid:\t1\t1\t1\t1\n"),
            Some(0)
        );
    }

    #[test]
    fn shell_quoting_survives_quotes() {
        assert_eq!(shell_quote(OsStr::new("it's")), r"'it'\''s'");
    }

    #[test]
    fn missing_binaries_say_how_to_install() {
        let message = EmbeddedError::BinariesNotFound.to_string();
        assert!(
            message.contains("apt-get install -y postgresql"),
            "{message}"
        );
        assert!(message.contains("brew install postgresql"), "{message}");
    }

    /// One test for the whole life of a cluster, since its steps share the cluster.
    #[test]
    fn cluster_starts_is_reused_serves_and_stops() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/embedded-pg-test");
        stop_cluster(&dir).unwrap();
        let _ = fs::remove_dir_all(&dir);

        let urls = ensure_cluster(&dir, "bourre_embedded_test").unwrap();
        let url = urls.admin.clone();
        assert!(
            url.starts_with("postgres://bourre:") && url.ends_with("/bourre_embedded_test"),
            "{url}"
        );
        assert_eq!(psql_url(&url, "SELECT 1"), "1");
        assert_eq!(
            psql_url(
                &url,
                "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
            ),
            "t"
        );
        // Without the password, nobody connects: not as the superuser, not as the server.
        let port = url.rsplit_once(':').unwrap().1.split('/').next().unwrap();
        for role in [SUPERUSER, APP_ROLE] {
            let refused = psql_try(
                &format!("postgres://{role}@127.0.0.1:{port}/bourre_embedded_test"),
                "SELECT 1",
            );
            assert!(
                refused.as_ref().is_err_and(|e| e.contains("password")),
                "{role}: {refused:?}"
            );
        }
        for file in ["superuser.password", "app.password"] {
            let mode = fs::metadata(dir.join(file)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{file}");
        }
        // The server's role reads and writes the tables, and no more.
        psql_url(&url, "CREATE TABLE made_later (n int)");
        assert_eq!(
            psql_url(
                &urls.app,
                "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
            ),
            "f"
        );
        psql_url(
            &urls.app,
            "INSERT INTO made_later VALUES (1); UPDATE made_later SET n = 2",
        );
        for forbidden in [
            "CREATE TABLE mine (n int)",
            "DROP TABLE made_later",
            "CREATE ROLE intruder SUPERUSER",
            "SELECT rolpassword FROM pg_authid",
            "COPY made_later TO PROGRAM 'true'",
        ] {
            assert!(psql_try(&urls.app, forbidden).is_err(), "{forbidden}");
        }
        psql_url(
            &url,
            "CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)",
        );

        // Reuse, from several threads at once: same server, same data, second database.
        let urls: Vec<ClusterUrls> = thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|i| {
                    let dir = &dir;
                    let name = if i % 2 == 0 {
                        "bourre_embedded_test"
                    } else {
                        "second_db"
                    };
                    scope.spawn(move || ensure_cluster(dir, name).unwrap())
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(urls[0].admin, url);
        assert!(urls[1].app.ends_with("/second_db"), "{:?}", urls[1]);
        assert_eq!(psql_url(&urls[1].app, "SELECT 1"), "1");
        assert_eq!(psql_url(&url, "SELECT n FROM kept"), "7");

        // Stopped, then started again on the same port with the data kept.
        stop_cluster(&dir).unwrap();
        assert!(running_port(&dir.join("data")).unwrap().is_none());
        stop_cluster(&dir).unwrap();
        let again = ensure_cluster(&dir, "bourre_embedded_test").unwrap().admin;
        assert_eq!(again, url);
        assert_eq!(psql_url(&again, "SELECT n FROM kept"), "7");

        // A postmaster.pid left by a crash does not block a start.
        stop_cluster(&dir).unwrap();
        fs::write(dir.join("data/postmaster.pid"), "999999\n/x\n0\n1\n\n\n\n").unwrap();
        let after_crash = ensure_cluster(&dir, "bourre_embedded_test").unwrap().admin;
        assert_eq!(psql_url(&after_crash, "SELECT n FROM kept"), "7");

        // A cluster of an older version trusted its connections: its next start ends that.
        fs::write(
            dir.join("data/pg_hba.conf"),
            "host all all 127.0.0.1/32 trust\n",
        )
        .unwrap();
        psql_url(&url, "SELECT pg_reload_conf()");
        let open = format!("postgres://{SUPERUSER}@127.0.0.1:{port}/bourre_embedded_test");
        assert_eq!(psql_url(&open, "SELECT 1"), "1");
        let upgraded = ensure_cluster(&dir, "bourre_embedded_test").unwrap();
        assert!(psql_try(&open, "SELECT 1").is_err());
        assert_eq!(psql_url(&upgraded.app, "SELECT n FROM kept"), "7");

        stop_cluster(&dir).unwrap();
    }

    fn psql_url(url: &str, sql: &str) -> String {
        psql_try(url, sql).unwrap()
    }

    fn psql_try(url: &str, sql: &str) -> Result<String, String> {
        let bins = PgBinaries::find().unwrap();
        let out = Command::new(&bins.psql)
            .args([
                "-X",
                "-q",
                "-v",
                "ON_ERROR_STOP=1",
                "-t",
                "-A",
                "-d",
                url,
                "-c",
                sql,
            ])
            .env_remove("PGPASSWORD")
            .env_remove("PGPASSFILE")
            .output()
            .unwrap();
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }
}
