//! League standings: balance, net result, hands, pots, split pots, bourrés, tricks, and a
//! Weng-Lin skill rating over each hand's players ranked by tricks; all time, or one
//! season. Read from the standings rows, which the statement of every hand's end and
//! ledger move books ([`store::ledger::Booking`], with [`hand_lines`]);
//! [`tallies_from_log`] computes the same from the event log and the ledger, for `bourre
//! rebuild`.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::ErrorCode;
use crate::engine::{Outcome, Seat, Settlement};
use crate::kernel::ids::SeatPlayer;
use crate::kernel::ids::{LeagueId, PlayerId};
use crate::kernel::shown::Avatar;
use crate::leagues::Cases;
use crate::leagues::admin::seasons_of;
use crate::leagues::{Role, load_league, require_member};
use crate::store;
use crate::store::ledger::Reason;
use crate::store::standings::HandLine;

/// One member's line.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Standing {
    /// The player.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
    /// The name they chose to be shown by; null when they chose none or the caller blocked
    /// them (show the username).
    pub display_name: Option<String>,
    /// Their avatar; null when they chose none or the caller blocked them.
    pub avatar: Option<Avatar>,
    /// Their chips in the league now (whatever the season).
    pub balance: i64,
    /// Chips won or lost in play (all time: balance minus starting balance minus grants).
    pub net: i64,
    /// Chips granted by admins (negative when taken back).
    pub grants: i64,
    /// Hands they were dealt into that ended.
    pub hands_played: u32,
    /// Hands whose pot they took, with most tricks or uncontested (R10a, R8).
    pub pots_won: u32,
    /// Hands they tied for most tricks (R10b).
    pub split_pots: u32,
    /// Hands in which they were bourré (R10c).
    pub bourres: u32,
    /// Tricks they took.
    pub tricks: u32,
    /// Weng-Lin rating (mu), 25 to start.
    pub rating: f64,
    /// The Weng-Lin rating's uncertainty (sigma), 25/3 to start.
    pub rating_uncertainty: f64,
}

crate::kernel::shown::named_by_player_id!(Standing);

#[derive(Debug, Serialize, ToSchema)]
pub struct Standings {
    /// The season asked for; null for all time.
    pub season: Option<i32>,
    /// When the season began; null for all time.
    pub from: Option<DateTime<Utc>>,
    /// When the season closed; null for the running season and for all time.
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

/// Each dealt player's line of a hand that ended (`seats`: its `hand_dealt` players): those
/// who played it out first, in the settlement's order, each with their rank by tricks for
/// a free-for-all rating (1 = most tricks; equal tricks share a rank), then the others.
pub fn hand_lines(seats: &[SeatPlayer], s: &Settlement) -> Vec<HandLine> {
    let line = |seat: Seat, player_id: Uuid, rank: Option<i32>| HandLine {
        player_id,
        pots_won: i32::from(matches!(
            s.outcome,
            Outcome::Won { seat: w } | Outcome::Uncontested { seat: w } if w == seat
        )),
        split_pots: i32::from(
            matches!(&s.outcome, Outcome::Split { seats } if seats.contains(&seat)),
        ),
        bourres: s.bourre.iter().filter(|b| b.seat == seat).count() as i32,
        tricks: s
            .tricks
            .iter()
            .filter(|t| t.seat == seat)
            .map(|t| i32::try_from(t.amount).unwrap_or(0))
            .sum(),
        rank,
    };
    let player_at = |seat: Seat| seats.iter().find(|p| p.seat == seat).map(|p| p.player_id);
    let mut lines: Vec<HandLine> = s
        .tricks
        .iter()
        .filter_map(|t| {
            let rank = 1 + s.tricks.iter().filter(|o| o.amount > t.amount).count() as i32;
            player_at(t.seat).map(|p| line(t.seat, p, Some(rank)))
        })
        .collect();
    for p in seats {
        if !lines.iter().any(|l| l.player_id == p.player_id) {
            lines.push(line(p.seat, p.player_id, None));
        }
    }
    lines
}

/// A player's numbers in a league, all time or in one season: what a standings row holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tally {
    pub net: i64,
    pub grants: i64,
    pub hands_played: i32,
    pub pots_won: i32,
    pub split_pots: i32,
    pub bourres: i32,
    pub tricks: i32,
    pub rating: f64,
    pub rating_uncertainty: f64,
}

impl Default for Tally {
    fn default() -> Tally {
        let start = WengLinRating::new();
        Tally {
            net: 0,
            grants: 0,
            hands_played: 0,
            pots_won: 0,
            split_pots: 0,
            bourres: 0,
            tricks: 0,
            rating: start.rating,
            rating_uncertainty: start.uncertainty,
        }
    }
}

/// How far two ratings may differ and still be the same: the database's arithmetic and
/// Rust's round the last bits differently.
const RATING_TOLERANCE: f64 = 1e-9;

impl Tally {
    pub fn of(row: &store::standings::Row) -> Tally {
        Tally {
            net: row.net,
            grants: row.grants,
            hands_played: row.hands_played,
            pots_won: row.pots_won,
            split_pots: row.split_pots,
            bourres: row.bourres,
            tricks: row.tricks,
            rating: row.rating,
            rating_uncertainty: row.rating_uncertainty,
        }
    }

    pub fn row(&self, league: Uuid, season: i32, player: Uuid) -> store::standings::Row {
        store::standings::Row {
            league_id: league,
            season,
            player_id: player,
            net: self.net,
            grants: self.grants,
            hands_played: self.hands_played,
            pots_won: self.pots_won,
            split_pots: self.split_pots,
            bourres: self.bourres,
            tricks: self.tricks,
            rating: self.rating,
            rating_uncertainty: self.rating_uncertainty,
        }
    }

    /// Whether `self` and `other` are the same numbers (ratings within
    /// [`RATING_TOLERANCE`]).
    pub fn same(&self, other: &Tally) -> bool {
        let close = |a: f64, b: f64| (a - b).abs() <= RATING_TOLERANCE;
        Tally {
            rating: 0.0,
            rating_uncertainty: 0.0,
            ..*self
        } == Tally {
            rating: 0.0,
            rating_uncertainty: 0.0,
            ..*other
        } && close(self.rating, other.rating)
            && close(self.rating_uncertainty, other.rating_uncertainty)
    }
}

/// What the standings read of a hand's event in a table's log: who was dealt in, or how it
/// ended (the table room reads its events, see `ops::rebuild`).
pub enum HandFact {
    Dealt(Vec<SeatPlayer>),
    Ended(Box<Settlement>),
}

/// The tallies of every player in a league's ledger and hands (within `window`), computed
/// from the log alone (`fact` reads a hand's event: its seq and payload), with ratings over
/// the hands in the order they ended: what its standings rows must hold (`bourre rebuild
/// --check` compares them).
pub async fn tallies_from_log(
    conn: &mut store::Conn,
    league: Uuid,
    window: Option<(DateTime<Utc>, Option<DateTime<Utc>>)>,
    fact: impl Fn(i64, &serde_json::Value) -> Result<Option<HandFact>, AppError>,
) -> Result<HashMap<Uuid, Tally>, AppError> {
    let mut rows: HashMap<Uuid, Tally> = HashMap::new();
    let player = |account: &str| {
        account
            .strip_prefix("player:")
            .and_then(|id| id.parse::<Uuid>().ok())
    };
    for (from, to, amount, reason) in store::ledger::moves(conn, league, window).await? {
        let play = Reason::PLAY.iter().any(|r| r.as_str() == reason);
        if !play && reason != "grant" {
            continue;
        }
        for (account, signed) in [(to, amount), (from, -amount)] {
            if let Some(row) = player(&account).map(|p| rows.entry(p).or_default()) {
                if play {
                    row.net += signed;
                } else {
                    row.grants += signed;
                }
            }
        }
    }
    let hand_rows = store::events::hands_of_league(conn, league, window.map(|w| w.0)).await?;
    let config = WengLinConfig::new();
    let mut dealt: HashMap<(Uuid, i32), Vec<SeatPlayer>> = HashMap::new();
    for (table, seq, hand_no, payload, at) in hand_rows {
        match fact(seq, &payload)? {
            Some(HandFact::Dealt(players)) => {
                dealt.insert((table, hand_no), players);
            }
            Some(HandFact::Ended(s)) => {
                if window.is_some_and(|(_, until)| until.is_some_and(|u| at >= u)) {
                    continue;
                }
                let Some(seats) = dealt.get(&(table, hand_no)) else {
                    continue;
                };
                let lines = hand_lines(seats, &s);
                for line in &lines {
                    let row = rows.entry(line.player_id).or_default();
                    row.hands_played += 1;
                    row.pots_won += line.pots_won;
                    row.split_pots += line.split_pots;
                    row.bourres += line.bourres;
                    row.tricks += line.tricks;
                }
                let played: Vec<(Uuid, i32)> = lines
                    .iter()
                    .filter_map(|l| l.rank.map(|rank| (l.player_id, rank)))
                    .collect();
                if played.len() >= 2 {
                    let teams: Vec<[WengLinRating; 1]> = played
                        .iter()
                        .map(|(p, _)| {
                            let row = rows.entry(*p).or_default();
                            [WengLinRating {
                                rating: row.rating,
                                uncertainty: row.rating_uncertainty,
                            }]
                        })
                        .collect();
                    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                        .iter()
                        .zip(&played)
                        .map(|(team, (_, rank))| (&team[..], MultiTeamOutcome::new(*rank as usize)))
                        .collect();
                    let updated = weng_lin_multi_team(&input, &config);
                    for ((p, _), new) in played.iter().zip(updated) {
                        if let Some(r) = new.into_iter().next() {
                            let row = rows.entry(*p).or_default();
                            row.rating = r.rating;
                            row.rating_uncertainty = r.uncertainty;
                        }
                    }
                }
            }
            None => {}
        }
    }
    Ok(rows)
}

impl Cases<'_> {
    /// The league's standings, all time or in `season`: its standings rows (an indexed
    /// read, whatever the league's age) for its members, sorted by `sort`.
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
        let tallies: HashMap<Uuid, Tally> = store::standings::of_season(
            &mut conn,
            id.0,
            season.unwrap_or(store::standings::ALL_TIME),
        )
        .await?
        .iter()
        .map(|row| (row.player_id, Tally::of(row)))
        .collect();
        drop(conn);
        let count = |n: i32| u32::try_from(n).unwrap_or(0);
        let lines: Vec<(bool, Standing)> = members
            .into_iter()
            .map(|(pid, username, display_name, avatar, balance, role)| {
                let t = tallies.get(&pid).copied().unwrap_or_default();
                let standing = Standing {
                    player_id: pid,
                    username,
                    display_name,
                    avatar: avatar.as_deref().and_then(Avatar::stored),
                    balance: balance.unwrap_or(0),
                    net: t.net,
                    grants: t.grants,
                    hands_played: count(t.hands_played),
                    pots_won: count(t.pots_won),
                    split_pots: count(t.split_pots),
                    bourres: count(t.bourres),
                    tricks: count(t.tricks),
                    rating: t.rating,
                    rating_uncertainty: t.rating_uncertainty,
                };
                (Role::stored(&role) == Role::Bot, standing)
            })
            .collect();
        let (mut bots, mut rows) = (Vec::new(), Vec::new());
        for (bot, line) in lines {
            if bot {
                bots.push(line)
            } else {
                rows.push(line)
            }
        }
        sort_rows(&mut rows, sort, ascending);
        sort_rows(&mut bots, sort, ascending);
        let blocked = self.kept_blocks.blocked(&self.pool, player).await?;
        crate::kernel::shown::unname(rows.iter_mut().chain(bots.iter_mut()), &blocked);
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

    fn settlement(outcome: Outcome, tricks: &[(Seat, i64)], bourre: &[Seat]) -> Settlement {
        let amounts = |pairs: &mut dyn Iterator<Item = (Seat, i64)>| {
            pairs
                .map(|(seat, amount)| crate::engine::hand::SeatAmount { seat, amount })
                .collect()
        };
        Settlement {
            outcome,
            pot: 10,
            tricks: amounts(&mut tricks.iter().copied()),
            payouts: Vec::new(),
            bourre: amounts(&mut bourre.iter().map(|s| (*s, 10))),
            carried: 0,
            exempt: Vec::new(),
        }
    }

    /// R10a, R10b, R10c: a hand's counts per player, and the ranks its rating is over.
    #[test]
    fn a_hands_lines_rank_those_who_played_and_ties_share_a_rank() {
        let ids: Vec<Uuid> = (0..4).map(|_| Uuid::new_v4()).collect();
        // Seat 3 was dealt in and passed.
        let seats: Vec<SeatPlayer> = (0..4u8)
            .map(|seat| SeatPlayer {
                seat,
                player_id: ids[usize::from(seat)],
            })
            .collect();
        let split = settlement(
            Outcome::Split { seats: vec![0, 1] },
            &[(0, 2), (1, 2), (2, 1)],
            &[2],
        );
        let lines = hand_lines(&seats, &split);
        assert_eq!(lines.iter().map(|l| l.player_id).collect::<Vec<_>>(), ids);
        assert_eq!(
            column_of(&lines, |l| l.rank),
            [Some(1), Some(1), Some(3), None]
        );
        assert_eq!(
            column_of(&lines, |l| Some(l.split_pots)),
            [Some(1), Some(1), Some(0), Some(0)]
        );
        assert_eq!(
            column_of(&lines, |l| Some(l.bourres)),
            [Some(0), Some(0), Some(1), Some(0)]
        );
        assert_eq!(
            column_of(&lines, |l| Some(l.tricks)),
            [Some(2), Some(2), Some(1), Some(0)]
        );
        assert!(lines.iter().all(|l| l.pots_won == 0));

        // Those who played come first, in the settlement's order.
        let won = settlement(Outcome::Won { seat: 1 }, &[(2, 2), (0, 0), (1, 3)], &[0]);
        let lines = hand_lines(&seats, &won);
        let order: Vec<Uuid> = [2, 0, 1, 3].iter().map(|i| ids[*i]).collect();
        assert_eq!(lines.iter().map(|l| l.player_id).collect::<Vec<_>>(), order);
        assert_eq!(
            column_of(&lines, |l| l.rank),
            [Some(2), Some(3), Some(1), None]
        );
        assert_eq!(
            column_of(&lines, |l| Some(l.pots_won)),
            [Some(0), Some(0), Some(1), Some(0)]
        );
    }

    fn column_of(lines: &[HandLine], f: fn(&HandLine) -> Option<i32>) -> Vec<Option<i32>> {
        lines.iter().map(f).collect()
    }
}
