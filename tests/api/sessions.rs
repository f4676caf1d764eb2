//! Sessions and accounts (issue "client-ready API"): rotating refresh tokens and their
//! reuse, logout seen by another server process, password changes, account deletion.

use awc::http::Method;
use serde_json::{Value, json};

use futures_util::future::join_all;

use crate::support::{Player, TestApp, config, next_move, play_out};

const PASSWORD: &str = "correct horse battery";

async fn login(app: &TestApp, name: &str, password: &str) -> Value {
    app.call(
        Method::POST,
        "/v1/auth/login",
        None,
        Some(json!({"username": name, "password": password})),
    )
    .await
    .ok()
}

async fn refresh(app: &TestApp, refresh_token: &Value) -> crate::support::Reply {
    app.call(
        Method::POST,
        "/v1/auth/refresh",
        None,
        Some(json!({"refresh_token": refresh_token})),
    )
    .await
}

async fn me(app: &TestApp, token: &Value) -> crate::support::Reply {
    app.call(Method::GET, "/v1/players/me", token.as_str(), None)
        .await
}

#[actix_web::test]
async fn a_refresh_rotates_and_a_reused_refresh_token_ends_the_session() {
    let app = TestApp::start().await;
    app.register("ann").await;
    let first = login(&app, "ann", PASSWORD).await;
    let refresh_token = first["refresh_token"].as_str().expect("refresh token");
    assert_eq!(refresh_token.len(), 64, "{first}");
    // Stored hashed only.
    let stored = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM refresh_tokens WHERE hash = sha256('{refresh_token}'::bytea)"
        ))
        .await;
    assert_eq!(stored, 1);
    let in_clear = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM refresh_tokens WHERE encode(hash, 'hex') = '{refresh_token}'"
        ))
        .await;
    assert_eq!(in_clear, 0);

    let second = refresh(&app, &first["refresh_token"]).await.ok();
    assert_ne!(second["refresh_token"], first["refresh_token"]);
    assert_eq!(second["player"]["username"], "ann");
    // Both access tokens are the same session's, which goes on.
    me(&app, &first["token"]).await.ok();
    me(&app, &second["token"]).await.ok();
    let third = refresh(&app, &second["refresh_token"]).await.ok();

    // The first refresh token again (as a thief would), after the grace for a lost answer:
    // the whole session ends, on this process and on another one at once.
    app.sql("UPDATE refresh_tokens SET rotated_at = rotated_at - interval '61 seconds'")
        .await;
    let other_process = TestApp::on_database(app.db_url.clone(), config(true));
    me(&other_process, &third["token"]).await.ok();
    refresh(&app, &first["refresh_token"])
        .await
        .problem(401, "refresh_token_reused");
    refresh(&other_process, &third["refresh_token"])
        .await
        .problem(401, "session_ended");
    for token in [&first["token"], &second["token"], &third["token"]] {
        me(&app, token).await.problem(401, "session_ended");
        me(&other_process, token)
            .await
            .problem(401, "session_ended");
    }
    refresh(&app, &json!("0".repeat(64)))
        .await
        .problem(401, "unauthorized");
    refresh(&app, &json!("not a token"))
        .await
        .problem(401, "unauthorized");
    // Another session of the same player is not touched.
    let other = login(&app, "ann", PASSWORD).await;
    me(&app, &other["token"]).await.ok();
}

/// A refresh whose answer was lost, retried with the same token (on another process) within
/// `BOURRE_REFRESH_REUSE_GRACE_SECS`, gets a working pair of the same session; the token
/// the lost answer carried stops working; after the grace the same retry ends the session.
#[actix_web::test]
async fn a_refresh_retried_within_the_grace_keeps_the_session() {
    let one = TestApp::start().await;
    let two = TestApp::on_database(one.db_url.clone(), config(true));
    one.register("ann").await;
    let first = login(&one, "ann", PASSWORD).await;
    let lost = refresh(&one, &first["refresh_token"]).await.ok();
    let retried = refresh(&two, &first["refresh_token"]).await.ok();
    let session = |v: &Value| crate::support::session_of(v["token"].as_str().expect("token"));
    assert_eq!(session(&retried), session(&first));
    assert_ne!(retried["refresh_token"], lost["refresh_token"]);
    me(&one, &retried["token"]).await.ok();
    // The retried pair goes on; the lost one's refresh token was rotated out by the retry.
    let next = refresh(&one, &retried["refresh_token"]).await.ok();
    me(&two, &next["token"]).await.ok();
    let rotated = one
        .sql_number(&format!(
            "SELECT count(*) AS n FROM refresh_tokens WHERE hash = sha256('{}'::bytea) \
             AND rotated_at IS NOT NULL",
            lost["refresh_token"].as_str().expect("token")
        ))
        .await;
    assert_eq!(rotated, 1);
    // After the grace, the first token again ends the session everywhere.
    one.sql("UPDATE refresh_tokens SET rotated_at = rotated_at - interval '61 seconds'")
        .await;
    refresh(&two, &first["refresh_token"])
        .await
        .problem(401, "refresh_token_reused");
    me(&one, &next["token"]).await.problem(401, "session_ended");
}

#[actix_web::test]
async fn an_expired_refresh_token_is_refused() {
    let app = TestApp::start().await;
    app.register("ann").await;
    let session = login(&app, "ann", PASSWORD).await;
    app.sql("UPDATE refresh_tokens SET expires_at = now() - interval '1 second'")
        .await;
    refresh(&app, &session["refresh_token"])
        .await
        .problem(401, "unauthorized");
}

#[actix_web::test]
async fn a_logout_holds_on_every_server_process_at_once() {
    let one = TestApp::start().await;
    let two = TestApp::on_database(one.db_url.clone(), config(true));
    one.register("ann").await;
    let session = login(&one, "ann", PASSWORD).await;
    let kept = login(&two, "ann", PASSWORD).await;
    me(&two, &session["token"]).await.ok();

    let out = one
        .call(
            Method::POST,
            "/v1/auth/logout",
            session["token"].as_str(),
            None,
        )
        .await;
    assert_eq!(out.status, 204);
    // No wait: the very next request, on the other process, is refused.
    me(&two, &session["token"])
        .await
        .problem(401, "session_ended");
    refresh(&two, &session["refresh_token"])
        .await
        .problem(401, "session_ended");
    // Logging out again with the ended token is refused like any use of it.
    one.call(
        Method::POST,
        "/v1/auth/logout",
        session["token"].as_str(),
        None,
    )
    .await
    .problem(401, "session_ended");
    // The player's other session goes on, until they log out everywhere.
    me(&one, &kept["token"]).await.ok();
    let third = login(&one, "ann", PASSWORD).await;
    one.call(
        Method::POST,
        "/v1/auth/logout",
        third["token"].as_str(),
        Some(json!({"all": "yes"})),
    )
    .await
    .problem(400, "malformed_body");
    me(&one, &third["token"]).await.ok();
    let out = one
        .call(
            Method::POST,
            "/v1/auth/logout",
            third["token"].as_str(),
            Some(json!({"all": true})),
        )
        .await;
    assert_eq!(out.status, 204);
    for token in [&kept["token"], &third["token"]] {
        me(&two, token).await.problem(401, "session_ended");
    }
    // Signing in again starts a new session.
    let again = login(&two, "ann", PASSWORD).await;
    me(&one, &again["token"]).await.ok();
}

async fn logout(app: &TestApp, who: &Player) {
    let out = app
        .call(Method::POST, "/v1/auth/logout", Some(&who.token), None)
        .await;
    assert_eq!(out.status, 204, "{}", out.body);
}

#[actix_web::test]
async fn moves_and_deals_of_an_ended_session_are_refused_and_write_nothing() {
    let one = TestApp::start().await;
    let two = TestApp::on_database(one.db_url.clone(), config(true));
    // Four tables whose hands `two` started, so that `two` keeps them and decides their
    // moves with nothing read: the write itself must find the session ended.
    let mut tables = Vec::new();
    for i in 0..4 {
        let names = [format!("ann{i}"), format!("bob{i}")];
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let (players, _, table) = one.seated(&names, 500, json!({"ante": 5}), None).await;
        two.start_hand(&table, &players[0]).await.ok();
        tables.push((players, table));
    }
    let mut moves = Vec::new();
    for (players, table) in &tables {
        let (who, action) = next_move(&two, table, &[&players[0], &players[1]])
            .await
            .expect("a hand in play");
        let version = two.view(table, &players[0]).await["version"].clone();
        moves.push((table.clone(), who, action, version));
    }
    // The first table's actor logs out on the other process.
    logout(&one, &moves[0].1).await;
    // Every table's move at once: the ended session's is refused, the others land.
    let answers = join_all(
        moves
            .iter()
            .map(|(table, who, action, _)| two.act(table, who, action.clone())),
    )
    .await;
    for (i, (answer, (table, who, _, version))) in answers.iter().zip(&moves).enumerate() {
        let other = tables[i].0.iter().find(|p| p.id != who.id).expect("other");
        let now = two.view(table, other).await["version"].clone();
        if i == 0 {
            answer.problem(401, "session_ended");
            assert_eq!(now, *version, "the refused move was written");
        } else {
            assert_eq!(answer.status, 200, "{}", answer.body);
            assert_ne!(now, *version);
        }
    }
    // A keyed retry of the refused move is refused the same, and stores nothing.
    let (table, who, action, version) = &moves[0];
    let keyed = two
        .client
        .post(format!("{}/v1/tables/{table}/actions", two.base))
        .insert_header(("Authorization", format!("Bearer {}", who.token)))
        .insert_header(("Idempotency-Key", "after-logout"))
        .send_json(&json!({"action": action}))
        .await
        .expect("act");
    assert_eq!(keyed.status().as_u16(), 401);
    let stored = "SELECT count(*) AS n FROM idempotency WHERE key = 'after-logout'";
    assert_eq!(one.sql_number(stored).await, 0);
    let other = tables[0].0.iter().find(|p| p.id != who.id).expect("other");
    assert_eq!(two.view(table, other).await["version"], *version);
    // A deal: the second table played out on `two`, its next hand asked by a player whose
    // session ended is refused, and no hand starts.
    let (players, table) = &tables[1];
    let seated = [&players[0], &players[1]];
    play_out(&two, table, &seated).await;
    let before = two.view(table, &players[1]).await;
    assert_eq!(before["status"], "waiting", "{before}");
    logout(&one, &players[0]).await;
    two.start_hand(table, &players[0])
        .await
        .problem(401, "session_ended");
    let after = two.view(table, &players[1]).await;
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["status"], "waiting");
    // The other player's session goes on: they deal.
    two.start_hand(table, &players[1]).await.ok();
}

#[actix_web::test]
async fn a_stream_ticket_of_an_ended_session_is_refused() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let ticket = app
        .post(
            &format!("/v1/tables/{table}/stream-ticket"),
            &players[1],
            json!({}),
        )
        .await
        .ok();
    let ticket = ticket["ticket"].as_str().expect("ticket");
    let out = app
        .call(
            Method::POST,
            "/v1/auth/logout",
            Some(&players[1].token),
            None,
        )
        .await;
    assert_eq!(out.status, 204);
    let resp = app
        .client
        .get(format!(
            "{}/v1/tables/{table}/stream?ticket={ticket}",
            app.base
        ))
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status().as_u16(), 401);
}

async fn change_password(
    app: &TestApp,
    token: &Value,
    current: &str,
    new: &str,
) -> crate::support::Reply {
    app.call(
        Method::PUT,
        "/v1/players/me/password",
        token.as_str(),
        Some(json!({"current_password": current, "new_password": new})),
    )
    .await
}

#[actix_web::test]
async fn a_password_change_ends_the_other_sessions() {
    let app = TestApp::start().await;
    app.register("ann").await;
    let here = login(&app, "ann", PASSWORD).await;
    let elsewhere = login(&app, "ann", PASSWORD).await;
    change_password(&app, &here["token"], "not the password", "a new password")
        .await
        .problem(403, "wrong_password");
    change_password(&app, &here["token"], PASSWORD, "short")
        .await
        .problem(422, "invalid_password");
    me(&app, &elsewhere["token"]).await.ok();

    let reply = change_password(&app, &here["token"], PASSWORD, "a new password").await;
    assert_eq!(reply.status, 204, "{:?}", reply.body);
    me(&app, &here["token"]).await.ok();
    me(&app, &elsewhere["token"])
        .await
        .problem(401, "session_ended");
    refresh(&app, &elsewhere["refresh_token"])
        .await
        .problem(401, "session_ended");
    refresh(&app, &here["refresh_token"]).await.ok();
    app.call(
        Method::POST,
        "/v1/auth/login",
        None,
        Some(json!({"username": "ann", "password": PASSWORD})),
    )
    .await
    .problem(401, "unauthorized");
    login(&app, "ann", "a new password").await;
}

#[actix_web::test]
async fn wrong_current_passwords_are_throttled_like_logins() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let token = json!(ann.token);
    // Three failures are free, the fourth makes the next try wait (as for logins).
    for _ in 0..4 {
        change_password(&app, &token, "not the password", "a new password")
            .await
            .problem(403, "wrong_password");
    }
    change_password(&app, &token, PASSWORD, "a new password")
        .await
        .problem(429, "too_many_attempts");
    // The count is the account's: a login waits too.
    app.call(
        Method::POST,
        "/v1/auth/login",
        None,
        Some(json!({"username": "ann", "password": PASSWORD})),
    )
    .await
    .problem(429, "too_many_attempts");
}

async fn standings(app: &TestApp, league: &str, who: &Player) -> Value {
    app.get(&format!("/v1/leagues/{league}/standings"), who)
        .await
        .ok()
}

async fn delete_me(app: &TestApp, who: &Player, password: &str) -> crate::support::Reply {
    app.call(
        Method::DELETE,
        "/v1/players/me",
        Some(&who.token),
        Some(json!({"password": password})),
    )
    .await
}

#[actix_web::test]
async fn a_deleted_player_leaves_their_seat_and_name_and_their_history_stays_whole() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob", "cat"], 100, json!({"ante": 5}), None)
        .await;
    let refs: Vec<&Player> = players.iter().collect();
    let bob = &players[1];
    app.start_hand(&table, &players[0]).await.ok();
    delete_me(&app, bob, PASSWORD)
        .await
        .problem(409, "hand_in_progress");
    delete_me(&app, bob, "not the password")
        .await
        .problem(403, "wrong_password");
    play_out(&app, &table, &refs).await;
    let total = |s: &Value| -> i64 {
        s["rows"]
            .as_array()
            .expect("standings")
            .iter()
            .map(|r| r["balance"].as_i64().expect("balance"))
            .sum()
    };
    let before = standings(&app, &league, &players[0]).await;
    let bob_balance = app.balance(bob, &league).await;

    let reply = delete_me(&app, bob, PASSWORD).await;
    assert_eq!(reply.status, 204, "{:?}", reply.body);
    app.get("/v1/players/me", bob)
        .await
        .problem(401, "session_ended");
    app.call(
        Method::POST,
        "/v1/auth/login",
        None,
        Some(json!({"username": "bob", "password": PASSWORD})),
    )
    .await
    .problem(401, "unauthorized");

    // Their seat is free, their chips and name are where the records keep them.
    let view = app.view(&table, &players[0]).await;
    assert!(
        view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .all(|s| s["player_id"] != bob.id.as_str()),
        "{view}"
    );
    let after = standings(&app, &league, &players[0]).await;
    assert_eq!(total(&after), total(&before), "{after}");
    let row = after["rows"]
        .as_array()
        .expect("standings")
        .iter()
        .find(|r| r["player_id"] == bob.id.as_str())
        .expect("the deleted player's row")
        .clone();
    assert_eq!(row["username"], "deleted player");
    assert_eq!(row["balance"], bob_balance);
    let text = after.to_string();
    assert!(!text.contains("\"bob\""), "{text}");
    let audit = app
        .get(&format!("/v1/tables/{table}/hands/1/audit"), &players[0])
        .await
        .ok();
    assert_eq!(audit["verified"], true, "{audit}");
    let stored = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM players WHERE id = '{}' AND (password_hash <> '' OR \
             lower(username) = 'bob')",
            bob.id
        ))
        .await;
    assert_eq!(stored, 0, "the name and the password hash are erased");

    // The name is free again; the table plays on without them.
    let new_bob = app.register("bob").await;
    assert_ne!(new_bob.id, bob.id);
    let two = [&players[0], &players[2]];
    app.start_hand(&table, &players[0]).await.ok();
    play_out(&app, &table, &two).await;
    let audit = app
        .get(&format!("/v1/tables/{table}/hands/2/audit"), &players[2])
        .await
        .ok();
    assert_eq!(audit["verified"], true, "{audit}");
}

#[actix_web::test]
async fn an_open_stream_ends_soon_after_its_session_does() {
    use futures_util::StreamExt;
    let app = TestApp::start().await;
    let (_, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let session = login(&app, "bob", PASSWORD).await;
    let token = session["token"].as_str().expect("token");
    let mut stream = app
        .client
        .get(format!("{}/v1/tables/{table}/stream", app.base))
        .insert_header(("Authorization", format!("Bearer {token}")))
        .send()
        .await
        .expect("stream");
    assert_eq!(stream.status().as_u16(), 200);
    let out = app
        .call(Method::POST, "/v1/auth/logout", Some(token), None)
        .await;
    assert_eq!(out.status, 204);
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(15);
    let mut text = String::new();
    let ended = loop {
        match tokio::time::timeout_at(until, stream.next()).await {
            Ok(Some(Ok(chunk))) => text.push_str(&String::from_utf8_lossy(&chunk)),
            Ok(Some(Err(_)) | None) => break true,
            Err(_) => break false,
        }
    };
    // Its token is good for an hour: only the session's end can have closed it.
    assert!(ended, "the stream outlived its session: {text}");
}
