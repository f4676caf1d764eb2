//! Health, auth, leagues and one full hand over HTTP.

use awc::http::Method;
use serde_json::json;

use crate::support::{Player, TestApp, deck};

#[actix_web::test]
async fn health_and_docs_are_served() {
    let app = TestApp::start().await;
    let health = app.call(Method::GET, "/healthz", None, None).await;
    assert_eq!(health.status, 200);
    assert_eq!(health.body["status"], "ok");
    let doc = app.call(Method::GET, "/openapi.json", None, None).await;
    assert_eq!(doc.status, 200);
    assert!(doc.body["paths"]["/v1/tables/{table_id}/actions"]["post"].is_object());
    let docs = app.call(Method::GET, "/docs/", None, None).await;
    assert_eq!(docs.status, 200);
}

#[actix_web::test]
async fn register_login_and_refusals() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let login = app
        .call(
            Method::POST,
            "/v1/auth/login",
            None,
            Some(json!({"username": "ANN", "password": "correct horse battery"})),
        )
        .await
        .ok();
    assert_eq!(login["player"]["id"], ann.id.as_str());
    app.call(
        Method::POST,
        "/v1/auth/login",
        None,
        Some(json!({"username": "ann", "password": "wrong password"})),
    )
    .await
    .problem(401, "unauthorized");
    app.call(
        Method::POST,
        "/v1/auth/register",
        None,
        Some(json!({"username": "Ann", "password": "another password"})),
    )
    .await
    .problem(409, "username_taken");
    app.call(
        Method::POST,
        "/v1/auth/register",
        None,
        Some(json!({"username": "bo", "password": "another password"})),
    )
    .await
    .problem(422, "invalid_username");
    app.call(Method::GET, "/v1/players/me", None, None)
        .await
        .problem(401, "unauthorized");
    app.call(Method::GET, "/v1/players/me", Some("not.a.token"), None)
        .await
        .problem(401, "unauthorized");
}

/// Three players: the first two pass, so the dealer wins the pot outright (R8).
#[actix_web::test]
async fn r8_a_hand_over_http_dealer_wins_when_all_others_pass() {
    let app = TestApp::start().await;
    // Seats 0, 1, 2: ann deals the first hand (R2a); bob is first from her left.
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["2D", "3D", "4D", "5D", "6D"],
            &["AH", "KH", "QH", "JH", "10H"],
        ],
        &[],
    );
    let (players, league, table) = app
        .seated(
            &["ann", "bob", "cat"],
            100,
            json!({"ante": 5}),
            Some(json!([d])),
        )
        .await;
    let [ann, bob, cat] = <[Player; 3]>::try_from(players).expect("three players");
    let view = app.start_hand(&table, &ann).await.ok();
    assert_eq!(view["dealer_seat"], 0);
    assert_eq!(view["pot"], 15);
    assert_eq!(view["trump"]["suit"], "H");
    assert_eq!(view["trump"]["card"], "10H");
    assert_eq!(view["to_act"]["seat"], 1);
    assert_eq!(view["my_hand"].as_array().map(Vec::len), Some(5));
    assert_eq!(app.balance(&ann, &league).await, 95);
    app.declare(&table, &bob, false, &[]).await.ok();
    let view = app.declare(&table, &cat, false, &[]).await.ok();
    assert_eq!(view["phase"], "complete");
    assert_eq!(view["last_hand"]["outcome"]["type"], "uncontested");
    assert_eq!(app.balance(&ann, &league).await, 110);
    assert_eq!(app.balance(&bob, &league).await, 95);
    assert_eq!(app.balance(&cat, &league).await, 95);
}

/// The checked-in document matches what the server serves; regenerate it with
/// `cargo run -- openapi > openapi/openapi.json`.
#[actix_web::test]
async fn checked_in_openapi_document_is_current() {
    let app = TestApp::start().await;
    let served = app
        .call(Method::GET, "/openapi.json", None, None)
        .await
        .ok();
    let checked_in: serde_json::Value =
        serde_json::from_str(include_str!("../../openapi/openapi.json"))
            .expect("openapi/openapi.json is JSON");
    assert!(
        served == checked_in,
        "openapi/openapi.json is stale: run `cargo run -- openapi > openapi/openapi.json`"
    );
}

/// Every refusal a test meets is held to the codes its operation lists: one the operation
/// does not list fails the test (here a move refused `email_taken`), one it lists passes.
#[test]
fn a_refusal_its_operation_does_not_list_fails_the_test() {
    let refusal = |status: u16, code: &str| crate::support::Reply {
        status,
        body: json!({"code": code}),
        content_type: "application/problem+json".into(),
        retry_after: None,
    };
    let path = "/v1/tables/00000000-0000-4000-8000-000000000001/actions";
    crate::support::documented_refusal("post", path, &refusal(409, "version_conflict"));
    crate::support::documented_refusal("post", path, &refusal(422, "must_follow_suit"));
    let unlisted = std::panic::catch_unwind(|| {
        crate::support::documented_refusal("post", path, &refusal(409, "email_taken"));
    });
    assert!(unlisted.is_err(), "email_taken passed for a move");
}

/// Migrations run up, down and up again on a fresh database.
#[actix_web::test]
async fn migrations_run_up_down_and_up_again() {
    let url = crate::support::fresh_database().await;
    let reverted = bourre_store::revert_all(&url).expect("down");
    assert!(reverted >= 1);
    let applied = bourre_store::migrate(&url).expect("up again");
    assert_eq!(applied, reverted);
    let app = TestApp::on_database(url, crate::support::config(false));
    app.register("after_migrations").await;
}
