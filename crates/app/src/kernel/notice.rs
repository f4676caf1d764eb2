//! What a commit tells the other processes on `bourre_events`, and its wire form: a table's
//! log or chat grew (`<table_id>:<seq>`, `<table_id>:<seq>:<message_id>`), or a player's
//! blocks changed (`blocks:<player_id>`).

use uuid::Uuid;

/// A table's log grew to `seq`, or its chat to message `chat` (0: not told). The nil
/// table means "anything may have changed" (sent when the listener (re)connects, since
/// notices may have been missed meanwhile).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Notice {
    pub table: Uuid,
    pub seq: i64,
    pub chat: i64,
}

impl Notice {
    /// The notice as other processes read it (see [`parse`]).
    pub(crate) fn payload(self) -> String {
        if self.chat == 0 {
            format!("{}:{}", self.table, self.seq)
        } else {
            format!("{}:{}:{}", self.table, self.seq, self.chat)
        }
    }
}

/// What a notice on `bourre_events` tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Heard {
    /// A table's log or chat grew.
    Table(Notice),
    /// The player's blocks changed.
    Blocks(Uuid),
}

/// How a change of `player`'s blocks is told (see `store::events::notify`).
pub fn blocks_changed(player: Uuid) -> String {
    format!("blocks:{player}")
}

pub(crate) fn parse(payload: &str) -> Option<Heard> {
    if let Some(player) = payload.strip_prefix("blocks:") {
        return player.parse().ok().map(Heard::Blocks);
    }
    parse_table(payload).map(Heard::Table)
}

fn parse_table(payload: &str) -> Option<Notice> {
    let mut parts = payload.split(':');
    let table = parts.next()?.parse().ok()?;
    let seq = parts.next()?.parse().ok()?;
    let chat = parts.next().map_or(Some(0), |c| c.parse().ok())?;
    parts
        .next()
        .is_none()
        .then_some(Notice { table, seq, chat })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_parse() {
        let id = Uuid::new_v4();
        let event = Notice {
            table: id,
            seq: 42,
            chat: 0,
        };
        let chat = Notice {
            table: id,
            seq: 0,
            chat: 7,
        };
        assert_eq!(parse(&event.payload()), Some(Heard::Table(event)));
        assert_eq!(event.payload(), format!("{id}:42"));
        assert_eq!(parse(&chat.payload()), Some(Heard::Table(chat)));
        assert_eq!(parse(&blocks_changed(id)), Some(Heard::Blocks(id)));
        assert_eq!(parse("nonsense"), None);
        assert_eq!(parse("blocks:nonsense"), None);
        assert_eq!(parse(&format!("{id}:x")), None);
        assert_eq!(parse(&format!("{id}:1:2:3")), None);
    }
}
