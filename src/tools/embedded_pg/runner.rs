//! Running PostgreSQL's programs: as ourselves, or as the `postgres` system user when we
//! are root (the server refuses to run as root).

use super::*;

/// How PostgreSQL's server programs are run: as ourselves, or as the `postgres` user when
/// we are root (the server refuses to run as root).
#[derive(Debug, Clone)]
pub(super) enum Runner {
    AsSelf,
    AsSystemUser { uid: u32, gid: u32, via: Switch },
}

#[derive(Debug, Clone)]
pub(super) enum Switch {
    RunUser(PathBuf),
    Su(PathBuf),
}

impl Runner {
    pub(super) fn detect() -> Result<Self, EmbeddedError> {
        if effective_uid()? != 0 {
            return Ok(Self::AsSelf);
        }
        let (uid, gid) = system_user_ids()?;
        let via = if let Some(runuser) = find_program("runuser") {
            Switch::RunUser(runuser)
        } else if let Some(su) = find_program("su") {
            Switch::Su(su)
        } else {
            return Err(EmbeddedError::SystemUser {
                detail: "neither runuser nor su was found".to_owned(),
            });
        };
        Ok(Self::AsSystemUser { uid, gid, via })
    }

    /// Hands a file or directory we made to the user that runs the server.
    pub(super) fn give(&self, path: &Path) -> Result<(), EmbeddedError> {
        match self {
            Self::AsSelf => Ok(()),
            Self::AsSystemUser { uid, gid, .. } => {
                std::os::unix::fs::chown(path, Some(*uid), Some(*gid))
                    .map_err(io_err("change the owner of", path))
            }
        }
    }

    /// Makes sure the server's user owns the whole cluster (it may have been copied or
    /// made by another user), since PostgreSQL refuses a data directory it does not own.
    pub(super) fn adopt(&self, pgdata: &Path) -> Result<(), EmbeddedError> {
        let Self::AsSystemUser { uid, .. } = self else {
            return Ok(());
        };
        let meta = fs::metadata(pgdata).map_err(io_err("read", pgdata))?;
        if meta.uid() == *uid {
            return Ok(());
        }
        self.give_tree(pgdata)
    }

    pub(super) fn give_tree(&self, path: &Path) -> Result<(), EmbeddedError> {
        self.give(path)?;
        let meta = fs::symlink_metadata(path).map_err(io_err("read", path))?;
        if meta.is_dir() {
            for entry in fs::read_dir(path).map_err(io_err("read", path))? {
                let entry = entry.map_err(io_err("read", path))?;
                self.give_tree(&entry.path())?;
            }
        }
        Ok(())
    }

    /// Runs a server program in `cwd` (which the server's user can enter: some programs
    /// complain about a working directory they cannot read).
    pub(super) fn run(
        &self,
        program: &Path,
        args: &[OsString],
        cwd: &Path,
    ) -> Result<Output, EmbeddedError> {
        let shown = display_command(program, args);
        let mut command = match self {
            Self::AsSelf => {
                let mut command = Command::new(program);
                command.args(args);
                command
            }
            Self::AsSystemUser {
                via: Switch::RunUser(runuser),
                ..
            } => {
                let mut command = Command::new(runuser);
                command
                    .args(["-u", SYSTEM_USER, "--"])
                    .arg(program)
                    .args(args);
                command
            }
            Self::AsSystemUser {
                via: Switch::Su(su),
                ..
            } => {
                let line = std::iter::once(program.as_os_str())
                    .chain(args.iter().map(OsString::as_os_str))
                    .map(shell_quote)
                    .collect::<Vec<_>>()
                    .join(" ");
                let mut command = Command::new(su);
                command.args([SYSTEM_USER, "-s", "/bin/sh", "-c", &line]);
                command
            }
        };
        // English messages, so that a taken port is recognised in the log.
        command.current_dir(cwd).env("LC_ALL", "C").env("LANG", "C");
        run_command(command, &shown)
    }
}

pub(super) fn run_command(mut command: Command, shown: &str) -> Result<Output, EmbeddedError> {
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|source| EmbeddedError::Spawn {
            program: shown.to_owned(),
            source,
        })?;
    checked(output, shown)
}

/// `output` when its program succeeded, else the failure with what it printed.
fn checked(output: Output, shown: &str) -> Result<Output, EmbeddedError> {
    if output.status.success() {
        return Ok(output);
    }
    let mut text = String::from_utf8_lossy(&output.stderr).trim().to_owned();
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !stdout.trim().is_empty() {
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(stdout.trim());
    }
    Err(EmbeddedError::CommandFailed {
        command: shown.to_owned(),
        status: output.status.to_string(),
        output: text,
    })
}

/// Runs `command` with `input` on its standard input, like [`run_command`].
pub(super) fn run_with_input(
    mut command: Command,
    shown: &str,
    input: &str,
) -> Result<Output, EmbeddedError> {
    let spawn_err = |source| EmbeddedError::Spawn {
        program: shown.to_owned(),
        source,
    };
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(spawn_err)?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(input.as_bytes()).map_err(spawn_err)?;
    }
    let output = child.wait_with_output().map_err(spawn_err)?;
    checked(output, shown)
}

pub(super) fn display_command<S: AsRef<OsStr>>(program: &Path, args: &[S]) -> String {
    std::iter::once(program.as_os_str())
        .chain(args.iter().map(AsRef::as_ref))
        .map(|part| part.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn shell_quote(word: &OsStr) -> String {
    format!("'{}'", word.to_string_lossy().replace('\'', r"'\''"))
}

/// The effective user id, from `/proc/self/status` or else from `id -u`.
pub(super) fn effective_uid() -> Result<u32, EmbeddedError> {
    if let Ok(status) = fs::read_to_string("/proc/self/status")
        && let Some(euid) = parse_effective_uid(&status)
    {
        return Ok(euid);
    }
    id_number(&["-u"])
}

pub(super) fn parse_effective_uid(status: &str) -> Option<u32> {
    let line = status.lines().find(|line| line.starts_with("Uid:"))?;
    line.split_whitespace().nth(2)?.parse().ok()
}

pub(super) fn id_number(args: &[&str]) -> Result<u32, EmbeddedError> {
    let mut command = Command::new("id");
    command.args(args);
    let shown = format!("id {}", args.join(" "));
    let output = run_command(command, &shown)?;
    let text = String::from_utf8_lossy(&output.stdout);
    text.trim()
        .parse()
        .map_err(|_| EmbeddedError::CommandFailed {
            command: shown,
            status: "unexpected output".to_owned(),
            output: text.into_owned(),
        })
}

/// The `postgres` user's uid and gid, making that user if it does not exist.
pub(super) fn system_user_ids() -> Result<(u32, u32), EmbeddedError> {
    let lookup = || -> Result<(u32, u32), EmbeddedError> {
        Ok((
            id_number(&["-u", SYSTEM_USER])?,
            id_number(&["-g", SYSTEM_USER])?,
        ))
    };
    if let Ok(ids) = lookup() {
        return Ok(ids);
    }
    let useradd = find_program("useradd").ok_or_else(|| EmbeddedError::SystemUser {
        detail: "it does not exist and useradd was not found".to_owned(),
    })?;
    let mut command = Command::new(&useradd);
    command.args(["--system", "--user-group", "--no-create-home", SYSTEM_USER]);
    run_command(command, &format!("useradd --system {SYSTEM_USER}")).map_err(|err| {
        EmbeddedError::SystemUser {
            detail: err.to_string(),
        }
    })?;
    lookup().map_err(|err| EmbeddedError::SystemUser {
        detail: err.to_string(),
    })
}

/// A program on PATH or in the system directories that root's PATH usually holds.
pub(super) fn find_program(name: &str) -> Option<PathBuf> {
    let path_dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect())
        .unwrap_or_default();
    path_dirs
        .into_iter()
        .chain(["/usr/sbin", "/sbin", "/usr/bin", "/bin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|path| is_executable(path))
}

/// Fails unless the user `uid` can enter every directory from `/` down to `dir`.
pub(super) fn check_traversable(dir: &Path, uid: u32) -> Result<(), EmbeddedError> {
    let gids = user_group_ids(uid);
    for ancestor in dir.ancestors() {
        let meta = fs::metadata(ancestor).map_err(io_err("read", ancestor))?;
        let mode = meta.mode();
        let can_enter = if meta.uid() == uid {
            mode & 0o100 != 0
        } else if gids.contains(&meta.gid()) {
            mode & 0o010 != 0
        } else {
            mode & 0o001 != 0
        };
        if !can_enter {
            return Err(EmbeddedError::NotTraversable {
                dir: ancestor.to_owned(),
            });
        }
    }
    Ok(())
}

/// The groups of the user `uid` (by `id -G`); empty if unknown, which errs on the strict side.
pub(super) fn user_group_ids(uid: u32) -> Vec<u32> {
    Command::new("id")
        .args(["-G", &uid.to_string()])
        .stdin(Stdio::null())
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| {
            String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .filter_map(|g| g.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

pub(super) fn io_err(
    action: &'static str,
    path: impl AsRef<Path>,
) -> impl FnOnce(io::Error) -> EmbeddedError {
    let path = path.as_ref().to_owned();
    move |source| EmbeddedError::Io {
        action,
        path,
        source,
    }
}
