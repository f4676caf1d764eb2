//! Live updates inside one process, at a cost independent of the number of listeners: a
//! table with listeners (streams and long-polls) has one feed in the process, whose task
//! reads the table's new events once per notice (one read-only transaction, which also
//! reads what redaction needs and which listeners are still members) and publishes them to
//! every listener; each listener redacts them for its viewer in memory (the engine's
//! redaction, as in [`crate::table::view::event_out`]). After each read, the feed also builds the
//! table's view once per distinct viewer (each listening seated player, and everyone else)
//! as a stream's `view` frame, whose bytes every listener who sees it shares. When nothing
//! happens, the feed re-reads
//! every few seconds (one query per process and table, not per listener), so a removed
//! member's streams end and notices lost between processes are caught up.
//!
//! The feed reads the table's chat in the same snapshot (the newest messages, and which of
//! them an admin hid), and each listener is given the messages said after the events it
//! was given, as its viewer may hear them (the blocks its listeners made, as the process
//! keeps them: see [`App::blocked`]).
//!
//! Listeners are capped per player and per process ([`StreamLimits`]); beyond, 429
//! `too_many_streams`.

mod snapshot;

use snapshot::views;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use bytes::Bytes;
use tokio::sync::{Notify, watch};
use tokio::time::Instant;
use uuid::Uuid;

use crate::kernel::ids::{PlayerId, TableId};
use crate::kernel::notice::Notice;
use crate::live::Cases;
use crate::social::chat::ChatMessage;
use crate::store::{self, events::EventRow};
use crate::table::event::TableEvent;
use crate::table::read::load_for;
use crate::table::view::{EventOut, TableView};
use crate::{App, AppError, ErrorCode};

/// How many streams and long-polls may be open at once in this process.
#[derive(Debug, Clone, Copy)]
pub struct StreamLimits {
    /// Per player.
    pub per_player: usize,
    /// In all.
    pub per_process: usize,
}

impl Default for StreamLimits {
    fn default() -> StreamLimits {
        StreamLimits {
            per_player: 8,
            per_process: 10_000,
        }
    }
}

/// A feed re-reads its table at least this often, whatever the notices say.
const RECHECK_EVERY: Duration = Duration::from_secs(5);
/// Events a feed keeps for listeners that are behind; one further behind reads its own.
const KEEP: usize = 512;
/// Events a feed reads at once.
const READ_LIMIT: i64 = 500;
/// Chat messages a feed keeps; a listener further behind reads its own.
const KEEP_CHAT: usize = 200;

/// This process's feeds and open listeners.
#[derive(Clone, Default)]
pub struct Feeds {
    registry: Arc<Mutex<Registry>>,
}

#[derive(Default)]
struct Registry {
    feeds: HashMap<Uuid, Arc<Feed>>,
    /// Open listeners per player.
    open: HashMap<Uuid, usize>,
    total: usize,
}

/// One table's feed.
pub struct Feed {
    table: Uuid,
    wake: Notify,
    snapshot: watch::Sender<Arc<Snapshot>>,
    /// Listening players, with how many listeners each (guarded by the registry's lock).
    players: Mutex<HashMap<Uuid, usize>>,
}

/// The table as the feed last read it.
pub struct Snapshot {
    /// Every event with `from < seq <= head`, oldest first.
    events: Vec<Arc<(EventRow, TableEvent)>>,
    from: i64,
    /// The last seq read.
    pub head: i64,
    in_hand: bool,
    hand_no: i32,
    simultaneous: bool,
    seats: Vec<(u8, Uuid)>,
    /// The listening players the last read found not to be members of the table's league
    /// (sorted); `None` before the first read.
    left: Option<Vec<Uuid>>,
    /// The table is gone.
    gone: bool,
    /// The table's stamp (see [`crate::store::tables`]): it changes with what the table's
    /// view shows from outside its log (balances, names).
    stamp: i64,
    /// The table's views at `head` and `stamp`, when they could be built.
    views: Option<Arc<Views>>,
    /// The chat messages (not hidden) with `chat_from < id`, oldest first; `chat_from` is
    /// `None` before the first read.
    chat: Vec<Arc<ChatMessage>>,
    chat_from: Option<i64>,
    /// The id of the newest message read.
    chat_head: i64,
    /// The messages at or after `chat_from` an admin hid, sorted.
    hidden: Vec<i64>,
    /// The players each listening player blocked.
    blocks: Arc<HashMap<Uuid, Arc<[Uuid]>>>,
}

/// A table's views at one version, as stream frames: built once each, shared by every
/// listener who sees it.
pub struct Views {
    /// A view per listening player who sees one of their own: every seated player, and
    /// those who blocked a seated player (whose names they do not see).
    own: HashMap<Uuid, Bytes>,
    /// The view of everyone else (no seat: no cards, no legal actions).
    others: Option<Bytes>,
}

/// The stream frame of `view`: `id:` its version (the seq of its last event, so that a
/// reconnecting client resumes after it), `event: view`, `data:` the view as JSON.
pub fn view_frame(view: &TableView) -> Result<Bytes, AppError> {
    let data = serde_json::to_string(view).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(Bytes::from(format!(
        "id: {}\nevent: view\ndata: {data}\n\n",
        view.version
    )))
}

/// A listener's place under the caps; given back when dropped.
pub struct Admission {
    feeds: Feeds,
    player: Uuid,
    kind: Listening,
}

/// What a listener is, in metrics.
#[derive(Debug, Clone, Copy)]
pub enum Listening {
    Stream,
    LongPoll,
}

impl Listening {
    fn open(self, by: f64) {
        if crate::kernel::metrics::on() {
            let kind = match self {
                Listening::Stream => "stream",
                Listening::LongPoll => "long_poll",
            };
            metrics::gauge!("bourre_listeners_open", "kind" => kind).increment(by);
        }
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        self.kind.open(-1.0);
        let mut registry = lock(&self.feeds.registry);
        registry.total = registry.total.saturating_sub(1);
        if let Some(n) = registry.open.get_mut(&self.player) {
            *n -= 1;
            if *n == 0 {
                registry.open.remove(&self.player);
            }
        }
    }
}

/// Where a new listener starts: after event `events` and, when it is given chat, after
/// message `chat`.
#[derive(Debug, Clone, Copy)]
pub struct Cursors {
    pub events: i64,
    pub chat: Option<i64>,
    /// The messages after this id the client may hold: a stream is told when one is hidden.
    pub held_after: i64,
}

/// A listener of one table's feed.
pub struct Listener {
    feed: Arc<Feed>,
    snapshots: watch::Receiver<Arc<Snapshot>>,
    feeds: Feeds,
    player: Uuid,
    /// The last seq given to the listener.
    pub cursor: i64,
    /// The id of the last chat message given to the listener, when it is given chat.
    pub chat_cursor: Option<i64>,
    /// Whether the listener is given the table's view after events, and told of the
    /// messages it was given that an admin hid (a stream is; a long-poll is not).
    views: bool,
    /// The hidden messages the feed held that the listener knows of (sorted): told, or
    /// hidden before they were given.
    hides_seen: Vec<i64>,
    /// The listener is told of hidden messages after this id only (see [`Cursors`]).
    hides_after: i64,
    /// The version and stamp of the last view given.
    viewed: Option<(i64, i64)>,
    _admission: Admission,
    _watching: crate::live::presence::Watching,
}

impl Drop for Listener {
    fn drop(&mut self) {
        let last = {
            let _registry = lock(&self.feeds.registry);
            let mut players = lock(&self.feed.players);
            if let Some(n) = players.get_mut(&self.player) {
                *n -= 1;
                if *n == 0 {
                    players.remove(&self.player);
                }
            }
            players.is_empty()
        };
        if last {
            // The feed's task sees nobody listens, and ends.
            self.feed.wake.notify_one();
        }
    }
}

/// A lock, whether or not a holder panicked (every critical section here leaves the counts
/// consistent before anything that may panic).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn too_many(detail: String) -> AppError {
    AppError::refused(ErrorCode::TooManyStreams, detail)
}

impl Feeds {
    /// A place for one more listener of `player`, or 429 `too_many_streams`.
    pub fn admit(
        &self,
        player: Uuid,
        limits: StreamLimits,
        kind: Listening,
    ) -> Result<Admission, AppError> {
        let mut registry = lock(&self.registry);
        if registry.total >= limits.per_process {
            return Err(too_many(format!(
                "this server holds its most streams and long-polls ({}); try again shortly",
                limits.per_process
            )));
        }
        let open = registry.open.entry(player).or_insert(0);
        if *open >= limits.per_player {
            return Err(too_many(format!(
                "a player holds at most {} streams and long-polls at once",
                limits.per_player
            )));
        }
        *open += 1;
        registry.total += 1;
        kind.open(1.0);
        Ok(Admission {
            feeds: self.clone(),
            player,
            kind,
        })
    }

    /// Wakes the feed of the notice's table when its log or chat grew past what the feed
    /// read, or a message was hidden (every feed for the nil table): a process hears of its
    /// own writes twice, from itself and from PostgreSQL, and reads once.
    pub fn wake(&self, notice: Notice) {
        let registry = lock(&self.registry);
        if notice.table.is_nil() {
            registry.feeds.values().for_each(|f| f.wake.notify_one());
        } else if let Some(feed) = registry.feeds.get(&notice.table) {
            let due = {
                let read = feed.snapshot.borrow();
                notice.seq > read.head || notice.chat > read.chat_head || notice.chat < 0
            };
            if due {
                feed.wake.notify_one();
            }
        }
    }

    /// Joins (or starts) the feed of `table` for `player`, whose cursor is `after`: the
    /// feed, and whether it is new (its task is then to be started).
    fn join(&self, table: Uuid, player: Uuid, after: i64) -> (Arc<Feed>, bool) {
        let mut registry = lock(&self.registry);
        let mut created = false;
        let feed = registry
            .feeds
            .entry(table)
            .or_insert_with(|| {
                created = true;
                Arc::new(Feed {
                    table,
                    wake: Notify::new(),
                    snapshot: watch::Sender::new(Arc::new(Snapshot::empty(after))),
                    players: Mutex::new(HashMap::new()),
                })
            })
            .clone();
        *lock(&feed.players).entry(player).or_insert(0) += 1;
        // A player the last read found gone, back: the next read looks again, now.
        if feed
            .snapshot
            .borrow()
            .left
            .as_ref()
            .is_some_and(|left| left.contains(&player))
        {
            feed.wake.notify_one();
        }
        (feed, created)
    }

    /// The players listening to `feed`, or `None` (and the feed is removed) when nobody is.
    fn listening(&self, feed: &Arc<Feed>) -> Option<Vec<Uuid>> {
        let mut registry = lock(&self.registry);
        let players: Vec<Uuid> = lock(&feed.players).keys().copied().collect();
        if players.is_empty() {
            if registry
                .feeds
                .get(&feed.table)
                .is_some_and(|f| Arc::ptr_eq(f, feed))
            {
                registry.feeds.remove(&feed.table);
            }
            return None;
        }
        Some(players)
    }
}

impl Cases<'_> {
    /// A listener of `table` for `player`, who has seen every event up to `from.events`
    /// (and watches the table while it is open), given the table's view after events when
    /// `views`, and the chat messages after `from.chat` when given.
    pub fn listen(
        &self,
        table: Uuid,
        player: Uuid,
        from: Cursors,
        views: bool,
        admission: Admission,
        watching: crate::live::presence::Watching,
    ) -> Listener {
        let feeds = self.live.feeds.clone();
        let (feed, created) = feeds.join(table, player, from.events);
        if created {
            tokio::task::spawn_local(self.0.clone().run_feed(feed.clone()));
        }
        Listener {
            snapshots: feed.snapshot.subscribe(),
            feed,
            feeds,
            player,
            cursor: from.events,
            chat_cursor: from.chat,
            hides_seen: Vec::new(),
            hides_after: from.held_after,
            views,
            viewed: None,
            _admission: admission,
            _watching: watching,
        }
    }

    /// Reads every new event of the feed's table (in pages), and publishes the snapshot
    /// with the table's views at its version (the table's state read in the same
    /// transaction when this process has not kept it).
    async fn read_feed(&self, feed: &Feed, listeners: &[Uuid]) -> Result<(), AppError> {
        let mut blocks = self.kept_blocks.among(&self.pool, listeners).await?;
        let mut conn = store::conn(&self.pool).await?;
        loop {
            let current = feed.snapshot.borrow().clone();
            let began = std::time::Instant::now();
            let (read, said, kept, fresh) = conn
                .build_transaction()
                .read_only()
                .repeatable_read()
                .run::<_, AppError, _>(async |conn| {
                    let read =
                        store::events::feed(conn, feed.table, current.head, READ_LIMIT, listeners)
                            .await?;
                    let Some(read) = read else {
                        return Ok((None, None, None, None));
                    };
                    let said = store::chat::feed(
                        conn,
                        feed.table,
                        current.chat_from.map(|_| current.chat_head),
                        current.chat.first().map(|m| m.id - 1),
                        READ_LIMIT,
                    )
                    .await?;
                    // Free text is filtered by the blocks as they are when read: one made
                    // through another process just before a message hides it, heard of
                    // or not.
                    let fresh = if said.messages.iter().any(|m| m.body.is_some()) {
                        Some(self.kept_blocks.read_now(conn, listeners, began).await?)
                    } else {
                        None
                    };
                    let last_page = (read.events.len() as i64) < READ_LIMIT;
                    let moved = (read.version, read.stamp) != (current.head, current.stamp);
                    let due = moved || current.views.is_none();
                    let kept = match self.tables.get(feed.table, read.version, read.stamp) {
                        _ if !last_page || !due => None,
                        Some(kept) => Some(kept),
                        None => {
                            let (state, _) =
                                load_for(conn, TableId(feed.table), None, false).await?;
                            let state = Arc::new(state);
                            self.tables.put_shared(state.clone());
                            Some(state)
                        }
                    };
                    Ok((Some(read), Some(said), kept, fresh))
                })
                .await?;
            if let Some(fresh) = fresh {
                blocks = fresh;
            }
            let (Some(read), Some(said)) = (read.filter(|r| r.version >= current.head), said)
            else {
                // No such table (or one whose log shrank: a restored database): the
                // listeners end, and reconnect to a proper answer.
                feed.snapshot.send_replace(Arc::new(Snapshot {
                    gone: true,
                    ..Snapshot::empty(current.head)
                }));
                return Ok(());
            };
            let full =
                read.events.len() as i64 >= READ_LIMIT || said.messages.len() as i64 >= READ_LIMIT;
            let mut next = current.after_read(read, said, &blocks, listeners)?;
            let moved = next.head != current.head || next.stamp != current.stamp;
            next.views = match kept {
                Some(kept) => Some(views(&kept, &next, listeners)?),
                None if moved => None,
                None => current.views.clone(),
            };
            let built = current.views.is_none() && next.views.is_some();
            if moved || built || next.left != current.left || current.chat_moved(&next) {
                feed.snapshot.send_replace(Arc::new(next));
            }
            if !full {
                return Ok(());
            }
        }
    }
}

impl App {
    /// A feed's task: reads the table whenever woken (and every [`RECHECK_EVERY`]) until
    /// nobody listens.
    async fn run_feed(self, feed: Arc<Feed>) {
        while let Some(listeners) = self.live.feeds.listening(&feed) {
            if let Err(e) = self.live().read_feed(&feed, &listeners).await {
                crate::kernel::obs::warn(
                    "a live feed could not read its table",
                    serde_json::json!({"table": feed.table, "cause": e.to_string()}),
                );
            }
            let _ = tokio::time::timeout(RECHECK_EVERY, feed.wake.notified()).await;
        }
    }
}

/// What a listener is given at once: events, the chat messages said after them (each
/// follows the event it was said after: `after_version`), and the table's view after them.
pub struct Delivery {
    pub events: Vec<EventOut>,
    pub chat: Vec<ChatMessage>,
    /// A stream's: the ids of messages it was given that an admin hid since.
    pub hidden: Vec<i64>,
    /// A stream's `view` frame (see [`view_frame`]).
    pub view: Option<Bytes>,
}

impl Delivery {
    /// Whether there is nothing in it.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
            && self.chat.is_empty()
            && self.hidden.is_empty()
            && self.view.is_none()
    }
}

impl Listener {
    /// The next events for the listener and, once it has every event up to the table's
    /// version, the table's view (when it asks for views, and a view at that version and
    /// stamp was not given yet), waiting until `until` (nothing when nothing came): `None`
    /// when the listener may no longer listen (they left the league, the table is gone) or
    /// the feed failed.
    pub async fn next(
        &mut self,
        app: &App,
        table: TableId,
        until: Instant,
        limit: usize,
    ) -> Option<Result<Delivery, AppError>> {
        loop {
            let snapshot = self.snapshots.borrow_and_update().clone();
            if !snapshot.allows(self.player) {
                return None;
            }
            let mut events = Vec::new();
            if snapshot.head > self.cursor {
                let page = if snapshot.covers(self.cursor) {
                    snapshot.page(self.cursor, self.player, limit)
                } else {
                    // Further behind than the feed keeps: a read of its own (boxed, so
                    // an idle listener's state stays small).
                    Box::pin(app.live().events_page(
                        PlayerId(self.player),
                        table,
                        self.cursor,
                        limit as i64,
                    ))
                    .await
                    .map(|(page, _)| page)
                };
                match page {
                    Ok(page) => {
                        self.cursor = page.last().map_or(self.cursor, |e| e.seq);
                        events = page;
                    }
                    Err(e) => return Some(Err(e)),
                }
            }
            let hidden = self.hides(&snapshot);
            let chat = match self.chat(app, table, &snapshot, limit).await {
                Ok(chat) => chat,
                Err(e) => return Some(Err(e)),
            };
            let view = match self.view(app, table, &snapshot).await {
                Ok(view) => view,
                Err(e) => return Some(Err(e)),
            };
            let delivery = Delivery {
                events,
                chat,
                hidden,
                view,
            };
            if !delivery.is_empty() || Instant::now() >= until {
                return Some(Ok(delivery));
            }
            match tokio::time::timeout_at(until, self.snapshots.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => return None,
                Err(_) => return Some(Ok(delivery)),
            }
        }
    }

    /// The messages hidden since the stream's client may have been given them (those
    /// after its `held_after`, up to its chat cursor); none for a long-poll.
    fn hides(&mut self, snapshot: &Snapshot) -> Vec<i64> {
        let Some(cursor) = self.chat_cursor.filter(|_| self.views) else {
            return Vec::new();
        };
        self.hides_seen
            .retain(|id| snapshot.hidden.binary_search(id).is_ok());
        let mut told = Vec::new();
        for &id in &snapshot.hidden {
            if let Err(at) = self.hides_seen.binary_search(&id) {
                self.hides_seen.insert(at, id);
                if id > self.hides_after && id <= cursor {
                    told.push(id);
                }
            }
        }
        told
    }

    /// The chat messages due to the listener now (when it is given chat): those said after
    /// the events it was given, at most `limit`. From the feed when it holds them, else
    /// read for the listener alone (further behind than the feed keeps).
    async fn chat(
        &mut self,
        app: &App,
        table: TableId,
        snapshot: &Snapshot,
        limit: usize,
    ) -> Result<Vec<ChatMessage>, AppError> {
        let Some(cursor) = self.chat_cursor else {
            return Ok(Vec::new());
        };
        if snapshot.chat_from.is_none() {
            // Not read yet: the feed's first read brings it.
            return Ok(Vec::new());
        }
        let (heard, next) = match snapshot.chat_for(cursor, self.cursor, self.player, limit) {
            Some(due) => due,
            None => {
                // The listener's membership is the snapshot's to check (see `allows`).
                let heard = Box::pin(app.social().chat_until(
                    PlayerId(self.player),
                    table,
                    cursor,
                    self.cursor,
                    limit as i64,
                ))
                .await?;
                let next = heard.last().map_or(cursor, |m| m.id);
                (heard, next)
            }
        };
        self.chat_cursor = Some(next);
        Ok(heard)
    }

    /// The view frame due to the listener now: when it has every event up to the
    /// snapshot's head and has not had the view at this version and stamp. The feed's
    /// shared frame when it built one for this viewer, else one of its own (a listener
    /// who came after the feed's last read), given only when at the same version.
    async fn view(
        &mut self,
        app: &App,
        table: TableId,
        snapshot: &Snapshot,
    ) -> Result<Option<Bytes>, AppError> {
        let due = (snapshot.head, snapshot.stamp);
        if !self.views || self.cursor != snapshot.head || self.viewed == Some(due) {
            return Ok(None);
        }
        let Some(views) = &snapshot.views else {
            // Not built at this version: the table moved on while the feed read it, and
            // the next read brings its events and views.
            return Ok(None);
        };
        let frame = match snapshot.view_for(self.player, views) {
            Some(frame) => frame,
            None => {
                let (view, _) =
                    Box::pin(app.table().table_view(PlayerId(self.player), table)).await?;
                if view.version != snapshot.head {
                    return Ok(None);
                }
                view_frame(&view)?
            }
        };
        self.viewed = Some(due);
        Ok(Some(frame))
    }
}
