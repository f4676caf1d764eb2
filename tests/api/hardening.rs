//! What an attack on the server found (issue "proof under fire, round two"), one test per
//! defect so none comes back.

use awc::http::Method;
use serde_json::json;

use crate::support::{
    JWT_SECRET, Player, TestApp, claims, open_stream, read_to_end, resume_stream, sign,
};

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
async fn r10e_a_closing_table_returns_a_removed_members_share_to_the_treasury() {
    let app = TestApp::start().await;
    let ([dan, ann, bob, cat], league, table) = app.carried_pot().await;
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
    // The pot is shared among the last hand's three players (6, 5 and 5: the odd chip to
    // the lowest seat, R10e); the removed member's share goes to the treasury, not to the
    // others.
    assert_eq!(app.balance(&bob, &league).await, 87 + 5);
    assert_eq!(app.balance(&cat, &league).await, 87 + 5);
    assert_eq!(
        app.sql_number(&format!(
            "SELECT coalesce(sum(amount), 0)::bigint AS n FROM ledger WHERE table_id = '{table}' \
             AND reason = 'pot_returned' AND to_account = 'treasury'"
        ))
        .await,
        6
    );
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

#[actix_web::test]
async fn streams_and_long_polls_are_capped_per_player() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let mut open = Vec::new();
    for _ in 0..8 {
        let stream = open_stream(&app, &table, &players[0].token).await;
        assert_eq!(stream.status().as_u16(), 200);
        open.push(stream);
    }
    app.get(&format!("/v1/tables/{table}/stream"), &players[0])
        .await
        .problem(429, "too_many_streams");
    // A long-poll that would wait counts too; one with events to give at once does not.
    let version = app.view(&table, &players[0]).await["version"].clone();
    app.get(
        &format!("/v1/tables/{table}/events?after={version}&wait=5"),
        &players[0],
    )
    .await
    .problem(429, "too_many_streams");
    app.get(&format!("/v1/tables/{table}/events?wait=5"), &players[0])
        .await
        .ok();
    // A plain read is not a wait; another player has places of their own.
    app.get(&format!("/v1/tables/{table}/events"), &players[0])
        .await
        .ok();
    let other = open_stream(&app, &table, &players[1].token).await;
    assert_eq!(other.status().as_u16(), 200);
}

#[actix_web::test]
async fn a_stream_ends_when_its_token_expires() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let short = sign(JWT_SECRET.as_bytes(), &claims(&players[1], 2));
    let mut stream = open_stream(&app, &table, &short).await;
    assert_eq!(stream.status().as_u16(), 200);
    let (_, ended) = read_to_end(&mut stream, 6).await;
    assert!(ended, "the stream outlived its token");
    // What is dealt afterwards (bob's cards included) reaches no stream of that token.
    app.start_hand(&table, &players[0]).await.ok();
    let (text, _) = read_to_end(&mut stream, 1).await;
    assert!(!text.contains("hand_dealt"), "{text}");
}

#[actix_web::test]
async fn a_stream_ends_when_its_player_leaves_the_league() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let cat = app.register("cat").await;
    let code = app
        .get(&format!("/v1/leagues/{league}"), &players[0])
        .await
        .ok()["invite_code"]
        .as_str()
        .expect("code")
        .to_owned();
    app.post(
        &format!("/v1/leagues/{league}/members"),
        &cat,
        json!({"invite_code": code}),
    )
    .await
    .ok();
    let mut stream = open_stream(&app, &table, &cat.token).await;
    assert_eq!(stream.status().as_u16(), 200);
    let removed = app
        .call(
            Method::DELETE,
            &format!("/v1/leagues/{league}/members/{}", cat.id),
            Some(&players[0].token),
            None,
        )
        .await;
    assert_eq!(removed.status, 204, "{}", removed.body);
    let (_, ended) = read_to_end(&mut stream, 10).await;
    assert!(ended, "the stream outlived the membership");
}

/// Transactions committed in the test's database so far (as flushed to the statistics).
async fn commits(app: &TestApp) -> i64 {
    app.sql_number(
        "SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()",
    )
    .await
}

/// Transactions the database committed while `work` ran and until the statistics were
/// flushed after it (idle backends flush within 10 s), less the test's own; and how long
/// `work` took.
async fn transactions_during(
    app: &TestApp,
    work: impl std::future::Future<Output = ()>,
) -> (i64, std::time::Duration) {
    let flush = std::time::Duration::from_secs(11);
    tokio::time::sleep(flush).await;
    let before = commits(app).await;
    let started = tokio::time::Instant::now();
    work.await;
    let took = started.elapsed();
    tokio::time::sleep(flush).await;
    // The two reads of the statistics are the test's own.
    (commits(app).await - before - 1, took)
}

/// `writes` client seeds set on process `two`.
async fn set_seeds(two: &TestApp, table: &str, who: &Player, writes: usize) {
    for i in 0..writes {
        let reply = two
            .call(
                Method::PUT,
                &format!("/v1/tables/{table}/seats/me/client-seed"),
                Some(&who.token),
                Some(json!({"seed": format!("seed{i}")})),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
}

#[actix_web::test]
async fn live_fan_out_costs_the_same_whatever_the_number_of_listeners() {
    // The deadline sweepers' own transactions (every 100 ms in tests) would blur the count.
    let quiet_sweeper = || bourre::app::Config {
        sweep_every: std::time::Duration::from_secs(3600),
        ..crate::support::config(true)
    };
    let two = TestApp::start_with(quiet_sweeper()).await;
    let one = TestApp::on_database(two.db_url.clone(), quiet_sweeper());
    let (players, league, table) = two
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let (quiet, took) = transactions_during(&two, set_seeds(&two, &table, &players[0], 20)).await;
    // The processes' own background work (an idle dispatcher's probe, every 2 s at most)
    // over as long with no write.
    let (quiet_idle, _) = transactions_during(&two, tokio::time::sleep(took)).await;
    // 40 listeners on process one: five members with eight streams each.
    let code = two
        .get(&format!("/v1/leagues/{league}"), &players[0])
        .await
        .ok()["invite_code"]
        .as_str()
        .expect("code")
        .to_owned();
    let mut streams = Vec::new();
    for name in ["cat", "dan", "eve", "fay", "gus"] {
        let p = one.register(name).await;
        one.post(
            &format!("/v1/leagues/{league}/members"),
            &p,
            json!({"invite_code": code}),
        )
        .await
        .ok();
        for _ in 0..8 {
            let stream = open_stream(&one, &table, &p.token).await;
            assert_eq!(stream.status().as_u16(), 200);
            streams.push(stream);
        }
    }
    let (busy, took) = transactions_during(&two, set_seeds(&two, &table, &players[0], 20)).await;
    // The same with the streams open (their sessions' rechecks and presence too), over
    // as long with no write: a loaded machine's slower writes give it more time to run.
    let (idle, _) = transactions_during(&two, tokio::time::sleep(took)).await;
    // One read of the table per write (and per process), not one per listener (which
    // would be 40 per write): the writes' own transactions, background set aside, grow
    // by about 20 with 40 listeners.
    let (without, with) = (quiet - quiet_idle, busy - idle);
    assert!(
        with - without <= 2 * 20,
        "{without} transactions for 20 writes with no listeners ({quiet} - {quiet_idle} \
         idle), {with} with 40 ({busy} - {idle} idle)"
    );
    // And every listener saw every write (its first page had the first 20).
    let (text, _) = read_to_end(&mut streams[39], 1).await;
    assert_eq!(text.matches("event: client_seed_set").count(), 40, "{text}");
}

/// The league's invite code, as its admin sees it.
async fn invite_code(app: &TestApp, admin: &Player, league: &str) -> String {
    app.get(&format!("/v1/leagues/{league}"), admin).await.ok()["invite_code"]
        .as_str()
        .expect("an admin sees the code")
        .to_owned()
}

async fn join(app: &TestApp, who: &Player, league: &str, code: &str) -> crate::support::Reply {
    app.post(
        &format!("/v1/leagues/{league}/members"),
        who,
        json!({"invite_code": code}),
    )
    .await
}

#[actix_web::test]
async fn invite_codes_are_shown_to_admins_only() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let created = app
        .post(
            "/v1/leagues",
            &ann,
            json!({"name": "Friday", "starting_balance": 100}),
        )
        .await
        .ok();
    let league = created["id"].as_str().expect("id").to_owned();
    let code = created["invite_code"].as_str().expect("code").to_owned();
    let joined = join(&app, &bob, &league, &code).await.ok();
    assert!(joined.get("invite_code").is_none(), "{joined}");
    let seen = app.get(&format!("/v1/leagues/{league}"), &bob).await.ok();
    assert!(seen.get("invite_code").is_none(), "{seen}");
    assert_eq!(invite_code(&app, &ann, &league).await, code);
    // Promoted, bob sees it.
    app.post(
        &format!("/v1/leagues/{league}/admins"),
        &ann,
        json!({"player_id": bob.id}),
    )
    .await;
    assert_eq!(invite_code(&app, &bob, &league).await, code);
}

#[actix_web::test]
async fn an_approval_league_admits_only_whom_an_admin_approves() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let cat = app.register("cat").await;
    let created = app
        .post(
            "/v1/leagues",
            &ann,
            json!({"name": "Club", "starting_balance": 100, "join_policy": "approval"}),
        )
        .await
        .ok();
    assert_eq!(created["join_policy"], "approval");
    let league = created["id"].as_str().expect("id").to_owned();
    let code = created["invite_code"].as_str().expect("code").to_owned();
    let asked = join(&app, &bob, &league, &code).await;
    assert_eq!(asked.status, 202, "{}", asked.body);
    assert_eq!(asked.body["player_id"], bob.id.as_str());
    join(&app, &bob, &league, &code)
        .await
        .problem(409, "join_requested");
    // Pending: not a member, no chips.
    app.get(&format!("/v1/leagues/{league}"), &bob)
        .await
        .problem(403, "not_a_member");
    let chips = format!(
        "SELECT count(*) AS n FROM balances WHERE league_id = '{league}' AND account = 'player:{}'",
        bob.id
    );
    assert_eq!(app.sql_number(&chips).await, 0);
    app.get(&format!("/v1/leagues/{league}/join-requests"), &bob)
        .await
        .problem(403, "not_a_member");
    let requests = app
        .get(&format!("/v1/leagues/{league}/join-requests"), &ann)
        .await
        .ok();
    assert_eq!(requests[0]["username"], "bob");
    let admitted = app
        .post(
            &format!("/v1/leagues/{league}/join-requests/{}", bob.id),
            &ann,
            json!(null),
        )
        .await
        .ok();
    assert_eq!(admitted["balance"], 100);
    assert_eq!(app.balance(&bob, &league).await, 100);
    // Declined, and withdrawn.
    assert_eq!(join(&app, &cat, &league, &code).await.status, 202);
    let path = format!("/v1/leagues/{league}/join-requests/{}", cat.id);
    let declined = app
        .call(Method::DELETE, &path, Some(&ann.token), None)
        .await;
    assert_eq!(declined.status, 204, "{}", declined.body);
    app.post(&path, &ann, json!(null))
        .await
        .problem(404, "join_request_not_found");
    assert_eq!(join(&app, &cat, &league, &code).await.status, 202);
    let withdrawn = app
        .call(Method::DELETE, &path, Some(&cat.token), None)
        .await;
    assert_eq!(withdrawn.status, 204, "{}", withdrawn.body);
    app.get(&format!("/v1/leagues/{league}"), &cat)
        .await
        .problem(403, "not_a_member");
}

#[actix_web::test]
async fn invite_codes_may_be_single_use_or_expire() {
    let app = TestApp::start().await;
    let mut players = Vec::new();
    for name in ["ann", "bob", "cat", "dan"] {
        players.push(app.register(name).await);
    }
    let [ann, bob, cat, dan] = <[Player; 4]>::try_from(players).expect("four");
    let league = app.league(&ann, &[], 100).await;
    let path = format!("/v1/leagues/{league}/invite-code");
    let once = app.post(&path, &ann, json!({"max_uses": 1})).await.ok();
    assert_eq!(once["invite_uses_left"], 1);
    let code = once["invite_code"].as_str().expect("code").to_owned();
    join(&app, &bob, &league, &code).await.ok();
    join(&app, &cat, &league, &code)
        .await
        .problem(403, "wrong_invite_code");
    let soon = app
        .post(&path, &ann, json!({"expires_in_secs": 60}))
        .await
        .ok();
    assert!(soon["invite_expires_at"].is_string(), "{soon}");
    let code = soon["invite_code"].as_str().expect("code").to_owned();
    app.sql(&format!(
        "UPDATE leagues SET invite_expires_at = now() - interval '1 second' WHERE id = '{league}'"
    ))
    .await;
    join(&app, &dan, &league, &code)
        .await
        .problem(403, "wrong_invite_code");
    app.post(&path, &ann, json!({"max_uses": 0}))
        .await
        .problem(400, "invalid_invite");
    // Without a body, the new code is unlimited.
    let open = app
        .call(Method::POST, &path, Some(&ann.token), None)
        .await
        .ok();
    assert!(open.get("invite_uses_left").is_none(), "{open}");
    let code = open["invite_code"].as_str().expect("code").to_owned();
    join(&app, &cat, &league, &code).await.ok();
    join(&app, &dan, &league, &code).await.ok();
}

#[actix_web::test]
async fn registrations_and_joins_are_rate_limited_per_address() {
    let app = TestApp::start_with(bourre::app::Config {
        address_limits: bourre::app::identity::throttle::AddressLimits {
            registrations_per_hour: 3,
            guests_per_hour: 2,
            joins_per_hour: 1,
        },
        ..crate::support::config(true)
    })
    .await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let cat = app.register("cat").await;
    let refused = app
        .call(
            Method::POST,
            "/v1/auth/register",
            None,
            Some(json!({"username": "sock1", "password": "correct horse battery"})),
        )
        .await;
    refused.problem(429, "rate_limited");
    assert_eq!(app.sql_number("SELECT count(*) AS n FROM players").await, 3);
    let league = app
        .post(
            "/v1/leagues",
            &ann,
            json!({"name": "Friday", "starting_balance": 100}),
        )
        .await
        .ok();
    let (id, code) = (
        league["id"].as_str().expect("id"),
        league["invite_code"].as_str().expect("code"),
    );
    join(&app, &bob, id, code).await.ok();
    join(&app, &cat, id, code)
        .await
        .problem(429, "rate_limited");
}

#[actix_web::test]
async fn quotas_bound_what_one_player_makes() {
    let app = TestApp::start_with(bourre::app::Config {
        quotas: bourre::app::Quotas {
            leagues_per_day: 2,
            tables_per_day: 1,
            tournaments_per_day: 1,
            keys_per_day: 2,
            bots_per_day: 1,
            guest_leagues_per_day: 1,
            push_registrations_per_day: 1,
        },
        ..crate::support::config(true)
    })
    .await;
    let ann = app.register("ann").await;
    let league = app.league(&ann, &[], 100).await;
    app.league(&ann, &[], 100).await;
    app.post(
        "/v1/leagues",
        &ann,
        json!({"name": "Third", "starting_balance": 1}),
    )
    .await
    .problem(429, "quota_exceeded");
    let table = json!({"league_id": league, "name": "T", "rules": {"ante": 1}});
    app.post("/v1/tables", &ann, table.clone()).await.ok();
    app.post("/v1/tables", &ann, table)
        .await
        .problem(429, "quota_exceeded");
    // Two keyed requests are stored; a third key is refused, a stored one replays, and a
    // request without a key goes through.
    let keyed = |key: &'static str| {
        let app = &app;
        let ann = &ann;
        let league = league.clone();
        async move {
            let mut resp = app
                .client
                .post(format!("{}/v1/leagues/{league}/grants", app.base))
                .insert_header(("Authorization", format!("Bearer {}", ann.token)))
                .insert_header(("Idempotency-Key", key))
                .send_json(&json!({"player_id": ann.id, "amount": 1, "reason": key}))
                .await
                .expect("grant");
            let body: serde_json::Value = resp.json().await.unwrap_or_default();
            (resp.status().as_u16(), body)
        }
    };
    assert_eq!(keyed("k1").await.0, 201);
    assert_eq!(keyed("k2").await.0, 201);
    let (status, body) = keyed("k3").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("quota_exceeded")),
        "{body}"
    );
    assert_eq!(keyed("k1").await.0, 201);
    app.post(
        &format!("/v1/leagues/{league}/grants"),
        &ann,
        json!({"player_id": ann.id, "amount": 1, "reason": "unkeyed"}),
    )
    .await
    .ok();
}

#[actix_web::test]
async fn expired_idempotency_replies_are_swept() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let league = app.league(&ann, &[], 100).await;
    let resp = app
        .client
        .post(format!("{}/v1/leagues/{league}/grants", app.base))
        .insert_header(("Authorization", format!("Bearer {}", ann.token)))
        .insert_header(("Idempotency-Key", "old"))
        .send_json(&json!({"player_id": ann.id, "amount": 1, "reason": "old"}))
        .await
        .expect("grant");
    assert_eq!(resp.status().as_u16(), 201);
    let stored = "SELECT count(*) AS n FROM idempotency";
    assert_eq!(app.sql_number(stored).await, 1);
    app.sql("UPDATE idempotency SET created_at = now() - interval '25 hours'")
        .await;
    app.sql(
        "INSERT INTO login_failures (account, address, failures, last_failed_at, blocked_until) \
         VALUES ('ann', '192.0.2.1', 9, now() - interval '2 hours', now() - interval '1 hour')",
    )
    .await;
    let swept = app
        .app
        .as_ref()
        .expect("in process")
        .ops()
        .sweep_expired()
        .await
        .expect("sweep");
    assert_eq!(swept, 2);
    assert_eq!(app.sql_number(stored).await, 0);
    assert_eq!(
        app.sql_number("SELECT count(*) AS n FROM login_failures")
            .await,
        0
    );
}

/// Sends `request` as raw bytes; the answer's status, content type and JSON body.
async fn raw_exchange(app: &TestApp, request: &[u8]) -> (u16, String, serde_json::Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    // The server may answer and close before it read everything.
    let _ = stream.write_all(request).await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        stream.read_to_end(&mut answer),
    )
    .await;
    let text = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {text:?}"));
    let content_type = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-type: ")
                .map(str::to_owned)
        })
        .unwrap_or_default();
    (
        status,
        content_type,
        serde_json::from_str(body).unwrap_or(serde_json::Value::Null),
    )
}

#[actix_web::test]
async fn protocol_errors_are_problems_too() {
    let app = TestApp::start().await;
    let long_url = format!(
        "GET /healthz?{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(100_000)
    );
    let many_headers = format!(
        "GET /healthz HTTP/1.1\r\nHost: x\r\n{}\r\n",
        (0..200)
            .map(|i| format!("X-H{i}: v\r\n"))
            .collect::<String>()
    );
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        (
            "bad header value",
            b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n".to_vec(),
            400,
            "malformed_request",
        ),
        // Longer than a URL may be (64 KiB).
        ("100 KB URL", long_url.into_bytes(), 400, "malformed_request"),
        (
            "bad Content-Length",
            b"POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".to_vec(),
            400,
            "malformed_request",
        ),
        (
            "Content-Length and Transfer-Encoding",
            b"POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".to_vec(),
            400,
            "malformed_request",
        ),
        ("too many headers", many_headers.into_bytes(), 431, "head_too_large"),
    ];
    for (what, request, status, code) in cases {
        let (got, content_type, body) = raw_exchange(&app, &request).await;
        assert_eq!(got, status, "{what}: {body}");
        assert_eq!(content_type, "application/problem+json", "{what}");
        assert_eq!(body["code"], code, "{what}: {body}");
        assert!(body["request_id"].is_string(), "{what}: {body}");
    }
    // A well-formed request on the same kind of connection is answered as ever.
    let (status, _, body) = raw_exchange(
        &app,
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[actix_web::test]
async fn a_head_that_does_not_come_is_answered_408_at_the_limit() {
    let app = TestApp::start().await;
    // Nothing at all, or a head begun and never ended: each is answered once the 5 s a
    // head may take have passed, not twice that.
    let timed = |request: &'static [u8]| {
        let app = &app;
        async move {
            let started = std::time::Instant::now();
            let answer = raw_exchange(app, request).await;
            (answer, started.elapsed())
        }
    };
    let (silent, begun) =
        futures_util::future::join(timed(b""), timed(b"GET /healthz HTTP/1.1\r\n")).await;
    for (what, ((status, content_type, body), took)) in [("silent", silent), ("begun", begun)] {
        assert_eq!(status, 408, "{what}: {body}");
        assert_eq!(content_type, "application/problem+json", "{what}");
        assert_eq!(body["code"], "request_timeout", "{what}: {body}");
        assert!(body["request_id"].is_string(), "{what}: {body}");
        assert!(
            took >= std::time::Duration::from_secs(5) && took < std::time::Duration::from_secs(8),
            "{what}: answered {took:?} after connecting"
        );
    }
}

#[actix_web::test]
async fn streams_are_capped_per_process() {
    let app = TestApp::start_with(bourre::app::Config {
        streams: bourre::app::live::feeds::StreamLimits {
            per_player: 8,
            per_process: 3,
        },
        ..crate::support::config(true)
    })
    .await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let mut open = Vec::new();
    for who in [&players[0], &players[0], &players[1]] {
        let stream = open_stream(&app, &table, &who.token).await;
        assert_eq!(stream.status().as_u16(), 200);
        open.push(stream);
    }
    app.get(&format!("/v1/tables/{table}/stream"), &players[1])
        .await
        .problem(429, "too_many_streams");
}

#[actix_web::test]
async fn a_stream_resumed_past_the_head_waits_for_the_next_event() {
    use futures_util::StreamExt;
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    // The first listener of the table in this process names a seq far past its head.
    let mut far = resume_stream(&app, &table, &players[0].token, i64::MAX).await;
    assert_eq!(far.status().as_u16(), 200);
    let mut other = open_stream(&app, &table, &players[1].token).await;
    let (first, _) = read_to_end(&mut other, 1).await;
    app.start_hand(&table, &players[0]).await.ok();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(3);
    let mut text = String::new();
    while !text.contains("event: hand_dealt") {
        let chunk = tokio::time::timeout_at(deadline, far.next())
            .await
            .expect("the far stream saw the deal in time")
            .expect("open")
            .expect("chunk");
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    let (seen, _) = read_to_end(&mut other, 3).await;
    assert!(seen.contains("event: hand_dealt"), "{first} then {seen}");
}
