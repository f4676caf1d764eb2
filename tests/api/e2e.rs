//! Four full hands over HTTP with fixed decks: declarations with discards, every card
//! played, and after every hand the balances, the pot, the exemptions from the next ante
//! (R10c, R10d), the bourré payments (R10c, capped by `pot_limit`), a split pot carried
//! over (R10b) and won later, `last_hand`, the dealer's rotation (R2a) and conservation
//! (R10e). Every number below is worked out by hand from the rules (docs/rules.md).

use serde_json::{Value, json};

use crate::support::{Player, TestApp, deck};

const START: i64 = 100;

/// The amount listed for `seat` in a settlement list (`tricks`, `payouts`, `bourre`).
fn amount(list: &Value, seat: u64) -> Option<i64> {
    list.as_array()?
        .iter()
        .find(|e| e["seat"] == seat)
        .and_then(|e| e["amount"].as_i64())
}

fn seats(list: &Value) -> Vec<u64> {
    let mut out: Vec<u64> = list
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    out.sort_unstable();
    out
}

struct Game<'a> {
    app: &'a TestApp,
    table: String,
    league: String,
    /// By seat: ann 0, bob 1, cat 2.
    players: [&'a Player; 3],
}

impl Game<'_> {
    async fn declare(&self, who: &Player, play: bool, discard: &[&str]) -> Value {
        self.app.declare(&self.table, who, play, discard).await.ok()
    }

    /// Plays every `(player, card)` in order; returns the last response.
    async fn plays(&self, plays: &[(&Player, &str)]) -> Value {
        let mut last = Value::Null;
        for (who, card) in plays {
            last = self.app.play(&self.table, who, card).await.ok();
        }
        last
    }

    /// Balances by seat (from `GET /v1/players/me` and from the table view) and the pot
    /// are as expected, and the chips add up to what the league handed out (R10e).
    async fn chips(&self, balances: [i64; 3], pot: i64) {
        for (seat, who) in self.players.iter().enumerate() {
            assert_eq!(
                self.app.balance(who, &self.league).await,
                balances[seat],
                "balance of seat {seat}"
            );
        }
        let view = self.app.view(&self.table, self.players[0]).await;
        assert_eq!(view["pot"], pot, "pot: {view}");
        for (seat, expected) in balances.iter().enumerate() {
            assert_eq!(view["seats"][seat]["seat"], seat as u64);
            assert_eq!(view["seats"][seat]["balance"], *expected, "seat {seat}");
        }
        assert_eq!(balances.iter().sum::<i64>() + pot, 3 * START, "R10e");
    }
}

#[actix_web::test]
async fn e2e_four_hands_bourre_split_pot_exemptions_and_rotation() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let cat = app.register("cat").await;
    let league = app.league(&ann, &[&bob, &cat], START).await;

    // Hand 1: ann (seat 0) deals; from her left: bob, cat, ann. Trump: clubs (KC up).
    let d1 = deck(
        &[
            &["AS", "KS", "QS", "2D", "3D"],
            &["2S", "3S", "4S", "5H", "4D"],
            &["5S", "6S", "7S", "AH", "KC"],
        ],
        &["7H", "8D", "6D"],
    );
    // Hand 2: bob (seat 1) deals; from his left: cat, ann, bob. Trump: hearts (2H up,
    // which bob discards: the suit stays trump).
    let d2 = deck(
        &[
            &["AD", "4S", "7S", "3C", "9D"],
            &["2D", "AS", "KS", "2C", "10D"],
            &["3D", "5S", "6S", "AC", "2H"],
        ],
        &["4C", "5C", "KC"],
    );
    // Hand 3: cat (seat 2) deals; from her left: ann, bob, cat. Trump: diamonds (9D up).
    let d3 = deck(
        &[
            &["AS", "KS", "QS", "2H", "10C"],
            &["2S", "4S", "6S", "3H", "JC"],
            &["3S", "5S", "7S", "AH", "9D"],
        ],
        &["2C", "4C"],
    );
    // Hand 4: ann deals again; from her left: bob, cat, ann. Trump: hearts (3H up).
    let d4 = deck(
        &[
            &["5D", "6D", "7D", "8D", "9D"],
            &["AS", "KS", "QS", "2C", "10D"],
            &["2S", "3S", "4S", "9C", "3H"],
        ],
        &["3C", "AC"],
    );
    let table = app
        .table(
            &ann,
            &league,
            json!({"ante": 5, "pot_limit": 20}),
            Some(json!([d1, d2, d3, d4])),
        )
        .await;
    app.sit(&table, &ann, 0).await;
    app.sit(&table, &bob, 1).await;
    app.sit(&table, &cat, 2).await;
    let g = Game {
        app: &app,
        table: table.clone(),
        league: league.clone(),
        players: [&ann, &bob, &cat],
    };
    g.chips([START, START, START], 0).await;

    // ---- Hand 1 ------------------------------------------------------------------
    // Everyone antes 5: pot 15, balances 95 each.
    let view = app.start_hand(&table, &cat).await.ok();
    assert_eq!(view["hand_no"], 1);
    assert_eq!(view["dealer_seat"], 0, "R2a: the lowest seat deals first");
    assert_eq!(view["trump"], json!({"suit": "C", "card": "KC"}));
    assert_eq!(view["to_act"]["seat"], 1);
    assert_eq!(view["last_hand"], Value::Null);
    g.chips([95, 95, 95], 15).await;

    let v = g.declare(&bob, true, &["2D", "3D"]).await;
    let mut mine: Vec<String> = v["my_hand"]
        .as_array()
        .expect("hand")
        .iter()
        .filter_map(|c| c.as_str().map(str::to_owned))
        .collect();
    mine.sort();
    assert_eq!(
        mine,
        ["7H", "8D", "AS", "KS", "QS"],
        "R6: 7H and 8D off the stock"
    );
    let v = g.declare(&cat, true, &["4D"]).await;
    assert_eq!(v["stock_count"], 52 - 15 - 3);
    let v = g.declare(&ann, true, &[]).await;
    assert_eq!(v["phase"], "play");
    assert_eq!(
        v["to_act"]["seat"], 1,
        "R9: first at the dealer's left leads"
    );
    g.plays(&[
        (&bob, "AS"),
        (&cat, "2S"),
        (&ann, "5S"),
        (&bob, "KS"),
        (&cat, "3S"),
        (&ann, "6S"),
        (&bob, "QS"),
        (&cat, "4S"),
        (&ann, "7S"),
        (&bob, "7H"),
        (&cat, "5H"),
        (&ann, "AH"),
        (&ann, "KC"),
        (&bob, "8D"),
    ])
    .await;
    let v = g.plays(&[(&cat, "6D")]).await;
    // Bob 3 tricks, ann 2, cat 0: bob wins 15 (R10a); cat is bourré and pays the pot,
    // 15 (under the limit of 20), which waits in the pot; cat skips the next ante.
    assert_eq!(v["phase"], "complete");
    assert_eq!(v["status"], "waiting");
    let last = &v["last_hand"];
    assert_eq!(last["outcome"], json!({"type": "won", "seat": 1}));
    assert_eq!(last["pot"], 15);
    assert_eq!(amount(&last["tricks"], 1), Some(3));
    assert_eq!(amount(&last["tricks"], 0), Some(2));
    assert_eq!(amount(&last["tricks"], 2), Some(0));
    assert_eq!(amount(&last["payouts"], 1), Some(15));
    assert_eq!(last["payouts"].as_array().map(Vec::len), Some(1));
    assert_eq!(amount(&last["bourre"], 2), Some(15));
    assert_eq!(last["bourre"].as_array().map(Vec::len), Some(1));
    assert_eq!(last["carried"], 15);
    assert_eq!(seats(&last["exempt"]), [2]);
    g.chips([95, 110, 80], 15).await;

    // ---- Hand 2 ------------------------------------------------------------------
    // Bob deals (R2a). Ann and bob ante 5, cat is exempt (R10c): pot 15 + 10 = 25.
    let view = app.start_hand(&table, &ann).await.ok();
    assert_eq!(view["hand_no"], 2);
    assert_eq!(view["dealer_seat"], 1, "R2a: the deal passes left");
    assert_eq!(view["trump"], json!({"suit": "H", "card": "2H"}));
    assert_eq!(view["to_act"]["seat"], 2);
    assert_eq!(
        view["last_hand"],
        last.clone(),
        "last_hand is the previous hand's settlement"
    );
    g.chips([90, 105, 80], 25).await;

    g.declare(&cat, true, &["9D"]).await;
    g.declare(&ann, true, &["10D"]).await;
    let v = g.declare(&bob, true, &["2H"]).await;
    assert_eq!(
        v["trump"],
        json!({"suit": "H", "card": null}),
        "R4: the dealer discarded the upcard; hearts stay trump"
    );
    assert_eq!(v["to_act"]["seat"], 2);
    let v = g
        .plays(&[
            (&cat, "AD"),
            (&ann, "2D"),
            (&bob, "3D"),
            (&cat, "4S"),
            (&ann, "AS"),
            (&bob, "5S"),
            (&ann, "KS"),
            (&bob, "6S"),
            (&cat, "7S"),
            (&ann, "2C"),
            (&bob, "AC"),
            (&cat, "3C"),
            (&bob, "KC"),
            (&cat, "4C"),
            (&ann, "5C"),
        ])
        .await;
    // Cat 1 trick, ann 2, bob 2: a tie, the pot of 25 carries over (R10b); ann and bob
    // are exempt from the next ante (R10d); nobody is bourré.
    let last = &v["last_hand"];
    assert_eq!(last["outcome"]["type"], "split");
    assert_eq!(seats(&last["outcome"]["seats"]), [0, 1]);
    assert_eq!(last["pot"], 25);
    assert_eq!(amount(&last["tricks"], 2), Some(1));
    assert_eq!(amount(&last["tricks"], 0), Some(2));
    assert_eq!(amount(&last["tricks"], 1), Some(2));
    assert_eq!(last["payouts"], json!([]));
    assert_eq!(last["bourre"], json!([]));
    assert_eq!(last["carried"], 25);
    assert_eq!(seats(&last["exempt"]), [0, 1]);
    g.chips([90, 105, 80], 25).await;

    // ---- Hand 3 ------------------------------------------------------------------
    // Cat deals; only cat antes: pot 25 + 5 = 30.
    let view = app.start_hand(&table, &bob).await.ok();
    assert_eq!(view["hand_no"], 3);
    assert_eq!(view["dealer_seat"], 2);
    assert_eq!(view["trump"], json!({"suit": "D", "card": "9D"}));
    assert_eq!(view["to_act"]["seat"], 0);
    assert_eq!(view["last_hand"], last.clone());
    g.chips([90, 105, 75], 30).await;

    g.declare(&ann, true, &["10C"]).await;
    g.declare(&bob, true, &["JC"]).await;
    g.declare(&cat, true, &[]).await;
    let v = g
        .plays(&[
            (&ann, "AS"),
            (&bob, "2S"),
            (&cat, "3S"),
            (&ann, "KS"),
            (&bob, "4S"),
            (&cat, "5S"),
            (&ann, "QS"),
            (&bob, "6S"),
            (&cat, "7S"),
            (&ann, "2H"),
            (&bob, "3H"),
            (&cat, "AH"),
            (&cat, "9D"),
            (&ann, "2C"),
            (&bob, "4C"),
        ])
        .await;
    // Ann 3 tricks wins the 30 (the carried split pot with it); bob took none: bourré,
    // he pays the pot capped at pot_limit: 20, not 30 (R10c).
    let last = &v["last_hand"];
    assert_eq!(last["outcome"], json!({"type": "won", "seat": 0}));
    assert_eq!(last["pot"], 30);
    assert_eq!(amount(&last["tricks"], 0), Some(3));
    assert_eq!(amount(&last["tricks"], 1), Some(0));
    assert_eq!(amount(&last["tricks"], 2), Some(2));
    assert_eq!(amount(&last["payouts"], 0), Some(30));
    assert_eq!(amount(&last["bourre"], 1), Some(20));
    assert_eq!(last["bourre"].as_array().map(Vec::len), Some(1));
    assert_eq!(last["carried"], 20);
    assert_eq!(seats(&last["exempt"]), [1]);
    g.chips([120, 85, 75], 20).await;

    // ---- Hand 4 ------------------------------------------------------------------
    // The deal wraps to ann; ann and cat ante, bob is exempt: pot 20 + 10 = 30.
    let view = app.start_hand(&table, &cat).await.ok();
    assert_eq!(view["hand_no"], 4);
    assert_eq!(view["dealer_seat"], 0, "R2a: the deal wraps around");
    assert_eq!(view["trump"], json!({"suit": "H", "card": "3H"}));
    assert_eq!(view["to_act"]["seat"], 1);
    assert_eq!(view["last_hand"], last.clone());
    g.chips([115, 85, 70], 30).await;

    g.declare(&bob, false, &[]).await;
    g.declare(&cat, true, &["10D"]).await;
    let v = g.declare(&ann, true, &["9C"]).await;
    assert_eq!(v["to_act"]["seat"], 2, "R9: bob passed, cat leads");
    let v = g
        .plays(&[
            (&cat, "AS"),
            (&ann, "2S"),
            (&cat, "KS"),
            (&ann, "3S"),
            (&cat, "QS"),
            (&ann, "4S"),
            (&cat, "2C"),
            (&ann, "AC"),
            (&ann, "3H"),
            (&cat, "3C"),
        ])
        .await;
    // Cat 3, ann 2: cat wins 30; bob passed, so he neither plays nor pays (R5).
    let last = &v["last_hand"];
    assert_eq!(last["outcome"], json!({"type": "won", "seat": 2}));
    assert_eq!(last["pot"], 30);
    assert_eq!(amount(&last["tricks"], 2), Some(3));
    assert_eq!(amount(&last["tricks"], 0), Some(2));
    assert_eq!(amount(&last["tricks"], 1), None, "bob passed");
    assert_eq!(amount(&last["payouts"], 2), Some(30));
    assert_eq!(last["bourre"], json!([]));
    assert_eq!(last["carried"], 0);
    assert_eq!(seats(&last["exempt"]), Vec::<u64>::new());
    g.chips([115, 85, 100], 0).await;

    // Every seat sees the same finished hand; nobody is left to act.
    for who in [&ann, &bob, &cat] {
        let view = app.view(&table, who).await;
        assert_eq!(view["last_hand"], last.clone());
        assert_eq!(view["to_act"], Value::Null);
        assert_eq!(view["hand_no"], 4);
    }
    let turns = app.get("/v1/players/me/turns", &ann).await.ok();
    assert_eq!(turns, json!({"turns": [], "next_cursor": null}));
}
