//! Deleting an account while that account keeps writing, and what its leagues keep: once
//! the deletion commits nothing of the player appears (no seat, league, membership, join
//! request, webhook, push subscription or bot), the admin role passes on, a league left
//! with no human member closes with its pots returned, and a webhook whose owner is no
//! longer an admin is sent nothing until an admin takes it over.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use awc::http::Method;
use serde_json::{Value, json};

use crate::support::{Player, TestApp, config, fresh_database, play_out};

const PASSWORD: &str = "correct horse battery";

async fn delete_account(app: &TestApp, who: &Player) -> u16 {
    let reply = app
        .call(
            Method::DELETE,
            "/v1/players/me",
            Some(&who.token),
            Some(json!({"password": PASSWORD})),
        )
        .await;
    assert!(
        matches!(reply.status, 204 | 409),
        "deletion answered {} {}",
        reply.status,
        reply.body
    );
    reply.status
}

/// Keeps `who` sitting down at `table` and standing up again, and creating leagues, on
/// `app`, until their token stops working, counting the writes that succeeded in `done`.
async fn keep_creating(app: TestApp, who: Player, table: String, done: Arc<AtomicUsize>) {
    for round in 0..10_000 {
        let reply = if round % 3 == 2 {
            app.post(
                "/v1/leagues",
                &who,
                json!({"name": format!("after {round}"), "starting_balance": 10}),
            )
            .await
        } else {
            let sat = app
                .post(&format!("/v1/tables/{table}/seats"), &who, json!({}))
                .await;
            if sat.status == 201 {
                app.call(
                    Method::DELETE,
                    &format!("/v1/tables/{table}/seats/me"),
                    Some(&who.token),
                    None,
                )
                .await;
            }
            sat
        };
        match reply.status {
            401 => return,
            s if s < 300 => {
                done.fetch_add(1, Ordering::SeqCst);
            }
            _ => {}
        }
    }
    panic!("the token still worked after 10,000 writes");
}

#[actix_web::test]
async fn nothing_of_a_player_appears_once_their_deletion_commits() {
    let database = fresh_database().await;
    let mut roomy = config(true);
    roomy.quotas.leagues_per_day = 100_000;
    let one = TestApp::on_database(database.clone(), roomy.clone());
    let dan = one.register("dan").await;
    let mut ghosts = Vec::new();
    for round in 0..6 {
        let name = format!("ann{round}");
        let ann = one.register(&name).await;
        let league = one.league(&dan, &[&ann], 100).await;
        let table = one.table(&dan, &league, json!({"ante": 1}), None).await;
        // Ann writes through two other processes while the first deletes her account, once
        // they have written.
        let written = Arc::new(AtomicUsize::new(0));
        let writers: Vec<_> = (0..2)
            .map(|_| {
                let two = TestApp::on_database(database.clone(), roomy.clone());
                let task = keep_creating(two, ann.clone(), table.clone(), written.clone());
                actix_web::rt::spawn(task)
            })
            .collect();
        for _ in 0..600 {
            if written.load(Ordering::SeqCst) >= 4 {
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(
            written.load(Ordering::SeqCst) >= 4,
            "round {round}: the writers never wrote"
        );
        let mut deleted = false;
        for _ in 0..50 {
            match delete_account(&one, &ann).await {
                204 => {
                    deleted = true;
                    break;
                }
                // Dealt into nothing, but a seat may be mid-write: asked again.
                409 => actix_web::rt::time::sleep(Duration::from_millis(20)).await,
                other => panic!("deletion answered {other}"),
            }
        }
        assert!(deleted, "the account was never deleted");
        for writer in writers {
            writer.await.expect("writer");
        }
        let after = |what: &str| {
            format!(
                "SELECT count(*) AS n FROM {what} AND x.at > (SELECT deleted_at FROM players \
                 WHERE id = '{}')",
                ann.id
            )
        };
        let seats = one
            .sql_number(&format!(
                "SELECT count(*) AS n FROM seats WHERE player_id = '{}'",
                ann.id
            ))
            .await;
        let leagues = one
            .sql_number(&after(&format!(
                "(SELECT created_at AS at FROM leagues WHERE created_by = '{}') x WHERE true",
                ann.id
            )))
            .await;
        let memberships = one
            .sql_number(&after(&format!(
                "(SELECT joined_at AS at FROM memberships WHERE player_id = '{}') x WHERE true",
                ann.id
            )))
            .await;
        if seats + leagues + memberships > 0 {
            ghosts.push((round, seats, leagues, memberships));
        }
        // The admin can remove her: she sits nowhere.
        let removed = one
            .call(
                Method::DELETE,
                &format!("/v1/leagues/{league}/members/{}", ann.id),
                Some(&dan.token),
                None,
            )
            .await;
        assert_eq!(removed.status, 204, "round {round}: {}", removed.body);
    }
    assert!(
        ghosts.is_empty(),
        "(round, seats, leagues, memberships) made after the deletion: {ghosts:?}"
    );
}

async fn history(app: &TestApp, league: &str, who: &Player) -> Vec<Value> {
    app.get(&format!("/v1/leagues/{league}/history"), who)
        .await
        .ok()["entries"]
        .as_array()
        .expect("entries")
        .clone()
}

#[actix_web::test]
async fn the_last_admins_deletion_hands_the_league_on_and_suspends_their_webhook() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob", "cat"], 500, json!({"ante": 5}), None)
        .await;
    let (ann, bob, cat) = (&players[0], &players[1], &players[2]);
    let receiver = crate::webhooks::Receiver::start(0);
    let hook = crate::webhooks::subscribe(&app, ann, &league, &receiver, &["turn.started"]).await;
    let hook_id = hook["id"].as_str().expect("id").to_owned();
    // Ann stands up and deletes her account; bob joined first of the others.
    app.call(
        Method::DELETE,
        &format!("/v1/tables/{table}/seats/me"),
        Some(&ann.token),
        None,
    )
    .await
    .ok();
    assert_eq!(delete_account(&app, ann).await, 204);

    // Bob is the admin now: he approves, rotates, lists webhooks, promotes.
    let hooks_path = format!("/v1/leagues/{league}/webhooks");
    let hooks = app.get(&hooks_path, bob).await.ok();
    assert_eq!(hooks[0]["id"], hook_id.as_str());
    assert_eq!(hooks[0]["active"], false, "{hooks}");
    assert_eq!(hooks[0]["created_by"], ann.id.as_str());
    app.post(&format!("/v1/leagues/{league}/invite-code"), bob, json!({}))
        .await
        .ok();
    app.post(
        &format!("/v1/leagues/{league}/admins"),
        bob,
        json!({"player_id": cat.id}),
    )
    .await
    .ok();
    let kinds: Vec<(String, Value)> = history(&app, &league, cat)
        .await
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap_or("").to_owned(),
                e["player_id"].clone(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("member_deleted".to_owned(), json!(ann.id)),
            ("admin_handed_on".to_owned(), json!(bob.id)),
            ("admin_promoted".to_owned(), json!(cat.id)),
        ]
    );

    // Nothing is sent to the deleted admin's endpoint while it is suspended.
    app.start_hand(&table, bob).await.ok();
    play_out(&app, &table, &[bob, cat]).await;
    actix_web::rt::time::sleep(Duration::from_secs(1)).await;
    assert!(receiver.got().is_empty(), "{:?}", receiver.got());
    // An active endpoint is not taken over; a suspended one is, with a new secret.
    let taken = app
        .post(&format!("{hooks_path}/{hook_id}/take-over"), bob, json!({}))
        .await
        .ok();
    assert_eq!(taken["active"], true);
    assert_eq!(taken["created_by"], bob.id.as_str());
    let secret = taken["secret"].as_str().expect("a new secret");
    assert_ne!(secret, hook["secret"].as_str().expect("old secret"));
    *receiver.secret.lock().expect("lock") = secret.to_owned();
    app.post(&format!("{hooks_path}/{hook_id}/take-over"), cat, json!({}))
        .await
        .problem(409, "webhook_active");
    app.start_hand(&table, bob).await.ok();
    receiver
        .until("a turn after the take-over", |got| !got.is_empty())
        .await;
    assert_eq!(receiver.bad.load(std::sync::atomic::Ordering::SeqCst), 0);
    let last = history(&app, &league, bob).await;
    assert_eq!(last.last().expect("entry")["kind"], "webhook_taken_over");
}

#[actix_web::test]
async fn a_league_left_with_no_human_member_closes_and_returns_its_pots() {
    let app = TestApp::start().await;
    let ([dan, ann, bob, cat], league, table) = app.carried_pot().await;
    let code = app.get(&format!("/v1/leagues/{league}"), &dan).await.ok()["invite_code"]
        .as_str()
        .expect("code")
        .to_owned();
    for p in [&ann, &bob, &cat] {
        assert_eq!(delete_account(&app, p).await, 204);
    }
    // Dan, the last human, goes too: the league closes.
    let eve = app.register("eve").await;
    assert_eq!(delete_account(&app, &dan).await, 204);
    let pot = app
        .sql_number(&format!(
            "SELECT coalesce(sum(balance), 0)::bigint AS n FROM balances \
             WHERE account = 'pot:{table}'"
        ))
        .await;
    assert_eq!(pot, 0, "the pot was returned");
    let returned = app
        .sql_number(&format!(
            "SELECT coalesce(sum(amount), 0)::bigint AS n FROM ledger \
             WHERE table_id = '{table}' AND reason = 'pot_returned'"
        ))
        .await;
    assert_eq!(returned, 16);
    let sum = app
        .sql_number(&format!(
            "SELECT coalesce(sum(balance), 0)::bigint AS n FROM balances \
             WHERE league_id = '{league}'"
        ))
        .await;
    assert_eq!(sum, 0);
    let closed = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM leagues WHERE id = '{league}' AND closed_at IS NOT NULL"
        ))
        .await;
    assert_eq!(closed, 1);
    let tables_open = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM tables WHERE league_id = '{league}' AND closed_at IS NULL"
        ))
        .await;
    assert_eq!(tables_open, 0);
    let said = app
        .sql_number(&format!(
            "SELECT count(*) AS n FROM league_history WHERE league_id = '{league}' \
             AND kind = 'league_closed'"
        ))
        .await;
    assert_eq!(said, 1);
    app.post(
        &format!("/v1/leagues/{league}/members"),
        &eve,
        json!({"invite_code": code}),
    )
    .await
    .problem(409, "league_closed");
}

#[actix_web::test]
async fn two_admins_deleted_at_once_leave_the_league_an_admin() {
    let database = fresh_database().await;
    let one = TestApp::on_database(database.clone(), config(true));
    let two = TestApp::on_database(database, config(true));
    let mut handed = 0;
    for round in 0..5 {
        let ann = one.register(&format!("ann{round}")).await;
        let bob = one.register(&format!("bob{round}")).await;
        let cat = one.register(&format!("cat{round}")).await;
        let league = one.league(&ann, &[&bob, &cat], 100).await;
        one.post(
            &format!("/v1/leagues/{league}/admins"),
            &ann,
            json!({"player_id": bob.id}),
        )
        .await
        .ok();
        let (a, b) = tokio::join!(delete_account(&one, &ann), delete_account(&two, &bob));
        assert_eq!((a, b), (204, 204));
        let admins = one
            .sql_number(&format!(
                "SELECT count(*) AS n FROM memberships m JOIN players p ON p.id = m.player_id \
                 WHERE m.league_id = '{league}' AND m.role = 'admin' AND p.deleted_at IS NULL"
            ))
            .await;
        assert_eq!(admins, 1, "round {round}");
        one.post(
            &format!("/v1/leagues/{league}/invite-code"),
            &cat,
            json!({}),
        )
        .await
        .ok();
        handed += 1;
    }
    assert_eq!(handed, 5);
}
