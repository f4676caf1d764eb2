//! Moves committed together (group commit).
//!
//! A player's move decided on a kept table (see [`super::table_cache`]) is queued here
//! rather than written on a connection of the request's own. At most [`WRITERS`] writers run
//! at once; each takes everything queued, writes the plain moves (see
//! [`Prepared::is_plain`]) in one transaction whose statements are sent at once, and the
//! other moves one statement each, then looks at the queue again. Under load, moves queue
//! while the writers commit, and one round trip and one WAL flush serve many of them; with
//! nothing else queued, a move is written at once, alone.
//!
//! Every move keeps its own outcome: a move whose table moved on is not applied (its guard
//! sees the version another move of the same batch left), and a batch that fails is rolled
//! back and its moves are written again one by one. Writers are tasks of their own, so a
//! request that goes away never interrupts a commit other requests wait on. A reply is sent
//! only once its move is committed.

use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

use crate::store::table_write::{self, Prepared};
use crate::store::{self, DbPool, StoreError};

/// Writers running at once, each with one connection.
const WRITERS: usize = 16;

/// The appended events' `(seq, hash)`, or `None` when the table moved on.
type Outcome = Result<Option<Vec<(i64, String)>>, StoreError>;

struct Job {
    prepared: Prepared,
    reply: oneshot::Sender<Outcome>,
}

#[derive(Default)]
struct Queue {
    jobs: Vec<Job>,
    writers: usize,
}

/// The queue of moves waiting for a writer.
#[derive(Clone)]
pub struct Writes {
    pool: DbPool,
    queue: Arc<Mutex<Queue>>,
}

impl Writes {
    pub fn new(pool: DbPool) -> Writes {
        Writes {
            pool,
            queue: Arc::default(),
        }
    }

    /// Writes `prepared` (see [`table_write::run`]) with whatever else is queued.
    pub async fn write(&self, prepared: Prepared) -> Outcome {
        let (reply, outcome) = oneshot::channel();
        let start = {
            let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
            queue.jobs.push(Job { prepared, reply });
            let start = queue.writers < WRITERS;
            if start {
                queue.writers += 1;
            }
            start
        };
        if start {
            tokio::spawn(write_queued(self.pool.clone(), self.queue.clone()));
        }
        outcome
            .await
            .unwrap_or_else(|_| Err(StoreError::Pool("the writer stopped".into())))
    }
}

/// One writer: writes what is queued until the queue is empty. Checking the queue and
/// leaving happen under one lock, so a move queued meanwhile always finds a writer.
async fn write_queued(pool: DbPool, queue: Arc<Mutex<Queue>>) {
    loop {
        let jobs = {
            let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
            if queue.jobs.is_empty() {
                queue.writers -= 1;
                return;
            }
            std::mem::take(&mut queue.jobs)
        };
        write_jobs(&pool, jobs).await;
    }
}

async fn write_jobs(pool: &DbPool, mut jobs: Vec<Job>) {
    let mut conn = match store::conn(pool).await {
        Ok(conn) => conn,
        Err(e) => {
            for job in jobs {
                let _ = job.reply.send(Err(StoreError::Pool(e.to_string())));
            }
            return;
        }
    };
    // Table rows are locked in one order by every batch, and a batch has one move per
    // table: the others are written after it, each alone.
    jobs.sort_by_key(|job| job.prepared.table_id());
    let mut plain: Vec<Job> = Vec::with_capacity(jobs.len());
    let mut alone: Vec<Job> = Vec::new();
    for job in jobs {
        let taken = plain
            .last()
            .is_some_and(|last| last.prepared.table_id() == job.prepared.table_id());
        if job.prepared.is_plain() && !taken {
            plain.push(job);
        } else {
            alone.push(job);
        }
    }
    if plain.len() > 1 {
        let (moves, replies): (Vec<Prepared>, Vec<_>) = plain
            .into_iter()
            .map(|job| (job.prepared, job.reply))
            .unzip();
        match table_write::run_plain(&mut conn, &moves).await {
            Ok(outcomes) => {
                for (reply, outcome) in replies.into_iter().zip(outcomes) {
                    let _ = reply.send(Ok(outcome));
                }
            }
            Err(_) => alone.extend(
                moves
                    .into_iter()
                    .zip(replies)
                    .map(|(prepared, reply)| Job { prepared, reply }),
            ),
        }
    } else {
        alone.extend(plain);
    }
    for job in alone {
        let outcome = table_write::run(&mut conn, &job.prepared).await;
        let _ = job.reply.send(outcome);
    }
}
