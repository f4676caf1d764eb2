//! Every R9f refusal provoked over HTTP: 422 problem+json with the rule's code, and the
//! table's version unchanged afterwards (a refusal writes nothing).

use serde_json::{Value, json};

use crate::support::{Player, TestApp, deck};

/// Three players seated 0 (ann, the first dealer), 1 (bob), 2 (cat) at a table with
/// `rules` and one fixed deck; the hand is started.
async fn three_at_a_table(
    starting: i64,
    rules: Value,
    deck: Value,
) -> (TestApp, [Player; 3], String) {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let cat = app.register("cat").await;
    let league = app.league(&ann, &[&bob, &cat], starting).await;
    let table = app.table(&ann, &league, rules, Some(json!([deck]))).await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &bob, 1).await;
    app.sit(&table, &cat, 2).await;
    let view = app.start_hand(&table, &ann).await.ok();
    assert_eq!(view["dealer_seat"], 0);
    (app, [ann, bob, cat], table)
}

async fn version(app: &TestApp, table: &str, who: &Player) -> i64 {
    app.view(table, who).await["version"]
        .as_i64()
        .expect("version")
}

/// `who` tries `action`: refused with 422 `code`, and the table did not move.
async fn refused(app: &TestApp, table: &str, who: &Player, action: Value, code: &str) {
    let before = version(app, table, who).await;
    let reply = app.act(table, who, action.clone()).await;
    assert_eq!(reply.status, 422, "{action} -> {}", reply.body);
    reply.problem(422, code);
    assert_eq!(
        version(app, table, who).await,
        before,
        "{action} was refused yet the table moved"
    );
}

fn play(card: &str) -> Value {
    json!({"type": "play", "card": card})
}

fn declare(discard: &[&str]) -> Value {
    json!({"type": "declare", "play": true, "discard": discard})
}

fn pass() -> Value {
    json!({"type": "declare", "play": false})
}

/// Declaring: out of turn, in the wrong phase, discarding an absent card or too many
/// (R5b), and declaring play without covering the pot (R8a); after the hand, any action is
/// in the wrong phase.
#[actix_web::test]
async fn r9f_declaration_refusals_over_http() {
    // Ante 30 from 100: pot 90, every stack 70, so nobody covers a bourré payment of 90
    // (R8a) except by keeping the ace of trumps (hearts: ann's upcard 7H), which cat holds.
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["2D", "3D", "4D", "5D", "AH"],
            &["2S", "3S", "4S", "5S", "7H"],
        ],
        &[],
    );
    let (app, [ann, bob, cat], table) =
        three_at_a_table(100, json!({"ante": 30, "max_discard": 2}), d).await;
    refused(&app, &table, &cat, pass(), "not_your_turn").await;
    refused(&app, &table, &ann, declare(&[]), "not_your_turn").await;
    refused(&app, &table, &bob, play("2C"), "wrong_phase").await;
    refused(&app, &table, &bob, declare(&["KD"]), "card_not_in_hand").await;
    refused(
        &app,
        &table,
        &bob,
        declare(&["2C", "3C", "4C"]),
        "invalid_discard",
    )
    .await;
    refused(&app, &table, &bob, declare(&[]), "cannot_cover_pot").await;
    refused(&app, &table, &bob, declare(&["2C"]), "cannot_cover_pot").await;
    app.act(&table, &bob, pass()).await.ok();
    // Cat holds the ace of trumps: she may play keeping it, never discarding it.
    refused(&app, &table, &cat, declare(&["AH"]), "cannot_cover_pot").await;
    app.act(&table, &cat, declare(&["2D"])).await.ok();
    refused(&app, &table, &ann, declare(&[]), "cannot_cover_pot").await;
    let view = app.act(&table, &ann, pass()).await.ok();
    // R8: cat alone wins the pot of 90 without play.
    assert_eq!(view["phase"], "complete");
    assert_eq!(
        view["last_hand"]["outcome"],
        json!({"type": "uncontested", "seat": 2})
    );
    refused(&app, &table, &cat, play("AH"), "wrong_phase").await;
    refused(&app, &table, &bob, pass(), "wrong_phase").await;
}

/// R7, then the play: out of turn, absent cards, R9a (follow, head), R9b (trump,
/// overtrump), and declaring during the play.
#[actix_web::test]
async fn r9f_dealer_and_play_refusals_over_http() {
    // Ann deals with the ace of spades up: spades are trump and she must play (R7).
    let d = deck(
        &[
            &["AH", "5H", "2C", "10C", "4D"],
            &["5S", "2D", "3D", "5C", "6C"],
            &["8C", "9C", "9S", "3S", "AS"],
        ],
        &[],
    );
    let (app, [ann, bob, cat], table) = three_at_a_table(100, json!({"ante": 5}), d).await;
    app.act(&table, &bob, declare(&[])).await.ok();
    app.act(&table, &cat, declare(&[])).await.ok();
    refused(&app, &table, &ann, pass(), "dealer_must_play").await;
    let view = app.act(&table, &ann, declare(&[])).await.ok();
    assert_eq!(view["phase"], "play");

    refused(&app, &table, &cat, play("5S"), "not_your_turn").await;
    refused(&app, &table, &bob, play("KD"), "card_not_in_hand").await;
    refused(&app, &table, &bob, pass(), "wrong_phase").await;
    app.act(&table, &bob, play("5H")).await.ok();
    // Cat is void in hearts and holds a trump: she must trump (R9b).
    refused(&app, &table, &cat, play("2D"), "must_trump").await;
    refused(&app, &table, &cat, play("AH"), "card_not_in_hand").await;
    app.act(&table, &cat, play("5S")).await.ok();
    // Ann, void in hearts, holds trumps above the 5S: she must overtrump (R9b).
    refused(&app, &table, &ann, play("3S"), "must_overtrump").await;
    refused(&app, &table, &ann, play("8C"), "must_trump").await;
    app.act(&table, &ann, play("9S")).await.ok();
    // Ann won the trick and leads a club; bob holds 2C and 10C: follow and head (R9a).
    app.act(&table, &ann, play("8C")).await.ok();
    refused(&app, &table, &cat, play("5C"), "not_your_turn").await;
    refused(&app, &table, &bob, play("AH"), "must_follow_suit").await;
    refused(&app, &table, &bob, play("2C"), "must_head_trick").await;
    let view = app.act(&table, &bob, play("10C")).await.ok();
    assert_eq!(
        view["current_trick"]["plays"].as_array().map(Vec::len),
        Some(2)
    );
}

/// R9d over HTTP: a player with a cinch must play and lead the highest trump (or one
/// equivalent to it). `cinch_must_win_trick` is not provoked: under R9a/R9b the cards a
/// last player may play either all win the trick or all lose it, so no play can be refused
/// with it (the engine's rule tests say the same).
#[actix_web::test]
async fn r9f_cinch_refusals_over_http() {
    // Trump diamonds (ann's upcard 2D). Cat holds A K Q 5 of diamonds: three sure trump
    // tricks, a cinch from the start.
    let d = deck(
        &[
            &["KC", "QC", "JC", "8H", "9H"],
            &["AD", "KD", "QD", "5D", "7H"],
            &["2C", "3C", "4C", "10H", "2D"],
        ],
        &[],
    );
    let (app, [ann, bob, cat], table) = three_at_a_table(100, json!({"ante": 5}), d).await;
    for who in [&bob, &cat, &ann] {
        app.act(&table, who, declare(&[])).await.ok();
    }
    app.act(&table, &bob, play("KC")).await.ok();
    // Cat, void in clubs, must trump; with a cinch, with her highest trump or one
    // equivalent to it (A, K, Q), not the 5.
    refused(
        &app,
        &table,
        &cat,
        play("5D"),
        "cinch_must_play_highest_trump",
    )
    .await;
    refused(&app, &table, &cat, play("7H"), "must_trump").await;
    let view = app.act(&table, &cat, play("QD")).await.ok();
    assert_eq!(view["my_hand"].as_array().map(Vec::len), Some(4));
    // The trick is trumped: ann may play any club, but must play a club (R9a).
    refused(&app, &table, &ann, play("10H"), "must_follow_suit").await;
    app.act(&table, &ann, play("2C")).await.ok();
    // Cat won the trick: one trick plus A and K of trumps is still a cinch, so she must
    // lead her highest trump (K is equivalent to A).
    refused(
        &app,
        &table,
        &cat,
        play("7H"),
        "cinch_must_lead_highest_trump",
    )
    .await;
    refused(
        &app,
        &table,
        &cat,
        play("5D"),
        "cinch_must_lead_highest_trump",
    )
    .await;
    let view = app.act(&table, &cat, play("KD")).await.ok();
    assert_eq!(view["current_trick"]["plays"][0]["card"], "KD");
}
