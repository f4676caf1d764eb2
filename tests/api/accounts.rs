//! Accounts beyond a username and a password: guests (made in one call, playing, upgraded
//! keeping everything, limited per address, deleted when abandoned) and profiles (a display
//! name and an avatar shown at the table, in standings and to league mates only).

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, config, play_out};

/// A guest, signed in: the session's body and the player.
async fn guest(app: &TestApp) -> (Value, Player) {
    let body = app
        .call(Method::POST, "/v1/auth/guest", None, None)
        .await
        .ok();
    let player = Player::of_session(&body);
    (body, player)
}

async fn patch_me(app: &TestApp, who: &Player, body: Value) -> crate::support::Reply {
    app.call(
        Method::PATCH,
        "/v1/players/me",
        Some(&who.token),
        Some(body),
    )
    .await
}

/// Whether `name` reads as a generated guest name: a mood, a creature, four digits.
fn generated(name: &str) -> bool {
    let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
    let digits = &name[letters.len()..];
    letters.chars().filter(char::is_ascii_uppercase).count() == 2
        && digits.len() == 4
        && digits.chars().all(|c| c.is_ascii_digit())
}

#[actix_web::test]
async fn a_guest_plays_then_upgrades_keeping_everything() {
    let app = TestApp::start().await;
    let (session, gus) = guest(&app).await;
    assert_eq!(session["player"]["guest"], true, "{session}");
    assert!(generated(&gus.name), "{}", gus.name);
    assert!(session["refresh_token"].is_string());

    let ann = app.register("ann").await;
    let league = app.league(&ann, &[&gus], 100).await;
    let league_id = league.as_str();
    app.post(
        "/v1/leagues",
        &gus,
        json!({"name": "Mine", "starting_balance": 100}),
    )
    .await
    .problem(403, "guest_account");
    let table = app.table(&ann, league_id, json!({"ante": 5}), None).await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &gus, 1).await;
    app.start_hand(&table, &ann).await.ok();
    play_out(&app, &table, &[&ann, &gus]).await;
    let balance = app.balance(&gus, league_id).await;
    assert_ne!(balance, 100, "the hand moved the guest's chips");

    // No password to check or change, and none to log in with.
    app.call(
        Method::PUT,
        "/v1/players/me/password",
        Some(&gus.token),
        Some(json!({"current_password": "anything at all", "new_password": "a new password"})),
    )
    .await
    .problem(403, "guest_account");
    app.call(
        Method::POST,
        "/v1/auth/login",
        None,
        Some(json!({"username": gus.name, "password": "correct horse battery"})),
    )
    .await
    .problem(401, "unauthorized");

    let upgrade = |username: &str| {
        app.call(
            Method::POST,
            "/v1/players/me/upgrade",
            Some(&gus.token),
            Some(json!({"username": username, "password": "correct horse battery"})),
        )
    };
    upgrade("ANN").await.problem(409, "username_taken");
    upgrade("a b").await.problem(422, "invalid_username");
    let me = upgrade("gus").await.ok();
    assert_eq!(me["id"], gus.id.as_str());
    assert_eq!(me["username"], "gus");
    assert_eq!(me["guest"], false);
    assert_eq!(me["leagues"][0]["balance"], balance, "{me}");
    upgrade("gus2").await.problem(409, "not_a_guest");

    // The guest's session goes on; the new password signs in as the same player.
    app.get("/v1/players/me", &gus).await.ok();
    let again = app.login("gus").await;
    assert_eq!(again.id, gus.id);
    assert_eq!(app.balance(&again, league_id).await, balance);
    let view = app.view(&table, &again).await;
    assert_eq!(view["seats"][1]["username"], "gus", "{view}");
    // Now a full account, it creates leagues.
    app.post(
        "/v1/leagues",
        &again,
        json!({"name": "Mine", "starting_balance": 100}),
    )
    .await
    .ok();
}

#[actix_web::test]
async fn guests_are_limited_per_address_and_deleted_once_abandoned() {
    let app = TestApp::start_with(bourre::app::Config {
        address_limits: bourre::app::identity::throttle::AddressLimits {
            guests_per_hour: 2,
            ..Default::default()
        },
        ..config(true)
    })
    .await;
    let (_, first) = guest(&app).await;
    let (_, second) = guest(&app).await;
    app.call(Method::POST, "/v1/auth/guest", None, None)
        .await
        .problem(429, "rate_limited");
    assert_eq!(
        app.sql_number("SELECT count(*) AS n FROM players WHERE guest")
            .await,
        2
    );

    // The first went quiet for 31 days; the second was seen yesterday.
    app.sql(&format!(
        "UPDATE players SET seen_at = now() - interval '31 days' WHERE id = '{}'",
        first.id
    ))
    .await;
    app.sql(&format!(
        "UPDATE players SET seen_at = now() - interval '1 day' WHERE id = '{}'",
        second.id
    ))
    .await;
    let server = app.app.as_ref().expect("in-process server");
    server.ops().sweep_expired().await.expect("housekeeping");
    app.get("/v1/players/me", &first)
        .await
        .problem(401, "session_ended");
    app.get("/v1/players/me", &second).await.ok();
    assert_eq!(
        app.sql_number(&format!(
            "SELECT count(*) AS n FROM players WHERE id = '{}' AND deleted_at IS NOT NULL \
             AND username = 'deleted player'",
            first.id
        ))
        .await,
        1
    );

    // A guest deletes itself without a password; a full account needs its own.
    app.call(
        Method::DELETE,
        "/v1/players/me",
        Some(&second.token),
        Some(json!({})),
    )
    .await
    .ok();
    app.get("/v1/players/me", &second)
        .await
        .problem(401, "session_ended");
    let ann = app.register("ann").await;
    app.call(
        Method::DELETE,
        "/v1/players/me",
        Some(&ann.token),
        Some(json!({})),
    )
    .await
    .problem(403, "wrong_password");
    app.get("/v1/players/me", &ann).await.ok();
}

#[actix_web::test]
async fn a_profile_shows_at_the_table_in_standings_and_to_league_mates_only() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let eve = app.register("eve").await;
    let league = app.league(&ann, &[&bob], 100).await;
    let table = app.table(&ann, &league, json!({"ante": 5}), None).await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &bob, 1).await;
    let before = app.view(&table, &ann).await;
    assert_eq!(before["seats"][1]["display_name"], Value::Null);

    let me = patch_me(
        &app,
        &bob,
        json!({"display_name": "  Bobby Lafleur ", "avatar": "heron", "locale": "ja",
               "time_zone": "Asia/Tokyo"}),
    )
    .await
    .ok();
    assert_eq!(me["display_name"], "Bobby Lafleur");
    assert_eq!(me["avatar"], "heron");
    assert_eq!(me["locale"], "ja");
    assert_eq!(me["time_zone"], "Asia/Tokyo");
    assert_eq!(me["username"], "bob");

    // Every refusal leaves the whole profile as it was.
    for (body, status, code) in [
        (json!({"display_name": "   "}), 422, "invalid_display_name"),
        (
            json!({"display_name": "x".repeat(33)}),
            422,
            "invalid_display_name",
        ),
        (
            json!({"display_name": "Fine", "time_zone": "Mars/Olympus"}),
            422,
            "invalid_time_zone",
        ),
        (json!({"display_name": "Bob\u{202e}"}), 400, "invalid_text"),
        (json!({"avatar": "dragon"}), 400, "malformed_body"),
        (json!({"locale": "fr"}), 400, "malformed_body"),
        (json!({"nickname": "Bo"}), 400, "malformed_body"),
    ] {
        patch_me(&app, &bob, body.clone())
            .await
            .problem(status, code);
    }
    let me = app.get("/v1/players/me", &bob).await.ok();
    assert_eq!(me["display_name"], "Bobby Lafleur", "{me}");

    // Null clears a field; a field left out stays.
    let me = patch_me(&app, &bob, json!({"time_zone": null})).await.ok();
    assert_eq!(me["time_zone"], Value::Null);
    assert_eq!(me["avatar"], "heron");

    // The table shows the change though its log did not move.
    let after = app.view(&table, &ann).await;
    assert_eq!(after["version"], before["version"]);
    assert_eq!(
        after["seats"][1]["display_name"], "Bobby Lafleur",
        "{after}"
    );
    assert_eq!(after["seats"][1]["avatar"], "heron");
    let standings = app
        .get(&format!("/v1/leagues/{league}/standings"), &ann)
        .await
        .ok();
    let line = standings["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["player_id"] == bob.id.as_str())
        .cloned()
        .expect("bob's line");
    assert_eq!(line["display_name"], "Bobby Lafleur");
    let members = app
        .get(&format!("/v1/leagues/{league}/members"), &ann)
        .await
        .ok();
    assert!(
        members["members"]
            .as_array()
            .expect("members")
            .iter()
            .any(|m| m["avatar"] == "heron"),
        "{members}"
    );

    app.start_hand(&table, &ann).await.ok();
    play_out(&app, &table, &[&ann, &bob]).await;
    let profile = app.get(&format!("/v1/players/{}", bob.id), &ann).await.ok();
    assert_eq!(profile["display_name"], "Bobby Lafleur");
    assert_eq!(profile["bot"], false);
    assert_eq!(profile["leagues"][0]["league_id"], league.as_str());
    assert_eq!(profile["leagues"][0]["hands_played"], 1, "{profile}");
    assert_eq!(
        profile["leagues"][0]["balance"],
        app.balance(&bob, &league).await
    );
    assert!(profile.get("locale").is_none(), "{profile}");
    app.get(&format!("/v1/players/{}", bob.id), &eve)
        .await
        .problem(404, "player_not_found");
    app.get("/v1/players/00000000-0000-4000-8000-000000000000", &ann)
        .await
        .problem(404, "player_not_found");

    let export = app.get("/v1/players/me/export", &bob).await.ok();
    assert_eq!(export["player"]["display_name"], "Bobby Lafleur");
    assert_eq!(export["player"]["locale"], "ja");
}
