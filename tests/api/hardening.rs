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

/// Statements of the test's database waiting on a lock.
async fn lock_waiters(app: &TestApp) -> i64 {
    app.sql_number(
        "SELECT count(*) AS n FROM pg_stat_activity \
         WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    .await
}

async fn until_lock_waiters(app: &TestApp, n: i64) {
    for _ in 0..400 {
        if lock_waiters(app).await >= n {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("{n} statements never waited on a lock");
}

#[actix_web::test]
async fn a_grant_racing_a_deal_in_another_process_is_refused_not_500() {
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
    // Process two sets everything up; process one has never seen the table.
    let two = TestApp::start().await;
    let one = TestApp::on_database(two.db_url.clone(), crate::support::config(true));
    let (players, league, table) = two
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    // Bob's balance row is held, so the grant that takes all his chips stamps the table and
    // then waits; the deal reads the table meanwhile (seeing his 100 chips) and waits for
    // the table's row; then both go on, the grant first.
    let mut holder = AsyncPgConnection::establish(&two.db_url).await.expect("db");
    diesel::sql_query("BEGIN")
        .execute(&mut holder)
        .await
        .expect("begin");
    diesel::sql_query(format!(
        "SELECT 1 FROM balances WHERE account = 'player:{}' FOR UPDATE",
        bob.id
    ))
    .execute(&mut holder)
    .await
    .expect("lock");
    let grant = {
        let (two, ann, bob, league) = (two.base.clone(), ann.clone(), bob.clone(), league.clone());
        actix_web::rt::spawn(async move {
            awc::Client::default()
                .post(format!("{two}/v1/leagues/{league}/grants"))
                .insert_header(("Authorization", format!("Bearer {}", ann.token)))
                .send_json(&json!({"player_id": bob.id, "amount": -100, "reason": "cash out"}))
                .await
                .expect("grant")
                .status()
                .as_u16()
        })
    };
    until_lock_waiters(&two, 1).await;
    let deal = {
        let (one, ann, table) = (one.base.clone(), ann.clone(), table.clone());
        actix_web::rt::spawn(async move {
            let mut resp = awc::Client::default()
                .post(format!("{one}/v1/tables/{table}/hands"))
                .insert_header(("Authorization", format!("Bearer {}", ann.token)))
                .send()
                .await
                .expect("deal");
            let body: serde_json::Value = resp.json().await.unwrap_or_default();
            (resp.status().as_u16(), body)
        })
    };
    until_lock_waiters(&two, 2).await;
    diesel::sql_query("COMMIT")
        .execute(&mut holder)
        .await
        .expect("commit");
    assert_eq!(grant.await.expect("grant task"), 201);
    let (status, body) = deal.await.expect("deal task");
    assert!(
        status == 409 || status == 422,
        "the deal lost the race: {status} {body}"
    );
    assert_eq!(one.balance(bob, &league).await, 0);
    assert_eq!(one.view(&table, ann).await["hand_no"], 0);
}

#[actix_web::test]
async fn r10e_a_closing_table_returns_its_pot_only_to_members() {
    let app = TestApp::start().await;
    let mut players = Vec::new();
    for name in ["dan", "ann", "bob", "cat"] {
        players.push(app.register(name).await);
    }
    let [dan, ann, bob, cat] = <[Player; 4]>::try_from(players).expect("four players");
    let league = app.league(&dan, &[&ann, &bob, &cat], 100).await;
    // As in r10e_a_closing_table_returns_its_pot_to_the_players_seated: ann takes every
    // trick, bob and cat are bourré and leave 16 chips in the pot.
    let d = crate::support::deck(
        &[
            &["AH", "KH", "AD", "KD", "2C"],
            &["3C", "4C", "5C", "6C", "7C"],
            &["8C", "9C", "10C", "JC", "4S"],
        ],
        &[],
    );
    let table = app
        .table(
            &dan,
            &league,
            json!({"ante": 5, "pot_limit": 8}),
            Some(json!([d])),
        )
        .await;
    for (seat, p) in [&ann, &bob, &cat].into_iter().enumerate() {
        app.sit(&table, p, seat as u8).await;
    }
    app.start_hand(&table, &ann).await.ok();
    for p in [&bob, &cat, &ann] {
        app.declare(&table, p, true, &[]).await.ok();
    }
    crate::support::play_out(&app, &table, &[&ann, &bob, &cat]).await;
    assert_eq!(app.view(&table, &dan).await["pot"], 16);
    for p in [&ann, &bob, &cat] {
        app.call(
            Method::DELETE,
            &format!("/v1/tables/{table}/seats/me"),
            Some(&p.token),
            None,
        )
        .await
        .ok();
    }
    let removed = app
        .call(
            Method::DELETE,
            &format!("/v1/leagues/{league}/members/{}", ann.id),
            Some(&dan.token),
            None,
        )
        .await;
    assert_eq!(removed.status, 204, "{}", removed.body);
    app.post(&format!("/v1/tables/{table}/close"), &dan, json!({}))
        .await
        .ok();
    // The pot went to the members among the last hand's players: 8 each.
    assert_eq!(app.balance(&bob, &league).await, 87 + 8);
    assert_eq!(app.balance(&cat, &league).await, 87 + 8);
    assert_eq!(
        app.sql_number(&format!(
            "SELECT count(*) AS n FROM ledger WHERE to_account = 'player:{}' \
             AND reason = 'pot_returned'",
            ann.id
        ))
        .await,
        0
    );
    assert_eq!(
        app.sql_number(&format!(
            "SELECT coalesce(sum(balance), 0)::bigint AS n FROM balances \
             WHERE league_id = '{league}'"
        ))
        .await,
        0
    );
    // Rejoining, ann starts afresh.
    let code = app.get(&format!("/v1/leagues/{league}"), &dan).await.ok()["invite_code"]
        .as_str()
        .expect("code")
        .to_owned();
    app.post(
        &format!("/v1/leagues/{league}/members"),
        &ann,
        json!({"invite_code": code}),
    )
    .await
    .ok();
    assert_eq!(app.balance(&ann, &league).await, 100);
}
