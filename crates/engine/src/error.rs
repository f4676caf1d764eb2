//! Why the engine refuses an action: one variant per rule, each with a stable code (R9f).

/// An action the rules refuse. The hand is unchanged when this is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("it is not this seat's turn to act (R5, R9)")]
    NotYourTurn,
    #[error("this seat is not dealt into the hand (R2)")]
    NotInHand,
    #[error("that action does not belong to the {0} phase")]
    WrongPhase(&'static str),
    #[error("{0} is not in this seat's hand")]
    CardNotInHand(String),
    #[error("a player holding the led suit must follow it (R9a)")]
    MustFollowSuit,
    #[error(
        "a player following suit must beat every card of the led suit in the trick when able (R9a)"
    )]
    MustHeadTrick,
    #[error("a player void in the led suit must play a trump when able (R9b)")]
    MustTrump,
    #[error("a player trumping must beat every trump in the trick when able (R9b)")]
    MustOvertrump,
    #[error("a player with a cinch must lead their highest trump (R9d)")]
    CinchMustLeadHighestTrump,
    #[error("a player with a cinch must play their highest trump (R9d)")]
    CinchMustPlayHighestTrump,
    #[error("a player with a cinch playing last must win the trick (R9d)")]
    CinchMustWinTrick,
    #[error("the trump card turned up is an ace: the dealer must play (R7)")]
    DealerMustPlay,
    #[error(
        "this seat cannot cover the pot it would pay if bourré, and may play only keeping the ace of trumps (R8a)"
    )]
    CannotCoverPot,
    #[error("{0}")]
    InvalidDiscard(String),
}

impl RuleError {
    /// The stable wire code of the refusal.
    pub fn code(&self) -> &'static str {
        match self {
            RuleError::NotYourTurn => "not_your_turn",
            RuleError::NotInHand => "not_in_hand",
            RuleError::WrongPhase(_) => "wrong_phase",
            RuleError::CardNotInHand(_) => "card_not_in_hand",
            RuleError::MustFollowSuit => "must_follow_suit",
            RuleError::MustHeadTrick => "must_head_trick",
            RuleError::MustTrump => "must_trump",
            RuleError::MustOvertrump => "must_overtrump",
            RuleError::CinchMustLeadHighestTrump => "cinch_must_lead_highest_trump",
            RuleError::CinchMustPlayHighestTrump => "cinch_must_play_highest_trump",
            RuleError::CinchMustWinTrick => "cinch_must_win_trick",
            RuleError::DealerMustPlay => "dealer_must_play",
            RuleError::CannotCoverPot => "cannot_cover_pot",
            RuleError::InvalidDiscard(_) => "invalid_discard",
        }
    }

    /// The rule (docs/rules.md) that refuses the action.
    pub fn rule(&self) -> &'static str {
        match self {
            RuleError::NotYourTurn | RuleError::WrongPhase(_) => "R5",
            RuleError::NotInHand => "R2",
            RuleError::CardNotInHand(_) => "R9",
            RuleError::MustFollowSuit | RuleError::MustHeadTrick => "R9a",
            RuleError::MustTrump | RuleError::MustOvertrump => "R9b",
            RuleError::CinchMustLeadHighestTrump
            | RuleError::CinchMustPlayHighestTrump
            | RuleError::CinchMustWinTrick => "R9d",
            RuleError::DealerMustPlay => "R7",
            RuleError::CannotCoverPot => "R8a",
            RuleError::InvalidDiscard(_) => "R5",
        }
    }
}
