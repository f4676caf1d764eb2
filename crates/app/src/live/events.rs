//! The caller's redacted events of a table, optionally waiting for new ones (long-poll),
//! and the listener of a table's stream; both wait on the process's feed of the table
//! (see [`crate::live::feeds`]).

use std::time::Duration;

use tokio::time::Instant;

use crate::AppError;
use crate::ErrorCode;
use crate::kernel::ids::{PlayerId, TableId};
use crate::live::Cases;
use crate::live::feeds::{Cursors, Listener, Listening};
use crate::social::chat::ChatMessage;
use crate::store::{self, events as event_log};
use crate::table::event::TableEvent;
use crate::table::read::load_seats_of_member;
use crate::table::view::{EventOut, TableView, event_out};

/// A table's events after a point and, when they reach its version, the caller's view of
/// the table after them: a long-poll client follows a table from these alone.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Updates {
    /// The caller's events, redacted for them, oldest first (as `GET .../events`).
    pub events: Vec<EventOut>,
    /// The caller's view of the table after `events` (as `GET /v1/tables/{id}`), when they
    /// reach the table's version; absent when no event came or more are to be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub view: Option<TableView>,
    /// With `chat_after`: the table's chat messages after it said after `events` at the
    /// latest (each follows the event `after_version`), oldest first, as the caller may
    /// hear them (not hidden, nor the free text of players they blocked).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub chat: Option<Vec<ChatMessage>>,
}

/// What a client asks of a table's events: those after `after`, at most `limit` (clamped to
/// 1..=[`MAX_PAGE`]) and, when there is none, waiting up to `wait` seconds for the next (no
/// longer than `until`, when the caller's token expires).
#[derive(Debug, Clone, Copy)]
pub struct Poll {
    pub after: i64,
    pub wait: u64,
    pub limit: i64,
    pub until: Instant,
    /// Also the chat messages after this id (see [`Updates::chat`]).
    pub chat_after: Option<i64>,
}

/// Longest long-poll a client may ask for.
pub const MAX_WAIT_SECS: u64 = 60;
/// Most events one page returns.
pub const MAX_PAGE: i64 = 500;

impl Cases<'_> {
    /// The events `poll` asks for, as the caller may see them. A wait (`wait` > 0 and
    /// nothing new) counts against the caller's streams.
    pub async fn events(
        &self,
        player: PlayerId,
        id: TableId,
        poll: Poll,
    ) -> Result<Vec<EventOut>, AppError> {
        Ok(self.poll(player, id, poll).await?.0)
    }

    /// The events `poll` asks for and, with `chat_after`, the messages said after them,
    /// waiting for either as `poll` says.
    async fn poll(
        &self,
        player: PlayerId,
        id: TableId,
        poll: Poll,
    ) -> Result<(Vec<EventOut>, Vec<ChatMessage>), AppError> {
        let Poll {
            after,
            wait,
            limit,
            until,
            chat_after,
        } = poll;
        if wait > MAX_WAIT_SECS {
            return Err(AppError::Refused {
                code: ErrorCode::InvalidWait,
                current_version: None,
                detail: format!("wait is at most {MAX_WAIT_SECS} seconds"),
            });
        }
        let limit = limit.clamp(1, MAX_PAGE);
        let until = until.min(Instant::now() + Duration::from_secs(wait));
        let (page, head) = self.events_page(player, id, after, limit).await?;
        // The page's read checked that the caller is a member.
        let chat = match chat_after {
            Some(chat_after) => {
                let upto = page.last().map_or(head, |e| e.seq);
                self.social()
                    .chat_until(player, id, chat_after, upto, limit)
                    .await?
            }
            None => Vec::new(),
        };
        if !page.is_empty() || !chat.is_empty() || wait == 0 {
            return Ok((page, chat));
        }
        let admission =
            self.live
                .feeds
                .admit(player.0, self.config.streams, Listening::LongPoll)?;
        let watching = self.watch(id.0, player.0).await;
        // Waiting for what comes after the table's head, whatever the client asked.
        let from = Cursors {
            events: after.min(head),
            chat: chat_after,
            held_after: 0,
        };
        let mut listener = self.listen(id.0, player.0, from, false, admission, watching);
        // A process stopping answers at once: the client asks again, of another.
        tokio::select! {
            next = listener.next(self, id, until, limit as usize) => match next {
                Some(delivery) => delivery.map(|d| (d.events, d.chat)),
                None => Ok((Vec::new(), Vec::new())),
            },
            () = self.drain.reached(crate::kernel::drain::Stage::Stopping) => Ok((Vec::new(), Vec::new())),
        }
    }

    /// [`App::events`], with the caller's view of the table after them when they reach
    /// the table's version (none when no event came, or more are to be read).
    pub async fn updates(
        &self,
        player: PlayerId,
        id: TableId,
        poll: Poll,
    ) -> Result<Updates, AppError> {
        let (events, chat) = self.poll(player, id, poll).await?;
        let view = match events.last() {
            Some(last) => {
                let (view, _) = self.table().table_view(player, id).await?;
                (view.version == last.seq).then_some(view)
            }
            None => None,
        };
        Ok(Updates {
            events,
            view,
            chat: poll.chat_after.map(|_| chat),
        })
    }

    /// A listener of the table's stream for `player`, with its first page (every event
    /// after `after`, up to a page): refusals (403, 404, 429) come before the stream starts.
    pub async fn stream(
        &self,
        player: PlayerId,
        id: TableId,
        after: i64,
        chat_after: Option<i64>,
    ) -> Result<(Vec<EventOut>, Listener), AppError> {
        let admission = self
            .live
            .feeds
            .admit(player.0, self.config.streams, Listening::Stream)?;
        let (first, head) = self.events_page(player, id, after, MAX_PAGE).await?;
        // Resuming after the table's head (a client's mistake) waits for the next event.
        let cursor = first.last().map_or(after.min(head), |e| e.seq);
        // Without `chat_after`: the messages said from now on (the client holds none).
        let (chat_after, held_after) = match chat_after {
            Some(chat_after) => (chat_after, 0),
            None => {
                let mut conn = store::conn(&self.pool).await?;
                let newest = store::chat::newest(&mut conn, id.0).await?;
                (newest, newest)
            }
        };
        let watching = self.watch(id.0, player.0).await;
        Ok((
            first,
            self.listen(
                id.0,
                player.0,
                Cursors {
                    events: cursor,
                    chat: Some(chat_after),
                    held_after,
                },
                true,
                admission,
                watching,
            ),
        ))
    }

    /// Events after `after` read for the caller alone, and the table's version (its last
    /// seq) then. The events are read before the table, so a hand the table calls over
    /// really was over for every event read (its events are then shown whole).
    pub(crate) async fn events_page(
        &self,
        player: PlayerId,
        id: TableId,
        after: i64,
        limit: i64,
    ) -> Result<(Vec<EventOut>, i64), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let rows = event_log::load_after(&mut conn, id.0, after, limit).await?;
        let (table, _, seats) = load_seats_of_member(&mut conn, id, player).await?;
        if rows.is_empty() {
            return Ok((Vec::new(), table.version));
        }
        let rules = crate::table::state::rules_of(&table)?;
        let my_seat = seats
            .iter()
            .find(|s| s.player_id == player.0)
            .map(|s| s.seat);
        let page = rows
            .iter()
            .map(|row| {
                let event = TableEvent::decode(row.seq, &row.payload)?;
                let in_play = table.in_hand && row.hand_no == table.hand_no;
                event_out(row, &event, in_play, my_seat, rules.simultaneous_declare)
                    .map_err(|e| AppError::Internal(e.to_string()))
            })
            .collect::<Result<_, _>>()?;
        Ok((page, table.version))
    }
}
