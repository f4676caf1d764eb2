//! Structured logs through `tracing`: one JSON object per line on stderr, `{"ts", "level",
//! "msg", "request_id"?, "span"?, ...fields}`, filtered by `--log`/`BOURRE_LOG` (an
//! `EnvFilter`: `info`, `warn`, `bourre=debug,actix=warn`, `off`). Each request is a span
//! carrying its id (see `api::request_id`), so every line written while serving it has
//! the id; use cases are spans of their own, named in the lines written inside them.
//!
//! What is logged is chosen here and by the callers: never a request body, a header, a query
//! string or a token, so no password, token or seed of a hand in play reaches a log line.

use std::io::Write;

use serde_json::{Map, Value};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::{Event, Subscriber};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Registry};

tokio::task_local! {
    /// The id of the request this task serves (for problem+json bodies).
    pub static REQUEST_ID: String;
}

/// The id of the request being served by this task, if any.
pub fn request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

/// A log filter as `--log` takes it: what `init` will accept, checked when parsed.
pub fn filter(text: &str) -> Result<String, String> {
    EnvFilter::builder()
        .parse(text)
        .map(|_| text.to_owned())
        .map_err(|e| {
            format!("not a log filter ({e}): try info, warn, bourre=debug,actix=warn or off")
        })
}

/// Installs the process's subscriber, once: the JSON lines, filtered by `filter` (see
/// [`filter`]).
pub fn init(filter: &str) -> Result<(), String> {
    let filter = EnvFilter::builder()
        .parse(filter)
        .map_err(|e| format!("BOURRE_LOG: {e}"))?;
    Registry::default()
        .with(JsonLines::to_stderr().with_filter(filter))
        .try_init()
        .map_err(|e| e.to_string())
}

/// The target of every line written here, whichever crate of the workspace writes it: what
/// `--log` filters name (`bourre=debug`).
const TARGET: &str = "bourre::obs";

/// `msg` at info, with `fields` (an object) in the line.
pub fn info(msg: &str, fields: Value) {
    tracing::info!(target: TARGET, fields = %fields, "{msg}");
}

pub fn warn(msg: &str, fields: Value) {
    tracing::warn!(target: TARGET, fields = %fields, "{msg}");
}

pub fn error(msg: &str, fields: Value) {
    tracing::error!(target: TARGET, fields = %fields, "{msg}");
}

/// The layer writing each event as one JSON line, through `write`.
struct JsonLines {
    write: Box<dyn Fn(&str) + Send + Sync>,
}

impl JsonLines {
    fn to_stderr() -> JsonLines {
        JsonLines {
            // One write of the whole line, newline included: a process killed between two
            // writes would leave a line without its end, run into the next process's first.
            write: Box::new(|line| {
                let mut err = std::io::stderr().lock();
                let _ = err.write_all(format!("{line}\n").as_bytes());
            }),
        }
    }
}

/// A span's fields, kept in its extensions.
struct SpanFields(Map<String, Value>);

/// Collects fields: `message` as `msg`, `fields` (the JSON of [`info`] and the others)
/// merged in, any other field as itself.
struct Collect<'a>(&'a mut Map<String, Value>);

impl Visit for Collect<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.put(field.name(), Value::String(format!("{value:?}")));
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.put(field.name(), Value::String(value.to_owned()));
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.put(field.name(), value.into());
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.put(field.name(), value.into());
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.put(field.name(), value.into());
    }
}

impl Collect<'_> {
    fn put(&mut self, name: &str, value: Value) {
        match (name, value) {
            ("message", value) => {
                self.0.insert("msg".into(), value);
            }
            ("fields", Value::String(text)) => {
                if let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(&text) {
                    for (key, value) in fields {
                        self.0.entry(key).or_insert(value);
                    }
                }
            }
            (name, value) => {
                self.0.insert(name.to_owned(), value);
            }
        }
    }
}

impl<S> Layer<S> for JsonLines
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else { return };
        let mut fields = Map::new();
        attrs.record(&mut Collect(&mut fields));
        span.extensions_mut().insert(SpanFields(fields));
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let mut line = Map::new();
        line.insert(
            "ts".into(),
            Value::String(chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)),
        );
        let level = event.metadata().level().as_str().to_ascii_lowercase();
        line.insert("level".into(), Value::String(level));
        line.insert(
            "target".into(),
            Value::String(event.metadata().target().to_owned()),
        );
        let mut fields = Map::new();
        event.record(&mut Collect(&mut fields));
        line.insert("msg".into(), fields.remove("msg").unwrap_or(Value::Null));
        for (key, value) in fields {
            line.entry(key).or_insert(value);
        }
        // The spans it is in, innermost first: the request's id, the use case's name, and
        // their fields where the event has none of that name.
        if let Some(scope) = ctx.event_scope(event) {
            for span in scope {
                if span.name() != "request" && !line.contains_key("span") {
                    line.insert("span".into(), Value::String(span.name().to_owned()));
                }
                if let Some(SpanFields(kept)) = span.extensions().get::<SpanFields>() {
                    for (key, value) in kept {
                        line.entry(key.clone()).or_insert_with(|| value.clone());
                    }
                }
            }
        }
        (self.write)(&Value::Object(line).to_string());
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// The lines written while `run` runs, under `filter`.
    fn lines(filter: &str, run: impl FnOnce()) -> Vec<Value> {
        let written = Arc::new(Mutex::new(Vec::new()));
        let kept = written.clone();
        let layer = JsonLines {
            write: Box::new(move |line| {
                kept.lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push(line.to_owned());
            }),
        };
        let filter = EnvFilter::builder().parse(filter).unwrap_or_default();
        let subscriber = Registry::default().with(layer.with_filter(filter));
        tracing::subscriber::with_default(subscriber, run);
        let written = written
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        written
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
            .collect()
    }

    #[test]
    fn a_line_carries_its_request_and_use_case() {
        let got = lines("info", || {
            let request = tracing::info_span!("request", request_id = "r-1");
            let _request = request.enter();
            let case = tracing::info_span!("table_command", table = "t-1");
            let _case = case.enter();
            warn(
                "a table's write found a balance changed",
                serde_json::json!({"cause": "c"}),
            );
        });
        assert_eq!(got.len(), 1, "{got:?}");
        let line = &got[0];
        assert_eq!(line["msg"], "a table's write found a balance changed");
        assert_eq!(line["level"], "warn");
        assert_eq!(line["request_id"], "r-1");
        assert_eq!(line["span"], "table_command");
        assert_eq!(line["table"], "t-1");
        assert_eq!(line["cause"], "c");
        assert_eq!(line["target"], "bourre::obs");
        assert!(
            line["ts"].as_str().is_some_and(|t| t.ends_with('Z')),
            "{line}"
        );
        // Outside any request: no id.
        let got = lines("info", || info("stopped", serde_json::json!({})));
        assert_eq!(got[0]["msg"], "stopped");
        assert!(got[0].get("request_id").is_none(), "{:?}", got[0]);
    }

    #[test]
    fn the_filter_chooses_what_is_written() {
        let both = || {
            info("an info line", serde_json::json!({}));
            error("an error line", serde_json::json!({}));
        };
        assert_eq!(lines("info", both).len(), 2);
        assert_eq!(lines("bourre=error", both).len(), 1);
        assert_eq!(lines("actix=info", both).len(), 0);
        assert_eq!(lines("off", both).len(), 0);
        assert!(filter("bourre=debug,actix=warn").is_ok());
        assert!(filter("off").is_ok());
        assert!(filter("bourre=loud").is_err());
    }
}
