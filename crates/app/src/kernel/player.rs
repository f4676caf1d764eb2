//! The calling player: who a token speaks for, and the hold on their row that every use case
//! creating something a player owns takes first.

use chrono::{DateTime, Utc};

use crate::kernel::error::{AppError, ErrorCode};
use crate::kernel::ids::{PlayerId, SessionId};
use crate::store;

/// 401 for a genuine token whose player does not exist (a database recreated under the
/// same secret, say).
pub(crate) fn unknown_player() -> AppError {
    AppError::unauthorized("the token's player no longer exists")
}

/// Holds the caller's row until the transaction ends (see [`store::players::Hold`]), or
/// 401 when the account is gone: every use case that creates something a player owns or
/// occupies (a seat, a league, a table, a membership, a join request, a webhook, a push
/// subscription, a bot) holds its player first, before any other row, so that once an
/// account's deletion commits nothing of that player can appear (the deletion holds the row
/// exclusively, see `identity::account`).
pub(crate) async fn hold_player(
    conn: &mut store::Conn,
    id: PlayerId,
    hold: store::players::Hold,
) -> Result<(), AppError> {
    if store::players::hold(conn, id.0, hold).await? {
        Ok(())
    } else {
        Err(AppError::refused(
            ErrorCode::SessionEnded,
            "the account was deleted (or never existed): its sessions have ended",
        ))
    }
}

pub(crate) fn player_not_found() -> AppError {
    AppError::refused(
        ErrorCode::PlayerNotFound,
        "no player with this id shares a league with the caller",
    )
}

/// Who an access token or a stream ticket speaks for, and until when.
#[derive(Debug, Clone, Copy)]
pub struct Authenticated {
    pub player: PlayerId,
    pub session: SessionId,
    /// When the token expires (streams and long-polls end then).
    pub expires_at: DateTime<Utc>,
}
