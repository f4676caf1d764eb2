//! Structured logs: one JSON object per line on stderr, carrying the id of the request being
//! served (a task-local set by the API's request middleware) when there is one.
//!
//! What is logged is chosen here and by the callers: never a request body, a header, a query
//! string or a token, so no password, token or seed of a hand in play reaches a log line.

use std::io::Write;

use serde_json::{Map, Value};

tokio::task_local! {
    /// The id of the request this task serves.
    pub static REQUEST_ID: String;
}

/// The id of the request being served by this task, if any.
pub fn request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

/// The least severe lines written (`--log`, `BOURRE_LOG`): each level writes itself and
/// the levels above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub enum Level {
    /// Nothing.
    Off,
    Error,
    Warn,
    Info,
}

static LEVEL: std::sync::OnceLock<Level> = std::sync::OnceLock::new();

/// Sets the process's level, once, before the first line (unset: `info`).
pub fn init(level: Level) {
    let _ = LEVEL.set(level);
}

/// Writes one line at `level`: `{"ts", "level", "msg", "request_id"?, ...fields}`.
fn log(level: Level, msg: &str, fields: Value) {
    if level > *LEVEL.get_or_init(|| Level::Info) {
        return;
    }
    let level = match level {
        Level::Off => return,
        Level::Error => "error",
        Level::Warn => "warn",
        Level::Info => "info",
    };
    let mut line = Map::new();
    line.insert(
        "ts".into(),
        Value::String(chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)),
    );
    line.insert("level".into(), Value::String(level.to_owned()));
    line.insert("msg".into(), Value::String(msg.to_owned()));
    if let Some(id) = request_id() {
        line.insert("request_id".into(), Value::String(id));
    }
    if let Value::Object(fields) = fields {
        for (key, value) in fields {
            line.entry(key).or_insert(value);
        }
    }
    let text = Value::Object(line).to_string();
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

pub fn info(msg: &str, fields: Value) {
    log(Level::Info, msg, fields);
}

pub fn warn(msg: &str, fields: Value) {
    log(Level::Warn, msg, fields);
}

pub fn error(msg: &str, fields: Value) {
    log(Level::Error, msg, fields);
}
