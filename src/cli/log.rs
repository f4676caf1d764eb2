//! `bourre log keygen` (a signing key for the public log) and `bourre log monitor` (the
//! check a league organiser runs from cron: the newest checkpoint signed and consistent
//! with the one kept, every new leaf well formed and matching its hand's record).
//! docs/guide/public-log.md.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::app::log::leaf::HandLeaf;
use crate::app::log::merkle::{self, Frontier, Hash};
use crate::app::log::note::{Checkpoint, SignerKey, VerifierKey};
use crate::app::log::{TILE_WIDTH, Tile, decode_hash, unbundle};
use crate::app::table::audit::{self, HandRecord};

#[derive(Debug, clap::Subcommand)]
pub enum LogCommand {
    /// Prints a new signing key (the secret, for BOURRE_LOG_SIGNING_KEY) and, on the next
    /// line, its verifier key (public: give it to whoever checks the log).
    Keygen {
        /// The log's name, the first line of each checkpoint: a host and a path, such as
        /// `bourre.example.com/log`.
        #[arg(long)]
        origin: String,
    },
    /// Checks a server's log since the last run and keeps the newest checkpoint in FILE;
    /// exits non-zero on a fork, a rewrite or a malformed entry.
    Monitor(MonitorArgs),
}

#[derive(Debug, clap::Args)]
pub struct MonitorArgs {
    /// The server, such as `https://bourre.example.com`.
    #[arg(long)]
    pub url: String,
    /// Where the monitor keeps what it saw (created on the first run).
    #[arg(long)]
    pub state: PathBuf,
    /// The log's verifier key; without it the first run trusts the key the server gives,
    /// and every later run the key it kept.
    #[arg(long, env = "BOURRE_LOG_KEY")]
    pub key: Option<String>,
    /// Sign in as this player to read the hand records of its leagues' tables (password in
    /// BOURRE_PASSWORD); without it the leaves are checked without their records.
    #[arg(long, env = "BOURRE_USERNAME")]
    pub username: Option<String>,
}

pub fn run(command: &LogCommand) -> Result<(), String> {
    match command {
        LogCommand::Keygen { origin } => {
            let key = SignerKey::generate(origin)?;
            println!("{}", key.secret_text());
            println!("{}", key.verifier());
            Ok(())
        }
        LogCommand::Monitor(args) => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?
            .block_on(monitor(args)),
    }
}

/// What the monitor keeps between runs.
#[derive(Debug, Default, Serialize, Deserialize)]
struct State {
    verifier_key: String,
    /// The newest checkpoint seen, as served (signed).
    checkpoint: String,
    /// The right edge of that tree, base64, largest subtree first.
    edge: Vec<String>,
    /// Per table, the last hand seen in the log.
    tables: BTreeMap<Uuid, Seen>,
}

/// A hand's leaf as the monitor saw it.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Seen {
    hand_no: u32,
    seq: i64,
    head: String,
    /// Whether the monitor could read the hand's record.
    #[serde(default)]
    readable: bool,
}

struct Server {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
}

impl Server {
    async fn get(&self, path: &str) -> Result<reqwest::Response, String> {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        request.send().await.map_err(|e| format!("GET {path}: {e}"))
    }

    async fn ok(&self, path: &str) -> Result<reqwest::Response, String> {
        let response = self.get(path).await?;
        if !response.status().is_success() {
            return Err(format!("GET {path}: {}", response.status()));
        }
        Ok(response)
    }

    async fn json<T: serde::de::DeserializeOwned>(&self, path: &str) -> Result<T, String> {
        read_json(self.ok(path).await?)
            .await
            .map_err(|e| format!("GET {path}: {e}"))
    }

    async fn text(&self, path: &str) -> Result<String, String> {
        self.ok(path)
            .await?
            .text()
            .await
            .map_err(|e| format!("GET {path}: {e}"))
    }

    /// A hand's record, if this monitor may read it.
    async fn record(&self, table: Uuid, hand_no: u32) -> Result<Option<HandRecord>, String> {
        if self.token.is_none() {
            return Ok(None);
        }
        let path = format!("/v1/tables/{table}/hands/{hand_no}");
        let response = self.get(&path).await?;
        match response.status().as_u16() {
            200 => read_json(response)
                .await
                .map(Some)
                .map_err(|e| format!("GET {path}: {e}")),
            403 => Ok(None),
            status => Err(format!("GET {path}: {status}")),
        }
    }
}

/// An answer's JSON body (the client is built without reqwest's `json`).
async fn read_json<T: serde::de::DeserializeOwned>(
    response: reqwest::Response,
) -> Result<T, String> {
    let bytes = response.bytes().await.map_err(|e| e.to_string())?;
    serde_json::from_slice(&bytes).map_err(|e| e.to_string())
}

/// The leaves `[from, to)` from the log's entry bundles.
async fn leaves(server: &Server, from: u64, to: u64) -> Result<Vec<Vec<u8>>, String> {
    let width = u64::from(TILE_WIDTH);
    let mut out = Vec::new();
    let mut tile = from / width;
    while tile * width < to {
        let count = (to - tile * width).min(width);
        let path = format!(
            "/v1/log/{}",
            Tile::Entries {
                index: tile,
                width: u16::try_from(count).unwrap_or(TILE_WIDTH),
            }
            .path()
        );
        let bytes = server
            .ok(&path)
            .await?
            .bytes()
            .await
            .map_err(|e| e.to_string())?;
        let bundle = unbundle(&bytes)
            .filter(|b| b.len() as u64 == count)
            .ok_or_else(|| format!("{path}: not a bundle of {count} entries"))?;
        for (i, leaf) in bundle.into_iter().enumerate() {
            let index = tile * width + i as u64;
            if (from..to).contains(&index) {
                out.push(leaf.to_vec());
            }
        }
        tile += 1;
    }
    Ok(out)
}

fn root_text(root: &Hash) -> String {
    STANDARD.encode(root)
}

async fn sign_in(http: &reqwest::Client, base: &str, username: &str) -> Result<String, String> {
    let password = std::env::var("BOURRE_PASSWORD")
        .map_err(|_| "--username needs the password in BOURRE_PASSWORD".to_owned())?;
    let response = http
        .post(format!("{base}/v1/auth/login"))
        .header("content-type", "application/json")
        .body(serde_json::json!({"username": username, "password": password}).to_string())
        .send()
        .await
        .map_err(|e| format!("signing in: {e}"))?;
    if !response.status().is_success() {
        return Err(format!("signing in as {username}: {}", response.status()));
    }
    let session: serde_json::Value = read_json(response).await?;
    session["token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| "the sign-in gave no token".to_owned())
}

fn read_state(path: &Path) -> Result<Option<State>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

fn write_state(path: &Path, state: &State) -> Result<(), String> {
    let text = serde_json::to_string_pretty(state).map_err(|e| e.to_string())?;
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks a new leaf against its hand's record (and the previous hand's, when the monitor
/// saw that one): the row the leaf names, the commitment, and the audit of the record.
async fn check_leaf(
    server: &Server,
    leaf: &HandLeaf,
    index: u64,
    previous: Option<&Seen>,
    key: &VerifierKey,
) -> Result<bool, String> {
    let name = format!("table {} hand {}", leaf.table_id, leaf.hand_no);
    // A table's hands are logged one after another, each once.
    let expected = previous.map_or(Some(1), |s| s.hand_no.checked_add(1));
    if Some(leaf.hand_no) != expected {
        return Err(match previous {
            Some(seen) if leaf.hand_no <= seen.hand_no => format!(
                "REWRITE: entry {index} logs {name} again (hand {} was logged before)",
                seen.hand_no
            ),
            _ => format!(
                "OMITTED: entry {index} logs {name}, but the hand before it is not in the log"
            ),
        });
    }
    let Some(record) = server.record(leaf.table_id, leaf.hand_no).await? else {
        if previous.is_some_and(|s| s.readable) {
            return Err(format!(
                "{name}: its record is refused to a monitor that read the table's earlier hands"
            ));
        }
        return Ok(false);
    };
    audit::leaf_matches(&record, leaf).map_err(|(e, _)| format!("{name}: {e}"))?;
    let report = audit::audit(&record, None, Some(key));
    if let Some(failed) = report.verdicts.iter().find(|v| !v.ok) {
        return Err(format!("{name}: {} fails: {}", failed.check, failed.detail));
    }
    match &record.proof {
        Some(proof) if proof.index == index => {}
        _ => {
            return Err(format!(
                "{name}: its record does not prove it is entry {index} of the log"
            ));
        }
    }
    if let Some(seen) = previous
        && let Some(before) = server.record(leaf.table_id, seen.hand_no).await?
    {
        let chained = audit::check_chain(
            &before.events,
            before.events.first().map_or(1, |r| r.seq),
            None,
        )
        .is_ok();
        let kept = before
            .events
            .iter()
            .any(|r| r.seq == seen.seq && r.hash == seen.head);
        let linked =
            before.events.last().map(|r| &r.hash) == record.events.first().map(|r| &r.prev_hash);
        if !chained || !kept || !linked {
            return Err(format!(
                "table {} hand {}: its record no longer holds the row the log holds (seq {}): \
                 the table's history was rewritten",
                leaf.table_id, seen.hand_no, seen.seq
            ));
        }
    }
    Ok(true)
}

async fn monitor(args: &MonitorArgs) -> Result<(), String> {
    let base = args.url.trim_end_matches('/').to_owned();
    let http = crate::app::notify::dispatcher::plain_client(Duration::from_secs(30), &[], false)?;
    let token = match &args.username {
        Some(username) => Some(sign_in(&http, &base, username).await?),
        None => None,
    };
    let server = Server { http, base, token };
    let kept = read_state(&args.state)?;
    let key_text = match (&kept, &args.key) {
        (Some(state), Some(given)) if &state.verifier_key != given => {
            return Err(format!(
                "the key given ({given}) is not the key kept in {} ({})",
                args.state.display(),
                state.verifier_key
            ));
        }
        (Some(state), _) => state.verifier_key.clone(),
        (None, Some(given)) => given.clone(),
        (None, None) => {
            let info: serde_json::Value = server.json("/v1/log").await?;
            let key = info["verifier_key"]
                .as_str()
                .ok_or("GET /v1/log gave no verifier_key")?
                .to_owned();
            eprintln!(
                "bourre: first run: trusting the log's key as served, {key} (pin it with --key)"
            );
            key
        }
    };
    let key = VerifierKey::parse(&key_text)?;
    let note = server.text("/v1/log/checkpoint").await?;
    let new = Checkpoint::open(&note, &key).map_err(|e| format!("the checkpoint: {e}"))?;
    let mut state = kept.unwrap_or_else(|| State {
        verifier_key: key_text.clone(),
        ..State::default()
    });
    let (old_size, old_root, mut frontier) = if state.checkpoint.is_empty() {
        (0, merkle::empty_root(), Frontier::default())
    } else {
        let old = Checkpoint::open(&state.checkpoint, &key)?;
        let edge = state
            .edge
            .iter()
            .map(|h| decode_hash(h))
            .collect::<Result<Vec<_>, _>>()?;
        let frontier = Frontier::new(old.size, &edge)?;
        if frontier.root() != old.root {
            return Err(format!(
                "{}: the kept edge of the tree does not give the kept root (the state file is damaged)",
                args.state.display()
            ));
        }
        (old.size, old.root, frontier)
    };
    if new.size < old_size || (new.size == old_size && new.root != old_root) {
        return Err(format!(
            "FORK: the log kept at size {old_size} with root {} now serves size {} with root {}; \
             keep both checkpoints ({} and the server's) and report them",
            root_text(&old_root),
            new.size,
            root_text(&new.root),
            args.state.display()
        ));
    }
    let proof: serde_json::Value = server
        .json(&format!(
            "/v1/log/consistency?from={old_size}&to={}",
            new.size
        ))
        .await?;
    let path = proof["proof"]
        .as_array()
        .ok_or("the consistency answer has no proof")?
        .iter()
        .map(|h| decode_hash(h.as_str().unwrap_or_default()))
        .collect::<Result<Vec<_>, _>>()?;
    merkle::verify_consistency(old_size, new.size, &path, &old_root, &new.root).map_err(|e| {
        format!(
            "FORK: size {old_size} root {} and size {} root {}: {e}",
            root_text(&old_root),
            new.size,
            root_text(&new.root)
        )
    })?;
    let new_leaves = leaves(&server, old_size, new.size).await?;
    // The entries first give the signed root; only then are they read.
    for bytes in &new_leaves {
        frontier.push(merkle::leaf_hash(bytes));
    }
    if frontier.root() != new.root {
        return Err(format!(
            "REWRITE: the log's entries up to size {} do not give the signed root {}",
            new.size,
            root_text(&new.root)
        ));
    }
    let (mut checked, mut unread) = (0usize, 0usize);
    for (i, bytes) in new_leaves.iter().enumerate() {
        let index = old_size + i as u64;
        let leaf = HandLeaf::parse(bytes).map_err(|e| format!("entry {index}: {e}"))?;
        let previous = state.tables.get(&leaf.table_id).cloned();
        let readable = check_leaf(&server, &leaf, index, previous.as_ref(), &key).await?;
        if readable {
            checked += 1;
        } else {
            unread += 1;
        }
        state.tables.insert(
            leaf.table_id,
            Seen {
                hand_no: leaf.hand_no,
                seq: leaf.seq,
                head: leaf.head.clone(),
                readable,
            },
        );
    }
    state.checkpoint = note;
    state.edge = frontier
        .hashes()
        .iter()
        .map(|h| STANDARD.encode(h))
        .collect();
    write_state(&args.state, &state)?;
    println!(
        "log {}: size {} (was {old_size}), root {}; {} new hands: {checked} checked against their records, {unread} not readable here",
        new.origin,
        new.size,
        root_text(&new.root),
        new_leaves.len()
    );
    Ok(())
}
