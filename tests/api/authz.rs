//! The authorization matrix, over every operation of the served `/openapi.json` (a new
//! endpoint is covered without touching this file): no token, an expired token, a token
//! signed with another key, `alg: none`, a non-member, a member not seated, a member not an
//! admin and another seat each get a documented 401/403/404 (or the rule's 422 for acting
//! out of turn) with a problem+json body and no data, and a refused write changes nothing.

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{JWT_SECRET, Player, Reply, TestApp, base64url, claims, play_out, sign};

/// The fields a problem body may have: anything else would be data.
const PROBLEM_FIELDS: &[&str] = &[
    "type",
    "title",
    "status",
    "detail",
    "code",
    "rule",
    "current_version",
    "request_id",
];

/// A refusal with one of `allowed` statuses, documented for the operation, as a
/// problem+json body carrying no data.
#[track_caller]
fn refused(reply: &Reply, allowed: &[u16], documented: &[u16], what: &str) {
    assert!(
        allowed.contains(&reply.status),
        "{what}: expected one of {allowed:?}, got {} {}",
        reply.status,
        reply.body
    );
    assert!(
        documented.contains(&reply.status),
        "{what}: {} is not documented ({documented:?})",
        reply.status
    );
    assert_eq!(reply.content_type, "application/problem+json", "{what}");
    let body = reply.body.as_object().expect("a problem object");
    for key in body.keys() {
        assert!(
            PROBLEM_FIELDS.contains(&key.as_str()),
            "{what}: a refusal carries {key:?}: {}",
            reply.body
        );
    }
    let code = body["code"].as_str().unwrap_or("");
    assert!(
        !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
        "{what}: no stable code: {}",
        reply.body
    );
    assert!(body["request_id"].is_string(), "{what}: no request id");
}

/// Operations that only some members may call, by operation id.
const SEAT_ONLY: &[&str] = &[
    "submit_action",
    "leave_seat",
    "start_hand",
    "set_client_seed",
    "say_in_chat",
];
const ADMIN_ONLY: &[&str] = &[
    "promote_admin",
    "grant_chips",
    "rotate_invite_code",
    "remove_member",
    "close_season",
    "add_webhook",
    "list_webhooks",
    "remove_webhook",
    "list_webhook_deliveries",
    "update_league",
    "list_reports",
    "moderate_report",
    "create_tournament",
    "update_tournament",
    "cancel_tournament",
];

struct Op {
    method: Method,
    template: String,
    id: String,
    secured: bool,
    documented: Vec<u16>,
}

fn operations(doc: &Value) -> Vec<Op> {
    let mut ops = Vec::new();
    for (template, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            let method = match method.as_str() {
                "get" => Method::GET,
                "post" => Method::POST,
                "put" => Method::PUT,
                "delete" => Method::DELETE,
                "patch" => Method::PATCH,
                _ => continue,
            };
            ops.push(Op {
                method,
                template: template.clone(),
                id: op["operationId"].as_str().unwrap_or("").to_owned(),
                secured: op["security"].as_array().is_some_and(|s| !s.is_empty()),
                documented: op["responses"]
                    .as_object()
                    .expect("responses")
                    .keys()
                    .filter_map(|k| k.parse().ok())
                    .collect(),
            });
        }
    }
    ops
}

/// A tournament an admin may make: a week from now.
fn tournament_body() -> Value {
    json!({
        "name": "Matrix", "starts_at": (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339(),
        "rounds": 1, "hands_per_round": 1, "table_size": {"min": 2, "max": 4},
        "buy_in": 0, "prizes": [100], "turn_seconds": 60,
    })
}

/// A body the operation accepts from someone allowed to call it.
fn body_for(id: &str, bob: &Player) -> Option<Value> {
    Some(match id {
        "promote_admin" => json!({"player_id": bob.id}),
        "grant_chips" => json!({"player_id": bob.id, "amount": 5, "reason": "matrix"}),
        "join_league" => json!({"invite_code": "not-the-code"}),
        "submit_action" => json!({"action": {"type": "declare", "play": true, "discard": []}}),
        "take_seat" => json!({}),
        "set_client_seed" => json!({"seed": "matrix-seed"}),
        "update_league" => json!({"chat": "text"}),
        "say_in_chat" => json!({"phrase": "good_luck"}),
        "block_player" => json!({"player_id": bob.id}),
        "moderate_report" => json!({"action": "dismiss"}),
        "add_webhook" => {
            json!({"url": "https://hooks.example.com/bourre", "events": ["turn.started"]})
        }
        "create_tournament" => tournament_body(),
        "update_tournament" => json!({"name": "Matrix night"}),
        _ => return None,
    })
}

#[actix_web::test]
async fn every_operation_refuses_every_wrong_credential_without_data() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await; // admin, seated
    let bob = app.register("bob").await; // member, seated
    let carl = app.register("carl").await; // member, not seated, not admin
    let eve = app.register("eve").await; // not a member
    let league = app.league(&ann, &[&bob, &carl], 1000).await;
    let table = app.table(&ann, &league, json!({"ante": 5}), None).await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &bob, 1).await;
    app.start_hand(&table, &ann).await.ok();
    play_out(&app, &table, &[&ann, &bob]).await;
    // Hand 1 in the public log, so that its proof answers.
    crate::log_public::logged(&app, &table, 1, &ann).await;
    app.start_hand(&table, &ann).await.ok();
    let view = app.view(&table, &ann).await;
    let to_act = view["to_act"]["player_id"]
        .as_str()
        .expect("someone to act");
    let other_seat = if to_act == ann.id { &bob } else { &ann };
    let version = view["version"].clone();
    let hook = app
        .post(
            &format!("/v1/leagues/{league}/webhooks"),
            &ann,
            json!({"url": "https://hooks.example.com/bourre", "events": ["hand.ended"]}),
        )
        .await
        .ok()["id"]
        .as_str()
        .expect("webhook")
        .to_owned();
    let tournament = app
        .post(
            &format!("/v1/leagues/{league}/tournaments"),
            &ann,
            tournament_body(),
        )
        .await
        .ok()["id"]
        .as_str()
        .expect("tournament")
        .to_owned();

    let expired = sign(JWT_SECRET.as_bytes(), &claims(&bob, -60));
    let other_key = sign(
        b"another-secret-another-secret-another",
        &claims(&bob, 3600),
    );
    let alg_none = format!(
        "{}.{}.",
        base64url(br#"{"alg":"none","typ":"JWT"}"#),
        base64url(claims(&bob, 3600).to_string().as_bytes())
    );
    let unauthenticated: [(&str, Option<&str>); 4] = [
        ("no token", None),
        ("an expired token", Some(&expired)),
        ("a token signed with another key", Some(&other_key)),
        ("alg: none", Some(&alg_none)),
    ];

    let doc = app
        .call(Method::GET, "/openapi.json", None, None)
        .await
        .ok();
    let ops = operations(&doc);
    assert!(
        ops.len() >= 25,
        "the document lists {} operations",
        ops.len()
    );
    let mut checked = 0;
    for op in &ops {
        let path = op
            .template
            .replace("{league_id}", &league)
            .replace("{table_id}", &table)
            .replace("{hand_no}", "1")
            .replace("{player_id}", &bob.id)
            .replace("{webhook_id}", &hook)
            .replace("{provider}", "google")
            .replace("{report_id}", "1")
            .replace("{tournament_id}", &tournament);
        let body = match (op.id.as_str(), op.template.as_str()) {
            ("create", "/v1/leagues") => Some(json!({"name": "Matrix", "starting_balance": 10})),
            ("create", "/v1/tables") => {
                Some(json!({"league_id": league, "name": "Matrix", "rules": {"ante": 1}}))
            }
            (id, _) => body_for(id, &bob),
        };
        let what = |who: &str| format!("{} {} as {who}", op.method, op.template);
        if !op.secured {
            continue;
        }
        assert!(
            op.documented.contains(&401),
            "{}: 401 is not documented",
            what("-")
        );
        for (name, token) in unauthenticated {
            let reply = app
                .call(op.method.clone(), &path, token, body.clone())
                .await;
            refused(&reply, &[401], &op.documented, &what(name));
            let code = if name == "an expired token" {
                "token_expired"
            } else {
                "unauthorized"
            };
            assert_eq!(reply.body["code"], code, "{}", what(name));
            checked += 1;
        }
        let scoped = ["{league_id}", "{table_id}", "{tournament_id}"]
            .iter()
            .any(|id| op.template.contains(id));
        if scoped {
            let reply = app
                .call(op.method.clone(), &path, Some(&eve.token), body.clone())
                .await;
            refused(&reply, &[403, 404], &op.documented, &what("a non-member"));
            checked += 1;
        }
        if SEAT_ONLY.contains(&op.id.as_str()) {
            let reply = app
                .call(op.method.clone(), &path, Some(&carl.token), body.clone())
                .await;
            refused(
                &reply,
                &[403, 404],
                &op.documented,
                &what("a member not seated"),
            );
            checked += 1;
        }
        if ADMIN_ONLY.contains(&op.id.as_str()) {
            let reply = app
                .call(op.method.clone(), &path, Some(&carl.token), body.clone())
                .await;
            refused(&reply, &[403], &op.documented, &what("a member not admin"));
            assert_eq!(reply.body["code"], "not_admin", "{}", reply.body);
            checked += 1;
        }
        if op.id == "submit_action" {
            let reply = app
                .call(
                    op.method.clone(),
                    &path,
                    Some(&other_seat.token),
                    body.clone(),
                )
                .await;
            refused(&reply, &[403, 422], &op.documented, &what("another seat"));
            assert_eq!(reply.body["code"], "not_your_turn", "{}", reply.body);
            checked += 1;
        }
        // A control: the ids are real, so the right caller reads what was refused above.
        if op.method == Method::GET && !op.template.ends_with("/stream") {
            let reply = app.call(Method::GET, &path, Some(&ann.token), None).await;
            assert!(
                (200..300).contains(&reply.status),
                "{}: {} {}",
                what("the admin"),
                reply.status,
                reply.body
            );
        }
    }
    assert!(checked > 100, "only {checked} refusals checked");
    // Nothing refused moved the table.
    assert_eq!(app.view(&table, &ann).await["version"], version);
    // The stream, too, refuses before it starts.
    let stream = format!("/v1/tables/{table}/stream");
    let reply = app.call(Method::GET, &stream, Some(&eve.token), None).await;
    assert!(matches!(reply.status, 403 | 404), "{}", reply.body);
}
