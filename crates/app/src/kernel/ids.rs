//! Typed ids, so a table id is never passed where a player id belongs.

use std::fmt;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::engine::Seat;

macro_rules! id_type {
    ($name:ident) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub Uuid);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(PlayerId);
id_type!(LeagueId);
id_type!(TableId);
id_type!(SessionId);
id_type!(TournamentId);

/// A seat and who sits there for a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SeatPlayer {
    /// The seat, 0-7.
    #[schema(value_type = u8, maximum = 7)]
    pub seat: Seat,
    /// The player sitting there.
    pub player_id: Uuid,
}

/// A seat as stored (`smallint`), as the API writes it.
pub(crate) fn seat(seat: i16) -> u8 {
    u8::try_from(seat).unwrap_or(u8::MAX)
}
