//! A tournament's settings: what an organiser chooses, checked whole, and the recurrence
//! that makes a league's next night.

use chrono::{DateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::TableRules;
use crate::kernel::text::whole;
use crate::{AppError, ErrorCode};

/// Most rounds a tournament plays.
pub const MAX_ROUNDS: u32 = 20;
/// Most hands a table plays in a round.
pub const MAX_HANDS_PER_ROUND: u32 = 100;
/// Most entries a tournament takes (and the default `max_entries`).
pub const MAX_ENTRIES: u32 = 1000;
/// Most prize places.
pub const MAX_PLACES: usize = 50;
/// Largest buy-in, in chips.
pub const MAX_BUY_IN: i64 = 1_000_000_000;
/// Turn time bounds, in seconds.
pub const TURN_SECONDS: (u32, u32) = (5, 604_800);
/// Longest lead time and round interval, in seconds (a week, a month).
pub const MAX_LEAD_SECONDS: u32 = 604_800;
pub const MAX_ROUND_INTERVAL_SECONDS: u32 = 2_592_000;

/// How many players a table seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSize {
    /// Fewest players at a table, 2 to 8.
    #[serde(deserialize_with = "whole")]
    #[schema(minimum = 2, maximum = 8)]
    pub min: u8,
    /// Most players at a table, `min` to 8.
    #[serde(deserialize_with = "whole")]
    #[schema(minimum = 2, maximum = 8)]
    pub max: u8,
}

/// When the next night is: an RFC 5545 `RRULE` from this night's start, in a time zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Recurrence {
    /// The rule, without `DTSTART` (the night's `starts_at` is it), such as
    /// `FREQ=WEEKLY;BYDAY=FR`; `COUNT` is not taken (use `UNTIL`).
    #[schema(max_length = 500, example = "FREQ=WEEKLY;BYDAY=FR")]
    pub rrule: String,
    /// The IANA time zone the rule runs in (so that eight o'clock stays eight o'clock across
    /// daylight saving time); `UTC` when not given.
    #[serde(default = "utc")]
    #[schema(max_length = 64, example = "America/Chicago", default = "UTC")]
    pub time_zone: String,
}

fn utc() -> String {
    "UTC".into()
}

/// A tournament's settings: the create request's fields but its `name` and `starts_at`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentSettings {
    /// Rounds played, 1 to 20.
    #[schema(minimum = 1, maximum = 20)]
    pub rounds: u32,
    /// Hands each table plays in a round, 1 to 100.
    #[schema(minimum = 1, maximum = 100)]
    pub hands_per_round: u32,
    /// How many players a table seats.
    pub table_size: TableSize,
    /// Chips each entry puts in the pool (held in the ledger until the prizes are paid); 0
    /// for a free tournament.
    #[schema(minimum = 0, maximum = 1_000_000_000)]
    pub buy_in: i64,
    /// The pool's percentages by place, best first: each 1 to 100, adding up to 100.
    #[schema(min_items = 1, max_items = 50)]
    pub prizes: Vec<u32>,
    /// Each turn's time at the tournament's tables, 5 to 604,800 seconds.
    #[schema(minimum = 5, maximum = 604_800)]
    pub turn_seconds: u32,
    /// Rounds after the start during which players may still enter (seated from the next
    /// round); 0: entries close at the start. Less than `rounds`.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 19)]
    pub late_registration_rounds: u32,
    /// How long before the start `tournament.starting` is announced, 0 to 604,800 seconds.
    #[serde(default = "default_lead")]
    #[schema(minimum = 0, maximum = 604_800, default = 900)]
    pub lead_seconds: u32,
    /// Rounds start at `starts_at` plus this many seconds times the round's number less one
    /// (one round a day: 86,400), or when the round before ends if that is later; none: each
    /// round starts as soon as the one before ends.
    #[serde(default)]
    #[schema(minimum = 60, maximum = 2_592_000)]
    pub round_interval_seconds: Option<u32>,
    /// Most entries, 2 to 1,000 (the default).
    #[serde(default)]
    #[schema(minimum = 2, maximum = 1000)]
    pub max_entries: Option<u32>,
    /// The tables' rules (`TableRules`, `ante` 1 when not given); their `max_players` is
    /// `table_size.max` and their `turn_timeout_secs` `turn_seconds`, whatever is sent.
    #[serde(default)]
    #[schema(value_type = Option<crate::engine::TableRules>)]
    pub rules: Option<serde_json::Value>,
    /// Makes the next night when this one starts.
    #[serde(default)]
    pub recurrence: Option<Recurrence>,
}

fn default_lead() -> u32 {
    900
}

fn refuse(detail: impl Into<String>) -> AppError {
    AppError::refused(ErrorCode::InvalidTournament, detail)
}

impl TournamentSettings {
    /// Checks every field and how they fit together; the tables' rules.
    pub fn check(&self) -> Result<TableRules, AppError> {
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return Err(refuse(format!("rounds: 1 to {MAX_ROUNDS}")));
        }
        if !(1..=MAX_HANDS_PER_ROUND).contains(&self.hands_per_round) {
            return Err(refuse(format!(
                "hands_per_round: 1 to {MAX_HANDS_PER_ROUND}"
            )));
        }
        let TableSize { min, max } = self.table_size;
        if !(2..=8).contains(&min) || !(min..=8).contains(&max) {
            return Err(refuse("table_size: 2 <= min <= max <= 8"));
        }
        if !(0..=MAX_BUY_IN).contains(&self.buy_in) {
            return Err(refuse(format!("buy_in: 0 to {MAX_BUY_IN} chips")));
        }
        if self.prizes.is_empty()
            || self.prizes.len() > MAX_PLACES
            || self.prizes.iter().any(|p| !(1..=100).contains(p))
            || self.prizes.iter().sum::<u32>() != 100
        {
            return Err(refuse(format!(
                "prizes: 1 to {MAX_PLACES} percentages, each 1 to 100, adding up to 100"
            )));
        }
        if !(TURN_SECONDS.0..=TURN_SECONDS.1).contains(&self.turn_seconds) {
            return Err(refuse(format!(
                "turn_seconds: {} to {}",
                TURN_SECONDS.0, TURN_SECONDS.1
            )));
        }
        if self.late_registration_rounds >= self.rounds {
            return Err(refuse("late_registration_rounds: fewer than rounds"));
        }
        if self.lead_seconds > MAX_LEAD_SECONDS {
            return Err(refuse(format!("lead_seconds: 0 to {MAX_LEAD_SECONDS}")));
        }
        if let Some(every) = self.round_interval_seconds
            && !(60..=MAX_ROUND_INTERVAL_SECONDS).contains(&every)
        {
            return Err(refuse(format!(
                "round_interval_seconds: 60 to {MAX_ROUND_INTERVAL_SECONDS}"
            )));
        }
        if let Some(most) = self.max_entries
            && !(2..=MAX_ENTRIES).contains(&most)
        {
            return Err(refuse(format!("max_entries: 2 to {MAX_ENTRIES}")));
        }
        if let Some(recurrence) = &self.recurrence {
            recurrence.next_after(Utc::now())?;
        }
        self.table_rules()
    }

    /// The tables' rules: as given (`ante` 1 by default), with the tournament's table size
    /// and turn time.
    pub fn table_rules(&self) -> Result<TableRules, AppError> {
        let given = self
            .rules
            .clone()
            .unwrap_or_else(|| serde_json::json!({"ante": 1}));
        let mut rules: TableRules =
            serde_json::from_value(given).map_err(|e| refuse(format!("rules: {e}")))?;
        rules.max_players = self.table_size.max;
        rules.turn_timeout_secs = u64::from(self.turn_seconds);
        rules.validate().map_err(|e| refuse(format!("rules.{e}")))?;
        Ok(rules)
    }

    /// Most entries taken.
    pub fn most_entries(&self) -> i64 {
        i64::from(self.max_entries.unwrap_or(MAX_ENTRIES))
    }

    /// When round `round` (from 1) may start, for a tournament starting at `starts_at`.
    pub fn round_due(&self, starts_at: DateTime<Utc>, round: u32) -> DateTime<Utc> {
        match self.round_interval_seconds {
            Some(every) => {
                starts_at
                    + chrono::Duration::seconds(
                        i64::from(every) * i64::from(round.saturating_sub(1)),
                    )
            }
            None => starts_at,
        }
    }
}

impl Recurrence {
    /// The first start of the rule after `start` (the rule's `DTSTART`); none once the rule
    /// has ended (`UNTIL`).
    pub fn next_after(&self, start: DateTime<Utc>) -> Result<Option<DateTime<Utc>>, AppError> {
        let bad = |e: String| refuse(format!("recurrence: {e}"));
        if self.rrule.len() > 500 || self.time_zone.len() > 64 {
            return Err(bad("rrule has at most 500 characters, time_zone 64".into()));
        }
        let zone: chrono_tz::Tz = self
            .time_zone
            .parse()
            .map_err(|_| bad(format!("{:?} is not an IANA time zone", self.time_zone)))?;
        let text = self.rrule.trim();
        let text = text.strip_prefix("RRULE:").unwrap_or(text);
        if text
            .split(';')
            .any(|part| part.trim().to_ascii_uppercase().starts_with("COUNT="))
        {
            return Err(bad("COUNT is not taken: end the rule with UNTIL".into()));
        }
        let rule: rrule::RRule<rrule::Unvalidated> = text
            .parse()
            .map_err(|e: rrule::RRuleError| bad(e.to_string()))?;
        let dt_start = rrule::Tz::Tz(zone).from_utc_datetime(&start.naive_utc());
        let set = rule
            .build(dt_start)
            .map_err(|e| bad(e.to_string()))?
            .after(dt_start);
        // `after` may include the start itself.
        Ok(set
            .all(2)
            .dates
            .into_iter()
            .find(|at| *at > dt_start)
            .map(|at| at.with_timezone(&Utc)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> TournamentSettings {
        serde_json::from_value(serde_json::json!({
            "rounds": 2, "hands_per_round": 3, "table_size": {"min": 2, "max": 5},
            "buy_in": 100, "prizes": [60, 40], "turn_seconds": 60
        }))
        .expect("settings")
    }

    #[test]
    fn checks_each_field() {
        assert!(settings().check().is_ok());
        /// A way to spoil the settings, and the field it spoils.
        type Spoil = (fn(&mut TournamentSettings), &'static str);
        let cases: Vec<Spoil> = vec![
            (|s| s.rounds = 0, "rounds"),
            (|s| s.hands_per_round = 101, "hands_per_round"),
            (
                |s| s.table_size = TableSize { min: 5, max: 4 },
                "table_size",
            ),
            (
                |s| s.table_size = TableSize { min: 1, max: 4 },
                "table_size",
            ),
            (|s| s.buy_in = -1, "buy_in"),
            (|s| s.prizes = vec![60, 30], "prizes"),
            (|s| s.prizes = vec![], "prizes"),
            (|s| s.turn_seconds = 1, "turn_seconds"),
            (
                |s| s.late_registration_rounds = 2,
                "late_registration_rounds",
            ),
            (|s| s.max_entries = Some(1), "max_entries"),
            (|s| s.rules = Some(serde_json::json!({"ante": 0})), "rules"),
            (
                |s| {
                    s.recurrence = Some(Recurrence {
                        rrule: "FREQ=WEEKLY;COUNT=3".into(),
                        time_zone: "UTC".into(),
                    })
                },
                "recurrence",
            ),
            (
                |s| {
                    s.recurrence = Some(Recurrence {
                        rrule: "FREQ=SOMETIMES".into(),
                        time_zone: "UTC".into(),
                    })
                },
                "recurrence",
            ),
        ];
        for (spoil, field) in cases {
            let mut s = settings();
            spoil(&mut s);
            let e = s.check().expect_err(field);
            assert_eq!(e.code(), Some(ErrorCode::InvalidTournament));
            assert!(e.to_string().contains(field), "{field}: {e}");
        }
    }

    #[test]
    fn a_weekly_night_keeps_its_local_hour_across_daylight_saving() {
        let weekly = Recurrence {
            rrule: "FREQ=WEEKLY;BYDAY=FR".into(),
            time_zone: "America/Chicago".into(),
        };
        // Friday 30 October 2026, 20:00 in Chicago (CDT, UTC-5).
        let start = Utc
            .with_ymd_and_hms(2026, 10, 31, 1, 0, 0)
            .single()
            .expect("time");
        let next = weekly.next_after(start).expect("rule").expect("next");
        // Friday 6 November, 20:00 in Chicago (CST, UTC-6).
        assert_eq!(
            next,
            Utc.with_ymd_and_hms(2026, 11, 7, 2, 0, 0)
                .single()
                .expect("time")
        );
        let ended = Recurrence {
            rrule: "FREQ=DAILY;UNTIL=20261101T000000Z".into(),
            time_zone: "UTC".into(),
        };
        assert_eq!(ended.next_after(start).expect("rule"), None);
    }
}
