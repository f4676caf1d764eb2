//! The shapes as generators read them: what an answer always carries is required (nullable
//! where it may be null), a request body that may be left out is optional rather than
//! nullable, and `ErrorCode` is open, so that a client generated today keeps working when a
//! later version adds a code.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::operations;

/// The schema names `value` refers to (`$ref`s to `#/components/schemas/...`), at any depth.
fn refers_to(value: &Value, into: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(name) = map
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
            {
                into.push(name.to_owned());
            }
            map.values().for_each(|v| refers_to(v, into));
        }
        Value::Array(items) => items.iter().for_each(|v| refers_to(v, into)),
        _ => {}
    }
}

/// `roots` and every schema they refer to, at any depth.
fn closure(doc: &Value, mut roots: Vec<String>) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    while let Some(name) = roots.pop() {
        if seen.insert(name.clone()) {
            refers_to(&doc["components"]["schemas"][&name], &mut roots);
        }
    }
    seen
}

/// Whether a property's schema admits `null`.
fn nullable(property: &Value) -> bool {
    let typed = property["type"]
        .as_array()
        .is_some_and(|types| types.iter().any(|t| t == "null"));
    let variant = property["oneOf"]
        .as_array()
        .is_some_and(|variants| variants.iter().any(|v| v["type"] == "null"));
    typed || variant
}

/// The schemas only answers carry, built by the server each time: neither a request's (a
/// body or a parameter, whose optional fields may be left out) nor an event's (events are
/// served as they were stored, and a row written by an older version lacks a field added
/// since).
fn answer_only(doc: &mut Value) -> BTreeSet<String> {
    let mut requests = Vec::new();
    for (_, _, op) in operations(doc) {
        refers_to(&op["requestBody"], &mut requests);
        refers_to(&op["parameters"], &mut requests);
    }
    let events = vec!["TableEvent".to_owned(), "EventData".to_owned()];
    let excluded: BTreeSet<String> = closure(doc, requests)
        .union(&closure(doc, events))
        .cloned()
        .collect();
    doc["components"]["schemas"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, _)| name.clone())
        .filter(|name| !excluded.contains(name))
        .collect()
}

/// Every property an answer always sends is required: the server writes an absent value as
/// `null` (the property stays nullable), but for the few it leaves out when there is none,
/// which are not nullable (`#[schema(nullable = false)]` beside `skip_serializing_if`).
pub(super) fn required_when_sent(doc: &mut Value) {
    for name in answer_only(doc) {
        let schema = &mut doc["components"]["schemas"][&name];
        let sent: Vec<Value> = schema["properties"]
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(_, property)| nullable(property))
            .map(|(key, _)| json!(key))
            .collect();
        if sent.is_empty() {
            continue;
        }
        let mut required: Vec<Value> = schema["required"].as_array().cloned().unwrap_or_default();
        for key in sent {
            if !required.contains(&key) {
                required.push(key);
            }
        }
        schema["required"] = json!(required);
    }
}

/// A request body that may be left out is its schema with `required: false`: utoipa writes
/// `oneOf: [schema, null]`, which a generated client encodes as JSON `null`, or cannot encode
/// at all, when the caller leaves the body out. (The server refuses a `null` body.)
pub(super) fn optional_bodies(doc: &mut Value) {
    for (_, _, op) in operations(doc) {
        let Some(schema) = op.pointer_mut("/requestBody/content/application~1json/schema") else {
            continue;
        };
        let single = match schema["oneOf"].as_array().map(Vec::as_slice) {
            Some([one, null]) if null == &json!({"type": "null"}) => one.clone(),
            _ => continue,
        };
        *schema = single;
        op["requestBody"]["required"] = json!(false);
    }
}

/// An answer of raw bytes (`application/octet-stream`: the public log's tiles) is a binary
/// string, which generators read as bytes (utoipa writes a `Vec<u8>` as an array of
/// integers, which is JSON's shape, not the body's).
pub(super) fn binary_bodies(doc: &mut Value) {
    for (_, _, op) in operations(doc) {
        let responses = op.get_mut("responses").and_then(Value::as_object_mut);
        for response in responses.into_iter().flat_map(|r| r.values_mut()) {
            if let Some(media) = response.pointer_mut("/content/application~1octet-stream") {
                media["schema"] = json!({"type": "string", "format": "binary"});
            }
        }
    }
}

/// A parameter is never `null`: a query or a header is sent or left out (utoipa writes an
/// `Option`'s as nullable, which a generated client offers as a third state).
pub(super) fn plain_parameters(doc: &mut Value) {
    for (_, _, op) in operations(doc) {
        let params = op.get_mut("parameters").and_then(Value::as_array_mut);
        for param in params.into_iter().flatten() {
            let types = param
                .pointer_mut("/schema/type")
                .and_then(Value::as_array_mut);
            if let Some(types) = types {
                types.retain(|t| t != "null");
                if let [one] = types.as_slice() {
                    param["schema"]["type"] = one.clone();
                }
            }
        }
    }
}

/// `ErrorCode` is open: a code is a string, since a later version may add codes and a
/// client must keep a code it does not know (docs/errors.md), not fail to read the problem;
/// the codes this version answers are listed as `KnownErrorCode`. (A union of the two is an
/// empty class to the Kotlin, Swift and Dart generators, which could then read no code.)
pub(super) fn open_error_code(doc: &mut Value) {
    let schemas = &mut doc["components"]["schemas"];
    let Some(mut known) = schemas.get("ErrorCode").cloned() else {
        return;
    };
    known["description"] = json!(
        "The codes this version of the server answers, each with one HTTP status (docs/errors.md); a problem's `code` (`ErrorCode`) may also be one a later version adds."
    );
    schemas["KnownErrorCode"] = known;
    schemas["ErrorCode"] = json!({
        "description": "A refusal's stable code: one of `KnownErrorCode`, or a code a later version adds, which a client keeps as it is and handles by the HTTP status.",
        "type": "string",
        "pattern": "^[a-z][a-z0-9_]*$",
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        serde_json::to_value(super::super::super::openapi()).unwrap_or_default()
    }

    /// `TableView` says what it always carries: every property is required, the ones that
    /// may be null nullable.
    #[test]
    fn what_an_answer_always_sends_is_required() {
        let doc = doc();
        let view = &doc["components"]["schemas"]["TableView"];
        let required = view["required"].as_array().cloned().unwrap_or_default();
        for key in view["properties"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, _)| k)
        {
            assert!(required.contains(&json!(key)), "TableView.{key} optional");
        }
        assert!(nullable(&view["properties"]["legal"]));
        let chat = &doc["components"]["schemas"]["ChatMessage"];
        let optional = |key: &str| !chat["required"].as_array().unwrap().contains(&json!(key));
        assert!(optional("phrase") && !nullable(&chat["properties"]["phrase"]));
        let rules = &doc["components"]["schemas"]["TableRules"];
        assert!(
            !rules["required"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|k| k == "max_discard"),
            "a request's optional field stays optional"
        );
    }

    /// No parameter is nullable.
    #[test]
    fn parameters_are_not_nullable() {
        let mut doc = doc();
        let mut checked = 0;
        for (path, method, op) in operations(&mut doc) {
            for param in op["parameters"].as_array().into_iter().flatten() {
                checked += 1;
                assert!(!nullable(&param["schema"]), "{method} {path}: {param}");
            }
        }
        assert!(checked > 50, "{checked} parameters");
    }

    /// Taking a seat and adding a bot take an optional `SitDown`, not a nullable one.
    #[test]
    fn an_optional_body_is_not_nullable() {
        let doc = doc();
        for path in ["/v1/tables/{table_id}/seats", "/v1/tables/{table_id}/bots"] {
            let body = &doc["paths"][path]["post"]["requestBody"];
            assert_eq!(body["required"], json!(false), "{path}");
            assert_eq!(
                body["content"]["application/json"]["schema"],
                json!({"$ref": "#/components/schemas/SitDown"}),
                "{path}"
            );
        }
    }

    /// A problem's `code` is any string; the known ones are listed.
    #[test]
    fn error_codes_are_open() {
        let doc = doc();
        let schemas = &doc["components"]["schemas"];
        let known = schemas["KnownErrorCode"]["enum"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(known.contains(&json!("token_expired")));
        assert_eq!(known.len(), crate::app::ErrorCode::ALL.len());
        assert_eq!(schemas["ErrorCode"]["type"], "string");
        assert!(schemas["ErrorCode"].get("enum").is_none());
    }
}
