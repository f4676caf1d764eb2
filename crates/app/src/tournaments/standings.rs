//! Standings and prizes: who leads (chips won at the tournament's tables, then hands won,
//! then fewer bourrés, then the earlier entry) and what each place is paid.

use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::store::tournaments::{Entry, Tally};

/// Where an entrant is in the tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EntryState {
    /// Entered, seated in each round from their first.
    Playing,
    /// Withdrew after the start: seated in no later round.
    Withdrawn,
    /// Absent a whole round (every turn timed out): seated in no later round.
    Forfeited,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TournamentStanding {
    /// 1 for the best; players tied on chips, hands won and bourrés share a place.
    pub place: u32,
    /// The entrant.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
    /// Chips won, less chips lost, at the tournament's tables.
    pub chips: i64,
    /// Hands where they took the pot or a share of it.
    pub hands_won: i64,
    /// Hands where they were bourré.
    pub bourres: i64,
    /// When they entered (the last tie-break).
    pub entered_at: chrono::DateTime<chrono::Utc>,
    /// Whether they still play.
    pub state: EntryState,
    /// The prize paid, once the tournament finished (0 beyond the paid places).
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prize: Option<i64>,
    #[serde(skip)]
    pub entry_no: i64,
}

impl TournamentStanding {
    /// What ranks players: those still playing before those who left, then more chips,
    /// more hands won, fewer bourrés. Equal keys are a tie.
    fn key(&self) -> (bool, i64, i64, i64) {
        (
            self.state != EntryState::Playing,
            -self.chips,
            -self.hands_won,
            self.bourres,
        )
    }
}

/// The standings of `entries` from their `tallies`, best first; within a tie, the earlier
/// entry first.
pub fn rank(entries: &[Entry], tallies: &[Tally]) -> Vec<TournamentStanding> {
    let mut lines: Vec<TournamentStanding> = entries
        .iter()
        .map(|e| {
            let tally = tallies.iter().find(|t| t.player_id == e.player_id);
            TournamentStanding {
                place: 0,
                player_id: e.player_id,
                username: e.username.clone(),
                chips: tally.map_or(0, |t| t.chips),
                hands_won: tally.map_or(0, |t| t.hands_won),
                bourres: tally.map_or(0, |t| t.bourres),
                entered_at: e.entered_at,
                state: match e.left_as.as_deref() {
                    Some("withdrawn") => EntryState::Withdrawn,
                    Some(_) => EntryState::Forfeited,
                    None => EntryState::Playing,
                },
                prize: e.prize,
                entry_no: e.entry_no,
            }
        })
        .collect();
    lines.sort_by_key(|s| (s.key(), s.entry_no));
    for i in 0..lines.len() {
        lines[i].place = if i > 0 && lines[i - 1].key() == lines[i].key() {
            lines[i - 1].place
        } else {
            i as u32 + 1
        };
    }
    lines
}

/// Each place's money from `pool`, best first: `percentages` of it, over the places the
/// field fills (with fewer players than paid places, the percentages of the places filled
/// are scaled up to the whole pool); what rounding leaves goes to the first place.
pub fn place_money(pool: i64, percentages: &[u32], players: usize) -> Vec<i64> {
    let paid = &percentages[..percentages.len().min(players)];
    let total: i64 = paid.iter().map(|p| i64::from(*p)).sum();
    if total == 0 {
        return Vec::new();
    }
    let mut money: Vec<i64> = paid
        .iter()
        .map(|p| i64::try_from(i128::from(pool) * i128::from(*p) / i128::from(total)).unwrap_or(0))
        .collect();
    money[0] += pool - money.iter().sum::<i64>();
    money
}

/// Each standing's prize (in the order of `standings`): the money of the places they hold,
/// players tied sharing their places' money evenly, the odd chips one each to the better
/// tie-break (the earlier entry).
pub fn prizes(pool: i64, percentages: &[u32], standings: &[TournamentStanding]) -> Vec<i64> {
    let money = place_money(pool, percentages, standings.len());
    let mut prizes = vec![0; standings.len()];
    let mut start = 0;
    while start < standings.len() {
        let end = (start..standings.len())
            .find(|&i| standings[i].key() != standings[start].key())
            .unwrap_or(standings.len());
        let shared: i64 = money.iter().skip(start).take(end - start).sum();
        let tied = (end - start) as i64;
        for (k, prize) in prizes[start..end].iter_mut().enumerate() {
            *prize = shared / tied + i64::from((k as i64) < shared % tied);
        }
        start = end;
    }
    prizes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(chips: i64, hands_won: i64, bourres: i64, entry_no: i64) -> TournamentStanding {
        TournamentStanding {
            place: 0,
            player_id: Uuid::new_v4(),
            username: String::new(),
            chips,
            hands_won,
            bourres,
            entered_at: chrono::Utc::now(),
            state: EntryState::Playing,
            prize: None,
            entry_no,
        }
    }

    #[test]
    fn money_by_place_adds_up_to_the_pool() {
        assert_eq!(place_money(900, &[60, 40], 9), vec![540, 360]);
        assert_eq!(place_money(901, &[60, 40], 9), vec![541, 360]);
        assert_eq!(place_money(100, &[50, 30, 20], 2), vec![63, 37]);
        assert_eq!(place_money(0, &[100], 3), vec![0]);
        assert!(place_money(100, &[100], 0).is_empty());
    }

    #[test]
    fn ties_split_their_places_money_and_the_odd_chip_goes_to_the_earlier_entry() {
        // Two tied for first share 60 + 40 of 901: 901 / 2, the odd chip to entry 1.
        let standings = vec![line(10, 1, 0, 1), line(10, 1, 0, 2), line(-20, 0, 1, 3)];
        assert_eq!(prizes(901, &[60, 40], &standings), vec![451, 450, 0]);
        // Tied on chips but not on hands won: no tie.
        let standings = vec![line(10, 2, 0, 2), line(10, 1, 0, 1), line(-20, 0, 1, 3)];
        assert_eq!(prizes(900, &[60, 40], &standings), vec![540, 360, 0]);
        // Second and third tied: they share the 40 % of second place.
        let standings = vec![line(10, 2, 0, 1), line(0, 0, 0, 2), line(0, 0, 0, 3)];
        assert_eq!(prizes(101, &[60, 40], &standings), vec![61, 20, 20]);
    }

    #[test]
    fn ranks_by_chips_then_hands_then_fewer_bourres_then_entry() {
        let entry = |no: i64, left: Option<&str>| Entry {
            player_id: Uuid::from_u128(no as u128),
            username: format!("p{no}"),
            entry_no: no,
            entered_at: chrono::Utc::now(),
            first_round: 1,
            left_as: left.map(str::to_owned),
            left_round: left.map(|_| 2),
            buy_in: 0,
            prize: None,
            place: None,
        };
        let tally = |no: i64, chips: i64, hands_won: i64, bourres: i64| Tally {
            player_id: Uuid::from_u128(no as u128),
            chips,
            hands_won,
            bourres,
        };
        let entries = [
            entry(1, None),
            entry(2, None),
            entry(3, None),
            entry(4, Some("withdrawn")),
            entry(5, None),
        ];
        let tallies = [
            tally(1, 5, 1, 1),
            tally(2, 5, 1, 0),
            tally(3, 5, 2, 3),
            tally(4, 50, 5, 0),
        ];
        let ranked = rank(&entries, &tallies);
        let order: Vec<i64> = ranked.iter().map(|s| s.entry_no).collect();
        assert_eq!(order, vec![3, 2, 1, 5, 4]);
        let places: Vec<u32> = ranked.iter().map(|s| s.place).collect();
        assert_eq!(places, vec![1, 2, 3, 4, 5]);
        assert_eq!(ranked[4].state, EntryState::Withdrawn);
    }
}
