//! Starting the cluster: a free port, whether it already runs (and is ours), its log, and
//! waiting until it answers.

use super::*;

pub(super) fn free_port() -> Result<u16, EmbeddedError> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(io_err("bind", "127.0.0.1:0"))?;
    let addr = listener
        .local_addr()
        .map_err(io_err("read the address of", "127.0.0.1:0"))?;
    Ok(addr.port())
}

/// The port of the server running on `pgdata`, if one runs. A `postmaster.pid` left by a
/// crash is removed here, since after a reboot its PID may belong to another process.
pub(super) fn running_port(pgdata: &Path) -> Result<Option<u16>, EmbeddedError> {
    let pid_file = pgdata.join("postmaster.pid");
    let text = match fs::read_to_string(&pid_file) {
        Ok(text) => text,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(io_err("read", &pid_file)(err)),
    };
    let mut lines = text.lines();
    let pid = lines.next().and_then(|l| l.trim().parse::<u32>().ok());
    let port = lines.nth(2).and_then(|l| l.trim().parse::<u16>().ok());
    let alive = match pid {
        Some(pid) => is_postgres_process(pid),
        // Being written by a starting server: only the lock holder starts one, so this is
        // a crash's leftover.
        None => false,
    };
    match (alive, port) {
        (true, Some(port)) => Ok(Some(port)),
        (true, None) => Err(EmbeddedError::BadCluster {
            path: pgdata.to_owned(),
            detail: format!("{} names no port", pid_file.display()),
        }),
        (false, _) => {
            match fs::remove_file(&pid_file) {
                Ok(()) => {}
                Err(err) if err.kind() == io::ErrorKind::NotFound => {}
                Err(err) => return Err(io_err("remove the stale", &pid_file)(err)),
            }
            Ok(None)
        }
    }
}

pub(super) fn is_postgres_process(pid: u32) -> bool {
    let proc_dir = Path::new("/proc");
    if proc_dir.join("self").exists() {
        let process = proc_dir.join(pid.to_string());
        let named_postgres = fs::read_to_string(process.join("comm"))
            .is_ok_and(|comm| comm.trim_start().starts_with("postgres"));
        // A server that exited but was not yet reaped is a zombie ("Z"): not running.
        let zombie = fs::read_to_string(process.join("stat")).is_ok_and(|stat| {
            stat.rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'))
        });
        return named_postgres && !zombie;
    }
    // No procfs (macOS): ask ps for the command name.
    Command::new("ps")
        .args(["-p", &pid.to_string(), "-o", "comm="])
        .stdin(Stdio::null())
        .output()
        .is_ok_and(|out| {
            out.status.success() && String::from_utf8_lossy(&out.stdout).contains("postgres")
        })
}

/// Starts the server and returns its port, choosing a new port when the stored one has
/// been taken by another program since the cluster was made.
pub(super) fn start_cluster(
    layout: &Layout,
    bins: &PgBinaries,
    runner: &Runner,
) -> Result<u16, EmbeddedError> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let port = settings_port(layout)?;
        let log_start = prepare_log(layout, runner)?;
        let mut args = vec![OsString::from("-D"), layout.pgdata.clone().into_os_string()];
        args.extend([OsString::from("-l"), layout.log.clone().into_os_string()]);
        args.extend(["-w", "-t", "60", "start"].map(OsString::from));
        match runner.run(&bins.pg_ctl, &args, &layout.root) {
            Ok(_) => return Ok(port),
            Err(err) => {
                let tail = log_tail(&layout.log, log_start);
                let port_taken = tail.contains("could not bind") || tail.contains("in use");
                if port_taken && attempt < PORT_RETRIES {
                    write_settings(layout, runner, free_port()?)?;
                    continue;
                }
                let tail = if tail.trim().is_empty() {
                    err.to_string()
                } else {
                    tail
                };
                return Err(EmbeddedError::StartFailed {
                    data: layout.pgdata.clone(),
                    log: layout.log.clone(),
                    tail,
                });
            }
        }
    }
}

/// Makes sure the server's user can append to the log; returns the log's current length,
/// where this start's lines begin.
pub(super) fn prepare_log(layout: &Layout, runner: &Runner) -> Result<u64, EmbeddedError> {
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&layout.log)
        .map_err(io_err("open", &layout.log))?;
    runner.give(&layout.log)?;
    let len = file.metadata().map_err(io_err("read", &layout.log))?.len();
    Ok(len)
}

pub(super) fn log_tail(log: &Path, from: u64) -> String {
    let mut text = String::new();
    let read = File::open(log).and_then(|mut file| {
        file.seek(SeekFrom::Start(from))?;
        file.read_to_string(&mut text)
    });
    if read.is_err() {
        return String::new();
    }
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

pub(super) fn wait_ready(admin: &Psql, log: &Path) -> Result<(), EmbeddedError> {
    let deadline = Instant::now() + READY_TIMEOUT;
    let port = admin.port;
    loop {
        match admin.run("postgres", "SELECT 1") {
            Ok(_) => return Ok(()),
            Err(err) if Instant::now() >= deadline => {
                return Err(EmbeddedError::NotReady {
                    port,
                    log: log.to_owned(),
                    detail: err.to_string(),
                });
            }
            Err(_) => thread::sleep(Duration::from_millis(200)),
        }
    }
}
