//! What an attack on the server found (issue "proof under fire, round two"), one test per
//! defect so none comes back.

use awc::http::Method;
use serde_json::json;

use crate::support::{JWT_SECRET, Player, TestApp, claims, sign};

#[actix_web::test]
async fn a_genuine_token_for_an_unknown_player_is_401_not_500() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let league = app.league(&ann, &[], 100).await;
    let code = app.get(&format!("/v1/leagues/{league}"), &ann).await.ok()["invite_code"]
        .as_str()
        .expect("code")
        .to_owned();
    // As if the database had been recreated under the same secret.
    let ghost = Player {
        id: uuid::Uuid::new_v4().to_string(),
        name: "ghost".into(),
        token: String::new(),
    };
    let token = sign(JWT_SECRET.as_bytes(), &claims(&ghost, 3600));
    let ghost = Player { token, ..ghost };
    app.post(
        "/v1/leagues",
        &ghost,
        json!({"name": "Haunted", "starting_balance": 10}),
    )
    .await
    .problem(401, "unauthorized");
    app.post(
        &format!("/v1/leagues/{league}/members"),
        &ghost,
        json!({"invite_code": code}),
    )
    .await
    .problem(401, "unauthorized");
    app.get("/v1/players/me", &ghost)
        .await
        .problem(401, "unauthorized");
}

#[actix_web::test]
async fn a_token_before_its_not_before_time_is_refused() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let mut early = claims(&ann, 3600);
    early["nbf"] = json!(chrono::Utc::now().timestamp() + 600);
    let token = sign(JWT_SECRET.as_bytes(), &early);
    app.call(Method::GET, "/v1/players/me", Some(&token), None)
        .await
        .problem(401, "unauthorized");
    let mut due = claims(&ann, 3600);
    due["nbf"] = json!(chrono::Utc::now().timestamp() - 5);
    let token = sign(JWT_SECRET.as_bytes(), &due);
    app.call(Method::GET, "/v1/players/me", Some(&token), None)
        .await
        .ok();
}

#[actix_web::test]
async fn control_characters_are_400_before_any_query_and_disguised_names_are_refused() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let login = app
        .call(
            Method::POST,
            "/v1/auth/login",
            None,
            Some(json!({"username": "a\u{0}bc", "password": "correct horse battery"})),
        )
        .await;
    login.problem(400, "invalid_text");
    app.call(
        Method::POST,
        "/v1/auth/register",
        None,
        Some(json!({"username": "bob", "password": "correct\u{0}horse"})),
    )
    .await
    .problem(400, "invalid_text");
    for name in [
        "Friday\u{0}night",
        "Friday\u{1b}[31m",
        "evil\u{202e}lanigiro",
        "a\u{200b}b",
    ] {
        app.post(
            "/v1/leagues",
            &ann,
            json!({"name": name, "starting_balance": 10}),
        )
        .await
        .problem(400, "invalid_text");
    }
    let league = app.league(&ann, &[], 100).await;
    app.post(
        "/v1/tables",
        &ann,
        json!({"league_id": league, "name": "T\u{0}", "rules": {}}),
    )
    .await
    .problem(400, "invalid_text");
    app.post(
        &format!("/v1/leagues/{league}/grants"),
        &ann,
        json!({"player_id": ann.id, "amount": 5, "reason": "rebuy\u{0}"}),
    )
    .await
    .problem(400, "invalid_text");
    assert_eq!(app.sql_number("SELECT count(*) AS n FROM leagues").await, 1);
    assert_eq!(app.balance(&ann, &league).await, 100);
    // Ordinary non-ASCII text is fine.
    app.post(
        "/v1/leagues",
        &ann,
        json!({"name": "Vendredi ♠ Écarté", "starting_balance": 10}),
    )
    .await
    .ok();
}

#[actix_web::test]
async fn head_is_served_on_get_routes() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    for path in [
        "/healthz".to_owned(),
        format!("/v1/tables/{table}"),
        format!("/v1/tables/{table}/stream"),
    ] {
        let resp = app
            .client
            .request(Method::HEAD, format!("{}{path}", app.base))
            .insert_header(("Authorization", format!("Bearer {}", players[0].token)))
            .send()
            .await
            .expect("head");
        assert_eq!(resp.status().as_u16(), 200, "HEAD {path}");
    }
    let resp = app
        .client
        .request(
            Method::HEAD,
            format!("{}/v1/tables/{table}/actions", app.base),
        )
        .send()
        .await
        .expect("head");
    assert_eq!(resp.status().as_u16(), 405);
}
