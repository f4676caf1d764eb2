//! League standings, derived from the event log and the ledger: balance, net result, hands,
//! pots, split pots, bourrés, tricks, and a Weng-Lin skill rating over each hand's players
//! ranked by tricks. All time, or one season.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use utoipa::ToSchema;
use uuid::Uuid;

use super::ids::{LeagueId, PlayerId};
use super::league_admin::seasons_of;
use super::leagues::{Role, load_league, require_member};
use super::table_event::{SeatPlayer, TableEvent};
use super::{App, AppError};
use crate::app::ErrorCode;
use crate::engine::{Event, Outcome};
use crate::store;
use crate::store::ledger::player_account;

/// Ledger reasons that are play (not minting, grants or removals).
const PLAY_REASONS: [&str; 5] = ["ante", "extra_ante", "pot_won", "bourre", "pot_returned"];

/// One member's line.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Standing {
    pub player_id: Uuid,
    pub username: String,
    pub balance: i64,
    /// Chips won or lost in play (all time: balance minus starting balance minus grants).
    pub net: i64,
    /// Chips granted by admins (negative when taken back).
    pub grants: i64,
    pub hands_played: u32,
    pub pots_won: u32,
    pub split_pots: u32,
    pub bourres: u32,
    pub tricks: u32,
    /// Weng-Lin rating (mu), 25 to start.
    pub rating: f64,
    pub rating_uncertainty: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Standings {
    /// The season asked for; null for all time.
    pub season: Option<i32>,
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// The league's players.
    pub rows: Vec<Standing>,
    /// Its server-side bots seated now, ranked apart.
    pub bots: Vec<Standing>,
}

/// Columns standings sort by.
pub const SORT_COLUMNS: [&str; 10] = [
    "balance",
    "net",
    "grants",
    "hands_played",
    "pots_won",
    "split_pots",
    "bourres",
    "tricks",
    "rating",
    "username",
];

fn sort_rows(rows: &mut [Standing], column: &str, ascending: bool) {
    rows.sort_by(|a, b| {
        let ord = match column {
            "net" => a.net.cmp(&b.net),
            "grants" => a.grants.cmp(&b.grants),
            "hands_played" => a.hands_played.cmp(&b.hands_played),
            "pots_won" => a.pots_won.cmp(&b.pots_won),
            "split_pots" => a.split_pots.cmp(&b.split_pots),
            "bourres" => a.bourres.cmp(&b.bourres),
            "tricks" => a.tricks.cmp(&b.tricks),
            "rating" => a.rating.total_cmp(&b.rating),
            "username" => a.username.to_lowercase().cmp(&b.username.to_lowercase()),
            _ => a.balance.cmp(&b.balance),
        };
        let ord = if ascending { ord } else { ord.reverse() };
        ord.then_with(|| a.username.cmp(&b.username))
    });
}

/// Ranks (1 = most tricks) for a free-for-all rating; equal tricks share a rank.
fn ranks(tricks: &[(Uuid, i64)]) -> Vec<usize> {
    tricks
        .iter()
        .map(|(_, t)| 1 + tricks.iter().filter(|(_, o)| o > t).count())
        .collect()
}

impl App {
    pub async fn standings(
        &self,
        player: PlayerId,
        id: LeagueId,
        season: Option<i32>,
        sort: &str,
        ascending: bool,
    ) -> Result<Standings, AppError> {
        if !SORT_COLUMNS.contains(&sort) {
            return Err(AppError::Refused {
                code: ErrorCode::InvalidSort,
                current_version: None,
                detail: format!("sort by one of {}", SORT_COLUMNS.join(", ")),
            });
        }
        let mut conn = store::conn(&self.pool).await?;
        let league = load_league(&mut conn, id).await?;
        require_member(&mut conn, id, player).await?;
        let window = match season {
            None => None,
            Some(n) => {
                let all = seasons_of(&mut conn, &league).await?;
                let s = all.iter().find(|s| s.number == n).ok_or_else(|| {
                    AppError::refused(
                        ErrorCode::SeasonNotFound,
                        format!("the league has no season {n}"),
                    )
                })?;
                Some((s.started_at, s.closed_at))
            }
        };
        let members = store::memberships::of_league(&mut conn, id.0).await?;
        let bots: Vec<Uuid> = members
            .iter()
            .filter(|m| Role::stored(&m.3) == Role::Bot)
            .map(|m| m.0)
            .collect();
        let mut rows: HashMap<Uuid, Standing> = members
            .into_iter()
            .map(|(pid, username, balance, _)| {
                let start = WengLinRating::new();
                (
                    pid,
                    Standing {
                        player_id: pid,
                        username,
                        balance: balance.unwrap_or(0),
                        net: 0,
                        grants: 0,
                        hands_played: 0,
                        pots_won: 0,
                        split_pots: 0,
                        bourres: 0,
                        tricks: 0,
                        rating: start.rating,
                        rating_uncertainty: start.uncertainty,
                    },
                )
            })
            .collect();
        let accounts: HashMap<String, Uuid> = rows
            .keys()
            .map(|pid| (player_account(*pid), *pid))
            .collect();

        let entries = store::ledger::moves(&mut conn, id.0, window).await?;
        for (from, to, amount, reason) in entries {
            let play = PLAY_REASONS.contains(&reason.as_str());
            let grant = reason == "grant";
            if let Some(row) = accounts.get(&to).and_then(|p| rows.get_mut(p)) {
                if play {
                    row.net += amount;
                } else if grant {
                    row.grants += amount;
                }
            }
            if let Some(row) = accounts.get(&from).and_then(|p| rows.get_mut(p)) {
                if play {
                    row.net -= amount;
                } else if grant {
                    row.grants -= amount;
                }
            }
        }

        let hand_rows =
            store::events::hands_of_league(&mut conn, id.0, window.map(|w| w.0)).await?;
        drop(conn);
        let config = WengLinConfig::new();
        let mut ratings: HashMap<Uuid, WengLinRating> = HashMap::new();
        let mut dealt: HashMap<(Uuid, i32), Vec<SeatPlayer>> = HashMap::new();
        for (table, seq, hand_no, payload, at) in hand_rows {
            match TableEvent::decode(seq, &payload)? {
                TableEvent::HandDealt { players, .. } => {
                    dealt.insert((table, hand_no), players);
                }
                TableEvent::Hand(Event::HandEnded(s)) => {
                    if window.is_some_and(|(_, until)| until.is_some_and(|u| at >= u)) {
                        continue;
                    }
                    let Some(seats) = dealt.get(&(table, hand_no)) else {
                        continue;
                    };
                    let who = |seat: u8| seats.iter().find(|p| p.seat == seat).map(|p| p.player_id);
                    for p in seats {
                        if let Some(row) = rows.get_mut(&p.player_id) {
                            row.hands_played += 1;
                        }
                    }
                    match &s.outcome {
                        Outcome::Won { seat } | Outcome::Uncontested { seat } => {
                            if let Some(row) = who(*seat).and_then(|p| rows.get_mut(&p)) {
                                row.pots_won += 1;
                            }
                        }
                        Outcome::Split { seats: tied } => {
                            for seat in tied {
                                if let Some(row) = who(*seat).and_then(|p| rows.get_mut(&p)) {
                                    row.split_pots += 1;
                                }
                            }
                        }
                        Outcome::AllPassed => {}
                    }
                    for b in &s.bourre {
                        if let Some(row) = who(b.seat).and_then(|p| rows.get_mut(&p)) {
                            row.bourres += 1;
                        }
                    }
                    let played: Vec<(Uuid, i64)> = s
                        .tricks
                        .iter()
                        .filter_map(|t| who(t.seat).map(|p| (p, t.amount)))
                        .collect();
                    for (p, t) in &played {
                        if let Some(row) = rows.get_mut(p) {
                            row.tricks += u32::try_from(*t).unwrap_or(0);
                        }
                    }
                    if played.len() >= 2 {
                        let teams: Vec<[WengLinRating; 1]> = played
                            .iter()
                            .map(|(p, _)| [ratings.get(p).copied().unwrap_or_default()])
                            .collect();
                        let order = ranks(&played);
                        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                            .iter()
                            .zip(&order)
                            .map(|(team, rank)| (&team[..], MultiTeamOutcome::new(*rank)))
                            .collect();
                        let updated = weng_lin_multi_team(&input, &config);
                        for ((p, _), new) in played.iter().zip(updated) {
                            if let Some(r) = new.into_iter().next() {
                                ratings.insert(*p, r);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for (p, r) in ratings {
            if let Some(row) = rows.get_mut(&p) {
                row.rating = r.rating;
                row.rating_uncertainty = r.uncertainty;
            }
        }
        let (mut bots, mut rows): (Vec<Standing>, Vec<Standing>) = rows
            .into_values()
            .partition(|row| bots.contains(&row.player_id));
        sort_rows(&mut rows, sort, ascending);
        sort_rows(&mut bots, sort, ascending);
        Ok(Standings {
            season,
            from: window.map(|w| w.0),
            until: window.and_then(|w| w.1),
            rows,
            bots,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_a_rank() {
        let a = Uuid::new_v4();
        let b = Uuid::new_v4();
        let c = Uuid::new_v4();
        assert_eq!(ranks(&[(a, 2), (b, 2), (c, 1)]), vec![1, 1, 3]);
        assert_eq!(ranks(&[(a, 0), (b, 3), (c, 2)]), vec![3, 1, 2]);
    }
}
