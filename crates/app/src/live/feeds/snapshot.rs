//! What a feed's read leaves: the table's events, chat and views as of one snapshot, and
//! what each listener is given of them.

use std::collections::HashMap;
use std::sync::Arc;

use bytes::Bytes;
use uuid::Uuid;

use crate::AppError;
use crate::engine::TableRules;
use crate::kernel::ids::PlayerId;
use crate::social::chat::ChatMessage;
use crate::store::{self};
use crate::table::event::TableEvent;
use crate::table::state::TableState;
use crate::table::view::{EventOut, event_out, table_view};

use super::{KEEP, KEEP_CHAT, Snapshot, Views, view_frame};

impl Snapshot {
    pub(super) fn empty(head: i64) -> Snapshot {
        Snapshot {
            events: Vec::new(),
            from: head,
            head,
            in_hand: false,
            hand_no: 0,
            simultaneous: false,
            seats: Vec::new(),
            left: None,
            gone: false,
            stamp: 0,
            views: None,
            chat: Vec::new(),
            chat_from: None,
            chat_head: 0,
            hidden: Vec::new(),
            blocks: Arc::default(),
        }
    }

    /// The messages after `cursor` said after event `upto` at the latest (the order of the
    /// table: a message follows the event it was said after), as `player` may hear them,
    /// at most `limit`, and the cursor after them; `None` when the feed does not hold every
    /// message after `cursor`.
    pub(super) fn chat_for(
        &self,
        cursor: i64,
        upto: i64,
        player: Uuid,
        limit: usize,
    ) -> Option<(Vec<ChatMessage>, i64)> {
        if self.chat_from.is_none_or(|from| cursor < from) {
            return None;
        }
        let blocked = self.blocks.get(&player).map_or(&[][..], |b| &b[..]);
        let start = self.chat.partition_point(|m| m.id <= cursor);
        let mut next = cursor;
        let mut heard = Vec::new();
        for message in self.chat[start..]
            .iter()
            .take_while(|m| m.after_version <= upto)
        {
            if heard.len() == limit {
                break;
            }
            next = message.id;
            if message.heard_by(blocked) {
                heard.push(ChatMessage::clone(message).for_viewer(blocked));
            }
        }
        Some((heard, next))
    }

    /// Whether `player` has a seat at the table.
    fn seats(&self, player: Uuid) -> bool {
        self.seats.iter().any(|(_, p)| *p == player)
    }

    /// The shared view frame for `player` among `views`, if built for them.
    pub(super) fn view_for(&self, player: Uuid, views: &Views) -> Option<Bytes> {
        match views.own.get(&player) {
            Some(view) => Some(view.clone()),
            None if self.seats(player) => None,
            None => views.others.clone(),
        }
    }

    /// Whether `player` may still listen: not when the last read found they left the
    /// league (a listener who joined since is checked by the next read).
    pub(super) fn allows(&self, player: Uuid) -> bool {
        !self.gone && self.left.as_ref().is_none_or(|l| !l.contains(&player))
    }

    /// Whether every event after `after` up to the head is here.
    pub(super) fn covers(&self, after: i64) -> bool {
        after >= self.from
    }

    /// The events after `after` as `player` may see them, at most `limit`. Read in the same
    /// snapshot as the table, so a hand this snapshot calls over really is over.
    pub(super) fn page(
        &self,
        after: i64,
        player: Uuid,
        limit: usize,
    ) -> Result<Vec<EventOut>, AppError> {
        let viewer = self
            .seats
            .iter()
            .find(|(_, p)| *p == player)
            .map(|(s, _)| *s);
        let start = self.events.partition_point(|e| e.0.seq <= after);
        self.events[start..]
            .iter()
            .take(limit)
            .map(|e| {
                let (row, event) = &**e;
                let in_play = self.in_hand && row.hand_no == self.hand_no;
                event_out(row, event, in_play, viewer, self.simultaneous)
                    .map_err(|e| AppError::Internal(e.to_string()))
            })
            .collect()
    }

    /// This snapshot with `read` of `listeners` applied: new events appended (the oldest
    /// dropped beyond [`KEEP`]), the table's state replaced, and the `blocks` the listeners
    /// made kept for their chat and views.
    pub(super) fn after_read(
        &self,
        read: store::events::FeedRead,
        said: store::chat::FeedChat,
        blocks: &HashMap<Uuid, Arc<[Uuid]>>,
        listeners: &[Uuid],
    ) -> Result<Snapshot, AppError> {
        let rules: TableRules = serde_json::from_value(read.rules)
            .map_err(|e| AppError::Internal(format!("stored rules unreadable: {e}")))?;
        let mut events = self.events.clone();
        let mut head = self.head;
        for row in read.events {
            let event = TableEvent::decode(row.seq, &row.payload)?;
            head = row.seq;
            events.push(Arc::new((row, event)));
        }
        let mut from = self.from;
        if events.len() > KEEP {
            let dropped = events.len() - KEEP;
            from = events[dropped - 1].0.seq;
            events.drain(..dropped);
        }
        let mut chat: Vec<Arc<ChatMessage>> = self
            .chat
            .iter()
            .filter(|m| !said.hidden.contains(&m.id))
            .cloned()
            .collect();
        let mut chat_from = said.from.or(self.chat_from);
        let mut chat_head = said
            .from
            .map_or(self.chat_head, |from| from.max(self.chat_head));
        for row in said.messages {
            chat_head = row.id;
            chat.push(Arc::new(ChatMessage::from(row)));
        }
        if chat.len() > KEEP_CHAT {
            let dropped = chat.len() - KEEP_CHAT;
            chat_from = Some(chat[dropped - 1].id);
            chat.drain(..dropped);
        }
        let mut hidden: Vec<i64> = self
            .hidden
            .iter()
            .chain(&said.hidden)
            .copied()
            .filter(|id| chat_from.is_none_or(|from| *id > from))
            .collect();
        hidden.sort_unstable();
        hidden.dedup();
        Ok(Snapshot {
            events,
            from,
            head,
            in_hand: read.in_hand,
            hand_no: read.hand_no,
            simultaneous: rules.simultaneous_declare,
            seats: read
                .seats
                .into_iter()
                .map(|(seat, player)| (u8::try_from(seat).unwrap_or(u8::MAX), player))
                .collect(),
            left: Some({
                let mut left: Vec<Uuid> = listeners
                    .iter()
                    .filter(|p| !read.members.contains(p))
                    .copied()
                    .collect();
                left.sort_unstable();
                left
            }),
            gone: false,
            stamp: read.stamp,
            views: None,
            chat,
            chat_from,
            chat_head,
            hidden,
            blocks: if *self.blocks == *blocks {
                self.blocks.clone()
            } else {
                Arc::new(blocks.clone())
            },
        })
    }

    /// Whether a listener hears something of `next` that it would not of `self`.
    pub(super) fn chat_moved(&self, next: &Snapshot) -> bool {
        next.chat_head != self.chat_head
            || next.chat.len() != self.chat.len()
            || next.hidden != self.hidden
            || next.chat_from != self.chat_from
            || !Arc::ptr_eq(&next.blocks, &self.blocks)
    }
}

/// The views of `kept`, the table at the snapshot's version, for `listeners`.
pub(super) fn views(
    kept: &TableState,
    at: &Snapshot,
    listeners: &[Uuid],
) -> Result<Arc<Views>, AppError> {
    let mut own = HashMap::new();
    let mut others = None;
    for &player in listeners {
        let blocked = at.blocks.get(&player).map_or(&[][..], |b| &b[..]);
        let unnamed = at
            .seats
            .iter()
            .any(|(_, p)| blocked.binary_search(p).is_ok());
        let seated = at.seats(player);
        if seated || unnamed {
            let seat = seated.then_some(PlayerId(player));
            own.insert(
                player,
                view_frame(&table_view(kept, seat).unnamed(blocked))?,
            );
        } else if others.is_none() {
            others = Some(view_frame(&table_view(kept, None))?);
        }
    }
    Ok(Arc::new(Views { own, others }))
}
