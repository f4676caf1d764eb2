//! Table talk: the catalogue of phrases and emotes, and each league's chat policy.

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

/// The catalogue needs no sign-in, and has every entry in the four languages.
#[actix_web::test]
async fn the_phrases_are_in_every_language() {
    let app = TestApp::start().await;
    let got = app.call(Method::GET, "/v1/chat/phrases", None, None).await;
    assert_eq!(got.status, 200, "{}", got.body);
    let phrases = got.body["phrases"].as_array().expect("phrases");
    let keys: Vec<&str> = phrases.iter().filter_map(|p| p["key"].as_str()).collect();
    for key in [
        "good_luck",
        "nice_hand",
        "well_played",
        "thanks",
        "oops",
        "hurry_up",
        "bourre",
    ] {
        assert!(keys.contains(&key), "{key} is missing: {keys:?}");
    }
    for p in phrases {
        for lang in ["en", "zh-Hans", "ja", "th"] {
            assert!(
                p["text"][lang].as_str().is_some_and(|t| !t.is_empty()),
                "{lang} of {p}"
            );
        }
        assert_eq!(p["kind"] == "emote", p["glyph"].is_string(), "{p}");
    }
    let nice = phrases
        .iter()
        .find(|p| p["key"] == "nice_hand")
        .expect("nice_hand");
    assert_eq!(nice["text"]["zh-Hans"], "好牌！");
    assert!(phrases.iter().any(|p| p["kind"] == "emote"));
}

/// A league says `phrases` until an admin changes it; each change is in its history, with
/// who made it; a value not in the list is refused and changes nothing.
#[actix_web::test]
async fn an_admin_sets_what_the_leagues_tables_may_say() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let league = app.league(&ann, &[&bob], 100).await;
    let path = format!("/v1/leagues/{league}");
    assert_eq!(app.get(&path, &bob).await.ok()["chat"], "phrases");
    let change = |who: &crate::support::Player, body: Value| {
        let token = who.token.clone();
        let (app, path) = (&app, &path);
        async move {
            app.call(Method::PATCH, path, Some(&token), Some(body))
                .await
        }
    };
    change(&ann, json!({"chat": "loud"}))
        .await
        .problem(400, "malformed_body");
    change(&bob, json!({"chat": "text"}))
        .await
        .problem(403, "not_admin");
    let set = change(&ann, json!({"chat": "text"})).await.ok();
    assert_eq!(set["chat"], "text");
    assert_eq!(app.get(&path, &bob).await.ok()["chat"], "text");
    // The same again changes nothing, and records nothing.
    change(&ann, json!({"chat": "text"})).await.ok();
    let history = app
        .get(&format!("/v1/leagues/{league}/history"), &bob)
        .await
        .ok();
    let changes: Vec<&Value> = history["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["kind"] == "chat_policy_changed")
        .collect();
    assert_eq!(changes.len(), 1, "{history}");
    assert_eq!(changes[0]["by_player_id"], ann.id.as_str());
    assert_eq!(
        changes[0]["data"],
        json!({"from": "phrases", "to": "text", "watchers_chat": false})
    );

    // A league made silent from the start.
    let quiet = app
        .post(
            "/v1/leagues",
            &ann,
            json!({"name": "Library", "starting_balance": 0, "chat": "off"}),
        )
        .await
        .ok();
    assert_eq!(quiet["chat"], "off");
}

async fn say(
    app: &TestApp,
    table: &str,
    who: &crate::support::Player,
    body: Value,
) -> crate::support::Reply {
    app.post(&format!("/v1/tables/{table}/chat"), who, body)
        .await
}

/// The seated players talk: phrases anywhere chat is on, text only where the league allows
/// it; the chat is read back in order, said after the table's version of the moment, and
/// never moves the table's version; refusals say why.
#[actix_web::test]
async fn seated_players_talk_as_the_league_allows() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    let cat = app.register("cat").await;
    app.post(
        &format!("/v1/leagues/{league}/members"),
        &cat,
        json!({"invite_code": app.get(&format!("/v1/leagues/{league}"), ann).await.ok()["invite_code"]}),
    )
    .await
    .ok();
    let before = app.view(&table, ann).await["version"].clone();

    let said = say(&app, &table, bob, json!({"phrase": "good_luck"}))
        .await
        .ok();
    assert_eq!(said["phrase"], "good_luck");
    assert_eq!(said["username"], "bob");
    assert_eq!(said["after_version"], before);
    say(&app, &table, ann, json!({"text": "hello"}))
        .await
        .problem(403, "chat_not_allowed");
    say(&app, &table, ann, json!({"phrase": "insult"}))
        .await
        .problem(422, "unknown_phrase");
    say(&app, &table, ann, json!({"phrase": "thanks", "text": "hi"}))
        .await
        .problem(422, "invalid_chat_message");
    say(&app, &table, ann, json!({}))
        .await
        .problem(422, "invalid_chat_message");
    say(&app, &table, &cat, json!({"phrase": "thanks"}))
        .await
        .problem(403, "not_seated");

    app.call(
        Method::PATCH,
        &format!("/v1/leagues/{league}"),
        Some(&ann.token),
        Some(json!({"chat": "text"})),
    )
    .await
    .ok();
    say(&app, &table, ann, json!({"text": "   "}))
        .await
        .problem(422, "invalid_chat_message");
    say(&app, &table, ann, json!({"text": "x".repeat(201)}))
        .await
        .problem(422, "invalid_chat_message");
    say(&app, &table, ann, json!({"text": "rtl\u{202e}trick"}))
        .await
        .problem(400, "invalid_text");
    let text = say(
        &app,
        &table,
        ann,
        json!({"text": "  Same time next week?  "}),
    )
    .await
    .ok();
    assert_eq!(text["text"], "Same time next week?");
    assert_eq!(
        app.view(&table, ann).await["version"],
        before,
        "chat moved the table"
    );

    // Any member reads it, in order, a page at a time.
    let page = app
        .get(&format!("/v1/tables/{table}/chat?limit=1"), &cat)
        .await
        .ok();
    assert_eq!(page["messages"][0]["phrase"], "good_luck");
    let next = page["next_cursor"].as_i64().expect("a next page");
    let rest = app
        .get(&format!("/v1/tables/{table}/chat?after={next}"), &cat)
        .await
        .ok();
    assert_eq!(rest["messages"][0]["text"], "Same time next week?");
    assert_eq!(rest["next_cursor"], Value::Null);
    let outsider = app.register("dan").await;
    app.get(&format!("/v1/tables/{table}/chat"), &outsider)
        .await
        .problem(403, "not_a_member");

    // A silent league says nothing.
    app.call(
        Method::PATCH,
        &format!("/v1/leagues/{league}"),
        Some(&ann.token),
        Some(json!({"chat": "off"})),
    )
    .await
    .ok();
    say(&app, &table, bob, json!({"phrase": "oops"}))
        .await
        .problem(403, "chat_not_allowed");
}

/// Ten messages sent at once: five are said, the rest refused with 429 and `Retry-After`;
/// another player at the table is not held back; a page's bounds are checked.
/// Round four: display names that show nothing or span lines, and chat text of invisible
/// characters only, were taken. Both are refused now, by one check of shown text; what is
/// refused changes nothing.
#[actix_web::test]
async fn invisible_names_and_messages_are_refused() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    app.call(
        Method::PATCH,
        &format!("/v1/leagues/{league}"),
        Some(&ann.token),
        Some(json!({"chat": "text"})),
    )
    .await
    .ok();
    let name = |n: &str| {
        app.call(
            Method::PATCH,
            "/v1/players/me",
            Some(&bob.token),
            Some(json!({"display_name": n})),
        )
    };
    name("Bob Lafleur").await.ok();
    let names = [
        "\u{3164}".to_owned(),
        "\u{2800}".to_owned(),
        "\u{00ad}".to_owned(),
        "\u{034f}".to_owned(),
        "\u{fe0f}".to_owned(),
        "\u{e0041}\u{e0064}\u{e006d}".to_owned(),
        "x".to_owned() + &"\u{0301}".repeat(20),
        "\u{fff9}".to_owned(),
        "ann\u{2028}(admin)".to_owned(),
        "Bob\u{fe0f}".to_owned(),
    ];
    for n in &names {
        name(n).await.problem(422, "invalid_display_name");
    }
    let me = app.get("/v1/players/me", bob).await.ok();
    assert_eq!(me["display_name"], "Bob Lafleur", "{me}");
    // Stored as NFC: the same name as every other way of writing it.
    let decomposed = name("Zoe\u{0308}").await.ok();
    assert_eq!(decomposed["display_name"], "Zo\u{eb}");

    for text in [
        "\u{034f}",
        "\u{fe0f}",
        "\u{180e}",
        "\u{e0100}",
        "\u{1d173}",
        "\u{fff9}",
        "\u{17b4}",
        "\u{3164}",
        "\u{2800}",
    ] {
        say(&app, &table, ann, json!({"text": text}))
            .await
            .problem(422, "invalid_chat_message");
    }
    let page = app.get(&format!("/v1/tables/{table}/chat"), ann).await.ok();
    assert_eq!(page["messages"], json!([]), "{page}");
    // What shows goes through, a variation selector beside an emoji too.
    let said = say(&app, &table, ann, json!({"text": "nice \u{2764}\u{fe0f}"}))
        .await
        .ok();
    assert_eq!(said["text"], "nice \u{2764}\u{fe0f}");
}

#[actix_web::test]
async fn a_player_talks_at_most_five_times_in_ten_seconds() {
    let app = TestApp::start().await;
    let (players, _, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let burst = (0..10).map(|_| say(&app, &table, &players[0], json!({"phrase": "hurry_up"})));
    let replies = futures_util::future::join_all(burst).await;
    let said = replies.iter().filter(|r| r.status == 201).count();
    assert_eq!(
        said,
        5,
        "{:?}",
        replies.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    for refused in replies.iter().filter(|r| r.status != 201) {
        refused.problem(429, "chat_too_fast");
        let wait: u64 = refused
            .retry_after
            .as_deref()
            .and_then(|v| v.parse().ok())
            .expect("Retry-After");
        assert!((1..=11).contains(&wait), "{wait}");
    }
    say(&app, &table, &players[1], json!({"phrase": "oops"}))
        .await
        .ok();
    for bad in ["limit=0", "limit=201", "after=-1"] {
        app.get(&format!("/v1/tables/{table}/chat?{bad}"), &players[1])
            .await
            .problem(400, "invalid_query");
    }
}

/// What a player said is in their export; their account's deletion erases their free text
/// and keeps their phrases (the game's words).
#[actix_web::test]
async fn chat_is_exported_and_a_deleted_accounts_text_goes() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    app.call(
        Method::PATCH,
        &format!("/v1/leagues/{league}"),
        Some(&ann.token),
        Some(json!({"chat": "text"})),
    )
    .await
    .ok();
    say(&app, &table, bob, json!({"phrase": "well_played"}))
        .await
        .ok();
    say(
        &app,
        &table,
        bob,
        json!({"text": "my phone number is 555-0100"}),
    )
    .await
    .ok();
    let export = app.get("/v1/players/me/export", bob).await.ok();
    let chat = export["chat"].as_array().expect("chat");
    assert_eq!(chat.len(), 2, "{export}");
    assert_eq!(chat[1]["text"], "my phone number is 555-0100");

    let deleted = app
        .call(
            Method::DELETE,
            "/v1/players/me",
            Some(&bob.token),
            Some(json!({"password": "correct horse battery"})),
        )
        .await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    let left = app.get(&format!("/v1/tables/{table}/chat"), ann).await.ok();
    let left = left["messages"].as_array().expect("messages");
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0]["phrase"], "well_played");
}
