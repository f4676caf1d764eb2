//! What the OpenAPI document says beyond what the handlers' annotations can: the format of
//! every `Idempotency-Key`, the constraints the annotations cannot spell (a grant is never
//! 0 chips, an action has no other fields, a discard lists a card once), and the links from the operations that create a
//! resource (or list them) to those that use it, so that a client generator and a stateful
//! fuzzer follow real ids from one call to the next.

mod codes;
mod links;
mod shapes;
mod unions;

use serde_json::{Value, json};

use links::add_links;
use shapes::{
    binary_bodies, open_error_code, optional_bodies, plain_parameters, required_when_sent,
};
use unions::name_unions;

/// What the server accepts as an `Idempotency-Key` (see `api::idempotency`).
const IDEMPOTENCY_KEY: &str = "^[!-~]{1,200}$";

/// Sets every `Idempotency-Key` header's schema.
fn idempotency_keys(doc: &mut Value) {
    for (_, _, op) in operations(doc) {
        let params = op.get_mut("parameters").and_then(Value::as_array_mut);
        for param in params.into_iter().flatten() {
            if param["name"] == "Idempotency-Key" && param["in"] == "header" {
                param["schema"] = json!({"type": "string", "pattern": IDEMPOTENCY_KEY});
            }
        }
    }
}

/// The constraints the annotations cannot spell.
fn constraints(doc: &mut Value) {
    let schemas = &mut doc["components"]["schemas"];
    if let Some(amount) = schemas.pointer_mut("/GrantIn/properties/amount") {
        let description = amount["description"].clone();
        // Two ranges, for JSON Schema has no "but 0" a generator keeps (utoipa's types drop
        // `not`); the Kotlin and Dart generators make the union an empty class, which a team
        // maps to a 64-bit integer (docs/guide/generating-a-client.md).
        *amount = json!({
            "description": description,
            "oneOf": [
                {"type": "integer", "format": "int64", "minimum": 1, "maximum": 1_000_000_000},
                {"type": "integer", "format": "int64", "minimum": -1_000_000_000, "maximum": -1},
            ],
        });
    }
    if let Some(variants) = schemas
        .pointer_mut("/ActionIn/oneOf")
        .and_then(Value::as_array_mut)
    {
        for variant in variants {
            // serde's `deny_unknown_fields`, which the annotations leave out of variants.
            variant["additionalProperties"] = json!(false);
            if let Some(discard) = variant.pointer_mut("/properties/discard") {
                discard["uniqueItems"] = json!(true);
            }
        }
    }
}

/// The operations of the document (a path item's methods), with their path and method.
fn operations(doc: &mut Value) -> impl Iterator<Item = (&String, &String, &mut Value)> {
    doc["paths"]
        .as_object_mut()
        .into_iter()
        .flatten()
        .filter_map(|(path, item)| item.as_object_mut().map(|item| (path, item)))
        .flat_map(|(path, item)| item.iter_mut().map(move |(method, op)| (path, method, op)))
        .filter(|(_, method, _)| {
            ["get", "put", "post", "delete", "patch", "head", "options"].contains(&method.as_str())
        })
}

/// The shared responses (`#/components/responses/...`) that say when to try again.
const RETRIED_LATER: &[&str] = &[
    "Busy",
    "QuotaExceeded",
    "PushQuotaExceeded",
    "TooManyStreams",
    "ChatTooFast",
    "TooManyReports",
    "Unavailable",
];

/// Whether the operation `op` takes an `Idempotency-Key`.
fn takes_key(op: &Value) -> bool {
    op["parameters"]
        .as_array()
        .is_some_and(|params| params.iter().any(|p| p["name"] == "Idempotency-Key"))
}

/// The headers the server sends, on every response that has them: `X-Request-Id` on all,
/// `Retry-After` on every 429 and 503, `WWW-Authenticate` on every 401, and
/// `Idempotent-Replayed` on the successes of the operations that take an `Idempotency-Key`.
fn headers(doc: &mut Value) {
    let header = |name: &str| json!({"$ref": format!("#/components/headers/{name}")});
    doc["components"]["headers"] = json!({
        "X-Request-Id": {
            "description": "The request's id: the client's `X-Request-Id` when it sent a sane one (1 to 200 visible ASCII characters), else a new one; also `request_id` in a problem's body and in the server's logs.",
            "schema": {"type": "string", "pattern": "^[!-~]{1,200}$"},
        },
        "Retry-After": {
            "description": "Seconds to wait before trying again.",
            "schema": {"type": "integer", "minimum": 0},
        },
        "Idempotent-Replayed": {
            "description": "`true` when this is the stored reply to an earlier request with the same `Idempotency-Key` (the request was not carried out again).",
            "schema": {"type": "string", "enum": ["true"]},
        },
        "WWW-Authenticate": {
            "description": "How to authenticate (RFC 6750): `Bearer realm=\"bourre\"`, with `error=\"invalid_token\"` when the request's bearer token was refused (`token_expired`: refresh the session and send the request again).",
            "schema": {"type": "string"},
        },
    });
    for (name, response) in doc["components"]["responses"]
        .as_object_mut()
        .into_iter()
        .flatten()
    {
        response["headers"]["X-Request-Id"] = header("X-Request-Id");
        if RETRIED_LATER.contains(&name.as_str()) {
            response["headers"]["Retry-After"] = header("Retry-After");
        }
    }
    for (_, _, op) in operations(doc) {
        let keyed = takes_key(op);
        let Some(responses) = op["responses"].as_object_mut() else {
            continue;
        };
        for (status, response) in responses.iter_mut() {
            if response.get("$ref").is_some() {
                continue;
            }
            response["headers"]["X-Request-Id"] = header("X-Request-Id");
            if (status == "429" || status == "503")
                && response["headers"].get("Retry-After").is_none()
            {
                response["headers"]["Retry-After"] = header("Retry-After");
            }
            if keyed && status.starts_with('2') {
                response["headers"]["Idempotent-Replayed"] = header("Idempotent-Replayed");
            }
            if status == "401" {
                response["headers"]["WWW-Authenticate"] = header("WWW-Authenticate");
            }
        }
    }
}

/// The answers of one code that operations share beyond their handlers' own: the database
/// away (503 `unavailable`) and a bug (500 `internal`); `codes::per_operation_codes` refers
/// to them.
fn shared_answers(doc: &mut Value) {
    let problem =
        json!({"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}});
    doc["components"]["responses"]["Unavailable"] = json!({
        "description": "`unavailable`: the database does not answer; the request changed nothing, try again after `Retry-After`",
        "content": problem.clone(),
    });
    doc["components"]["responses"]["Internal"] = json!({
        "description": "`internal`: the server failed (a bug); the request changed nothing. Report it with the `request_id`; a retry may fail the same way",
        "content": problem,
    });
}

/// The enums the handlers check by hand: the standings' `sort` and `order`, the kinds of
/// events (`EventOut.kind`, and with `view`, `chat` and `chat_hidden` the stream's `event:`),
/// which are those of `TableEvent`; and the moves a turn asks for (`LegalOut.action`: a
/// phase's, but never `complete`).
fn enums(doc: &mut Value) {
    let kinds: Vec<Value> = doc
        .pointer("/components/schemas/TableEvent/discriminator/mapping")
        .and_then(Value::as_object)
        .map(|mapping| mapping.keys().map(|k| json!(k)).collect())
        .unwrap_or_default();
    doc["components"]["schemas"]["EventKind"] = json!({
        "type": "string",
        "description": "The kind of an event: its `type`.",
        "enum": kinds.clone(),
    });
    if let Some(property) = doc.pointer_mut("/components/schemas/EventOut/properties/kind") {
        let description = property
            .get("description")
            .cloned()
            .unwrap_or_else(|| json!("The event's kind: its data's `type`."));
        *property = json!({"$ref": "#/components/schemas/EventKind", "description": description});
    }
    if let Some(property) = doc.pointer_mut("/components/schemas/StreamEvent/properties/event") {
        let mut names = kinds;
        names.extend([json!("view"), json!("chat"), json!("chat_hidden")]);
        property["enum"] = json!(names);
    }
    if let Some(property) = doc.pointer_mut("/components/schemas/LegalOut/properties/action") {
        let description = property["description"].clone();
        *property = json!({
            "type": "string",
            "enum": ["declare", "draw", "play"],
            "description": description,
        });
    }
    let Some(params) = doc
        .pointer_mut("/paths/~1v1~1leagues~1{league_id}~1standings/get/parameters")
        .and_then(Value::as_array_mut)
    else {
        return;
    };
    for param in params {
        let choices: Vec<&str> = match param["name"].as_str() {
            Some("sort") => crate::app::leagues::standings::SORT_COLUMNS.to_vec(),
            Some("order") => vec!["desc", "asc"],
            _ => continue,
        };
        param["schema"] = json!({"type": "string", "enum": choices, "default": choices[0]});
    }
}

/// Moves the description of an optional property that refers to a schema (utoipa writes
/// `oneOf: [{$ref, description}, {type: null}]`) up to the property, where readers and
/// generators look for it.
fn describe_optional_references(doc: &mut Value) {
    let Some(schemas) = doc["components"]["schemas"].as_object_mut() else {
        return;
    };
    for property in schemas
        .values_mut()
        .filter_map(|schema| schema.get_mut("properties").and_then(Value::as_object_mut))
        .flat_map(|properties| properties.values_mut())
    {
        if property.get("description").is_some() {
            continue;
        }
        let moved = property["oneOf"]
            .as_array_mut()
            .into_iter()
            .flatten()
            .filter_map(Value::as_object_mut)
            .find_map(|variant| variant.remove("description"));
        if let Some(description) = moved {
            property["description"] = description;
        }
    }
}

/// Marks every operation that declares no `security` as public (`security: []`): the
/// document has no default, and a linter cannot tell an omission from a public operation.
fn public_operations(doc: &mut Value) {
    for (_, _, op) in operations(doc) {
        if op.get("security").is_none() {
            op["security"] = json!([]);
        }
    }
}

/// Gives every operation its handler's whole doc comment as `description`, and its first
/// sentence alone as `summary` (one line in a generated client or a reference page).
fn describe_operations(doc: &mut Value) {
    for (_, _, op) in operations(doc) {
        let Some(text) = op.get("summary").and_then(Value::as_str).map(str::to_owned) else {
            continue;
        };
        if op.get("description").is_none() {
            op["description"] = json!(text);
        }
        op["summary"] = json!(first_sentence(&text));
    }
}

/// The first sentence of `text` (up to a period followed by a space, or all of it), on one
/// line.
fn first_sentence(text: &str) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.find(". ") {
        Some(end) => flat[..=end].to_owned(),
        None => flat,
    }
}

/// Real requests and answers of every operation, by operation id: `request` (the JSON
/// body) and `responses` (status, then media type). The test that walks every operation
/// (tests/api/examples.rs) records them from a running server and checks each against the
/// schema it illustrates, so an example cannot drift from the document.
const EXAMPLES: &str = include_str!("../../../openapi/examples.json");

/// Gives every request body and answer its recorded example.
fn add_examples(doc: &mut Value) {
    let Ok(examples) = serde_json::from_str::<Value>(EXAMPLES) else {
        return;
    };
    for (_, _, op) in operations(doc) {
        let Some(recorded) = op
            .get("operationId")
            .and_then(Value::as_str)
            .and_then(|id| examples.get(id))
        else {
            continue;
        };
        if let (Some(body), Some(media)) = (
            recorded.get("request"),
            op.pointer_mut("/requestBody/content/application~1json"),
        ) {
            media["example"] = body.clone();
        }
        for (status, answers) in recorded["responses"].as_object().into_iter().flatten() {
            for (media_type, example) in answers.as_object().into_iter().flatten() {
                let at = format!(
                    "/responses/{status}/content/{}",
                    media_type.replace('/', "~1")
                );
                if let Some(media) = op.pointer_mut(&at) {
                    media["example"] = example.clone();
                }
            }
        }
    }
}

/// The document with everything above, or unchanged if it would not read back (which the
/// test of the checked-in document would show).
pub fn refine(doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let Ok(mut value) = serde_json::to_value(&doc) else {
        return doc;
    };
    idempotency_keys(&mut value);
    constraints(&mut value);
    name_unions(&mut value);
    describe_optional_references(&mut value);
    enums(&mut value);
    open_error_code(&mut value);
    optional_bodies(&mut value);
    binary_bodies(&mut value);
    plain_parameters(&mut value);
    required_when_sent(&mut value);
    shared_answers(&mut value);
    codes::per_operation_codes(&mut value);
    headers(&mut value);
    add_links(&mut value);
    public_operations(&mut value);
    describe_operations(&mut value);
    add_examples(&mut value);
    match serde_json::from_value(value) {
        Ok(refined) => refined,
        Err(e) => {
            crate::app::kernel::obs::warn(
                "the refined OpenAPI document does not read back",
                serde_json::json!({"cause": e.to_string()}),
            );
            doc
        }
    }
}

#[cfg(test)]
mod tests {
    use super::unions::tag;
    use super::*;

    /// The served document is the refined one (`refine` serves the unrefined one when its
    /// result does not read back as an OpenAPI document).
    #[test]
    fn the_served_document_is_refined() {
        let doc = serde_json::to_value(super::super::openapi()).unwrap_or_default();
        let key = doc
            .pointer("/paths/~1v1~1leagues/post/parameters")
            .and_then(|p| p.as_array())
            .and_then(|p| p.iter().find(|p| p["name"] == "Idempotency-Key"))
            .cloned()
            .unwrap_or_default();
        assert_eq!(key["schema"]["pattern"], "^[!-~]{1,200}$", "{key}");
    }

    /// What OpenAPI and the linters client teams run require of every operation: a
    /// described response for each status, `security` (empty when public), a declared tag;
    /// and a server to call.
    #[test]
    fn every_operation_is_described_secured_and_tagged() {
        let doc = serde_json::to_value(super::super::openapi()).unwrap_or_default();
        let declared: Vec<&str> = doc["tags"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t["name"].as_str())
            .collect();
        assert!(doc["servers"].as_array().is_some_and(|s| !s.is_empty()));
        let mut operations = 0;
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                operations += 1;
                let at = format!("{method} {path}");
                let summary = op["summary"].as_str().unwrap_or_default();
                assert!(
                    !summary.is_empty() && !summary.contains('\n'),
                    "{at}: {summary:?}"
                );
                assert!(
                    op["description"].as_str().is_some_and(|d| !d.is_empty()),
                    "{at}"
                );
                assert!(op["security"].is_array(), "{at}: no security");
                for tag in op["tags"].as_array().into_iter().flatten() {
                    let tag = tag.as_str().unwrap_or_default();
                    assert!(declared.contains(&tag), "{at}: tag {tag} not declared");
                }
                for (status, response) in op["responses"].as_object().into_iter().flatten() {
                    let described = response["description"]
                        .as_str()
                        .is_some_and(|d| !d.is_empty())
                        || response["$ref"].is_string();
                    assert!(described, "{at} {status}: no description");
                }
            }
        }
        assert!(operations > 50, "{operations} operations");
    }

    /// A response of an operation, or the shared one (of `components`) it refers to.
    pub(super) fn answer<'a>(response: &'a Value, components: &'a Value) -> &'a Value {
        match response["$ref"].as_str() {
            Some(r) => &components[r.trim_start_matches("#/components/responses/")],
            None => response,
        }
    }

    /// Every schema of the document, with its name.
    fn schemas_of(doc: &Value) -> Vec<(String, Value)> {
        doc["components"]["schemas"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(name, schema)| (name.clone(), schema.clone()))
            .collect()
    }

    /// A generated client names every type: no union has an unnamed object variant, and
    /// every union of objects is discriminated on `type`, one schema per value.
    #[test]
    fn every_union_is_named_and_discriminated() {
        let doc = serde_json::to_value(super::super::openapi()).unwrap_or_default();
        let mut unions = 0;
        for (name, schema) in schemas_of(&doc) {
            let Some(variants) = schema["oneOf"].as_array().or(schema["anyOf"].as_array()) else {
                continue;
            };
            assert!(schema.get("anyOf").is_none(), "{name}: anyOf");
            for variant in variants {
                let is_object = variant["type"] == "object" || variant.get("allOf").is_some();
                assert!(!is_object, "{name}: an unnamed object variant {variant}");
                assert!(
                    variant.get("$ref").is_some() || variant.get("title").is_some(),
                    "{name}: an untitled variant {variant}"
                );
            }
            if variants.iter().all(|v| v.get("$ref").is_some()) {
                unions += 1;
                let mapping = schema["discriminator"]["mapping"]
                    .as_object()
                    .unwrap_or_else(|| panic!("{name}: no discriminator"));
                assert_eq!(mapping.len(), variants.len(), "{name}: one schema per type");
                for (kind, target) in mapping {
                    let target = target.as_str().unwrap_or_default();
                    let variant = doc
                        .pointer(&target.replace("#/", "/"))
                        .unwrap_or_else(|| panic!("{name}: {target} missing"));
                    assert_eq!(tag(variant).as_deref(), Some(kind.as_str()), "{name}");
                }
            }
        }
        assert!(unions >= 4, "{unions} discriminated unions");
        let live = &doc["components"]["schemas"]["EventData"]["discriminator"]["mapping"];
        let record = &doc["components"]["schemas"]["TableEvent"]["discriminator"]["mapping"];
        assert_eq!(live["declared"], "#/components/schemas/DeclaredView");
        assert_eq!(record["declared"], "#/components/schemas/Declared");
        assert_eq!(
            live["played"], record["played"],
            "one shape shared where equal"
        );
        let kinds = doc["components"]["schemas"]["EventKind"]["enum"]
            .as_array()
            .map_or(0, Vec::len);
        assert_eq!(kinds, record.as_object().map_or(0, serde_json::Map::len));
        assert_eq!(kinds, live.as_object().map_or(0, serde_json::Map::len));
    }

    /// Operation ids read as what they do: unique, of two words or more.
    #[test]
    fn operation_ids_are_unique_phrases() {
        let mut doc = serde_json::to_value(super::super::openapi()).unwrap_or_default();
        let mut seen = std::collections::HashSet::new();
        for (path, method, op) in operations(&mut doc) {
            let id = op["operationId"].as_str().unwrap_or_default().to_owned();
            assert!(id.contains('_'), "{method} {path}: {id}");
            assert!(seen.insert(id.clone()), "{id} twice");
        }
        assert!(seen.len() > 50);
    }

    /// The headers the server sends are documented where it sends them.
    #[test]
    fn sent_headers_are_documented() {
        let mut doc = serde_json::to_value(super::super::openapi()).unwrap_or_default();
        let components = doc["components"]["responses"].clone();
        let mut keyed = 0;
        for (path, method, op) in operations(&mut doc) {
            let at = format!("{method} {path}");
            let takes_key = takes_key(op);
            keyed += usize::from(takes_key);
            let away = codes::codes_of(op).contains(&crate::app::ErrorCode::Unavailable);
            assert_eq!(op["responses"].get("503").is_some(), away, "{at}: 503");
            for (status, response) in op["responses"].as_object().into_iter().flatten() {
                let headers = &answer(response, &components)["headers"];
                assert!(headers.get("X-Request-Id").is_some(), "{at} {status}");
                if status == "429" || status == "503" {
                    assert!(headers.get("Retry-After").is_some(), "{at} {status}");
                }
                if status == "401" {
                    assert!(headers.get("WWW-Authenticate").is_some(), "{at} {status}");
                }
                if takes_key && status.starts_with('2') {
                    assert!(
                        headers.get("Idempotent-Replayed").is_some(),
                        "{at} {status}"
                    );
                }
            }
        }
        assert!(keyed > 5, "{keyed} keyed operations");
    }

    /// The standings' choices are enums, from the list the handler checks.
    #[test]
    fn standings_choices_are_enums() {
        let doc = serde_json::to_value(super::super::openapi()).unwrap_or_default();
        let params = doc
            .pointer("/paths/~1v1~1leagues~1{league_id}~1standings/get/parameters")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let choices = |name: &str| {
            params
                .iter()
                .find(|p| p["name"] == name)
                .map(|p| p["schema"]["enum"].clone())
                .unwrap_or_default()
        };
        assert_eq!(
            choices("sort"),
            json!(crate::app::leagues::standings::SORT_COLUMNS)
        );
        assert_eq!(choices("order"), json!(["desc", "asc"]));
    }

    /// Every property of every schema says what it is (but the `type` tag of a union's
    /// variant, which its enum says).
    #[test]
    fn every_property_is_described() {
        let doc = serde_json::to_value(super::super::openapi()).unwrap_or_default();
        let mut undescribed = Vec::new();
        for (name, schema) in schemas_of(&doc) {
            for (key, property) in schema["properties"].as_object().into_iter().flatten() {
                let tag = key == "type" && property.get("enum").is_some();
                if !tag && property.get("description").is_none() {
                    undescribed.push(format!("{name}.{key}"));
                }
            }
        }
        assert!(undescribed.is_empty(), "{undescribed:?}");
    }
}
