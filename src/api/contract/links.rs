//! The links from the operations that create a resource (or list them) to those that use it,
//! so that a client generator and a stateful fuzzer follow real ids from one call to the
//! next. A link names the target's parameters only, never a request body: openapi-generator
//! (the Kotlin, Swift and Dart generators) reads a link's `requestBody` as a runtime
//! expression string and refuses a document whose links carry an object there.

use serde_json::{Value, json};

/// A link: from the response `status` of `method path`, to `target` (`"METHOD path"`),
/// named `name`, with its parameters (runtime expressions).
pub(super) struct Link {
    from: (&'static str, &'static str, &'static str),
    name: &'static str,
    target: (&'static str, &'static str),
    parameters: Value,
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
    }
}

const LEAGUE: &str = "/v1/leagues/{league_id}";

const TABLE: &str = "/v1/tables/{table_id}";

/// Every link of the document. Lists link only where they are never empty (a league's
/// members include the caller; the fuzzing player always has a league).
pub(super) fn links() -> Vec<Link> {
    let league_created = ("POST", "/v1/leagues", "201");
    let league_id = json!({"league_id": "$response.body#/id"});
    let mut all: Vec<Link> = [
        ("GetLeague", ("GET", LEAGUE)),
        ("Standings", ("GET", "/v1/leagues/{league_id}/standings")),
        ("Ledger", ("GET", "/v1/leagues/{league_id}/ledger")),
        ("History", ("GET", "/v1/leagues/{league_id}/history")),
        (
            "HandsExport",
            ("GET", "/v1/leagues/{league_id}/hands/export"),
        ),
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
    for (name, target) in [
        ("Join", ("POST", "/v1/leagues/{league_id}/members")),
        ("Grant", ("POST", "/v1/leagues/{league_id}/grants")),
    ] {
        all.push(link(league_created, name, target, league_id.clone()));
    }
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
    all.push(link(
        ("GET", "/v1/leagues/{league_id}/members", "200"),
        "Promote",
        ("POST", "/v1/leagues/{league_id}/admins"),
        json!({"league_id": "$request.path.league_id"}),
    ));
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
        (
            "HandProof",
            ("GET", "/v1/tables/{table_id}/hands/{hand_no}/proof"),
        ),
        (
            "HandExport",
            ("GET", "/v1/tables/{table_id}/hands/{hand_no}/export"),
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
    all.push(link(
        ("POST", "/v1/players/me/push-subscriptions", "201"),
        "UnsubscribeById",
        (
            "DELETE",
            "/v1/players/me/push-subscriptions/{subscription_id}",
        ),
        json!({"subscription_id": "$response.body#/id"}),
    ));
    all
}

/// A JSON pointer's escaping of `path` (`/` as `~1`).
pub(super) fn pointer(path: &str) -> String {
    path.replace('~', "~0").replace('/', "~1")
}

/// Adds every link to its response.
pub(super) fn add_links(doc: &mut Value) {
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
        response["links"][l.name] = json!({"operationId": id, "parameters": l.parameters});
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every link joins two documented operations, by parameters alone.
    #[test]
    fn every_link_joins_two_documented_operations() {
        let doc = serde_json::to_value(super::super::super::openapi()).unwrap_or_default();
        for l in links() {
            let (method, path, status) = l.from;
            let at = format!(
                "/paths/{}/{}/responses/{status}/links/{}",
                pointer(path),
                method.to_lowercase(),
                l.name
            );
            let value = doc.pointer(&at);
            assert!(value.is_some(), "no link at {at}");
            assert!(
                value.and_then(|v| v.get("requestBody")).is_none(),
                "{at}: a request body"
            );
            let target = format!(
                "/paths/{}/{}",
                pointer(l.target.1),
                l.target.0.to_lowercase()
            );
            assert!(doc.pointer(&target).is_some(), "no operation {target}");
        }
    }
}
