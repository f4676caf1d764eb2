//! No endpoint shows a viewer a card they may not know while the hand is in play: other
//! players' hands and discards, and the stock, stay hidden from every seated player and
//! from a league member watching; the face-up trump card and the cards played to tricks are
//! public. A non-member sees nothing.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::support::{Player, TestApp, deck};

fn all_cards() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for rank in [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ] {
        for suit in ["C", "D", "H", "S"] {
            out.insert(format!("{rank}{suit}"));
        }
    }
    out
}

fn set(cards: &[&str]) -> BTreeSet<String> {
    cards.iter().map(|c| (*c).to_owned()).collect()
}

/// Asserts that no card of `secret` appears as a JSON string anywhere in `body`.
#[track_caller]
fn no_secret(body: &Value, secret: &BTreeSet<String>, what: &str) {
    let text = body.to_string();
    for card in secret {
        assert!(
            !text.contains(&format!("\"{card}\"")),
            "{what} shows the secret card {card}: {text}"
        );
    }
}

/// What each viewer may know at one moment of the hand.
struct Knowledge {
    public: BTreeSet<String>,
    /// By viewer name: their own dealt and drawn cards.
    own: Vec<(String, BTreeSet<String>)>,
}

impl Knowledge {
    fn secret_for(&self, who: &Player) -> BTreeSet<String> {
        let mut known = self.public.clone();
        if let Some((_, own)) = self.own.iter().find(|(name, _)| *name == who.name) {
            known.extend(own.iter().cloned());
        }
        all_cards().difference(&known).cloned().collect()
    }
}

/// Every reading endpoint, for every viewer, hides what that viewer may not know.
async fn check_everyone(
    app: &TestApp,
    table: &str,
    viewers: &[&Player],
    k: &Knowledge,
    stage: &str,
) {
    for who in viewers {
        let secret = k.secret_for(who);
        let view = app.view(table, who).await;
        no_secret(
            &view,
            &secret,
            &format!("{stage}: GET table for {}", who.name),
        );
        // The positive control: a seated viewer does see their own hand.
        for card in view["my_hand"].as_array().into_iter().flatten() {
            assert!(!secret.contains(card.as_str().unwrap_or("")), "{stage}");
        }
        let events = app
            .get(&format!("/v1/tables/{table}/events?after=0"), who)
            .await
            .ok();
        assert!(events.as_array().is_some_and(|e| !e.is_empty()));
        no_secret(
            &events,
            &secret,
            &format!("{stage}: events for {}", who.name),
        );
        let me = app.get("/v1/players/me", who).await.ok();
        no_secret(&me, &secret, &format!("{stage}: me for {}", who.name));
        let turns = app.get("/v1/players/me/turns", who).await.ok();
        no_secret(&turns, &secret, &format!("{stage}: turns for {}", who.name));
    }
}

#[actix_web::test]
async fn secrets_no_endpoint_shows_a_card_the_viewer_may_not_know() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let cat = app.register("cat").await;
    let dan = app.register("dan").await;
    let eve = app.register("eve").await;
    let league = app.league(&ann, &[&bob, &cat, &dan], 100).await;
    app.league(&eve, &[], 100).await;
    // Ann deals; from her left: bob, cat, ann. Trump clubs, KC face up.
    let bob_dealt = ["AS", "KS", "QS", "2D", "3D"];
    let cat_dealt = ["2S", "3S", "4S", "5H", "4D"];
    let ann_dealt = ["5S", "6S", "7S", "AH", "KC"];
    let d = deck(&[&bob_dealt, &cat_dealt, &ann_dealt], &["7H", "8D", "6D"]);
    let table = app
        .table(&ann, &league, json!({"ante": 5}), Some(json!([d])))
        .await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &bob, 1).await;
    app.sit(&table, &cat, 2).await;
    let viewers = [&ann, &bob, &cat, &dan];

    // A non-member sees neither the table nor its events.
    app.get(&format!("/v1/tables/{table}"), &eve)
        .await
        .problem(403, "not_a_member");
    app.get(&format!("/v1/tables/{table}/events"), &eve)
        .await
        .problem(403, "not_a_member");

    let mut k = Knowledge {
        public: set(&["KC"]),
        own: vec![
            ("ann".to_owned(), set(&ann_dealt)),
            ("bob".to_owned(), set(&bob_dealt)),
            ("cat".to_owned(), set(&cat_dealt)),
        ],
    };
    let started = app.start_hand(&table, &bob).await.ok();
    no_secret(&started, &k.secret_for(&bob), "start response to bob");
    assert_eq!(started["trump"]["card"], "KC");
    check_everyone(&app, &table, &viewers, &k, "dealt").await;

    // Bob discards 2D 3D and draws 7H 8D: his discards and draw are his alone.
    let v = app.declare(&table, &bob, true, &["2D", "3D"]).await.ok();
    k.own[1].1.extend(set(&["7H", "8D"]));
    no_secret(&v, &k.secret_for(&bob), "declare response to bob");
    assert_eq!(v["my_discards"], json!(["2D", "3D"]));
    check_everyone(&app, &table, &viewers, &k, "bob drew").await;

    let v = app.declare(&table, &cat, true, &["4D"]).await.ok();
    k.own[2].1.extend(set(&["6D"]));
    no_secret(&v, &k.secret_for(&cat), "declare response to cat");
    let v = app.declare(&table, &ann, true, &[]).await.ok();
    no_secret(&v, &k.secret_for(&ann), "declare response to ann");
    assert_eq!(v["phase"], "play");
    check_everyone(&app, &table, &viewers, &k, "play begins").await;

    // Cards played to a trick become public, one by one.
    for (who, card) in [(&bob, "AS"), (&cat, "2S"), (&ann, "5S"), (&bob, "KS")] {
        let v = app.play(&table, who, card).await.ok();
        k.public.insert(card.to_owned());
        no_secret(
            &v,
            &k.secret_for(who),
            &format!("play response to {}", who.name),
        );
        check_everyone(&app, &table, &viewers, &k, &format!("after {card}")).await;
    }
    // The watcher sees the trick and the face-up card, but no hand.
    let watcher = app.view(&table, &dan).await;
    assert_eq!(watcher["my_seat"], Value::Null);
    assert_eq!(watcher["my_hand"], json!([]));
    assert_eq!(watcher["current_trick"]["plays"][0]["card"], "KS");
    assert_eq!(watcher["trump"]["card"], "KC");
    assert_eq!(watcher["seats"][1]["card_count"], 3);
    assert_eq!(watcher["seats"][1]["discard_count"], 2);
}
