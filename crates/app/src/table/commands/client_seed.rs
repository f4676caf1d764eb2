//! `PUT /v1/tables/{id}/seats/me/client-seed`: a seated player's seed for the next hand's
//! deck, set between hands, after the server's seed for that hand is committed.

use crate::AppError;
use crate::ErrorCode;
use crate::engine::{Seat, deck};
use crate::kernel::idempotency::Reply;
use crate::kernel::ids::{PlayerId, TableId};
use crate::table::Cases;
use crate::table::change::TableChange;
use crate::table::event::TableEvent;
use crate::table::not_seated;
use crate::table::pipeline::{Access, Command};
use crate::table::state::TableState;

/// Longest client seed.
pub const MAX_CLIENT_SEED: usize = 64;

/// A client seed set: the seat, the hand it is for, and the commitment to that hand's
/// server seed.
pub struct SeedSet {
    pub seat: Seat,
    pub hand_no: u32,
    pub commitment: String,
}

impl Cases<'_> {
    pub async fn set_client_seed(
        &self,
        player: PlayerId,
        id: TableId,
        seed: &str,
    ) -> Result<SeedSet, AppError> {
        let valid = (1..=MAX_CLIENT_SEED).contains(&seed.len())
            && seed
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !valid {
            return Err(AppError::refused(
                ErrorCode::InvalidClientSeed,
                "a client seed has 1 to 64 characters: letters, digits, '_' or '-'",
            ));
        }
        let command = Command::new(id, player, Access::Locked);
        let answer = |state: &TableState| {
            (
                state.seat_of(player.0),
                state.table.hand_no,
                deck::commitment(&state.table.next_seed),
            )
        };
        let reply = self
            .decide(command, |state, _| set(state, player, seed), answer)
            .await?;
        match reply {
            Reply::Fresh((Some(seat), hand_no, commitment)) => Ok(SeedSet {
                seat,
                hand_no: u32::try_from(hand_no).unwrap_or(0) + 1,
                commitment,
            }),
            _ => Err(AppError::Internal("a client seed set left no seat".into())),
        }
    }
}

fn set(state: &TableState, player: PlayerId, seed: &str) -> Result<TableChange, AppError> {
    let seat = state
        .seat_of(player.0)
        .ok_or_else(|| not_seated("only a seated player sets a client seed"))?;
    if state.table.in_hand {
        return Err(AppError::refused(
            ErrorCode::HandInProgress,
            "client seeds are set between hands, for the next one",
        ));
    }
    Ok(TableChange::events(vec![TableEvent::ClientSeedSet {
        seat,
        player_id: player.0,
        seed: seed.to_owned(),
    }]))
}
