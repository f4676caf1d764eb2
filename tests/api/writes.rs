//! A move is written whole or not at all: its events, its chips, its seats and the table's
//! row go in one statement, guarded by the table's version.

use bourre::app::table::pipeline::writes::{Writes, Written};
use bourre_store as store;
use bourre_store::events::{NewEvent, chain};
use bourre_store::ledger::{Account, Reason, Transfer};
use bourre_store::table_write::{self, Prepared, Projection, SeatChanges, TableWrite};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use futures_util::future::join_all;
use serde_json::json;
use uuid::Uuid;

use crate::support::{Player, TestApp, deck, next_move, play_out};

/// The pot's balance row goes missing mid-hand: the move that pays the pot out fails, and
/// leaves the log, the ledger, the balances and the table's row as they were. With the row
/// back, the same move goes through and the chips balance.
#[actix_web::test]
async fn a_move_whose_debit_finds_no_account_writes_nothing() {
    let app = TestApp::start().await;
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["7C", "8C", "9C", "10C", "2H"],
        ],
        &[],
    );
    let (players, league, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), Some(json!([d])))
        .await;
    app.start_hand(&table, &players[0]).await.ok();
    let pot = format!("pot:{table}");
    let in_pot = app
        .sql_number(&format!(
            "SELECT balance AS n FROM balances WHERE account = '{pot}'"
        ))
        .await;
    assert_eq!(in_pot, 10, "both antes are in the pot");
    // Behind the server's back, so the table is stamped: what the server kept is read again.
    let stamp = format!("UPDATE tables SET stamp = stamp + 1 WHERE id = '{table}'");
    app.sql(&format!("DELETE FROM balances WHERE account = '{pot}'"))
        .await;
    app.sql(&stamp).await;
    let ledger_rows = "SELECT count(*) AS n FROM ledger";
    let event_rows = format!("SELECT count(*) AS n FROM events WHERE table_id = '{table}'");
    // Bob, at the dealer's left, speaks first: his pass leaves Ann alone, and she wins the
    // pot outright (R8).
    let before = app.view(&table, &players[0]).await;
    assert_eq!(before["to_act"]["player_id"], players[1].id.as_str());
    let ledger_before = app.sql_number(ledger_rows).await;
    let pass = json!({"type": "declare", "play": false});
    app.act(&table, &players[1], pass.clone())
        .await
        .problem(500, "internal");
    let after = app.view(&table, &players[0]).await;
    assert_eq!(after, before, "the table is as it was");
    assert_eq!(app.sql_number(ledger_rows).await, ledger_before);
    assert_eq!(
        app.sql_number(&event_rows).await,
        before["version"].as_i64().expect("version"),
        "no event was appended"
    );
    app.sql(&format!(
        "INSERT INTO balances (league_id, account, balance) VALUES ('{league}', '{pot}', {in_pot})"
    ))
    .await;
    app.sql(&stamp).await;
    let ended = app.act(&table, &players[1], pass).await.ok();
    assert_eq!(ended["status"], "waiting", "{ended}");
    let total = app
        .sql_number(&format!(
            "SELECT sum(balance)::bigint AS n FROM balances WHERE league_id = '{league}'"
        ))
        .await;
    assert_eq!(total, 0, "the league's chips still sum to zero");
}

/// A grant moves a seated player's chips outside the table's log: the table's view shows it
/// at once, in every process (the grant stamps the table, so what a process kept of it is
/// read again).
#[actix_web::test]
async fn a_grant_to_a_seated_player_shows_in_the_table_at_once() {
    let app = TestApp::start().await;
    let (players, league, table) = app
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let bob_balance = |view: &serde_json::Value| {
        view["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .find(|s| s["player_id"] == players[1].id.as_str())
            .expect("bob's seat")["balance"]
            .clone()
    };
    let before = app.view(&table, &players[0]).await;
    assert_eq!(bob_balance(&before), 100);
    app.post(
        &format!("/v1/leagues/{league}/grants"),
        &players[0],
        json!({"player_id": players[1].id, "amount": 25, "reason": "rebuy"}),
    )
    .await
    .ok();
    let after = app.view(&table, &players[0]).await;
    assert_eq!(bob_balance(&after), 125);
    assert_eq!(after["version"], before["version"], "the log did not move");
}

/// An action is first tried on the table as this process kept it, and the write checks
/// that the table has not moved. When another process moved it, the kept state is stale:
/// a move it would refuse is decided again on the table as it is (and goes through), and a
/// move it would allow is refused as the table now stands.
#[actix_web::test]
async fn a_process_whose_kept_table_is_stale_decides_on_the_table_as_it_is() {
    let a = TestApp::start().await;
    let b = TestApp::on_database(a.db_url.clone(), crate::support::config(true));
    let d = deck(
        &[
            &["2C", "3C", "4C", "5C", "6C"],
            &["7C", "8C", "9C", "10C", "2H"],
        ],
        &[],
    );
    let (players, _, table) = a
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), Some(json!([d])))
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    let started = a.start_hand(&table, ann).await.ok();
    assert_eq!(started["to_act"]["player_id"], bob.id.as_str());
    // Process a keeps the table with bob to act; bob declares through process b.
    let play = json!({"type": "declare", "play": true, "discard": []});
    b.act(&table, bob, play.clone()).await.ok();
    // To process a it is still bob's turn, which would refuse ann: her declaration is
    // decided again on the table as it is, and goes through.
    let declared = a.act(&table, ann, play).await.ok();
    assert_eq!(
        declared["version"],
        started["version"].as_i64().expect("version") + 2
    );
    // The first card is played through process b; to process a it is still that
    // player's turn, but the same card again is refused as the table now stands.
    let refs: Vec<&Player> = players.iter().collect();
    let (leader, card) = next_move(&b, &table, &refs).await.expect("in play");
    b.act(&table, &leader, card.clone()).await.ok();
    a.act(&table, &leader, card)
        .await
        .problem(422, "not_your_turn");
}

/// Dealing follows the same rule: process a keeps the table in play while process b plays
/// the hand out. A's start, which its kept table would refuse (a hand in play), is decided
/// again on the table as it is and deals hand 2; b's start is then refused, the hand being
/// in play: a hand is dealt once.
#[actix_web::test]
async fn a_hand_dealt_through_a_stale_process_is_dealt_once() {
    let a = TestApp::start().await;
    let b = TestApp::on_database(a.db_url.clone(), crate::support::config(true));
    let (players, _, table) = a
        .seated(&["ann", "bob"], 100, json!({"ante": 5}), None)
        .await;
    let (ann, bob) = (&players[0], &players[1]);
    let first = a.start_hand(&table, ann).await.ok();
    assert_eq!(first["hand_no"], 1);
    play_out(&b, &table, &[ann, bob]).await;
    let dealt = a.start_hand(&table, ann).await.ok();
    assert_eq!(dealt["hand_no"], 2);
    assert_eq!(dealt["status"], "playing");
    b.start_hand(&table, bob)
        .await
        .problem(409, "hand_in_progress");
    assert_eq!(
        a.sql_number(&format!(
            "SELECT count(*) AS n FROM events WHERE table_id = '{table}' AND kind = 'hand_dealt'"
        ))
        .await,
        2
    );
}

/// A table's version and its last event's hash, read behind the server's back.
async fn head(app: &TestApp, table: &str) -> (i64, String) {
    #[derive(diesel::QueryableByName)]
    struct Head {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        version: i64,
        #[diesel(sql_type = diesel::sql_types::Text)]
        hash: String,
    }
    let mut conn = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    let head: Head = diesel::sql_query(format!(
        "SELECT t.version, e.hash FROM tables t \
         JOIN events e ON e.table_id = t.id AND e.seq = t.version WHERE t.id = '{table}'"
    ))
    .get_result(&mut conn)
    .await
    .expect("head");
    (head.version, head.hash)
}

/// Three tables with a hand in play (two players each), each with its version and its
/// last event's hash.
async fn three_tables(app: &TestApp) -> Vec<(Uuid, i64, String)> {
    let mut tables = Vec::new();
    for pair in [["ann", "bob"], ["cat", "dan"], ["eve", "fay"]] {
        let (players, _, table) = app.seated(&pair, 100, json!({"ante": 1}), None).await;
        app.start_hand(&table, &players[0]).await.ok();
        let (version, hash) = head(app, &table).await;
        tables.push((table.parse().expect("table id"), version, hash));
    }
    tables
}

/// An event at `table`'s next seq (after `version`), behind the table's back: the next
/// move's insert there fails.
async fn take_next_seq(app: &TestApp, table: Uuid, version: i64) {
    app.sql(&format!(
        "INSERT INTO events (table_id, seq, hand_no, kind, payload, prev_hash, hash) \
         VALUES ('{table}', {}, 1, 'test_marker', '{{}}', '', '')",
        version + 1
    ))
    .await;
}

/// A plain move (one event, no chips, no seats) at `table`, decided on `version`.
fn marker(table: Uuid, version: i64, hash: &str) -> Prepared {
    paying(table, version, hash, &[])
}

/// A move at `table`, decided on `version`, that appends one event and makes `transfers`.
fn paying(table: Uuid, version: i64, hash: &str, transfers: &[Transfer]) -> Prepared {
    let events = [NewEvent {
        hand_no: 1,
        kind: "test_marker",
        payload: json!({"type": "test_marker"}),
    }];
    let league_id = transfers.first().map_or(Uuid::nil(), |t| t.league_id);
    Prepared::new(&TableWrite {
        table_id: table,
        league_id,
        version,
        events: &events,
        chained: &chain(version, hash, &events),
        transfers,
        ended: &[],
        projection: Projection {
            to_act: &[],
            deadline: None,
            in_hand: true,
            exempt: &[],
            next_seed: &[7; 32],
            new_hand: None,
            closed_at: None,
        },
        seats: &SeatChanges::default(),
        stamp_seated: &[],
        unchecked: None,
        notices: &[],
    })
}

/// Plain moves at several tables go in one statement, each with its own outcome: a move
/// decided on a version its table left is not applied, the others are. A statement that
/// fails writes none of them.
#[actix_web::test]
async fn plain_moves_written_in_one_statement_keep_their_own_outcomes() {
    let app = TestApp::start().await;
    let [(a, va, ha), (b, vb, hb), (c, vc, hc)]: [(Uuid, i64, String); 3] =
        three_tables(&app).await.try_into().expect("three tables");
    let mut conn = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    let moves = [
        marker(a, va, &ha),
        marker(b, vb - 1, &hb),
        marker(c, vc, &hc),
    ];
    let outcomes = table_write::run_plain(&mut conn, &moves.iter().collect::<Vec<_>>())
        .await
        .expect("written");
    let seqs: Vec<Option<i64>> = outcomes
        .iter()
        .map(|o| o.as_ref().map(|rows| rows[0].0))
        .collect();
    assert_eq!(seqs, [Some(va + 1), None, Some(vc + 1)]);
    assert_eq!(head(&app, &a.to_string()).await.0, va + 1);
    assert_eq!(head(&app, &b.to_string()).await, (vb, hb.clone()));
    assert_eq!(head(&app, &c.to_string()).await.0, vc + 1);

    // An event already at B's next seq, behind the table's back: B's insert fails, and
    // with it the whole statement.
    take_next_seq(&app, b, vb).await;
    let (va, ha) = head(&app, &a.to_string()).await;
    let moves = [marker(a, va, &ha), marker(b, vb, &hb)];
    let failed = table_write::run_plain(&mut conn, &moves.iter().collect::<Vec<_>>()).await;
    assert!(
        failed.as_ref().is_err_and(|e| e.is_unique_violation()),
        "{failed:?}"
    );
    assert_eq!(
        head(&app, &a.to_string()).await,
        (va, ha),
        "A was not written"
    );
}

/// Moves queued at once are committed together where they can be, and each request gets
/// its own move's outcome: of two moves on one version of a table one is applied; a move
/// that fails fails alone, the others are written.
#[actix_web::test]
async fn queued_moves_each_get_their_own_outcome() {
    let app = TestApp::start().await;
    let [(a, va, ha), (b, vb, hb), (c, vc, hc)]: [(Uuid, i64, String); 3] =
        three_tables(&app).await.try_into().expect("three tables");
    take_next_seq(&app, b, vb).await;
    let writes = Writes::new(store::pool(&app.db_url, 4).expect("pool"), 4);
    let moves = [
        marker(a, va, &ha),
        marker(b, vb, &hb),
        marker(c, vc, &hc),
        marker(a, va, &ha),
    ];
    let outcomes = join_all(moves.into_iter().map(|m| writes.submit(m))).await;
    assert!(
        outcomes[1].as_ref().is_err_and(|e| e.is_unique_violation()),
        "{:?}",
        outcomes[1]
    );
    let applied = |i: usize| matches!(&outcomes[i], Ok(Some(_)));
    assert!(applied(2), "{:?}", outcomes[2]);
    assert!(
        applied(0) != applied(3),
        "one move on A's version: {outcomes:?}"
    );
    assert!(outcomes[0].is_ok() && outcomes[3].is_ok(), "{outcomes:?}");
    assert_eq!(head(&app, &a.to_string()).await.0, va + 1);
    assert_eq!(head(&app, &c.to_string()).await.0, vc + 1);
    assert_eq!(
        app.sql_number(&format!("SELECT version AS n FROM tables WHERE id = '{b}'"))
            .await,
        vb,
        "B did not move"
    );
}

/// How many transactions last wrote these tables' rows.
async fn writers(app: &TestApp, tables: &[Uuid]) -> i64 {
    let ids: Vec<String> = tables.iter().map(|t| format!("'{t}'")).collect();
    app.sql_number(&format!(
        "SELECT count(DISTINCT xmin::text) AS n FROM tables WHERE id IN ({})",
        ids.join(", ")
    ))
    .await
}

/// One chip from `table`'s pot to the treasury.
fn payout(league: Uuid, table: Uuid) -> Transfer {
    Transfer {
        league_id: league,
        from_account: Account::Pot(table),
        to_account: Account::Treasury,
        amount: 1,
        reason: Reason::PotReturned,
        table_id: Some(table),
        hand_no: Some(1),
        event_seq: None,
        note: None,
    }
}

/// A chip from the treasury into `table`'s pot: a transfer outside the table's moves.
fn into_pot(league: Uuid, table: Uuid) -> Transfer {
    Transfer {
        league_id: league,
        from_account: Account::Treasury,
        to_account: Account::Pot(table),
        amount: 1,
        reason: Reason::Grant,
        table_id: Some(table),
        hand_no: None,
        event_seq: None,
        note: Some("a test's chip".into()),
    }
}

/// Plain moves at the first and last tables and a payout at the middle one (see [`payout`]),
/// each decided on its table's head, queued at once.
async fn plain_paying_plain(
    writes: &Writes,
    league: Uuid,
    heads: &[(Uuid, i64, String); 3],
) -> Vec<Written> {
    let [(a, va, ha), (b, vb, hb), (c, vc, hc)] = heads;
    let moves = [
        marker(*a, *va, ha),
        paying(*b, *vb, hb, &[payout(league, *b)]),
        marker(*c, *vc, hc),
    ];
    join_all(moves.into_iter().map(|m| writes.submit(m))).await
}

/// A queued batch is one transaction, moves that move chips included: plain moves at two
/// tables and a payout at a third all commit at once. When one of its statements fails,
/// nothing of the batch is written by it, and each move is written again alone.
#[actix_web::test]
async fn a_batch_with_chips_commits_once_and_falls_back_to_moves_alone() {
    let app = TestApp::start().await;
    let tables: [(Uuid, i64, String); 3] =
        three_tables(&app).await.try_into().expect("three tables");
    let [a, b, c] = [tables[0].0, tables[1].0, tables[2].0];
    let league = league_of(&app, b).await;
    let balance = async |table: Uuid| {
        app.sql_number(&format!(
            "SELECT balance AS n FROM balances WHERE account = 'pot:{table}'"
        ))
        .await
    };
    let in_pot = balance(b).await;
    assert_eq!(in_pot, 2, "both antes");
    let writes = Writes::new(store::pool(&app.db_url, 4).expect("pool"), 4);
    let outcomes = plain_paying_plain(&writes, league, &tables).await;
    assert!(
        outcomes.iter().all(|o| matches!(o, Ok(Some(_)))),
        "{outcomes:?}"
    );
    assert_eq!(balance(b).await, in_pot - 1, "the payout was made");
    assert_eq!(writers(&app, &[a, b, c]).await, 1, "one transaction");

    // B's next seq taken behind its back: B's statement fails, the batch is written again
    // move by move, and A and C go through alone.
    let mut heads = Vec::new();
    for t in [a, b, c] {
        let (version, hash) = head(&app, &t.to_string()).await;
        heads.push((t, version, hash));
    }
    let heads: [(Uuid, i64, String); 3] = heads.try_into().expect("three heads");
    take_next_seq(&app, b, heads[1].1).await;
    let outcomes = plain_paying_plain(&writes, league, &heads).await;
    assert!(
        outcomes[1].as_ref().is_err_and(|e| e.is_unique_violation()),
        "{:?}",
        outcomes[1]
    );
    assert!(matches!(&outcomes[0], Ok(Some(_))), "{:?}", outcomes[0]);
    assert!(matches!(&outcomes[2], Ok(Some(_))), "{:?}", outcomes[2]);
    assert_eq!(balance(b).await, in_pot - 1, "no second payout");
    assert_eq!(head(&app, &a.to_string()).await.0, heads[0].1 + 1);
    assert_eq!(head(&app, &c.to_string()).await.0, heads[2].1 + 1);
    assert_eq!(writers(&app, &[a, c]).await, 2, "each alone");
    assert_eq!(
        app.sql_number(&format!(
            "SELECT coalesce(sum(balance), 0) AS n FROM balances WHERE league_id = '{league}'"
        ))
        .await,
        0,
        "the league's chips still sum to zero"
    );
}

/// Transfers outside a table's moves (grants, removals) stamp the tables whose
/// balances they move, taking those rows in ascending order, as every writer does: while
/// another transaction holds the higher of two such tables, the stamping holds the lower
/// one and waits, even when the higher one comes first on disk. (Taken in the order found,
/// it would wait holding nothing, and a writer locking both in order would deadlock with it.)
#[actix_web::test]
async fn transfers_outside_moves_take_table_rows_in_order() {
    let app = TestApp::start().await;
    let ann = app.register("ann").await;
    let league = app.league(&ann, &[], 100).await;
    let mut tables: Vec<Uuid> = Vec::new();
    // Two tables of the league of which the higher id lies first on disk.
    let (high, low) = loop {
        let table = app.table(&ann, &league, json!({"ante": 1}), None).await;
        tables.push(table.parse().expect("table id"));
        let on_disk = order_on_disk(&app, &tables).await;
        let pair = on_disk.iter().enumerate().find_map(|(i, first)| {
            on_disk[i + 1..]
                .iter()
                .find(|t| *t < first)
                .map(|t| (*first, *t))
        });
        if let Some(pair) = pair {
            break pair;
        }
    };
    let league: Uuid = league.parse().expect("league id");
    let mut holder = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    let mut conn = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    diesel::sql_query("BEGIN")
        .execute(&mut holder)
        .await
        .expect("begin");
    diesel::sql_query(format!(
        "SELECT 1 FROM tables WHERE id = '{high}' FOR UPDATE"
    ))
    .execute(&mut holder)
    .await
    .expect("lock the higher table");
    let stamping = actix_web::rt::spawn(async move {
        let transfers = [into_pot(league, low), into_pot(league, high)];
        bourre_store::ledger::record(&mut conn, &transfers).await
    });
    // Once the stamping waits for a lock, the lower table is already its.
    let mut waiting = 0;
    for _ in 0..200 {
        waiting = app
            .sql_number(
                "SELECT count(*) AS n FROM pg_stat_activity \
                 WHERE datname = current_database() AND wait_event_type = 'Lock'",
            )
            .await;
        if waiting > 0 {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(waiting, 1, "the stamping waits for the higher table");
    let taken = diesel::sql_query(format!(
        "SELECT 1 FROM tables WHERE id = '{low}' FOR UPDATE NOWAIT"
    ))
    .execute(&mut holder)
    .await;
    assert!(taken.is_err(), "the lower table is the stamping's already");
    diesel::sql_query("ROLLBACK")
        .execute(&mut holder)
        .await
        .expect("rollback");
    stamping
        .await
        .expect("the stamping task")
        .expect("the transfers are recorded");
}

/// `tables` in the order their rows lie on disk.
async fn order_on_disk(app: &TestApp, tables: &[Uuid]) -> Vec<Uuid> {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Uuid)]
        id: Uuid,
    }
    let ids: Vec<String> = tables.iter().map(|t| format!("'{t}'")).collect();
    let mut conn = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    let rows: Vec<Row> = diesel::sql_query(format!(
        "SELECT id FROM tables WHERE id IN ({}) ORDER BY ctid",
        ids.join(", ")
    ))
    .load(&mut conn)
    .await
    .expect("tables on disk");
    rows.into_iter().map(|r| r.id).collect()
}

/// The league `table` belongs to.
async fn league_of(app: &TestApp, table: Uuid) -> Uuid {
    let mut conn = AsyncPgConnection::establish(&app.db_url).await.expect("db");
    diesel::select(diesel::dsl::sql::<diesel::sql_types::Uuid>(&format!(
        "(SELECT league_id FROM tables WHERE id = '{table}')"
    )))
    .get_result(&mut conn)
    .await
    .expect("league")
}
