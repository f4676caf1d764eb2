//! Between hands: who takes part, who antes, who deals (R2a, R3, R3a, R10e).

use super::hand::{Entrant, MAX_SEATS, Seat, SeatAmount};
use super::rules::TableRules;

/// A seated player as the next hand sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seated {
    pub seat: Seat,
    pub balance: i64,
    /// Exempt from this ante by the previous hand (R10c, R10d).
    pub exempt: bool,
}

/// Who plays the next hand and what they pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandPlan {
    pub dealer: Seat,
    /// In seat order.
    pub entrants: Vec<Entrant>,
    /// Seated players who cannot cover their ante and sit this hand out (R3).
    pub sitting_out: Vec<Seat>,
}

/// Fewer than two seated players can take part (R2a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a hand needs at least 2 players who can ante; {0} can (R2a)")]
pub struct NotEnoughPlayers(pub usize);

/// Plans the next hand: antes with exemptions (R3, R3a), who sits out, and the dealer:
/// the lowest seat taking part for the first hand, then the next seat clockwise after the
/// previous dealer whose player takes part (R2a).
pub fn plan_hand(
    rules: &TableRules,
    seated: &[Seated],
    previous_dealer: Option<Seat>,
) -> Result<HandPlan, NotEnoughPlayers> {
    let sorted;
    let seated = if seated.is_sorted_by_key(|s| s.seat) {
        seated
    } else {
        let mut copy = seated.to_vec();
        copy.sort_unstable_by_key(|s| s.seat);
        sorted = copy;
        &sorted
    };
    let mut entrants = Vec::with_capacity(seated.len());
    let mut sitting_out = Vec::new();
    for s in seated {
        let ante = if s.exempt && !rules.double_ante {
            0
        } else {
            rules.ante
        };
        if s.balance >= ante && usize::from(s.seat) < MAX_SEATS {
            entrants.push(Entrant {
                seat: s.seat,
                stack: s.balance - ante,
                ante,
            });
        } else {
            sitting_out.push(s.seat);
        }
    }
    if entrants.len() < 2 {
        return Err(NotEnoughPlayers(entrants.len()));
    }
    let dealer = match previous_dealer {
        None => entrants[0].seat,
        Some(prev) => {
            entrants
                .iter()
                .find(|e| e.seat > prev)
                .unwrap_or(&entrants[0])
                .seat
        }
    };
    Ok(HandPlan {
        dealer,
        entrants,
        sitting_out,
    })
}

/// Shares `pot` equally among `seats`, the remainder to the lowest seat (R10e).
pub fn share_equally(pot: i64, seats: &[Seat]) -> Vec<SeatAmount> {
    let mut seats = seats.to_vec();
    seats.sort_unstable();
    let k = seats.len() as i64;
    if k == 0 {
        return Vec::new();
    }
    seats
        .iter()
        .enumerate()
        .map(|(i, &seat)| SeatAmount {
            seat,
            amount: pot / k + if i == 0 { pot % k } else { 0 },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seated(list: &[(Seat, i64, bool)]) -> Vec<Seated> {
        list.iter()
            .map(|&(seat, balance, exempt)| Seated {
                seat,
                balance,
                exempt,
            })
            .collect()
    }

    #[test]
    fn r2a_first_dealer_is_lowest_seat_then_deal_passes_left() {
        let rules = TableRules::with_ante(1);
        let players = seated(&[(1, 10, false), (3, 10, false), (6, 10, false)]);
        let first = plan_hand(&rules, &players, None).expect("plan");
        assert_eq!(first.dealer, 1);
        let second = plan_hand(&rules, &players, Some(1)).expect("plan");
        assert_eq!(second.dealer, 3);
        let wrap = plan_hand(&rules, &players, Some(6)).expect("plan");
        assert_eq!(wrap.dealer, 1);
    }

    #[test]
    fn r2a_deal_skips_players_not_taking_part() {
        let rules = TableRules::with_ante(5);
        let players = seated(&[(0, 10, false), (1, 4, false), (2, 10, false)]);
        let plan = plan_hand(&rules, &players, Some(0)).expect("plan");
        assert_eq!(
            plan.dealer, 2,
            "seat 1 cannot ante, so the deal passes over it"
        );
        assert_eq!(plan.sitting_out, vec![1]);
    }

    #[test]
    fn r2a_not_enough_players() {
        let rules = TableRules::with_ante(5);
        let players = seated(&[(0, 10, false), (1, 4, false)]);
        assert_eq!(plan_hand(&rules, &players, None), Err(NotEnoughPlayers(1)));
    }

    #[test]
    fn r3_exempt_players_pay_nothing_and_r3a_ignores_exemptions() {
        let rules = TableRules::with_ante(5);
        let players = seated(&[(0, 0, true), (1, 10, false)]);
        let plan = plan_hand(&rules, &players, None).expect("plan");
        assert_eq!(plan.entrants[0].ante, 0);
        assert_eq!(plan.entrants[0].stack, 0);
        assert_eq!(plan.entrants[1].ante, 5);
        assert_eq!(plan.entrants[1].stack, 5);
        let double = TableRules {
            double_ante: true,
            ..rules
        };
        let players = seated(&[(0, 10, true), (1, 10, false), (2, 3, true)]);
        let plan = plan_hand(&double, &players, None).expect("plan");
        assert!(plan.entrants.iter().all(|e| e.ante == 5));
        assert_eq!(plan.sitting_out, vec![2]);
    }

    #[test]
    fn r10e_closing_pot_shared_with_remainder_to_lowest_seat() {
        let shares = share_equally(10, &[5, 2, 7]);
        assert_eq!(
            shares,
            vec![
                SeatAmount { seat: 2, amount: 4 },
                SeatAmount { seat: 5, amount: 3 },
                SeatAmount { seat: 7, amount: 3 },
            ]
        );
        assert!(share_equally(10, &[]).is_empty());
    }
}
