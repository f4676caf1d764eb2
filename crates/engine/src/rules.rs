//! `TableRules`: every table option of the rules (docs/rules.md), with validation that names the refusal.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Upper bound on any chip amount in the rules, so that no sum of them can overflow.
pub const MAX_CHIPS: i64 = 1_000_000_000_000;
/// Longest turn deadline a table may set: 30 days.
pub const MAX_TURN_TIMEOUT_SECS: u64 = 30 * 86_400;

/// What a bourré player pays (R10c).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BourrePenalty {
    /// The hand's pot, capped at `pot_limit` when set. Wire form: `"pot"`.
    Pot,
    /// A fixed amount. Wire form: the integer.
    Fixed(i64),
}

impl Serialize for BourrePenalty {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            BourrePenalty::Pot => s.serialize_str("pot"),
            BourrePenalty::Fixed(n) => s.serialize_i64(*n),
        }
    }
}

impl<'de> Deserialize<'de> for BourrePenalty {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Wire {
            Text(String),
            Amount(i64),
        }
        match Wire::deserialize(d) {
            Ok(Wire::Text(t)) if t == "pot" => Ok(BourrePenalty::Pot),
            Ok(Wire::Amount(n)) => Ok(BourrePenalty::Fixed(n)),
            _ => Err(serde::de::Error::custom(
                "bourre_penalty must be \"pot\" or an integer amount",
            )),
        }
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for BourrePenalty {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, SchemaType, Type};
        let pot = ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .enum_values(Some(["pot"]));
        let fixed = ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::Integer))
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Int64,
            )))
            .minimum(Some(1))
            .maximum(Some(MAX_CHIPS));
        OneOfBuilder::new()
            .item(pot)
            .item(fixed)
            .description(Some(
                "What a bourré player pays (R10c): \"pot\" (the hand's pot, capped at \
                 `pot_limit`) or a fixed amount",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for BourrePenalty {}

/// What happens to the pot when players tie for most tricks (R10b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SplitPot {
    Carry,
    Share,
}

/// The options a table is created with (docs/rules.md, "Table options").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TableRules {
    /// Each player's ante (R3).
    #[cfg_attr(
        feature = "openapi",
        schema(minimum = 1, maximum = 1_000_000_000_000_i64)
    )]
    pub ante: i64,
    /// Cards dealt to each player (R4).
    #[serde(default = "default_hand_size")]
    #[cfg_attr(feature = "openapi", schema(minimum = 4, maximum = 5, default = 5))]
    pub hand_size: u8,
    /// Seats at the table (R2).
    #[serde(default = "default_max_players")]
    #[cfg_attr(feature = "openapi", schema(minimum = 2, maximum = 8, default = 7))]
    pub max_players: u8,
    /// The most a bourré player pays (R10c); null: no limit.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(minimum = 1, maximum = 1_000_000_000_000_i64)
    )]
    pub pot_limit: Option<i64>,
    /// What a bourré player pays (R10c): `"pot"` (default), this hand's pot capped at
    /// `pot_limit`; or a fixed number of chips.
    #[serde(default = "default_penalty")]
    pub bourre_penalty: BourrePenalty,
    /// A tie for most tricks (R10b): `carry` (default) keeps the pot for the next hand, `share`
    /// shares it among the tied players.
    #[serde(default = "default_split_pot")]
    pub split_pot: SplitPot,
    /// Every player antes every hand, exemptions ignored, and a player who declares play pays
    /// one more ante before drawing (R3a).
    #[serde(default)]
    pub double_ante: bool,
    /// Players declare at once, revealed together (R5a).
    #[serde(default)]
    pub simultaneous_declare: bool,
    /// The most cards a player may discard (R5b), at most `hand_size`; null: `hand_size`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 5))]
    pub max_discard: Option<u8>,
    /// A dealer who turns up the ace of trumps must play (R7).
    #[serde(default = "default_true")]
    #[cfg_attr(feature = "openapi", schema(default = true))]
    pub dealer_must_play_trump_ace: bool,
    /// How long a player has to act before the server acts for them.
    #[serde(default = "default_turn_timeout")]
    #[cfg_attr(
        feature = "openapi",
        schema(minimum = 1, maximum = 2_592_000, default = 86_400)
    )]
    pub turn_timeout_secs: u64,
}

fn default_hand_size() -> u8 {
    5
}
fn default_max_players() -> u8 {
    7
}
fn default_penalty() -> BourrePenalty {
    BourrePenalty::Pot
}
fn default_split_pot() -> SplitPot {
    SplitPot::Carry
}
fn default_true() -> bool {
    true
}
fn default_turn_timeout() -> u64 {
    86_400
}

/// A refused rule set: which field, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {reason}")]
pub struct RulesError {
    pub field: &'static str,
    pub reason: String,
}

impl TableRules {
    /// The rules' defaults (docs/rules.md) with the given ante.
    pub fn with_ante(ante: i64) -> TableRules {
        TableRules {
            ante,
            hand_size: default_hand_size(),
            max_players: default_max_players(),
            pot_limit: None,
            bourre_penalty: default_penalty(),
            split_pot: default_split_pot(),
            double_ante: false,
            simultaneous_declare: false,
            max_discard: None,
            dealer_must_play_trump_ace: true,
            turn_timeout_secs: default_turn_timeout(),
        }
    }

    /// Checks every option; the error names the first field refused and why.
    pub fn validate(&self) -> Result<(), RulesError> {
        let refuse = |field, reason: String| Err(RulesError { field, reason });
        if self.ante <= 0 || self.ante > MAX_CHIPS {
            return refuse(
                "ante",
                format!("must be a whole number of chips from 1 to {MAX_CHIPS} (R3)"),
            );
        }
        if !matches!(self.hand_size, 4 | 5) {
            return refuse("hand_size", "must be 4 or 5 (R4)".into());
        }
        if !(2..=8).contains(&self.max_players) {
            return refuse("max_players", "must be from 2 to 8 (R2)".into());
        }
        if let Some(limit) = self.pot_limit
            && (limit <= 0 || limit > MAX_CHIPS)
        {
            return refuse(
                "pot_limit",
                format!("must be null or from 1 to {MAX_CHIPS} (R10c)"),
            );
        }
        if let BourrePenalty::Fixed(amount) = self.bourre_penalty
            && (amount <= 0 || amount > MAX_CHIPS)
        {
            return refuse(
                "bourre_penalty",
                format!("must be \"pot\" or an amount from 1 to {MAX_CHIPS} (R10c)"),
            );
        }
        if let Some(cap) = self.max_discard
            && cap > self.hand_size
        {
            return refuse(
                "max_discard",
                format!(
                    "must be null or from 0 to hand_size ({}) (R5b)",
                    self.hand_size
                ),
            );
        }
        if self.turn_timeout_secs == 0 || self.turn_timeout_secs > MAX_TURN_TIMEOUT_SECS {
            return refuse(
                "turn_timeout_secs",
                format!("must be from 1 to {MAX_TURN_TIMEOUT_SECS} seconds"),
            );
        }
        Ok(())
    }

    /// The most cards a player may discard (R5b).
    pub fn discard_cap(&self) -> usize {
        usize::from(self.max_discard.unwrap_or(self.hand_size))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_bourre_md() {
        let rules: TableRules = serde_json::from_str(r#"{"ante": 5}"#).expect("rules");
        assert_eq!(rules, TableRules::with_ante(5));
        assert_eq!(rules.hand_size, 5);
        assert_eq!(rules.max_players, 7);
        assert_eq!(rules.bourre_penalty, BourrePenalty::Pot);
        assert_eq!(rules.split_pot, SplitPot::Carry);
        assert!(rules.dealer_must_play_trump_ace);
        assert_eq!(rules.turn_timeout_secs, 86_400);
        assert_eq!(rules.validate(), Ok(()));
    }

    #[test]
    fn wire_forms_round_trip() {
        let text = r#"{"ante":2,"hand_size":4,"max_players":8,"pot_limit":50,"bourre_penalty":10,"split_pot":"share","double_ante":true,"simultaneous_declare":true,"max_discard":3,"dealer_must_play_trump_ace":false,"turn_timeout_secs":60}"#;
        let rules: TableRules = serde_json::from_str(text).expect("rules");
        assert_eq!(rules.bourre_penalty, BourrePenalty::Fixed(10));
        assert_eq!(serde_json::to_string(&rules).expect("json"), text);
        assert_eq!(rules.validate(), Ok(()));
    }

    #[test]
    fn validation_names_each_refusal() {
        let base = TableRules::with_ante(1);
        let cases: Vec<(TableRules, &str)> = vec![
            (TableRules { ante: 0, ..base }, "ante"),
            (TableRules { ante: -3, ..base }, "ante"),
            (
                TableRules {
                    hand_size: 3,
                    ..base
                },
                "hand_size",
            ),
            (
                TableRules {
                    hand_size: 6,
                    ..base
                },
                "hand_size",
            ),
            (
                TableRules {
                    max_players: 1,
                    ..base
                },
                "max_players",
            ),
            (
                TableRules {
                    max_players: 9,
                    ..base
                },
                "max_players",
            ),
            (
                TableRules {
                    pot_limit: Some(0),
                    ..base
                },
                "pot_limit",
            ),
            (
                TableRules {
                    bourre_penalty: BourrePenalty::Fixed(0),
                    ..base
                },
                "bourre_penalty",
            ),
            (
                TableRules {
                    max_discard: Some(6),
                    ..base
                },
                "max_discard",
            ),
            (
                TableRules {
                    hand_size: 4,
                    max_discard: Some(5),
                    ..base
                },
                "max_discard",
            ),
            (
                TableRules {
                    turn_timeout_secs: 0,
                    ..base
                },
                "turn_timeout_secs",
            ),
        ];
        for (rules, field) in cases {
            assert_eq!(
                rules.validate().map_err(|e| e.field),
                Err(field),
                "{rules:?}"
            );
        }
        let eight_by_five = TableRules {
            max_players: 8,
            hand_size: 5,
            ..base
        };
        assert_eq!(eight_by_five.validate(), Ok(()), "R6 makes 8 x 5 work");
    }

    #[test]
    fn unknown_or_mistyped_fields_are_refused() {
        for bad in [
            r#"{"ante": 1, "antes": 2}"#,
            r#"{"ante": "1"}"#,
            r#"{"ante": 1, "bourre_penalty": "half"}"#,
            r#"{"ante": 1, "split_pot": "keep"}"#,
            r#"{}"#,
        ] {
            assert!(serde_json::from_str::<TableRules>(bad).is_err(), "{bad}");
        }
    }
}
