//! Moves committed together (group commit).
//!
//! A player's move decided on a kept table (see [`crate::table::pipeline::kept`]) is queued here
//! rather than written on a connection of the request's own (see [`crate::table::pipeline::batches`]). A
//! batch is one transaction: its moves in table order, each run of plain moves (see
//! [`Prepared::is_plain`]) on distinct tables as one statement, any other move as a
//! statement of its own. Every writer takes table rows in ascending order (and a table's
//! own rows, its balances and seats, after its row), so two batches never deadlock.
//!
//! Every move keeps its own outcome: a move whose table moved on is not applied, and when a
//! statement of the batch fails, nothing of the batch is written and its moves are written
//! again one by one, each in a transaction of its own. A reply is sent only once its move
//! is committed.

use diesel_async::{AnsiTransactionManager, TransactionManager};

use crate::store::table_write::{self, Prepared};
use crate::store::{Conn, StoreError};
use crate::table::pipeline::batches::{Batch, Batches, Outcome};

/// Writers running at once, each with one connection. Two keep the database busy (one
/// batch runs while the other's commit is flushed) and let the moves that arrive meanwhile
/// gather into the next batch: under load, each commit and each statement serves more
/// moves than with four writers, for the same throughput (see `docs/benchmarks.md`,
/// "The database's work per move").
pub const WRITERS: usize = 2;

/// The appended events' `(seq, hash)`, or `None` when the table moved on.
pub type Appended = Option<Vec<(i64, String)>>;

/// What became of a queued move.
pub type Written = Outcome<WriteBatch>;

/// Moves written in batches.
pub struct WriteBatch;

pub type Writes = Batches<WriteBatch>;

impl Batch for WriteBatch {
    const NAME: &'static str = "writes";
    type Item = Prepared;
    type Done = Appended;

    async fn run(conn: &mut Conn, moves: Vec<Prepared>) -> Vec<Written> {
        let statements = statements(&moves);
        let written = match statements.as_slice() {
            [only] => statement(conn, &moves, only).await.map(|w| vec![w]),
            _ => together(conn, &moves, &statements).await,
        };
        match written {
            Ok(written) => placed(&statements, written),
            Err(e) if moves.len() == 1 => vec![Err(e)],
            Err(_) => {
                let mut alone = Vec::with_capacity(moves.len());
                for m in &moves {
                    alone.push(table_write::run(conn, m).await);
                }
                alone
            }
        }
    }
}

/// The batch's statements, in table order: each is the indices of its moves, one move or
/// a run of plain moves on distinct tables. Moves on one table keep their order.
fn statements(moves: &[Prepared]) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.sort_by_key(|&i| moves[i].table_id());
    let mut statements: Vec<Vec<usize>> = Vec::new();
    for i in order {
        let joins = moves[i].is_plain()
            && statements
                .last()
                .and_then(|s| s.last())
                .is_some_and(|&last| {
                    moves[last].is_plain() && moves[last].table_id() != moves[i].table_id()
                });
        match statements.last_mut() {
            Some(run) if joins => run.push(i),
            _ => statements.push(vec![i]),
        }
    }
    statements
}

/// What each move of one statement appended.
type StatementWritten = Vec<Appended>;

/// Runs one statement of the batch.
async fn statement(
    conn: &mut Conn,
    moves: &[Prepared],
    indices: &[usize],
) -> Result<StatementWritten, StoreError> {
    match indices {
        [one] => Ok(vec![table_write::run(conn, &moves[*one]).await?]),
        many => {
            let run: Vec<&Prepared> = many.iter().map(|&i| &moves[i]).collect();
            table_write::run_plain(conn, &run).await
        }
    }
}

/// Runs the statements in one transaction: their outcomes once it committed.
async fn together(
    conn: &mut Conn,
    moves: &[Prepared],
    statements: &[Vec<usize>],
) -> Result<Vec<StatementWritten>, StoreError> {
    AnsiTransactionManager::begin_transaction(conn).await?;
    let mut written = Vec::with_capacity(statements.len());
    for indices in statements {
        match statement(conn, moves, indices).await {
            Ok(w) => written.push(w),
            Err(e) => {
                // A broken connection is dropped by the pool.
                let _ = AnsiTransactionManager::rollback_transaction(conn).await;
                return Err(e);
            }
        }
    }
    if let Err(e) = AnsiTransactionManager::commit_transaction(conn).await {
        let _ = AnsiTransactionManager::rollback_transaction(conn).await;
        return Err(e.into());
    }
    Ok(written)
}

/// Each move's outcome, in the batch's order, from its statement's.
fn placed(statements: &[Vec<usize>], written: Vec<StatementWritten>) -> Vec<Written> {
    let mut placed: Vec<(usize, Appended)> = statements
        .iter()
        .zip(written)
        .flat_map(|(indices, w)| indices.iter().copied().zip(w))
        .collect();
    placed.sort_by_key(|(i, _)| *i);
    placed.into_iter().map(|(_, w)| Ok(w)).collect()
}
