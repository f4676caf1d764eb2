//! What a table's change announces (the notification outbox, see the `webhooks` migration):
//! derived from the state before and after it and its events, and written in the same
//! statement as those events. `turn.reminder`s are scheduled by the dispatcher when it
//! hands out a `turn.started` (see [`crate::notify::dispatcher`]).

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use crate::store::table_write::Notice;
use crate::table::change::Committed;
use crate::table::state::TableState;

/// A kind of notification, as webhooks subscribe to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
pub enum NotificationKind {
    /// A player is to act (their turn began).
    #[serde(rename = "turn.started")]
    TurnStarted,
    /// A player's turn ends soon (`BOURRE_REMINDER_SECS` before its deadline).
    #[serde(rename = "turn.reminder")]
    TurnReminder,
    /// A hand ended, with its settlement.
    #[serde(rename = "hand.ended")]
    HandEnded,
    /// The server acted for a player whose time ran out.
    #[serde(rename = "player.timed_out")]
    PlayerTimedOut,
    /// A player reported something about the league (its admins' endpoints only).
    #[serde(rename = "report.created")]
    ReportCreated,
    /// A tournament starts soon (its `lead_seconds` before), to its entrants.
    #[serde(rename = "tournament.starting")]
    TournamentStarting,
    /// A tournament's round is seated: to each player, their table (or their bye).
    #[serde(rename = "tournament.round_started")]
    TournamentRoundStarted,
    /// A tournament finished: its standings and prizes, to every entrant.
    #[serde(rename = "tournament.finished")]
    TournamentFinished,
}

impl NotificationKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            NotificationKind::TurnStarted => "turn.started",
            NotificationKind::TurnReminder => "turn.reminder",
            NotificationKind::HandEnded => "hand.ended",
            NotificationKind::PlayerTimedOut => "player.timed_out",
            NotificationKind::ReportCreated => "report.created",
            NotificationKind::TournamentStarting => "tournament.starting",
            NotificationKind::TournamentRoundStarted => "tournament.round_started",
            NotificationKind::TournamentFinished => "tournament.finished",
        }
    }
}

/// The table a notification is about, as it is after the change.
fn table_part(state: &TableState) -> serde_json::Map<String, Value> {
    let t = &state.table;
    let mut data = serde_json::Map::new();
    data.insert("league_id".into(), json!(t.league_id));
    data.insert("table_id".into(), json!(t.id));
    data.insert("table_name".into(), json!(t.name));
    data.insert("hand_no".into(), json!(t.hand_no));
    data.insert("version".into(), json!(t.version));
    data
}

/// What a seat's player is told about the table: no card, hidden or not.
fn about(state: &TableState, seat: u8, player: uuid::Uuid) -> Value {
    let mut data = table_part(state);
    data.insert("seat".into(), json!(seat));
    data.insert("player_id".into(), json!(player));
    let sitting = state.seats.iter().find(|s| s.seat == seat);
    data.insert("username".into(), json!(sitting.map(|s| &s.username)));
    data.insert(
        "display_name".into(),
        json!(sitting.and_then(|s| s.display_name.as_ref())),
    );
    data.insert(
        "avatar".into(),
        json!(sitting.and_then(|s| s.avatar.as_ref())),
    );
    data.insert("deadline".into(), json!(state.table.deadline));
    Value::Object(data)
}

/// The notifications `committed` (decided on `before`) announces, due `now`:
/// - `turn.started` for each human player who is to act after it and was not before, or
///   who acted in it and is to act again; bots are not told;
/// - `player.timed_out` for each seat the server acted for;
/// - `hand.ended` with the settlement (public once the hand is over) and who was dealt in.
pub fn announced(before: &TableState, committed: &Committed, now: DateTime<Utc>) -> Vec<Notice> {
    let after = &committed.after;
    let mut notices = Vec::new();
    for row in &committed.rows {
        match row.kind {
            "turn_timed_out" => {
                let seat = row.payload["seat"].as_u64().unwrap_or_default();
                let player = row.payload["player_id"]
                    .as_str()
                    .and_then(|p| p.parse().ok())
                    .unwrap_or_default();
                notices.push(Notice {
                    kind: NotificationKind::PlayerTimedOut.as_str(),
                    data: about(after, u8::try_from(seat).unwrap_or_default(), player),
                    due_at: now,
                });
            }
            "hand_ended" => {
                let mut data = table_part(after);
                data.insert("hand_no".into(), json!(row.hand_no));
                data.insert("settlement".into(), row.payload.clone());
                // Who was dealt in, seat by seat: each is told what the hand did for them.
                let dealt = after.hand.as_ref().or(before.hand.as_ref());
                data.insert(
                    "players".into(),
                    json!(dealt.map(|h| &h.players).unwrap_or(&Vec::new())),
                );
                notices.push(Notice {
                    kind: NotificationKind::HandEnded.as_str(),
                    data: Value::Object(data),
                    due_at: now,
                });
            }
            _ => {}
        }
    }
    // A player's turn begins when they become one to act, or when they are to act again
    // right after acting (the winner of a trick leads the next). Others still to decide
    // (a simultaneous declaration) were told already.
    let acted: Vec<u64> = committed
        .rows
        .iter()
        .filter_map(|row| row.payload["seat"].as_u64())
        .collect();
    for player in &after.table.to_act {
        let Some(seat) = after.seats.iter().find(|s| s.player_id == *player) else {
            continue;
        };
        let again = acted.contains(&u64::from(seat.seat));
        if seat.bot || (before.table.to_act.contains(player) && !again) {
            continue;
        }
        notices.push(Notice {
            kind: NotificationKind::TurnStarted.as_str(),
            data: about(after, seat.seat, *player),
            due_at: now,
        });
    }
    notices
}
