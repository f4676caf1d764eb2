//! Moves committed together (group commit).
//!
//! A player's move decided on a kept table (see [`super::table_cache`]) is queued here
//! rather than written on a connection of the request's own (see [`super::batches`]). A
//! batch writes its plain moves (see [`Prepared::is_plain`]) in one statement, one commit,
//! and its other moves one statement each.
//!
//! Every move keeps its own outcome: a move whose table moved on is not applied, and a
//! batch statement that fails writes nothing, its moves then written one by one. A reply is
//! sent only once its move is committed.

use super::batches::{Batch, Batches, Outcome};
use crate::store::table_write::{self, Prepared};
use crate::store::{Conn, StoreError};

/// Writers running at once, each with one connection.
pub const WRITERS: usize = 4;

/// The appended events' `(seq, hash)`, or `None` when the table moved on.
pub type Written = Outcome<WriteBatch>;

/// Moves written in batches.
pub struct WriteBatch;

pub type Writes = Batches<WriteBatch>;

impl Batch for WriteBatch {
    type Item = Prepared;
    type Done = Option<Vec<(i64, String)>>;

    async fn run(conn: &mut Conn, moves: Vec<Prepared>) -> Vec<Written> {
        // Table rows are locked in one order by every batch, and the statement has one move
        // per table: the others are written after it, each alone.
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| moves[i].table_id());
        let mut plain: Vec<usize> = Vec::with_capacity(moves.len());
        let mut alone: Vec<usize> = Vec::new();
        for i in order {
            let taken = plain
                .last()
                .is_some_and(|&last| moves[last].table_id() == moves[i].table_id());
            if moves[i].is_plain() && !taken {
                plain.push(i);
            } else {
                alone.push(i);
            }
        }
        let mut outcomes: Vec<Option<Written>> = moves.iter().map(|_| None).collect();
        if plain.len() > 1 {
            let batch: Vec<&Prepared> = plain.iter().map(|&i| &moves[i]).collect();
            match table_write::run_plain(conn, &batch).await {
                Ok(written) => {
                    for (&i, written) in plain.iter().zip(written) {
                        outcomes[i] = Some(Ok(written));
                    }
                }
                Err(_) => alone.extend(plain),
            }
        } else {
            alone.extend(plain);
        }
        for i in alone {
            outcomes[i] = Some(table_write::run(conn, &moves[i]).await);
        }
        outcomes
            .into_iter()
            .map(|o| o.unwrap_or_else(|| Err(StoreError::Pool("a move was not written".into()))))
            .collect()
    }
}
