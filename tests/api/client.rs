//! What a client meets first (issue "client-ready API"): discovery, browsers, sessions,
//! and the table's view between hands.

use serde_json::json;

use crate::support::{TestApp, play_out};

#[actix_web::test]
async fn seats_show_the_last_hands_tricks_until_the_next_hand() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob", "cat"], 100, json!({"ante": 5}), None)
        .await;
    let refs: Vec<&crate::support::Player> = players.iter().collect();
    app.start_hand(&table, &players[0]).await.ok();
    for p in [&players[1], &players[2], &players[0]] {
        app.declare(&table, p, true, &[]).await.ok();
    }
    play_out(&app, &table, &refs).await;
    let view = app.view(&table, &players[0]).await;
    let tricks: u64 = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["tricks"].as_u64().expect("tricks"))
        .sum();
    assert_eq!(tricks, 5, "{view}");
    assert_eq!(view["tricks"].as_array().map(Vec::len), Some(5));
    app.start_hand(&table, &players[0]).await.ok();
    let view = app.view(&table, &players[0]).await;
    assert!(
        view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .all(|s| s["tricks"] == 0),
        "{view}"
    );
}

#[actix_web::test]
async fn a_tables_hands_come_a_page_at_a_time() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 1000, json!({"ante": 1}), None)
        .await;
    let refs: Vec<&crate::support::Player> = players.iter().collect();
    for _ in 0..5 {
        app.start_hand(&table, &players[0]).await.ok();
        play_out(&app, &table, &refs).await;
    }
    let mut seen = Vec::new();
    let mut after = 0;
    loop {
        let page = app
            .get(
                &format!("/v1/tables/{table}/hands?after={after}&limit=2"),
                &players[1],
            )
            .await
            .ok();
        let hands = page["hands"].as_array().expect("hands");
        assert!(hands.len() <= 2, "{page}");
        seen.extend(
            hands
                .iter()
                .map(|h| h["hand_no"].as_u64().expect("hand_no")),
        );
        match page["next_cursor"].as_u64() {
            Some(next) => after = next,
            None => break,
        }
    }
    assert_eq!(seen, [1, 2, 3, 4, 5]);
    app.get(&format!("/v1/tables/{table}/hands?limit=0"), &players[1])
        .await
        .problem(400, "invalid_query");
}

#[actix_web::test]
async fn a_client_finds_its_leagues_members_and_tables() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob", "cat"], 100, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    let other = app.league(ann, &[bob], 50).await;
    // My leagues, in the order joined, two pages of one.
    let first = app.get("/v1/leagues?limit=1", bob).await.ok();
    assert_eq!(first["leagues"][0]["league_id"], league.as_str(), "{first}");
    assert_eq!(first["leagues"][0]["role"], "member");
    assert_eq!(first["leagues"][0]["balance"], 100);
    let cursor = first["next_cursor"].as_str().expect("more");
    let second = app
        .get(&format!("/v1/leagues?limit=1&after={cursor}"), bob)
        .await
        .ok();
    assert_eq!(
        second["leagues"][0]["league_id"],
        other.as_str(),
        "{second}"
    );
    let rest = second["next_cursor"].as_str().map(str::to_owned);
    if let Some(cursor) = rest {
        let last = app
            .get(&format!("/v1/leagues?limit=1&after={cursor}"), bob)
            .await
            .ok();
        assert_eq!(last["leagues"].as_array().map(Vec::len), Some(0));
    }
    // Members, by username, with the table where they sit.
    let members = app
        .get(&format!("/v1/leagues/{league}/members"), bob)
        .await
        .ok();
    let names: Vec<&str> = members["members"]
        .as_array()
        .expect("members")
        .iter()
        .map(|m| m["username"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["ann", "bob", "cat"]);
    assert_eq!(members["members"][0]["role"], "admin");
    assert_eq!(members["members"][1]["table_id"], table.as_str());
    assert_eq!(members["members"][1]["seat"], 1);
    // The lobby: a second table, closed, comes after the open one.
    let closed = app.table(ann, &league, json!({"ante": 1}), None).await;
    app.post(&format!("/v1/tables/{closed}/close"), ann, json!({}))
        .await
        .ok();
    app.start_hand(&table, ann).await.ok();
    let lobby = app
        .get(&format!("/v1/leagues/{league}/tables"), bob)
        .await
        .ok();
    let tables = lobby["tables"].as_array().expect("tables");
    assert_eq!(tables.len(), 2, "{lobby}");
    assert_eq!(tables[0]["table_id"], table.as_str());
    assert_eq!(tables[0]["status"], "playing");
    assert_eq!(tables[0]["seats_taken"], 3);
    assert_eq!(tables[0]["max_seats"], 7);
    assert_eq!(tables[0]["hand_no"], 1);
    assert!(tables[0]["deadline"].is_string(), "{lobby}");
    assert!(!tables[0]["to_act"].as_array().expect("to act").is_empty());
    assert_eq!(tables[1]["status"], "closed");
    let open = app
        .get(&format!("/v1/leagues/{league}/tables?status=closed"), bob)
        .await
        .ok();
    assert_eq!(open["tables"].as_array().map(Vec::len), Some(1));
    // My tables, with whose turn it is.
    let mine = app.get("/v1/players/me/tables", bob).await.ok();
    assert_eq!(mine["tables"][0]["table_id"], table.as_str(), "{mine}");
    assert_eq!(mine["tables"][0]["my_seat"], 1);
    let to_act = &tables[0]["to_act"][0]["player_id"];
    assert_eq!(mine["tables"][0]["my_turn"], *to_act == bob.id.as_str());
    // Strangers see none of it; bad cursors and sizes are 400.
    let eve = app.register("eve").await;
    app.get(&format!("/v1/leagues/{league}/members"), &eve)
        .await
        .problem(403, "not_a_member");
    app.get(&format!("/v1/leagues/{league}/tables"), &eve)
        .await
        .problem(403, "not_a_member");
    app.get("/v1/leagues?after=nonsense", bob)
        .await
        .problem(400, "invalid_query");
    app.get("/v1/players/me/tables?limit=101", bob)
        .await
        .problem(400, "invalid_query");
}

#[actix_web::test]
async fn my_turns_are_paged_oldest_deadline_first() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    // A player sits at one table per league: five leagues, a hand at each, every player
    // to act at once (simultaneous declaration), the deadlines in the order dealt.
    let mut dealt = Vec::new();
    for _ in 0..5 {
        let league = app.league(&ann, &[&bob], 100).await;
        let rules = json!({"ante": 1, "simultaneous_declare": true});
        let table = app.table(&ann, &league, rules, None).await;
        app.sit(&table, &ann, 0).await;
        app.sit(&table, &bob, 1).await;
        app.start_hand(&table, &ann).await.ok();
        dealt.push(table);
    }
    let mut seen = Vec::new();
    let mut deadlines = Vec::new();
    let mut path = "/v1/players/me/turns?limit=2".to_owned();
    loop {
        let page = app.get(&path, &bob).await.ok();
        let turns = page["turns"].as_array().expect("turns");
        assert!(turns.len() <= 2, "{page}");
        for t in turns {
            seen.push(t["table_id"].as_str().expect("id").to_owned());
            deadlines.push(t["deadline"].as_str().expect("deadline").to_owned());
        }
        match page["next_cursor"].as_str() {
            Some(cursor) => path = format!("/v1/players/me/turns?limit=2&after={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen, dealt, "each turn once, the oldest deadline first");
    let mut sorted = deadlines.clone();
    sorted.sort();
    assert_eq!(deadlines, sorted);
    // A turn taken leaves the list; another player's list is their own.
    app.declare(&dealt[0], &bob, true, &[]).await.ok();
    let all = app.get("/v1/players/me/turns", &bob).await.ok();
    assert_eq!(all["turns"].as_array().map(Vec::len), Some(4), "{all}");
    assert_eq!(all["turns"][0]["table_id"], dealt[1].as_str());
    let anns = app.get("/v1/players/me/turns", &ann).await.ok();
    assert_eq!(anns["turns"].as_array().map(Vec::len), Some(5), "{anns}");
    for bad in [
        "nonsense",
        "12~nonsense",
        "x~00000000-0000-0000-0000-000000000000",
    ] {
        app.get(&format!("/v1/players/me/turns?after={bad}"), &bob)
            .await
            .problem(400, "invalid_query");
    }
    app.get("/v1/players/me/turns?limit=0", &bob)
        .await
        .problem(400, "invalid_query");
}

/// `GET` of the table with `If-None-Match: tag`; the status and the new `ETag`.
pub async fn conditional(
    app: &TestApp,
    table: &str,
    who: &crate::support::Player,
    tag: &str,
) -> (u16, String) {
    let mut resp = app
        .client
        .get(format!("{}/v1/tables/{table}", app.base))
        .insert_header(("Authorization", format!("Bearer {}", who.token)))
        .insert_header(("If-None-Match", tag))
        .send()
        .await
        .expect("get");
    let body = resp.body().await.expect("body");
    let etag = resp
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    if resp.status().as_u16() == 304 {
        assert!(body.is_empty(), "a 304 has no body");
    }
    (resp.status().as_u16(), etag)
}

#[actix_web::test]
async fn an_unchanged_table_is_304() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let (status, tag) = conditional(&app, &table, &players[0], "\"none\"").await;
    assert_eq!(status, 200);
    assert!(tag.starts_with('"'), "{tag}");
    assert_eq!(
        conditional(&app, &table, &players[0], &tag).await,
        (304, tag.clone())
    );
    // Another viewer has a tag of their own.
    assert_eq!(conditional(&app, &table, &players[1], &tag).await.0, 200);
    // A move, or a balance moved outside the table, changes it.
    app.start_hand(&table, &players[0]).await.ok();
    let (status, dealt) = conditional(&app, &table, &players[0], &tag).await;
    assert_eq!(status, 200);
    assert_ne!(dealt, tag);
    app.post(
        &format!("/v1/leagues/{league}/grants"),
        &players[0],
        json!({"player_id": players[1].id, "amount": 5, "reason": "rebuy"}),
    )
    .await
    .ok();
    assert_eq!(conditional(&app, &table, &players[0], &dealt).await.0, 200);
}

#[actix_web::test]
async fn browsers_are_served_from_the_allowed_origins_only() {
    let app = TestApp::start_with(bourre::app::Config {
        cors_origins: "https://app.example".parse().expect("origins"),
        ..crate::support::config(true)
    })
    .await;
    let ann = app.register("ann").await;
    let preflight = |origin: &'static str| {
        let app = &app;
        async move {
            app.client
                .request(
                    awc::http::Method::OPTIONS,
                    format!("{}/v1/players/me", app.base),
                )
                .insert_header(("Origin", origin))
                .insert_header(("Access-Control-Request-Method", "GET"))
                .insert_header((
                    "Access-Control-Request-Headers",
                    "authorization, if-none-match",
                ))
                .send()
                .await
                .expect("preflight")
        }
    };
    let allowed = preflight("https://app.example").await;
    assert_eq!(allowed.status().as_u16(), 204);
    let header = |resp: &awc::ClientResponse<_>, name: &str| {
        resp.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(
        header(&allowed, "access-control-allow-origin"),
        "https://app.example"
    );
    let headers = header(&allowed, "access-control-allow-headers").to_lowercase();
    for name in [
        "authorization",
        "idempotency-key",
        "if-none-match",
        "last-event-id",
    ] {
        assert!(headers.contains(name), "{headers}");
    }
    // Every method the API has (a profile or a league is changed with PATCH).
    let methods = header(&allowed, "access-control-allow-methods");
    for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
        assert!(methods.split(", ").any(|m| m == method), "{methods}");
    }
    assert!(header(&allowed, "access-control-allow-credentials").is_empty());
    let refused = preflight("https://evil.example").await;
    assert_eq!(refused.status().as_u16(), 403);
    assert!(header(&refused, "access-control-allow-origin").is_empty());
    // The request itself: readable from the allowed origin only.
    for (origin, readable) in [
        ("https://app.example", true),
        ("https://evil.example", false),
    ] {
        let resp = app
            .client
            .get(format!("{}/v1/players/me", app.base))
            .insert_header(("Origin", origin))
            .insert_header(("Authorization", format!("Bearer {}", ann.token)))
            .send()
            .await
            .expect("get");
        assert_eq!(resp.status().as_u16(), 200);
        assert_eq!(
            !header(&resp, "access-control-allow-origin").is_empty(),
            readable
        );
        if readable {
            let exposed = header(&resp, "access-control-expose-headers").to_lowercase();
            for name in ["x-request-id", "etag", "retry-after", "www-authenticate"] {
                assert!(exposed.contains(name), "{exposed}");
            }
        }
    }
}

#[actix_web::test]
async fn an_event_source_streams_with_a_ticket() {
    use futures_util::StreamExt;
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let issued = app
        .post(
            &format!("/v1/tables/{table}/stream-ticket"),
            &players[1],
            json!(null),
        )
        .await;
    assert_eq!(issued.status, 201, "{}", issued.body);
    let ticket = issued.body["ticket"].as_str().expect("ticket").to_owned();
    assert!(issued.body["expires_at"].is_string());
    // No Authorization header, as EventSource sends none.
    let mut stream = app
        .client
        .get(format!(
            "{}/v1/tables/{table}/stream?ticket={ticket}",
            app.base
        ))
        .insert_header(("Accept", "text/event-stream"))
        .send()
        .await
        .expect("stream");
    assert_eq!(stream.status().as_u16(), 200);
    app.start_hand(&table, &players[0]).await.ok();
    let mut text = String::new();
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    while !text.contains("event: hand_dealt") {
        let chunk = tokio::time::timeout_at(until, stream.next())
            .await
            .expect("the deal in time")
            .expect("open")
            .expect("chunk");
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    // Another table's stream, a forged or expired ticket, and the ticket as a bearer token:
    // all 401.
    let other = app
        .table(
            &players[0],
            app.view(&table, &players[0]).await["league_id"]
                .as_str()
                .expect("league"),
            json!({"ante": 1}),
            None,
        )
        .await;
    let ticket_key = {
        use sha2::{Digest, Sha256};
        Sha256::new()
            .chain_update(b"bourre stream tickets\0")
            .chain_update(crate::support::JWT_SECRET.as_bytes())
            .finalize()
    };
    let now = chrono::Utc::now().timestamp();
    let ticket_for = |key: &[u8], exp: i64| {
        crate::support::sign(
            key,
            &json!({
                "sub": players[1].id,
                "sid": crate::support::session_of(&players[1].token),
                "tbl": table,
                "exp": exp,
                "sexp": now + 600,
            }),
        )
    };
    let genuine = ticket_for(&ticket_key, now + 60);
    let resp = app
        .client
        .get(format!(
            "{}/v1/tables/{table}/stream?ticket={genuine}",
            app.base
        ))
        .send()
        .await
        .expect("stream");
    assert_eq!(
        resp.status().as_u16(),
        200,
        "the test signs as the server does"
    );
    drop(resp);
    let expired = ticket_for(&ticket_key, now - 1);
    let forged = ticket_for(b"not the ticket key at all, not at all", now + 60);
    for url in [
        format!("/v1/tables/{other}/stream?ticket={ticket}"),
        format!("/v1/tables/{table}/stream?ticket={expired}"),
        format!("/v1/tables/{table}/stream?ticket={forged}"),
        format!("/v1/tables/{table}/stream?ticket=nonsense"),
    ] {
        app.call(awc::http::Method::GET, &url, None, None)
            .await
            .problem(401, "unauthorized");
    }
    app.call(
        awc::http::Method::GET,
        "/v1/players/me",
        Some(&ticket),
        None,
    )
    .await
    .problem(401, "unauthorized");
    // Strangers get no ticket.
    let eve = app.register("eve").await;
    app.post(
        &format!("/v1/tables/{table}/stream-ticket"),
        &eve,
        json!(null),
    )
    .await
    .problem(403, "not_a_member");
}

#[actix_web::test]
async fn a_player_exports_everything_stored_about_them() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    app.post(
        &format!("/v1/leagues/{league}/grants"),
        ann,
        json!({"player_id": bob.id, "amount": 7, "reason": "rebuy"}),
    )
    .await
    .ok();
    let resp = app
        .client
        .get(format!("{}/v1/players/me/export", app.base))
        .insert_header(("Authorization", format!("Bearer {}", bob.token)))
        .send()
        .await
        .expect("export");
    assert!(
        resp.headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("attachment")),
    );
    let export = app.get("/v1/players/me/export", bob).await.ok();
    assert_eq!(export["player"]["username"], "bob");
    assert_eq!(export["memberships"][0]["league_id"], league.as_str());
    assert_eq!(export["memberships"][0]["role"], "member");
    assert_eq!(export["seats"][0]["table_id"], table.as_str());
    let ledger = export["ledger"].as_array().expect("ledger");
    let credited: i64 = ledger
        .iter()
        .filter(|e| e["to_account"] == format!("player:{}", bob.id))
        .map(|e| e["amount"].as_i64().expect("amount"))
        .sum();
    assert_eq!(
        credited, 107,
        "the starting balance and the grant: {export}"
    );
    assert!(
        !export.to_string().contains(&ann.id),
        "nothing about another player: {export}"
    );
    let sessions = export["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 1, "{export}");
    assert_eq!(
        sessions[0]["id"].as_str(),
        Some(crate::support::session_of(&bob.token).as_str())
    );
    let text = export.to_string();
    assert!(
        !text.contains("password") && !text.contains("argon2") && !text.contains("refresh"),
        "{text}"
    );
}
