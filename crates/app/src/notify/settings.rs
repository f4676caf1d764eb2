//! What a player is sent, and when: the kinds of notification (a turn, a reminder near its
//! deadline, a hand's end, their tournaments' news) per channel (Web Push, native devices), and quiet hours in the
//! player's time zone, during which only a turn whose deadline comes before they end is
//! pushed at once; the rest waits for their end, and a turn over by then is not pushed.

use chrono::{NaiveTime, Timelike};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::ToSchema;

use crate::kernel::ids::PlayerId;
use crate::notify::Cases;
use crate::store;
use crate::store::notification_settings::Prefs;
use crate::table::notices::NotificationKind;
use crate::{AppError, ErrorCode};

/// The kinds pushed on one channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Kinds {
    /// `turn.started`: it is the player's turn (not pushed while they watch the table).
    pub turn_started: bool,
    /// `turn.reminder`: their turn ends soon (`BOURRE_REMINDER_SECS` before its deadline).
    pub turn_reminder: bool,
    /// `hand.ended`: a hand they were dealt in is over, with what it did to their chips
    /// (not pushed while they watch the table).
    pub hand_ended: bool,
    /// `tournament.starting`, `tournament.round_started` and `tournament.finished`: a
    /// tournament they entered starts soon, seats them (their table, or a bye), or ends
    /// (their place and prize). On when not sent.
    #[serde(default = "on")]
    #[schema(default = true)]
    pub tournaments: bool,
}

fn on() -> bool {
    true
}

/// The kinds a tournament's news is told by.
const TOURNAMENT_KINDS: [NotificationKind; 3] = [
    NotificationKind::TournamentStarting,
    NotificationKind::TournamentRoundStarted,
    NotificationKind::TournamentFinished,
];

impl Kinds {
    fn stored(self) -> Vec<String> {
        let mut kinds = Vec::new();
        for (kind, on) in [
            (NotificationKind::TurnStarted, self.turn_started),
            (NotificationKind::TurnReminder, self.turn_reminder),
            (NotificationKind::HandEnded, self.hand_ended),
        ] {
            if on {
                kinds.push(kind.as_str().to_owned());
            }
        }
        if self.tournaments {
            kinds.extend(TOURNAMENT_KINDS.iter().map(|k| k.as_str().to_owned()));
        }
        kinds
    }

    fn of(stored: &[String]) -> Kinds {
        let on = |kind: NotificationKind| stored.iter().any(|k| k == kind.as_str());
        Kinds {
            turn_started: on(NotificationKind::TurnStarted),
            turn_reminder: on(NotificationKind::TurnReminder),
            hand_ended: on(NotificationKind::HandEnded),
            tournaments: on(NotificationKind::TournamentRoundStarted),
        }
    }
}

/// A time of day to the minute, `HH:MM` (24-hour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(value_type = String, pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$", example = "22:00")]
pub struct LocalTime(pub NaiveTime);

impl Serialize for LocalTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.format("%H:%M").to_string())
    }
}

impl<'de> Deserialize<'de> for LocalTime {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        let text = String::deserialize(de)?;
        let well_formed = text.len() == 5 && text.as_bytes()[2] == b':';
        NaiveTime::parse_from_str(&text, "%H:%M")
            .ok()
            .filter(|_| well_formed)
            .map(LocalTime)
            .ok_or_else(|| serde::de::Error::custom("a time is HH:MM, from 00:00 to 23:59"))
    }
}

/// Quiet hours: from `start` to `end` in the player's time zone (the profile's
/// `time_zone`; none apply until it is set), over midnight when `end` comes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuietHours {
    /// When they begin.
    pub start: LocalTime,
    /// When they end (not `start`).
    pub end: LocalTime,
}

/// What the player is pushed, per channel, and when not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NotificationSettings {
    /// What the player's browsers are pushed (Web Push).
    pub web_push: Kinds,
    /// What the player's devices are pushed (FCM, APNs).
    pub devices: Kinds,
    /// When to keep quiet; null for never. During them only a turn whose deadline comes
    /// before they end is pushed; the rest waits for their end (a turn over by then, or
    /// whose deadline moved, is not pushed).
    pub quiet_hours: Option<QuietHours>,
}

impl NotificationSettings {
    pub(crate) fn of(prefs: &Prefs) -> NotificationSettings {
        NotificationSettings {
            web_push: Kinds::of(&prefs.web_push),
            devices: Kinds::of(&prefs.devices),
            quiet_hours: prefs
                .quiet_start
                .zip(prefs.quiet_end)
                .map(|(start, end)| QuietHours {
                    start: LocalTime(start),
                    end: LocalTime(end),
                }),
        }
    }

    fn prefs(&self) -> Prefs {
        Prefs {
            web_push: self.web_push.stored(),
            devices: self.devices.stored(),
            quiet_start: self.quiet_hours.map(|q| q.start.0),
            quiet_end: self.quiet_hours.map(|q| q.end.0),
        }
    }
}

impl Cases<'_> {
    /// The player's notification settings (the defaults until they choose: turns,
    /// reminders and tournaments on both channels, hands' ends on neither, quiet from 22:00
    /// to 08:00).
    pub async fn notification_settings(
        &self,
        player: PlayerId,
    ) -> Result<NotificationSettings, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let prefs = store::notification_settings::of_player(&mut conn, player.0).await?;
        Ok(NotificationSettings::of(&prefs))
    }

    /// Replaces the player's notification settings: 422 `invalid_quiet_hours` when quiet
    /// hours end when they begin.
    pub async fn set_notification_settings(
        &self,
        player: PlayerId,
        settings: NotificationSettings,
    ) -> Result<NotificationSettings, AppError> {
        if let Some(quiet) = settings.quiet_hours
            && quiet.start.0.num_seconds_from_midnight() == quiet.end.0.num_seconds_from_midnight()
        {
            return Err(AppError::refused(
                ErrorCode::InvalidQuietHours,
                "quiet hours end when they begin: give another end, or null for none",
            ));
        }
        let mut conn = store::conn(&self.pool).await?;
        store::notification_settings::set(&mut conn, player.0, &settings.prefs()).await?;
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_as_stored() {
        let settings: NotificationSettings = serde_json::from_str(
            r#"{"web_push": {"turn_started": true, "turn_reminder": false, "hand_ended": true,
                             "tournaments": false},
                "devices": {"turn_started": false, "turn_reminder": true, "hand_ended": false},
                "quiet_hours": {"start": "23:30", "end": "07:05"}}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let prefs = settings.prefs();
        assert_eq!(prefs.web_push, ["turn.started", "hand.ended"]);
        // Tournaments are on when not sent.
        assert_eq!(
            prefs.devices,
            [
                "turn.reminder",
                "tournament.starting",
                "tournament.round_started",
                "tournament.finished"
            ]
        );
        assert_eq!(NotificationSettings::of(&prefs), settings);
        let shown = serde_json::to_value(settings).unwrap_or_default();
        assert_eq!(shown["quiet_hours"]["end"], "07:05");
    }

    #[test]
    fn a_time_is_hours_and_minutes() {
        for bad in ["24:00", "7:05", "07:5", "07:05:00", "", "07-05", "ab:cd"] {
            assert!(
                serde_json::from_value::<LocalTime>(serde_json::json!(bad)).is_err(),
                "{bad}"
            );
        }
        let read: LocalTime =
            serde_json::from_value(serde_json::json!("00:00")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read.0, NaiveTime::MIN);
    }
}
