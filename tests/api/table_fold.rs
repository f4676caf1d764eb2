//! A table is a fold of its events: for random sequences of table commands (sit, stand,
//! start, act, timeout, grant, client seed, close) sent through two server processes on
//! one database, the state folded from the stored events equals the state each process
//! keeps in memory and the stored projection (`bourre rebuild --check` finds nothing), and
//! no command leaves a table kept by the other process stale: after every command both
//! processes show every player the same table.

use awc::http::Method;
use bourre::app::table::event::TableEvent;
use bourre::app::table::state::{TableRow, TableState};
use bourre::app::table::view::table_view;
use bourre_store::events::EventRow;
use bourre_store::schema::{events, tables};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::support::{Player, TestApp};

/// One command, sent through process A or B.
#[derive(Debug, Clone)]
enum Command {
    Sit {
        who: usize,
        seat: Option<u8>,
    },
    Stand {
        who: usize,
    },
    Start {
        who: usize,
    },
    /// The player to act makes their `choice`-th legal move (modulo how many there are).
    Act {
        choice: usize,
    },
    /// The turn's deadline passes: the sweeper acts for the seats to act.
    Timeout,
    Grant {
        who: usize,
        amount: i64,
    },
    ClientSeed {
        who: usize,
        seed: u16,
    },
    Close,
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        3 => (0..4usize, proptest::option::of(0..4u8))
            .prop_map(|(who, seat)| Command::Sit { who, seat }),
        1 => (0..4usize).prop_map(|who| Command::Stand { who }),
        3 => (0..4usize).prop_map(|who| Command::Start { who }),
        10 => (0..8usize).prop_map(|choice| Command::Act { choice }),
        2 => Just(Command::Timeout),
        1 => (0..4usize, 1..30i64).prop_map(|(who, amount)| Command::Grant { who, amount }),
        1 => (0..4usize, any::<u16>()).prop_map(|(who, seed)| Command::ClientSeed { who, seed }),
        1 => Just(Command::Close),
    ]
}

/// The legal moves of the player to act, from their view.
fn moves(view: &Value) -> Vec<Value> {
    let legal = &view["legal"];
    match legal["action"].as_str() {
        Some("declare") => {
            let mut out = vec![json!({"type": "declare", "play": false})];
            if legal["can_play"] == true {
                out.push(json!({"type": "declare", "play": true, "discard": []}));
                if let Some(card) = view["my_hand"][0].as_str()
                    && legal["must_keep"] != card
                    && legal["max_discard"].as_u64().unwrap_or(0) > 0
                {
                    out.push(json!({"type": "declare", "play": true, "discard": [card]}));
                }
            }
            out
        }
        Some("draw") => vec![json!({"type": "draw", "discard": []})],
        Some("play") => legal["cards"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|card| json!({"type": "play", "card": card}))
            .collect(),
        _ => Vec::new(),
    }
}

async fn run(app: &TestApp, players: &[Player], league: &str, table: &str, command: &Command) {
    let path = |tail: &str| format!("/v1/tables/{table}{tail}");
    match command {
        Command::Sit { who, seat } => {
            let body = seat.map_or(json!({}), |s| json!({"seat": s}));
            app.post(&path("/seats"), &players[*who], body).await;
        }
        Command::Stand { who } => {
            let token = Some(players[*who].token.as_str());
            app.call(Method::DELETE, &path("/seats/me"), token, None)
                .await;
        }
        Command::Start { who } => {
            app.start_hand(table, &players[*who]).await;
        }
        Command::Act { choice } => {
            let view = app.view(table, &players[0]).await;
            let Some(actor) = view["to_act"]["player_id"].as_str() else {
                return;
            };
            let Some(who) = players.iter().find(|p| p.id == actor) else {
                return;
            };
            let mine = app.view(table, who).await;
            let options = moves(&mine);
            if !options.is_empty() {
                app.act(table, who, options[choice % options.len()].clone())
                    .await;
            }
        }
        Command::Timeout => {
            // Time passes: the deadline moves into the past (and the stamp with it, as it
            // would for any change to the row outside the log).
            app.sql(&format!(
                "UPDATE tables SET deadline = now() - interval '1 second', stamp = stamp + 1 \
                 WHERE id = '{table}' AND deadline IS NOT NULL"
            ))
            .await;
            for _ in 0..50 {
                let due = app
                    .sql_number(&format!(
                        "SELECT count(*) AS n FROM tables WHERE id = '{table}' \
                         AND deadline < now()"
                    ))
                    .await;
                if due == 0 {
                    break;
                }
                actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        }
        Command::Grant { who, amount } => {
            app.post(
                &format!("/v1/leagues/{league}/grants"),
                &players[0],
                json!({"player_id": players[*who].id, "amount": amount, "reason": "rebuy"}),
            )
            .await;
        }
        Command::ClientSeed { who, seed } => {
            let token = Some(players[*who].token.as_str());
            app.call(
                Method::PUT,
                &path("/seats/me/client-seed"),
                token,
                Some(json!({"seed": format!("s{seed}")})),
            )
            .await;
        }
        Command::Close => {
            app.post(&path("/close"), &players[0], json!({})).await;
        }
    }
}

/// What the log determines of a table's view: its view to nobody, without the names and
/// balances (from outside the log) and the deadline (from the clock).
fn shape(state: &TableState) -> Value {
    let mut view = serde_json::to_value(table_view(state, None)).expect("view");
    for seat in view["seats"].as_array_mut().into_iter().flatten() {
        seat["username"] = Value::Null;
        seat["balance"] = Value::Null;
    }
    for to_act in view["to_act_all"].as_array_mut().into_iter().flatten() {
        to_act["deadline"] = Value::Null;
    }
    view["to_act"] = Value::Null;
    let t = &state.table;
    let mut exempt = t.exempt.clone();
    exempt.sort_unstable();
    let seats: Vec<Value> = state
        .seats
        .iter()
        .map(|s| json!([s.seat, s.player_id, s.timeouts, s.client_seed]))
        .collect();
    json!({
        "view": view,
        "projection": [t.version, t.hand_no, t.hand_seq, t.in_hand, t.dealer, exempt,
                       t.to_act, t.closed_at.is_some()],
        "seats": seats,
    })
}

/// The table folded from every stored event, from its first, and its last event's hash.
async fn folded(db_url: &str, table: uuid::Uuid) -> (TableState, String) {
    let mut conn = AsyncPgConnection::establish(db_url).await.expect("db");
    let row: TableRow = tables::table
        .find(table)
        .select(TableRow::as_select())
        .first(&mut conn)
        .await
        .expect("table");
    let rows: Vec<EventRow> = events::table
        .filter(events::table_id.eq(table))
        .order(events::seq.asc())
        .select(EventRow::as_select())
        .load(&mut conn)
        .await
        .expect("events");
    let mut state = TableState::genesis(row).expect("genesis");
    for row in &rows {
        let event = TableEvent::decode(row.seq, &row.payload).expect("decodes");
        state.apply(row.seq, &event, row.created_at).expect("folds");
    }
    let last_hash = rows.last().map(|r| r.hash.clone()).expect("events");
    (state, last_hash)
}

async fn check_sequence(commands: Vec<(bool, Command)>) {
    let a = TestApp::start().await;
    let b = TestApp::on_database(a.db_url.clone(), crate::support::config(false));
    let mut players = Vec::new();
    for name in ["ann", "bob", "cat", "dan"] {
        players.push(a.register(name).await);
    }
    let others: Vec<&Player> = players[1..].iter().collect();
    let league = a.league(&players[0], &others, 30).await;
    let table = a
        .table(
            &players[0],
            &league,
            json!({"ante": 2, "max_players": 4}),
            None,
        )
        .await;
    let id: uuid::Uuid = table.parse().expect("table id");
    for (i, p) in players.iter().take(3).enumerate() {
        a.sit(&table, p, i as u8).await;
    }
    for (through_b, command) in &commands {
        let app = if *through_b { &b } else { &a };
        run(app, &players, &league, &table, command).await;
        for p in &players {
            let (via_a, via_b) = (
                a.get(&format!("/v1/tables/{table}"), p).await,
                b.get(&format!("/v1/tables/{table}"), p).await,
            );
            assert_eq!(via_a.status, 200, "after {command:?}: {}", via_a.body);
            assert_eq!(
                via_a.body, via_b.body,
                "after {command:?}, the two processes show {} different tables",
                p.name
            );
        }
    }
    let (folded, last_hash) = folded(&a.db_url, id).await;
    for process in [&a, &b] {
        let app = process.app.as_ref().expect("an in-process server");
        let kept = app.tables.latest(id).expect("a kept table");
        assert_eq!(
            shape(&kept),
            shape(&folded),
            "the kept state is the fold of the log"
        );
        assert_eq!(kept.last_hash, last_hash);
    }
    let pool = bourre_store::pool(&a.db_url, 2).expect("pool");
    let check = bourre::app::ops::rebuild::rebuild(&pool, false)
        .await
        .expect("rebuild");
    assert!(check.differences.is_empty(), "{:?}", check.differences);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn a_table_is_the_fold_of_its_events_in_every_process(
        commands in proptest::collection::vec((any::<bool>(), command()), 10..50)
    ) {
        actix_web::rt::System::new().block_on(check_sequence(commands));
    }
}
