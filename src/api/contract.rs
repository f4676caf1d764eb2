//! What the OpenAPI document says beyond what the handlers' annotations can: the format of
//! every `Idempotency-Key`, the constraints the annotations cannot spell (a grant is never
//! 0 chips, an action has no other fields, a discard lists a card once), and the links from the operations that create a
//! resource (or list them) to those that use it, so that a client generator and a stateful
//! fuzzer follow real ids from one call to the next.

use serde_json::{Value, json};

/// What the server accepts as an `Idempotency-Key` (see `api::idempotency`).
const IDEMPOTENCY_KEY: &str = "^[!-~]{1,200}$";

/// A link: from the response `status` of `method path`, to `target` (`"METHOD path"`),
/// named `name`, with its parameters and request body (runtime expressions).
struct Link {
    from: (&'static str, &'static str, &'static str),
    name: &'static str,
    target: (&'static str, &'static str),
    parameters: Value,
    body: Option<Value>,
}

fn link(
    from: (&'static str, &'static str, &'static str),
    name: &'static str,
    target: (&'static str, &'static str),
    parameters: Value,
) -> Link {
    Link {
        from,
        name,
        target,
        parameters,
        body: None,
    }
}

const LEAGUE: &str = "/v1/leagues/{league_id}";
const TABLE: &str = "/v1/tables/{table_id}";

/// Every link of the document. Lists link only where they are never empty (a league's
/// members include the caller; the fuzzing player always has a league).
fn links() -> Vec<Link> {
    let league_created = ("POST", "/v1/leagues", "201");
    let league_id = json!({"league_id": "$response.body#/id"});
    let mut all: Vec<Link> = [
        ("GetLeague", ("GET", LEAGUE)),
        ("Standings", ("GET", "/v1/leagues/{league_id}/standings")),
        ("Ledger", ("GET", "/v1/leagues/{league_id}/ledger")),
        ("History", ("GET", "/v1/leagues/{league_id}/history")),
        ("Webhooks", ("GET", "/v1/leagues/{league_id}/webhooks")),
        ("Members", ("GET", "/v1/leagues/{league_id}/members")),
        ("Lobby", ("GET", "/v1/leagues/{league_id}/tables")),
        (
            "JoinRequests",
            ("GET", "/v1/leagues/{league_id}/join-requests"),
        ),
        ("CloseSeason", ("POST", "/v1/leagues/{league_id}/seasons")),
        (
            "RotateInviteCode",
            ("POST", "/v1/leagues/{league_id}/invite-code"),
        ),
    ]
    .into_iter()
    .map(|(name, target)| link(league_created, name, target, league_id.clone()))
    .collect();
    all.push(Link {
        body: Some(json!({"invite_code": "$response.body#/invite_code"})),
        ..link(
            league_created,
            "Join",
            ("POST", "/v1/leagues/{league_id}/members"),
            league_id.clone(),
        )
    });
    all.push(Link {
        body: Some(
            json!({"player_id": "$response.body#/created_by", "amount": 10, "reason": "rebuy"}),
        ),
        ..link(
            league_created,
            "Grant",
            ("POST", "/v1/leagues/{league_id}/grants"),
            league_id.clone(),
        )
    });
    all.push(Link {
        body: Some(
            json!({"league_id": "$response.body#/id", "name": "Linked", "rules": {"ante": 1}}),
        ),
        ..link(
            league_created,
            "CreateTable",
            ("POST", "/v1/tables"),
            json!({}),
        )
    });
    let listed = json!({"league_id": "$response.body#/leagues/0/league_id"});
    all.push(link(
        ("GET", "/v1/leagues", "200"),
        "GetLeague",
        ("GET", LEAGUE),
        listed,
    ));
    let member = json!({
        "league_id": "$request.path.league_id",
        "player_id": "$response.body#/members/0/player_id",
    });
    all.push(link(
        ("GET", "/v1/leagues/{league_id}/members", "200"),
        "RemoveMember",
        ("DELETE", "/v1/leagues/{league_id}/members/{player_id}"),
        member,
    ));
    all.push(Link {
        body: Some(json!({"player_id": "$response.body#/members/0/player_id"})),
        ..link(
            ("GET", "/v1/leagues/{league_id}/members", "200"),
            "Promote",
            ("POST", "/v1/leagues/{league_id}/admins"),
            json!({"league_id": "$request.path.league_id"}),
        )
    });
    let table_created = ("POST", "/v1/tables", "201");
    let table_id = json!({"table_id": "$response.body#/id"});
    for (name, target) in [
        ("GetTable", ("GET", TABLE)),
        ("Sit", ("POST", "/v1/tables/{table_id}/seats")),
        ("Stand", ("DELETE", "/v1/tables/{table_id}/seats/me")),
        ("StartHand", ("POST", "/v1/tables/{table_id}/hands")),
        ("Hands", ("GET", "/v1/tables/{table_id}/hands")),
        ("Act", ("POST", "/v1/tables/{table_id}/actions")),
        ("Events", ("GET", "/v1/tables/{table_id}/events")),
        ("Close", ("POST", "/v1/tables/{table_id}/close")),
        ("AddBot", ("POST", "/v1/tables/{table_id}/bots")),
        (
            "StreamTicket",
            ("POST", "/v1/tables/{table_id}/stream-ticket"),
        ),
        (
            "ClientSeed",
            ("PUT", "/v1/tables/{table_id}/seats/me/client-seed"),
        ),
    ] {
        all.push(link(table_created, name, target, table_id.clone()));
    }
    let hand = json!({"table_id": "$response.body#/id", "hand_no": "$response.body#/hand_no"});
    for (name, target) in [
        (
            "HandRecord",
            ("GET", "/v1/tables/{table_id}/hands/{hand_no}"),
        ),
        (
            "HandAudit",
            ("GET", "/v1/tables/{table_id}/hands/{hand_no}/audit"),
        ),
    ] {
        all.push(link(
            ("POST", "/v1/tables/{table_id}/hands", "201"),
            name,
            target,
            hand.clone(),
        ));
    }
    all.push(link(
        ("POST", "/v1/tables/{table_id}/bots", "201"),
        "RemoveBot",
        ("DELETE", "/v1/tables/{table_id}/bots/{seat}"),
        json!({"table_id": "$response.body#/id", "seat": "$response.body#/seats/1/seat"}),
    ));
    let webhook =
        json!({"league_id": "$request.path.league_id", "webhook_id": "$response.body#/id"});
    for (name, target) in [
        (
            "Deliveries",
            (
                "GET",
                "/v1/leagues/{league_id}/webhooks/{webhook_id}/deliveries",
            ),
        ),
        (
            "TakeOver",
            (
                "POST",
                "/v1/leagues/{league_id}/webhooks/{webhook_id}/take-over",
            ),
        ),
        (
            "RemoveWebhook",
            ("DELETE", "/v1/leagues/{league_id}/webhooks/{webhook_id}"),
        ),
    ] {
        all.push(link(
            ("POST", "/v1/leagues/{league_id}/webhooks", "201"),
            name,
            target,
            webhook.clone(),
        ));
    }
    all.push(Link {
        body: Some(json!({"endpoint": "$response.body#/endpoint"})),
        ..link(
            ("POST", "/v1/players/me/push-subscriptions", "201"),
            "Unsubscribe",
            ("DELETE", "/v1/players/me/push-subscriptions"),
            json!({}),
        )
    });
    all.push(link(
        ("POST", "/v1/players/me/push-subscriptions", "201"),
        "UnsubscribeById",
        (
            "DELETE",
            "/v1/players/me/push-subscriptions/{subscription_id}",
        ),
        json!({"subscription_id": "$response.body#/id"}),
    ));
    for from in [
        ("POST", "/v1/auth/register", "201"),
        ("POST", "/v1/auth/login", "200"),
        ("POST", "/v1/auth/refresh", "200"),
    ] {
        all.push(Link {
            body: Some(json!({"refresh_token": "$response.body#/refresh_token"})),
            ..link(from, "Refresh", ("POST", "/v1/auth/refresh"), json!({}))
        });
    }
    all
}

/// A JSON pointer's escaping of `path` (`/` as `~1`).
fn pointer(path: &str) -> String {
    path.replace('~', "~0").replace('/', "~1")
}

/// Sets every `Idempotency-Key` header's schema.
fn idempotency_keys(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for operation in paths.values_mut().filter_map(Value::as_object_mut) {
        for op in operation.values_mut() {
            let Some(params) = op.get_mut("parameters").and_then(Value::as_array_mut) else {
                continue;
            };
            for param in params {
                if param["name"] == "Idempotency-Key" && param["in"] == "header" {
                    param["schema"] = json!({"type": "string", "pattern": IDEMPOTENCY_KEY});
                }
            }
        }
    }
}

/// The constraints the annotations cannot spell.
fn constraints(doc: &mut Value) {
    let schemas = &mut doc["components"]["schemas"];
    if let Some(amount) = schemas.pointer_mut("/GrantIn/properties/amount") {
        let description = amount["description"].clone();
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

/// Adds every link to its response.
fn add_links(doc: &mut Value) {
    for l in links() {
        let (method, path, status) = l.from;
        let at = format!(
            "/paths/{}/{}/responses/{status}",
            pointer(path),
            method.to_lowercase()
        );
        // By the target's operation id: an `operationRef` is a URI reference, where the
        // path template's braces would have to be percent-encoded.
        let target = format!(
            "/paths/{}/{}",
            pointer(l.target.1),
            l.target.0.to_lowercase()
        );
        let Some(id) = doc
            .pointer(&format!("{target}/operationId"))
            .and_then(Value::as_str)
            .map(str::to_owned)
        else {
            continue;
        };
        let Some(response) = doc.pointer_mut(&at) else {
            continue;
        };
        let mut value = json!({"operationId": id, "parameters": l.parameters});
        if let Some(body) = l.body {
            value["requestBody"] = body;
        }
        response["links"][l.name] = value;
    }
}

/// Marks every operation that declares no `security` as public (`security: []`): the
/// document has no default, and a linter cannot tell an omission from a public operation.
fn public_operations(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for item in paths.values_mut().filter_map(Value::as_object_mut) {
        for (method, op) in item.iter_mut() {
            let is_operation = ["get", "put", "post", "delete", "patch", "head", "options"]
                .contains(&method.as_str());
            if is_operation && op.get("security").is_none() {
                op["security"] = json!([]);
            }
        }
    }
}

/// Gives every operation its handler's whole doc comment as `description`, and its first
/// sentence alone as `summary` (one line in a generated client or a reference page).
fn describe_operations(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for op in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
    {
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

/// The document with everything above, or unchanged if it would not read back (which the
/// test of the checked-in document would show).
pub fn refine(doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let Ok(mut value) = serde_json::to_value(&doc) else {
        return doc;
    };
    idempotency_keys(&mut value);
    constraints(&mut value);
    add_links(&mut value);
    public_operations(&mut value);
    describe_operations(&mut value);
    match serde_json::from_value(value) {
        Ok(refined) => refined,
        Err(e) => {
            crate::obs::warn(
                "the refined OpenAPI document does not read back",
                serde_json::json!({"cause": e.to_string()}),
            );
            doc
        }
    }
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn every_link_joins_two_documented_operations() {
        let doc = serde_json::to_value(super::super::openapi()).unwrap_or_default();
        for l in links() {
            let (method, path, status) = l.from;
            let at = format!(
                "/paths/{}/{}/responses/{status}/links/{}",
                pointer(path),
                method.to_lowercase(),
                l.name
            );
            assert!(doc.pointer(&at).is_some(), "no link at {at}");
            let target = format!(
                "/paths/{}/{}",
                pointer(l.target.1),
                l.target.0.to_lowercase()
            );
            assert!(doc.pointer(&target).is_some(), "no operation {target}");
        }
    }
}
