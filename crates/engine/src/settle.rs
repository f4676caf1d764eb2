//! Settlement (R10a-R10d): who wins the pot, the split pot, bourré payments and who is
//! exempt from the next ante; and the reveal of simultaneous declarations (R5a).

use super::hand::{Event, HandState, Outcome, SeatAmount, Settlement, Status};
use super::rules::{BourrePenalty, SplitPot};

impl HandState {
    /// What a bourré player pays for a pot of this size (R10c).
    pub(crate) fn penalty_for(&self, pot: i64) -> i64 {
        match self.rules.bourre_penalty {
            BourrePenalty::Pot => self.rules.pot_limit.map_or(pot, |limit| pot.min(limit)),
            BourrePenalty::Fixed(amount) => amount,
        }
    }

    pub(crate) fn reveal(&self) -> Event {
        let mut playing = Vec::new();
        let mut extra_antes = Vec::new();
        for (pos, player) in self.active().iter().enumerate() {
            if player.status == Status::Hidden && player.declared {
                playing.push(player.seat);
                let extra = self.extra_ante_for(pos);
                if extra > 0 {
                    extra_antes.push(SeatAmount {
                        seat: player.seat,
                        amount: extra,
                    });
                }
            }
        }
        Event::Revealed {
            playing,
            extra_antes,
        }
    }

    #[inline(always)]
    pub(crate) fn settle_tricks(&self) -> Event {
        let most = self
            .active()
            .iter()
            .filter(|p| p.status == Status::Playing)
            .map(|p| p.tricks)
            .max()
            .unwrap_or(0);
        let mut top = self
            .active()
            .iter()
            .filter(|p| p.status == Status::Playing && p.tricks == most)
            .map(|p| p.seat);
        // A single top seat wins outright, without collecting the seats.
        match (top.next(), top.next()) {
            (Some(seat), None) => self.settle(Outcome::Won { seat }),
            (first, second) => {
                let seats = first.into_iter().chain(second).chain(top).collect();
                self.settle(Outcome::Split { seats })
            }
        }
    }

    pub(crate) fn settle(&self, outcome: Outcome) -> Event {
        let pot = self.pot;
        let mut payouts = Vec::new();
        let mut exempt = Vec::new();
        let mut tricks = Vec::with_capacity(self.playing_count());
        let mut bourre = Vec::new();
        match &outcome {
            Outcome::Won { seat } => payouts.push(SeatAmount {
                seat: *seat,
                amount: pot,
            }),
            Outcome::Uncontested { seat } => {
                payouts.push(SeatAmount {
                    seat: *seat,
                    amount: pot,
                });
                tricks.push(SeatAmount {
                    seat: *seat,
                    amount: i64::from(self.rules.hand_size),
                });
            }
            Outcome::Split { seats } => match self.rules.split_pot {
                SplitPot::Carry => exempt.extend(seats.iter().copied()),
                SplitPot::Share => {
                    let k = seats.len() as i64;
                    // `seats` is in order from the dealer's left: the first is nearest.
                    for (i, seat) in seats.iter().enumerate() {
                        let extra = if i == 0 { pot % k } else { 0 };
                        payouts.push(SeatAmount {
                            seat: *seat,
                            amount: pot / k + extra,
                        });
                    }
                }
            },
            Outcome::AllPassed => {}
        }
        if matches!(outcome, Outcome::Won { .. } | Outcome::Split { .. }) {
            let penalty = self.penalty_for(pot);
            for player in self.active().iter().filter(|p| p.status == Status::Playing) {
                tricks.push(SeatAmount {
                    seat: player.seat,
                    amount: i64::from(player.tricks),
                });
                if player.tricks == 0 {
                    bourre.push(SeatAmount {
                        seat: player.seat,
                        amount: penalty,
                    });
                    exempt.push(player.seat);
                }
            }
        }
        exempt.sort_unstable();
        exempt.dedup();
        let paid_out: i64 = payouts.iter().map(|p| p.amount).sum();
        let paid_in: i64 = bourre.iter().map(|p| p.amount).sum();
        Event::HandEnded(Box::new(Settlement {
            outcome,
            pot,
            tricks,
            payouts,
            bourre,
            carried: pot - paid_out + paid_in,
            exempt,
        }))
    }
}
