//! Work that a few tasks do for many requests at once.
//!
//! A request queues its item and waits for its outcome. At most `most` workers run at once,
//! each on one pooled connection: a worker takes everything queued, does it as one batch
//! (see [`Batch::run`]), replies to each request, and looks at the queue again. Under load,
//! items queue while the workers are busy, and one round trip (and, for writes, one commit)
//! serves many requests; with nothing else queued, an item is done at once, alone.
//!
//! Workers are tasks of their own, so a request that goes away never interrupts a batch
//! other requests wait on.

use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

use crate::store::{self, Conn, DbPool, StoreError};

/// One kind of batched work.
pub trait Batch: 'static {
    type Item: Send + 'static;
    type Done: Send + 'static;
    /// The batch's name in metrics (`batch` label).
    const NAME: &'static str;

    /// Does `items` on `conn`: one outcome per item, in their order.
    fn run(
        conn: &mut Conn,
        items: Vec<Self::Item>,
    ) -> impl Future<Output = Vec<Outcome<Self>>> + Send;
}

/// What became of one item.
pub type Outcome<B> = Result<<B as Batch>::Done, StoreError>;

/// The outcome of each item of a batch that could not run, or whose worker stopped.
pub fn failed<B: Batch>(error: &StoreError) -> Outcome<B> {
    Err(StoreError::Pool(error.to_string()))
}

struct Job<B: Batch> {
    item: B::Item,
    reply: oneshot::Sender<Outcome<B>>,
}

struct Queue<B: Batch> {
    jobs: Vec<Job<B>>,
    workers: usize,
}

/// The queue of one kind of work, and its workers.
pub struct Batches<B: Batch> {
    pool: DbPool,
    queue: Arc<Mutex<Queue<B>>>,
    most: usize,
}

impl<B: Batch> Clone for Batches<B> {
    fn clone(&self) -> Self {
        Batches {
            pool: self.pool.clone(),
            queue: self.queue.clone(),
            most: self.most,
        }
    }
}

impl<B: Batch> Batches<B> {
    /// At most `most` workers at once.
    pub fn new(pool: DbPool, most: usize) -> Batches<B> {
        Batches {
            pool,
            queue: Arc::new(Mutex::new(Queue {
                jobs: Vec::new(),
                workers: 0,
            })),
            most: most.max(1),
        }
    }

    /// Does `item` with whatever else is queued, and returns its outcome.
    pub async fn submit(&self, item: B::Item) -> Outcome<B> {
        let (reply, outcome) = oneshot::channel();
        let start = {
            let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
            queue.jobs.push(Job { item, reply });
            let start = queue.workers < self.most;
            if start {
                queue.workers += 1;
            }
            start
        };
        if start {
            tokio::spawn(work(self.pool.clone(), self.queue.clone()));
        }
        match outcome.await {
            Ok(outcome) => outcome,
            Err(_) => failed::<B>(&StoreError::Pool("the worker stopped".into())),
        }
    }
}

/// One worker: does what is queued until the queue is empty. Looking at the queue and
/// leaving happen under one lock, so an item queued meanwhile always finds a worker.
async fn work<B: Batch>(pool: DbPool, queue: Arc<Mutex<Queue<B>>>) {
    loop {
        let jobs = {
            let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
            if queue.jobs.is_empty() {
                queue.workers -= 1;
                return;
            }
            std::mem::take(&mut queue.jobs)
        };
        let (items, replies): (Vec<B::Item>, Vec<_>) =
            jobs.into_iter().map(|job| (job.item, job.reply)).unzip();
        let outcomes: Vec<Outcome<B>> = match store::conn(&pool).await {
            Ok(mut conn) => {
                let (started, n) = (std::time::Instant::now(), items.len());
                let outcomes = B::run(&mut conn, items).await;
                if crate::kernel::metrics::on() {
                    metrics::histogram!("bourre_batch_items", "batch" => B::NAME).record(n as f64);
                    metrics::histogram!("bourre_batch_duration_seconds", "batch" => B::NAME)
                        .record(started.elapsed().as_secs_f64());
                }
                outcomes
            }
            Err(e) => items.iter().map(|_| failed::<B>(&e)).collect(),
        };
        for (reply, outcome) in replies.into_iter().zip(outcomes) {
            let _ = reply.send(outcome);
        }
    }
}
