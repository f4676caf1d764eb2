//! The social table: chat on the table's stream and long-poll, across processes and in
//! order with the game's events; who may talk; blocks; reports, the admins' queue and
//! what they do with it; the operator's channel.

use std::time::Duration;

use awc::http::Method;
use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::support::{Player, Server, TestApp, config, log_file, open_stream, wait_for};
use crate::webhooks::Receiver;

async fn say(app: &TestApp, table: &str, who: &Player, body: Value) -> crate::support::Reply {
    app.post(&format!("/v1/tables/{table}/chat"), who, body)
        .await
}

async fn set_league(app: &TestApp, league: &str, admin: &Player, change: Value) {
    app.call(
        Method::PATCH,
        &format!("/v1/leagues/{league}"),
        Some(&admin.token),
        Some(change),
    )
    .await
    .ok();
}

/// A stream's frame: `(event, id, data)`.
type Frame = (String, Option<i64>, Value);

/// A stream's frames, in order.
fn frames(text: &str) -> Vec<Frame> {
    text.split("\n\n")
        .filter_map(|frame| {
            let mut event = None;
            let mut id = None;
            let mut data = None;
            for line in frame.lines() {
                if let Some(v) = line.strip_prefix("event: ") {
                    event = Some(v.to_owned());
                } else if let Some(v) = line.strip_prefix("id: ") {
                    id = v.parse().ok();
                } else if let Some(v) = line.strip_prefix("data: ") {
                    data = serde_json::from_str(v).ok();
                }
            }
            Some((event?, id, data?))
        })
        .collect()
}

/// Reads the stream until `done` holds of its frames (at most 20 s): what it sent.
async fn read_until(
    stream: &mut (
             impl futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
             + Unpin
         ),
    done: impl Fn(&[Frame]) -> bool,
) -> Vec<Frame> {
    let until = tokio::time::Instant::now() + Duration::from_secs(20);
    let mut text = String::new();
    loop {
        let got = frames(&text);
        if done(&got) {
            return got;
        }
        match tokio::time::timeout_at(until, stream.next()).await {
            Ok(Some(Ok(chunk))) => text.push_str(&String::from_utf8_lossy(&chunk)),
            other => panic!(
                "the stream stopped ({:?}) before it was done: {text}",
                other.is_err()
            ),
        }
    }
}

fn chats(frames: &[Frame]) -> Vec<&Value> {
    frames
        .iter()
        .filter(|(event, _, _)| event == "chat")
        .map(|(_, _, data)| data)
        .collect()
}

/// A phrase said through one process reaches a stream on another, between the events it
/// was said between; a long-poll with `chat_after` gets the messages too, and waits for the
/// next one.
#[actix_web::test]
async fn chat_said_on_one_process_reaches_a_stream_on_another_in_order_with_the_events() {
    let app = TestApp::start().await;
    let other = Server::start(&app.db_url, &log_file("social-chat"));
    wait_for(&other.base(), "/readyz", Duration::from_secs(60)).await;
    let there = TestApp::at(other.base(), app.db_url.clone());
    let (players, league, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    set_league(&app, &league, ann, json!({"chat": "text"})).await;
    let before = app.view(&table, ann).await["version"]
        .as_i64()
        .expect("version");

    let mut stream = open_stream(&app, &table, &ann.token).await;
    assert_eq!(stream.status(), 200);
    say(&there, &table, bob, json!({"phrase": "good_luck"}))
        .await
        .ok();
    there.start_hand(&table, bob).await.ok();
    let dealt = there.view(&table, bob).await["version"]
        .as_i64()
        .expect("version");
    assert!(dealt > before);
    say(&there, &table, bob, json!({"text": "shuffle up"}))
        .await
        .ok();

    let got = read_until(&mut stream, |f| chats(f).len() == 2).await;
    let at = |pred: &dyn Fn(&Frame) -> bool| got.iter().position(pred).expect("a frame");
    let first_chat = at(&|f| f.0 == "chat" && f.2["phrase"] == "good_luck");
    let second_chat = at(&|f| f.0 == "chat" && f.2["text"] == "shuffle up");
    let first_event = at(&|f| f.1 == Some(before + 1) && f.0 != "view");
    let last_event = at(&|f| f.1 == Some(dealt) && f.0 != "view");
    assert!(
        first_chat < first_event && last_event < second_chat,
        "out of order: {got:?}"
    );
    assert_eq!(got[first_chat].2["after_version"], before);
    assert_eq!(got[second_chat].2["after_version"], dealt);
    assert_eq!(got[second_chat].2["username"], "bob");

    // A long-poll with chat_after: what was said since, then it waits for the next.
    let polled = app
        .get(
            &format!("/v1/tables/{table}/updates?after={dealt}&chat_after=0"),
            ann,
        )
        .await
        .ok();
    assert_eq!(polled["chat"].as_array().map(Vec::len), Some(2), "{polled}");
    let last = polled["chat"][1]["id"].as_i64().expect("id");
    let wait_path = format!("/v1/tables/{table}/updates?after={dealt}&chat_after={last}&wait=20");
    let waiting = app.get(&wait_path, ann);
    let talking = async {
        actix_web::rt::time::sleep(Duration::from_millis(300)).await;
        say(&there, &table, bob, json!({"phrase": "thanks"}))
            .await
            .ok();
    };
    let (waited, ()) = tokio::join!(waiting, talking);
    let waited = waited.ok();
    assert_eq!(waited["chat"][0]["phrase"], "thanks", "{waited}");
    assert_eq!(waited["events"], json!([]));
    app.get(
        &format!("/v1/tables/{table}/updates?after={dealt}&chat_after=-1"),
        ann,
    )
    .await
    .problem(400, "invalid_query");
    // Without chat_after, a long-poll says nothing of chat.
    let plain = app
        .get(&format!("/v1/tables/{table}/updates?after={before}"), ann)
        .await
        .ok();
    assert!(plain.get("chat").is_none(), "{plain}");
}

/// A member watching talks only where the league lets them; a muted member says nothing
/// until the mute ends.
#[actix_web::test]
async fn watchers_talk_where_the_league_lets_them() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 500, json!({"ante": 5}), None)
        .await;
    let ann = &players[0];
    let cat = app.register("cat").await;
    let code = app.get(&format!("/v1/leagues/{league}"), ann).await.ok()["invite_code"].clone();
    app.post(
        &format!("/v1/leagues/{league}/members"),
        &cat,
        json!({"invite_code": code}),
    )
    .await
    .ok();
    say(&app, &table, &cat, json!({"phrase": "good_luck"}))
        .await
        .problem(403, "not_seated");
    for nothing in [json!({}), json!({"chat": null, "watchers_chat": null})] {
        app.call(
            Method::PATCH,
            &format!("/v1/leagues/{league}"),
            Some(&ann.token),
            Some(nothing),
        )
        .await
        .problem(400, "malformed_body");
    }
    set_league(&app, &league, ann, json!({"watchers_chat": true})).await;
    let view = app.get(&format!("/v1/leagues/{league}"), &cat).await.ok();
    assert_eq!(view["watchers_chat"], true);
    assert_eq!(view["chat"], "phrases");
    say(&app, &table, &cat, json!({"phrase": "good_luck"}))
        .await
        .ok();
    let history = app
        .get(&format!("/v1/leagues/{league}/history"), &cat)
        .await
        .ok();
    assert!(
        history["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .any(|e| e["kind"] == "chat_policy_changed" && e["data"]["watchers_chat"] == true),
        "{history}"
    );
}

/// A blocked player's free text is gone from the blocker's chat and stream, not from
/// anyone else's; their phrases still show; their chosen names are hidden from the
/// blocker; the block is listed, lifted, and refused for oneself.
#[actix_web::test]
async fn a_blocked_players_text_is_gone_for_the_blocker_only() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob", "cat"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob, cat) = (&players[0], &players[1], &players[2]);
    set_league(&app, &league, ann, json!({"chat": "text"})).await;
    app.call(
        Method::PATCH,
        "/v1/players/me",
        Some(&bob.token),
        Some(json!({"display_name": "Bobby Tables"})),
    )
    .await
    .ok();
    app.post("/v1/players/me/blocks", ann, json!({"player_id": ann.id}))
        .await
        .problem(422, "invalid_block");
    let blocked = app
        .post("/v1/players/me/blocks", ann, json!({"player_id": bob.id}))
        .await;
    assert_eq!(blocked.status, 201, "{}", blocked.body);
    let again = app
        .post("/v1/players/me/blocks", ann, json!({"player_id": bob.id}))
        .await;
    assert_eq!(again.status, 200, "{}", again.body);
    let listed = app.get("/v1/players/me/blocks", ann).await.ok();
    assert_eq!(listed["blocks"][0]["username"], "bob");

    let mut ann_stream = open_stream(&app, &table, &ann.token).await;
    let mut cat_stream = open_stream(&app, &table, &cat.token).await;
    say(&app, &table, bob, json!({"text": "you all stink"}))
        .await
        .ok();
    say(&app, &table, bob, json!({"phrase": "nice_hand"}))
        .await
        .ok();
    say(&app, &table, cat, json!({"text": "hush"})).await.ok();

    let for_cat = read_until(&mut cat_stream, |f| chats(f).len() == 3).await;
    assert_eq!(chats(&for_cat)[0]["text"], "you all stink");
    let for_ann = read_until(&mut ann_stream, |f| {
        chats(f).iter().any(|m| m["text"] == "hush")
    })
    .await;
    let heard = chats(&for_ann);
    assert_eq!(heard.len(), 2, "{heard:?}");
    assert_eq!(heard[0]["phrase"], "nice_hand");
    assert_eq!(heard[0]["display_name"], Value::Null);
    let page = app.get(&format!("/v1/tables/{table}/chat"), ann).await.ok();
    let texts: Vec<&Value> = page["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .map(|m| &m["text"])
        .collect();
    assert!(!texts.contains(&&json!("you all stink")), "{page}");
    let for_cat = app.get(&format!("/v1/tables/{table}/chat"), cat).await.ok();
    assert_eq!(for_cat["messages"].as_array().map(Vec::len), Some(3));
    assert_eq!(for_cat["messages"][0]["display_name"], "Bobby Tables");
    let profile = app.get(&format!("/v1/players/{}", bob.id), ann).await.ok();
    assert_eq!(profile["display_name"], Value::Null);

    let lifted = app
        .call(
            Method::DELETE,
            &format!("/v1/players/me/blocks/{}", bob.id),
            Some(&ann.token),
            None,
        )
        .await;
    assert_eq!(lifted.status, 204);
    let page = app.get(&format!("/v1/tables/{table}/chat"), ann).await.ok();
    assert_eq!(page["messages"].as_array().map(Vec::len), Some(3));
    let export = app.get("/v1/players/me/export", ann).await.ok();
    assert_eq!(export["blocks"], json!([]));
}

/// A block takes effect at once on every process: the blocker's stream on another process
/// never hears the blocked player's next message (round four: processes kept blocks for
/// five seconds), a lifted block shows their text again at once, and the other process
/// hides the blocked player's chosen name as soon as it hears of the block.
#[actix_web::test]
async fn a_block_on_one_process_hides_the_next_message_on_another_at_once() {
    let talkative = || bourre::app::Config {
        chat_burst: 100,
        ..config(true)
    };
    let one = TestApp::start_with(talkative()).await;
    let two = TestApp::on_database(one.db_url.clone(), talkative());
    let (players, league, table) = one
        .seated(&["ann", "bob", "cat"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob, cat) = (&players[0], &players[1], &players[2]);
    set_league(&one, &league, ann, json!({"chat": "text"})).await;
    let mut stream = open_stream(&two, &table, &cat.token).await;
    let texts = |frames: &[Frame]| -> Vec<String> {
        chats(frames)
            .iter()
            .filter_map(|m| m["text"].as_str().map(str::to_owned))
            .collect()
    };
    let mut heard = Vec::new();
    let mut until = async |text: String| {
        let got = read_until(&mut stream, |f| texts(f).contains(&text)).await;
        heard.extend(texts(&got));
    };
    for round in 0..3 {
        // Cat's process has just read cat's blocks, to hear this: none.
        let before = format!("before {round}");
        say(&two, &table, bob, json!({"text": before})).await.ok();
        until(before).await;
        let blocked = one
            .post("/v1/players/me/blocks", cat, json!({"player_id": bob.id}))
            .await;
        assert_eq!(blocked.status, 201, "{}", blocked.body);
        say(
            &two,
            &table,
            bob,
            json!({"text": format!("blocked {round}")}),
        )
        .await
        .ok();
        let mark = format!("mark {round}");
        say(&two, &table, ann, json!({"text": mark})).await.ok();
        until(mark).await;
        let lifted = one
            .call(
                Method::DELETE,
                &format!("/v1/players/me/blocks/{}", bob.id),
                Some(&cat.token),
                None,
            )
            .await;
        assert_eq!(lifted.status, 204);
        let after = format!("lifted {round}");
        say(&two, &table, bob, json!({"text": after})).await.ok();
        until(after).await;
    }
    let expected: Vec<String> = (0..3)
        .flat_map(|r| {
            [
                format!("before {r}"),
                format!("mark {r}"),
                format!("lifted {r}"),
            ]
        })
        .collect();
    assert_eq!(heard, expected);

    // Names: cat's process reads bob's chosen name into a view, then bob is blocked through
    // the other process. The notice of the block reaches cat's process as it commits (a
    // process kept what it read of blocks for five seconds, and showed the name that long).
    one.call(
        Method::PATCH,
        "/v1/players/me",
        Some(&bob.token),
        Some(json!({"display_name": "Bobby Tables"})),
    )
    .await
    .ok();
    let bobs_name = async || {
        let view = two.view(&table, cat).await;
        let seats = view["seats"].as_array().cloned().unwrap_or_default();
        let seat = seats
            .into_iter()
            .find(|s| s["player_id"] == bob.id.as_str());
        seat.map(|s| s["display_name"].clone()).unwrap_or_default()
    };
    assert_eq!(bobs_name().await, "Bobby Tables");
    one.post("/v1/players/me/blocks", cat, json!({"player_id": bob.id}))
        .await
        .ok();
    let blocked_at = std::time::Instant::now();
    while bobs_name().await != Value::Null {
        assert!(
            blocked_at.elapsed() < Duration::from_secs(3),
            "cat's process still shows bob's chosen name"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// What a player chose to be shown by (display name, avatar) is hidden from whoever blocked
/// them, wherever players are shown: the table's view (read, after a move, on the stream),
/// the members, the standings and the hands; everyone else still sees it, and a lifted
/// block shows it again.
#[actix_web::test]
async fn a_blocked_players_chosen_names_show_to_the_blocker_as_the_username() {
    use crate::client::conditional;
    use crate::support::play_out;
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob", "cat"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob, cat) = (&players[0], &players[1], &players[2]);
    app.call(
        Method::PATCH,
        "/v1/players/me",
        Some(&bob.token),
        Some(json!({"display_name": "Bobby Tables", "avatar": "fox"})),
    )
    .await
    .ok();
    let seat_of = |view: &Value| -> Value {
        view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .find(|s| s["username"] == "bob")
            .cloned()
            .expect("bob's seat")
    };
    let before = app.get(&format!("/v1/tables/{table}"), ann).await;
    assert_eq!(seat_of(&before.ok())["display_name"], "Bobby Tables");
    app.post("/v1/players/me/blocks", ann, json!({"player_id": bob.id}))
        .await
        .ok();
    let mut ann_stream = open_stream(&app, &table, &ann.token).await;

    let view = app.view(&table, ann).await;
    assert_eq!(seat_of(&view)["display_name"], Value::Null, "{view}");
    assert_eq!(seat_of(&view)["avatar"], Value::Null, "{view}");
    assert_eq!(
        seat_of(&app.view(&table, cat).await)["display_name"],
        "Bobby Tables"
    );
    let moved = app.start_hand(&table, ann).await;
    assert_eq!(moved.status, 201, "{}", moved.body);
    assert_eq!(seat_of(&moved.body)["display_name"], Value::Null);
    let streamed = read_until(&mut ann_stream, |f| {
        f.iter().any(|(e, _, d)| e == "view" && d["hand_no"] == 1)
    })
    .await;
    for (_, _, view) in streamed.iter().filter(|(e, _, _)| e == "view") {
        assert_eq!(seat_of(view)["display_name"], Value::Null, "{view}");
    }
    play_out(&app, &table, &[ann, bob, cat]).await;

    let shown_to = |who: &Player| {
        let app = &app;
        let (token, league, table) = (who.clone(), league.clone(), table.clone());
        async move {
            let members = app
                .get(&format!("/v1/leagues/{league}/members"), &token)
                .await
                .ok();
            let standings = app
                .get(&format!("/v1/leagues/{league}/standings"), &token)
                .await
                .ok();
            let hands = app
                .get(&format!("/v1/tables/{table}/hands"), &token)
                .await
                .ok();
            let bob_in = |rows: &Value| -> Value {
                rows.as_array()
                    .expect("rows")
                    .iter()
                    .find(|r| r["username"] == "bob")
                    .map(|r| r["display_name"].clone())
                    .expect("bob")
            };
            [
                bob_in(&members["members"]),
                bob_in(&standings["rows"]),
                bob_in(&hands["hands"][0]["players"]),
            ]
        }
    };
    assert_eq!(shown_to(ann).await, [Value::Null, Value::Null, Value::Null]);
    assert_eq!(
        shown_to(cat).await,
        [
            json!("Bobby Tables"),
            json!("Bobby Tables"),
            json!("Bobby Tables")
        ]
    );

    let (_, tag) = conditional(&app, &table, ann, "\"none\"").await;
    assert_eq!(conditional(&app, &table, ann, &tag).await.0, 304);
    app.call(
        Method::DELETE,
        &format!("/v1/players/me/blocks/{}", bob.id),
        Some(&ann.token),
        None,
    )
    .await;
    assert_eq!(
        conditional(&app, &table, ann, &tag).await.0,
        200,
        "a lifted block changes the view's tag"
    );
    assert_eq!(
        seat_of(&app.view(&table, ann).await)["display_name"],
        "Bobby Tables"
    );
    assert_eq!(
        shown_to(ann).await,
        [
            json!("Bobby Tables"),
            json!("Bobby Tables"),
            json!("Bobby Tables")
        ]
    );
}

/// A report reaches the league's admins' queue and their webhook; `hide` removes the
/// message for everyone; `mute` refuses the player's chat until it ends; every action is
/// in the league's history with who took it; a player does not report themselves, and
/// reports at most 10 times an hour.
#[actix_web::test]
async fn reports_reach_the_admins_who_hide_mute_and_remove() {
    let app = TestApp::start().await;
    let receiver = Receiver::start(0);
    let (players, league, table) = app
        .seated(&["ann", "bob", "cat"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob, cat) = (&players[0], &players[1], &players[2]);
    set_league(&app, &league, ann, json!({"chat": "text"})).await;
    let hook = app
        .post(
            &format!("/v1/leagues/{league}/webhooks"),
            ann,
            json!({"url": receiver.url, "events": ["report.created"]}),
        )
        .await
        .ok();
    *receiver.secret.lock().expect("lock") = hook["secret"].as_str().expect("secret").to_owned();
    let rude = say(&app, &table, bob, json!({"text": "rude words"}))
        .await
        .ok();
    let message = rude["id"].as_i64().expect("id").to_string();
    let mut cat_stream = open_stream(&app, &table, &cat.token).await;
    let mut ann_stream = app
        .client
        .get(format!(
            "{}/v1/tables/{table}/stream?chat_after={}",
            app.base,
            rude["id"].as_i64().expect("id") - 1
        ))
        .insert_header(("Authorization", format!("Bearer {}", ann.token)))
        .send()
        .await
        .expect("stream");

    app.post(
        "/v1/reports",
        bob,
        json!({"kind": "message", "id": message, "reason": "spam"}),
    )
    .await
    .problem(422, "cannot_report_self");
    app.post(
        "/v1/reports",
        cat,
        json!({"kind": "message", "id": "x", "reason": "spam"}),
    )
    .await
    .problem(422, "invalid_report");
    // Another league's message is as unknown to an outsider as an unused id (round four:
    // 403 `not_a_member` told the sequential ids apart).
    let outsider = app.register("out").await;
    let mut answers = Vec::new();
    for id in [
        message.clone(),
        (rude["id"].as_i64().expect("id") + 1000).to_string(),
    ] {
        let reply = app
            .post(
                "/v1/reports",
                &outsider,
                json!({"kind": "message", "id": id, "reason": "spam"}),
            )
            .await;
        reply.problem(404, "report_target_not_found");
        answers.push(reply.body_alike());
    }
    assert_eq!(answers[0], answers[1]);
    let report = app
        .post(
            "/v1/reports",
            cat,
            json!({"kind": "message", "id": message, "reason": "harassment", "note": "again"}),
        )
        .await;
    assert_eq!(report.status, 201, "{}", report.body);
    let report = report.ok();
    assert_eq!(report["league_id"], league.as_str());
    let same = app
        .post(
            "/v1/reports",
            cat,
            json!({"kind": "message", "id": message, "reason": "harassment"}),
        )
        .await;
    assert_eq!(same.status, 200);
    let got = receiver
        .until("report.created", |got| !got.is_empty())
        .await;
    assert_eq!(got[0].body["type"], "report.created");
    assert_eq!(got[0].body["data"]["id"], report["id"]);

    let queue_path = format!("/v1/leagues/{league}/reports");
    app.get(&queue_path, cat).await.problem(403, "not_admin");
    for bad in ["limit=0", "limit=101", "after=0", "state=all"] {
        app.get(&format!("{queue_path}?{bad}"), ann)
            .await
            .problem(400, "invalid_query");
    }
    let queue = app.get(&queue_path, ann).await.ok();
    assert_eq!(queue["reports"][0]["message"]["text"], "rude words");
    assert_eq!(queue["reports"][0]["subject_username"], "bob");
    let id = report["id"].as_i64().expect("id");
    let act = |action: Value, id: i64| {
        let token = ann.token.clone();
        let path = format!("{queue_path}/{id}");
        let app = &app;
        async move {
            app.call(Method::POST, &path, Some(&token), Some(action))
                .await
        }
    };
    act(json!({"action": "dismiss", "hours": 2}), id)
        .await
        .problem(422, "invalid_moderation");
    let hidden = act(json!({"action": "hide"}), id).await.ok();
    assert_eq!(hidden["status"], "hidden");
    // A stream that gave the message is told it is hidden; one opened after it was said
    // (whose client never had it) is not.
    let told = read_until(&mut ann_stream, |f| {
        f.iter().any(|(e, _, _)| e == "chat_hidden")
    })
    .await;
    let hide = told
        .iter()
        .find(|(e, _, _)| e == "chat_hidden")
        .expect("chat_hidden");
    assert_eq!(hide.2, json!({"id": rude["id"]}));
    say(&app, &table, ann, json!({"phrase": "thanks"}))
        .await
        .ok();
    let for_cat = read_until(&mut cat_stream, |f| !chats(f).is_empty()).await;
    assert!(
        for_cat.iter().all(|(e, _, _)| e != "chat_hidden"),
        "{for_cat:?}"
    );
    act(json!({"action": "hide"}), id)
        .await
        .problem(409, "report_resolved");
    for who in [ann, cat] {
        let page = app.get(&format!("/v1/tables/{table}/chat"), who).await.ok();
        assert!(
            page["messages"]
                .as_array()
                .expect("messages")
                .iter()
                .all(|m| m["id"] != rude["id"]),
            "still shown: {page}"
        );
    }

    // A report about the player: muted for an hour, their chat refused until it ends.
    let about = app
        .post(
            "/v1/reports",
            cat,
            json!({"kind": "player", "id": bob.id, "reason": "harassment", "league_id": league}),
        )
        .await
        .ok();
    let muted = act(
        json!({"action": "mute", "hours": 1}),
        about["id"].as_i64().expect("id"),
    )
    .await
    .ok();
    assert_eq!(muted["mute_hours"], 1);
    say(&app, &table, bob, json!({"phrase": "oops"}))
        .await
        .problem(403, "chat_muted");
    app.sql(&format!(
        "UPDATE memberships SET chat_muted_until = now() - interval '1 second' \
         WHERE player_id = '{}'",
        bob.id
    ))
    .await;
    say(&app, &table, bob, json!({"phrase": "oops"})).await.ok();
    let resolved = app
        .get(&format!("{queue_path}?state=resolved"), ann)
        .await
        .ok();
    assert_eq!(resolved["reports"].as_array().map(Vec::len), Some(2));
    let history = app
        .get(&format!("/v1/leagues/{league}/history"), ann)
        .await
        .ok();
    let actions: Vec<&Value> = history["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["kind"] == "report_resolved")
        .collect();
    assert_eq!(actions.len(), 2, "{history}");
    assert_eq!(actions[0]["data"]["action"], "hide");
    assert_eq!(actions[1]["data"]["action"], "mute");
    assert_eq!(actions[1]["player_id"], bob.id.as_str());
    assert!(
        actions.iter().all(|a| a["by_player_id"] == ann.id.as_str()),
        "{history}"
    );

    // Ten reports an hour at most (cat made two): of eight more tables, the last is refused.
    let mut last = None;
    for n in 0..9 {
        let other = app.table(ann, &league, json!({"ante": 5}), None).await;
        let reply = app
            .post(
                "/v1/reports",
                cat,
                json!({"kind": "table", "id": other, "reason": "other", "note": format!("{n}")}),
            )
            .await;
        last = Some(reply.status);
        if reply.status == 429 {
            reply.problem(429, "too_many_reports");
            assert!(reply.retry_after.is_some());
            break;
        }
    }
    assert_eq!(last, Some(429));
    let export = app.get("/v1/players/me/export", cat).await.ok();
    assert_eq!(
        export["reports"].as_array().map(Vec::len),
        Some(10),
        "{export}"
    );
}

/// A report about the league goes to the operator's channel, signed as league webhooks
/// are, and not to the league's admins.
#[actix_web::test]
async fn a_report_about_a_league_goes_to_the_operator_signed() {
    let receiver = Receiver::start(0);
    let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    *receiver.secret.lock().expect("lock") = secret.to_owned();
    let mut settings = config(false);
    settings.operator = Some(bourre_store::webhooks::Operator {
        url: receiver.url.clone(),
        secret: secret.to_owned(),
    });
    let app = TestApp::start_with(settings).await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let league = app.league(&ann, &[&bob], 100).await;
    let report = app
        .post(
            "/v1/reports",
            &bob,
            json!({"kind": "league", "id": league, "reason": "cheating"}),
        )
        .await
        .ok();
    assert!(report.get("league_id").is_none(), "{report}");
    let got = receiver
        .until("the operator's report.created", |got| !got.is_empty())
        .await;
    assert_eq!(got[0].body["data"]["kind"], "league");
    assert_eq!(got[0].body["data"]["target"], league.as_str());
    assert_eq!(receiver.bad.load(std::sync::atomic::Ordering::SeqCst), 0);
    let queue = app
        .get(&format!("/v1/leagues/{league}/reports"), &ann)
        .await
        .ok();
    assert_eq!(queue["reports"], json!([]));
    // A report about an admin goes to the operator too.
    let about_admin = app
        .post(
            "/v1/reports",
            &bob,
            json!({"kind": "player", "id": ann.id, "reason": "harassment", "league_id": league}),
        )
        .await
        .ok();
    assert!(about_admin.get("league_id").is_none(), "{about_admin}");
}
