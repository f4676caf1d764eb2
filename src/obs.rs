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

/// Whether logging is switched off (`BOURRE_LOG=off`).
fn silenced() -> bool {
    static OFF: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *OFF.get_or_init(|| matches!(std::env::var("BOURRE_LOG").as_deref(), Ok("off")))
}

/// Writes one line: `{"ts", "level", "msg", "request_id"?, ...fields}`.
pub fn log(level: &str, msg: &str, fields: Value) {
    if silenced() {
        return;
    }
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
    log("info", msg, fields);
}

pub fn warn(msg: &str, fields: Value) {
    log("warn", msg, fields);
}

pub fn error(msg: &str, fields: Value) {
    log("error", msg, fields);
}
