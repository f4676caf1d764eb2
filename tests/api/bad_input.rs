//! Malformed and hostile input: every refusal is a 4xx `application/problem+json` with a
//! stable code, and a refused write leaves the table's version where it was.

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{
    JWT_SECRET, Player, Reply, TestApp, base64url, browser_subscription, claims, config, deck, sign,
};

/// A 4xx problem+json with some stable code; returns the code.
#[track_caller]
fn is_problem(reply: &Reply, status: u16) -> String {
    assert_eq!(reply.status, status, "{}", reply.body);
    assert_eq!(
        reply.content_type, "application/problem+json",
        "{}",
        reply.body
    );
    assert_eq!(reply.body["status"], status);
    let code = reply.body["code"].as_str().unwrap_or("").to_owned();
    assert!(
        !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
        "a stable snake_case code: {}",
        reply.body
    );
    code
}

/// Two players at a table in the declaration of hand 1 (ann deals, bob to act).
async fn table_in_play(app: &TestApp) -> (Player, Player, String) {
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["7C", "8C", "9C", "10C", "2H"],
        ],
        &[],
    );
    let (mut players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), Some(json!([d])))
        .await;
    app.start_hand(&table, &players[0]).await.ok();
    let bob = players.pop().expect("bob");
    let ann = players.pop().expect("ann");
    (ann, bob, table)
}

async fn version(app: &TestApp, table: &str, who: &Player) -> i64 {
    app.view(table, who).await["version"]
        .as_i64()
        .expect("version")
}

#[actix_web::test]
async fn bad_action_bodies_are_400_problems_and_change_nothing() {
    let app = TestApp::start().await;
    let (_ann, bob, table) = table_in_play(&app).await;
    let path = format!("/v1/tables/{table}/actions");
    let v0 = version(&app, &table, &bob).await;
    let json_bodies: Vec<(Value, &str)> = vec![
        (
            json!({"action": {"type": "play", "card": "ZZ"}}),
            "invalid_card",
        ),
        (
            json!({"action": {"type": "play", "card": "11H"}}),
            "invalid_card",
        ),
        (
            json!({"action": {"type": "play", "card": ""}}),
            "invalid_card",
        ),
        (
            json!({"action": {"type": "declare", "play": true, "discard": ["2C", "XX"]}}),
            "invalid_card",
        ),
        (
            json!({"action": {"type": "declare", "play": true, "discard": ["2C", "2c"]}}),
            "invalid_card",
        ),
        (
            json!({"action": {"type": "play", "card": 5}}),
            "malformed_body",
        ),
        (
            json!({"action": {"type": "declare", "play": "yes"}}),
            "malformed_body",
        ),
        (json!({"action": {"type": "fold"}}), "malformed_body"),
        (json!({"action": {"card": "2C"}}), "malformed_body"),
        (json!({"type": "play", "card": "2C"}), "malformed_body"),
        (json!({"action": "play"}), "malformed_body"),
        (json!([]), "malformed_body"),
        (json!(null), "malformed_body"),
        (
            json!({"action": {"type": "declare", "play": true}, "expected_version": "one"}),
            "malformed_body",
        ),
        (
            json!({"action": {"type": "declare", "play": true}, "extra": 1}),
            "malformed_body",
        ),
    ];
    for (body, code) in json_bodies {
        let reply = app.post(&path, &bob, body.clone()).await;
        assert_eq!(is_problem(&reply, 400), code, "{body}");
    }
    assert_eq!(version(&app, &table, &bob).await, v0);

    let token = Some(bob.token.as_str());
    // No body at all; an empty JSON body; not JSON; JSON under another content type.
    let reply = app.raw(Method::POST, &path, token, None, None).await;
    is_problem(&reply, 400);
    let reply = app
        .raw(Method::POST, &path, token, Some("application/json"), None)
        .await;
    is_problem(&reply, 400);
    let reply = app
        .raw(
            Method::POST,
            &path,
            token,
            Some("application/json"),
            Some(b"{\"action\": {\"type\": \"play\", \"card\": \"2C\"".to_vec()),
        )
        .await;
    assert_eq!(is_problem(&reply, 400), "malformed_body");
    let reply = app
        .raw(
            Method::POST,
            &path,
            token,
            Some("application/json"),
            Some(b"play 2C".to_vec()),
        )
        .await;
    assert_eq!(is_problem(&reply, 400), "malformed_body");
    let reply = app
        .raw(
            Method::POST,
            &path,
            token,
            Some("text/plain"),
            Some(br#"{"action": {"type": "declare", "play": true}}"#.to_vec()),
        )
        .await;
    assert_eq!(is_problem(&reply, 400), "unsupported_media_type");
    // A body over 64 KiB.
    let mut huge = br#"{"action": {"type": "declare", "play": true}, "pad": ""#.to_vec();
    huge.extend(std::iter::repeat_n(b'x', 100 * 1024));
    huge.extend(b"\"}");
    let reply = app
        .raw(
            Method::POST,
            &path,
            token,
            Some("application/json"),
            Some(huge),
        )
        .await;
    assert_eq!(is_problem(&reply, 400), "body_too_large");
    assert_eq!(version(&app, &table, &bob).await, v0);
    // The same action, well formed, is accepted: the refusals were about the input.
    app.declare(&table, &bob, true, &[]).await.ok();
    assert_eq!(version(&app, &table, &bob).await, v0 + 1);
}

#[actix_web::test]
async fn unknown_ids_and_acting_after_the_hand_ended() {
    let app = TestApp::start().await;
    let (ann, bob, table) = table_in_play(&app).await;
    let unknown = uuid::Uuid::new_v4();
    app.get(&format!("/v1/tables/{unknown}"), &bob)
        .await
        .problem(404, "table_not_found");
    app.get(&format!("/v1/tables/{unknown}/events"), &bob)
        .await
        .problem(404, "table_not_found");
    app.post(
        &format!("/v1/tables/{unknown}/actions"),
        &bob,
        json!({"action": {"type": "declare", "play": false}}),
    )
    .await
    .problem(404, "table_not_found");
    for path in [
        "/v1/tables/not-a-uuid".to_owned(),
        "/v1/tables/1234/events".to_owned(),
        format!("/v1/tables/{}x", &table[..35]),
    ] {
        let reply = app.get(&path, &bob).await;
        is_problem(&reply, 404);
    }
    let reply = app
        .post(
            "/v1/tables/not-a-uuid/actions",
            &bob,
            json!({"action": {"type": "declare", "play": false}}),
        )
        .await;
    is_problem(&reply, 404);
    let reply = app.get("/v1/no/such/route", &bob).await;
    is_problem(&reply, 404);

    // Bob passes: ann wins outright (R8) and the hand is over.
    let view = app.declare(&table, &bob, false, &[]).await.ok();
    assert_eq!(view["phase"], "complete");
    let v = version(&app, &table, &ann).await;
    for (who, action) in [
        (&ann, json!({"type": "play", "card": "2H"})),
        (&ann, json!({"type": "declare", "play": true})),
        (&bob, json!({"type": "declare", "play": false})),
        (&bob, json!({"type": "draw", "discard": []})),
    ] {
        app.act(&table, who, action)
            .await
            .problem(422, "wrong_phase");
    }
    assert_eq!(version(&app, &table, &ann).await, v);
}

#[actix_web::test]
async fn fixed_decks_refused_unless_allowed_and_invalid_rules() {
    let app = TestApp::start_with(config(false)).await;
    let ann = app.register("ann").await;
    let league = app.league(&ann, &[], 100).await;
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["7C", "8C", "9C", "10C", "2H"],
        ],
        &[],
    );
    app.post(
        "/v1/tables",
        &ann,
        json!({"league_id": league, "name": "T", "rules": {"ante": 5}, "decks": [d]}),
    )
    .await
    .problem(422, "fixed_deck_not_allowed");
    for rules in [
        json!({"ante": 0}),
        json!({"ante": -5}),
        json!({}),
        json!({"ante": 5, "hand_size": 6}),
        json!({"ante": 5, "max_players": 9}),
        json!({"ante": 5, "max_players": 1}),
        json!({"ante": 5, "pot_limit": 0}),
        json!({"ante": 5, "split_pot": "burn"}),
        json!({"ante": 5, "bourre_penalty": "double"}),
        json!({"ante": 5, "max_discard": 6}),
        json!({"ante": 5, "no_such_rule": true}),
        json!("ante 5"),
    ] {
        app.post(
            "/v1/tables",
            &ann,
            json!({"league_id": league, "name": "T", "rules": rules}),
        )
        .await
        .problem(422, "invalid_rules");
    }
    // Without decks the same table is created.
    let view = app
        .post(
            "/v1/tables",
            &ann,
            json!({"league_id": league, "name": "T", "rules": {"ante": 5}}),
        )
        .await
        .ok();
    assert_eq!(view["fixed_decks"], false);
}

#[actix_web::test]
async fn missing_forged_expired_and_unsigned_tokens_are_401() {
    let app = TestApp::start().await;
    let (_ann, bob, table) = table_in_play(&app).await;
    let v0 = version(&app, &table, &bob).await;
    let forged = sign(
        b"another-secret-another-secret-another",
        &claims(&bob, 3600),
    );
    let expired = sign(JWT_SECRET.as_bytes(), &claims(&bob, -60));
    let unsigned = format!(
        "{}.{}.",
        base64url(br#"{"alg":"none","typ":"JWT"}"#),
        base64url(claims(&bob, 3600).to_string().as_bytes())
    );
    // A control: a token signed with the server's secret and unexpired is accepted.
    let genuine = sign(JWT_SECRET.as_bytes(), &claims(&bob, 3600));
    let me = app
        .call(Method::GET, "/v1/players/me", Some(&genuine), None)
        .await
        .ok();
    assert_eq!(me["id"], bob.id.as_str());

    let action = json!({"action": {"type": "declare", "play": true}});
    let actions = format!("/v1/tables/{table}/actions");
    let view_path = format!("/v1/tables/{table}");
    let bad: [Option<&str>; 6] = [
        None,
        Some(&forged),
        Some(&expired),
        Some(&unsigned),
        Some(""),
        Some("Zm9v.YmFy.YmF6"),
    ];
    for token in bad {
        for (method, path, body) in [
            (Method::POST, actions.as_str(), Some(action.clone())),
            (Method::GET, view_path.as_str(), None),
            (Method::GET, "/v1/players/me", None),
            (Method::POST, "/v1/tables", Some(json!({}))),
        ] {
            let reply = app.call(method.clone(), path, token, body).await;
            assert_eq!(
                reply.status, 401,
                "{method} {path} with {token:?}: {}",
                reply.body
            );
            let expired_only = token == Some(expired.as_str());
            reply.problem(
                401,
                if expired_only {
                    "token_expired"
                } else {
                    "unauthorized"
                },
            );
        }
    }
    // A good token with a wrong password: the password was refused, not the token.
    let resp = app
        .client
        .post(format!("{}/v1/auth/login", app.base))
        .insert_header(("Authorization", format!("Bearer {genuine}")))
        .send_json(&json!({"username": "bob", "password": "not bob's password"}))
        .await
        .expect("login");
    assert_eq!(resp.status().as_u16(), 401);
    let got = resp
        .headers()
        .get("www-authenticate")
        .and_then(|v| v.to_str().ok());
    assert_eq!(got, Some(r#"Bearer realm="bourre""#));
    // Every 401 says how to authenticate (RFC 6750): a refused token is `invalid_token`.
    for (token, challenge) in [
        (None, r#"Bearer realm="bourre""#),
        (
            Some(&expired),
            r#"Bearer realm="bourre", error="invalid_token""#,
        ),
        (
            Some(&forged),
            r#"Bearer realm="bourre", error="invalid_token""#,
        ),
    ] {
        let mut req = app.client.get(format!("{}/v1/players/me", app.base));
        if let Some(token) = token {
            req = req.insert_header(("Authorization", format!("Bearer {token}")));
        }
        let resp = req.send().await.expect("me");
        assert_eq!(resp.status().as_u16(), 401);
        let got = resp
            .headers()
            .get("www-authenticate")
            .and_then(|v| v.to_str().ok());
        assert_eq!(got, Some(challenge), "{token:?}");
    }
    // Not a bearer scheme.
    let resp = app
        .client
        .get(format!("{}/v1/players/me", app.base))
        .insert_header(("Authorization", format!("Basic {}", bob.token)))
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status().as_u16(), 401);
    assert_eq!(
        version(&app, &table, &bob).await,
        v0,
        "no refused write moved the table"
    );
}

/// A body's fields in an array, in order, are not the object the document asks for (serde
/// alone would read them as one), whether the body is required or optional; an optional
/// body is an object or left out, never `null`; and a push subscription's `expirationTime`
/// is a number or null.
#[actix_web::test]
async fn bodies_are_objects_only() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let login = app
        .call(
            Method::POST,
            "/v1/auth/login",
            None,
            Some(json!(["ann", "correct horse battery"])),
        )
        .await;
    assert_eq!(is_problem(&login, 400), "malformed_body");
    let (players, _, table) = app.seated(&["bob"], 100, json!({"ante": 5}), None).await;
    let bob = &players[0];
    for (path, body) in [
        (format!("/v1/tables/{table}/bots"), json!([])),
        (format!("/v1/tables/{table}/bots"), json!([1])),
        (format!("/v1/tables/{table}/seats"), json!([3])),
        (format!("/v1/tables/{table}/seats"), json!(null)),
        (format!("/v1/tables/{table}/bots"), json!(null)),
        ("/v1/auth/logout".to_owned(), json!([true])),
        ("/v1/auth/logout".to_owned(), json!(null)),
    ] {
        let reply = app.post(&path, bob, body.clone()).await;
        assert_eq!(is_problem(&reply, 400), "malformed_body", "{path} {body}");
    }
    let view = app.view(&table, bob).await;
    assert_eq!(view["seats"].as_array().map(Vec::len), Some(1), "{view}");
    assert_eq!(app.get("/v1/players/me", bob).await.status, 200);
    let mut subscription = browser_subscription("https://push.example.net/send/ann");
    subscription["expirationTime"] = json!({});
    let reply = app
        .post(
            "/v1/players/me/push-subscriptions",
            &ann,
            subscription.clone(),
        )
        .await;
    assert_eq!(is_problem(&reply, 400), "malformed_body");
    let mut browser = subscription;
    browser["expirationTime"] = json!(1_796_320_493_000.0);
    let reply = app
        .post("/v1/players/me/push-subscriptions", &ann, browser)
        .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
}

/// An optional body is held to the same 64 KiB as a required one: a larger one is a
/// problem+json `body_too_large` (not the framework's plain 413), and nothing happens.
#[actix_web::test]
async fn optional_bodies_are_held_to_the_body_limit() {
    let app = TestApp::start().await;
    let (players, league, table) = app.seated(&["ann"], 100, json!({"ante": 5}), None).await;
    let ann = &players[0];
    let padded = |n: usize| format!("{{\"seat\": null{}}}", " ".repeat(n)).into_bytes();
    for path in [
        format!("/v1/tables/{table}/bots"),
        format!("/v1/tables/{table}/seats"),
        format!("/v1/leagues/{league}/invite-code"),
        "/v1/auth/logout".to_owned(),
    ] {
        for size in [70 * 1024, 300 * 1024] {
            let reply = app
                .raw(
                    Method::POST,
                    &path,
                    Some(&ann.token),
                    Some("application/json"),
                    Some(padded(size)),
                )
                .await;
            assert_eq!(is_problem(&reply, 400), "body_too_large", "{path} {size}");
        }
    }
    let view = app.view(&table, ann).await;
    assert_eq!(view["seats"].as_array().map(Vec::len), Some(1), "{view}");
}
