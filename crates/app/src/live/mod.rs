//! Pushes committed change to listeners: each process's feeds of tables, its streams and
//! long-polls, and who is watching.
//!
//! Live updates across server processes: every append notifies `bourre_events` with
//! `<table_id>:<seq>`, and every chat message with `<table_id>:0:<message_id>` (PostgreSQL
//! delivers it on commit); one listening connection per
//! process hands the notices to the feed of each table (see [`crate::live::feeds`]), which
//! reads the new events once for all of the process's streams and long-polls. A change of
//! a player's blocks is told as `blocks:<player_id>`, in the transaction that makes it:
//! every process reads that player's blocks again ([`crate::social::blocks`]).

pub mod events;
pub mod feeds;
pub mod presence;

use std::time::Duration;

use diesel_async::RunQueryDsl;
use futures_util::StreamExt;
use tokio::sync::mpsc;
use uuid::Uuid;

use crate::App;
use crate::kernel::notice::{Heard, Notice, parse};
use crate::live::feeds::Feeds;
use crate::store::{self, events::NOTIFY_CHANNEL};

room_cases!();

/// The process's feeds, woken by notices, and its outbox of notices for the other
/// processes.
#[derive(Clone)]
pub struct Live {
    pub feeds: Feeds,
    /// Who watches which table from this process.
    pub presence: crate::live::presence::Presence,
    outbox: mpsc::Sender<Notice>,
    outbox_rx: std::sync::Arc<std::sync::Mutex<Option<mpsc::Receiver<Notice>>>>,
}

impl Default for Live {
    fn default() -> Live {
        Live::new()
    }
}

/// How long the listener waits before reconnecting after losing its connection.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);
/// Notices waiting for the sender; beyond this many, new ones are dropped (feeds re-read
/// their tables every few seconds anyway).
const OUTBOX_CAPACITY: usize = 4096;
/// Notices sent to PostgreSQL in one transaction, at most.
const MAX_BATCH: usize = 256;
/// How long the sender gathers notices after the first before sending them: other
/// processes learn of a change this much later, and a busy process sends a few
/// transactions a second instead of one per batch of writes.
const GATHER: Duration = Duration::from_millis(20);

impl Live {
    pub fn new() -> Live {
        let (outbox, outbox_rx) = mpsc::channel(OUTBOX_CAPACITY);
        Live {
            feeds: Feeds::default(),
            presence: crate::live::presence::Presence::default(),
            outbox,
            outbox_rx: std::sync::Arc::new(std::sync::Mutex::new(Some(outbox_rx))),
        }
    }

    /// Wakes the feed of the notice's table (every feed for the nil table).
    pub fn publish(&self, notice: Notice) {
        self.feeds.wake(notice);
    }

    /// A committed append: wakes this process's feed of the table now, and queues the
    /// notice for the other processes (sent in batches by [`App::send_notices_forever`]). A
    /// full outbox drops the notice: the change is committed, and feeds re-read their
    /// tables every few seconds anyway.
    pub fn announce(&self, notice: Notice) {
        self.publish(notice);
        let _ = self.outbox.try_send(notice);
    }

    fn take_outbox(&self) -> Option<mpsc::Receiver<Notice>> {
        self.outbox_rx.lock().ok()?.take()
    }
}

impl Cases<'_> {
    async fn send_notices(
        &self,
        conn: &mut Option<store::Conn>,
        notices: &[String],
    ) -> Result<(), String> {
        let conn = match conn {
            Some(conn) => conn,
            None => {
                let pooled = store::conn(&self.pool).await.map_err(|e| e.to_string())?;
                // The sending connection leaves the pool for good (the pool may open another).
                conn.insert(diesel_async::pooled_connection::deadpool::Object::take(
                    pooled,
                ))
            }
        };
        store::events::announce(conn, notices)
            .await
            .map_err(|e| e.to_string())
    }

    async fn listen_once(&self) -> Result<(), String> {
        let pooled = store::conn(&self.pool).await.map_err(|e| e.to_string())?;
        // The listening connection leaves the pool for good (the pool may open another).
        let mut conn = diesel_async::pooled_connection::deadpool::Object::take(pooled);
        diesel::sql_query(format!("LISTEN {NOTIFY_CHANNEL}"))
            .execute(&mut conn)
            .await
            .map_err(|e| e.to_string())?;
        // Anything appended, or blocked, while no one listened: let every feed look again,
        // and every player's blocks be read again.
        self.kept_blocks.forget();
        self.live.publish(Notice {
            table: Uuid::nil(),
            seq: 0,
            chat: 0,
        });
        let mut notices = std::pin::pin!(conn.notifications_stream());
        while let Some(item) = notices.next().await {
            let notification = item.map_err(|e| e.to_string())?;
            if notification.channel != NOTIFY_CHANNEL {
                continue;
            }
            match parse(&notification.payload) {
                Some(Heard::Table(notice)) => self.live.publish(notice),
                Some(Heard::Blocks(player)) => self.kept_blocks.changed(player),
                None => {}
            }
        }
        Err("the listening connection closed".into())
    }
}

impl App {
    /// Listens to `bourre_events` on a connection of its own for as long as the process
    /// runs, reconnecting when it is lost; publishes every notice to this process's waiters.
    pub async fn listen_forever(self) {
        loop {
            if let Err(e) = self.live().listen_once().await {
                crate::kernel::obs::warn(
                    "event listener lost its connection; reconnecting",
                    serde_json::json!({"cause": e}),
                );
            }
            tokio::time::sleep(RECONNECT_AFTER).await;
        }
    }

    /// Sends the queued notices to PostgreSQL for as long as the process runs: whatever
    /// queued up while the last batch was sent, and in the [`GATHER`] time after the first,
    /// goes out in one transaction (one notice per table, its latest), on a connection of
    /// its own. Only the first caller sends.
    pub async fn send_notices_forever(self) {
        let Some(mut outbox) = self.live.take_outbox() else {
            return;
        };
        let mut conn = None;
        let mut batch = Vec::with_capacity(MAX_BATCH);
        while outbox.recv_many(&mut batch, MAX_BATCH).await > 0 {
            tokio::time::sleep(GATHER).await;
            while batch.len() < MAX_BATCH
                && let Ok(notice) = outbox.try_recv()
            {
                batch.push(notice);
            }
            // One notice per table: its latest seq and chat message.
            batch.sort_by_key(|n: &Notice| n.table);
            batch.dedup_by(|later, kept| {
                let same = later.table == kept.table;
                if same {
                    kept.seq = kept.seq.max(later.seq);
                    kept.chat = kept.chat.max(later.chat);
                }
                same
            });
            let notices: Vec<String> = batch.drain(..).map(Notice::payload).collect();
            if let Err(e) = self.live().send_notices(&mut conn, &notices).await {
                conn = None;
                crate::kernel::obs::warn(
                    "notices for other processes were lost",
                    serde_json::json!({"cause": e, "notices": notices.len()}),
                );
            }
        }
    }
}
