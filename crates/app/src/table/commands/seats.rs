//! `POST /v1/tables/{id}/seats` and `DELETE /v1/tables/{id}/seats/me`: sit down (league
//! members, one table per league at a time, R2) and stand up (between one's hands).

use crate::AppError;
use crate::ErrorCode;
use crate::engine::Seat;
use crate::kernel::idempotency::{IdempotencyKey, Reply};
use crate::kernel::ids::{PlayerId, TableId};
use crate::table::Cases;
use crate::table::change::TableChange;
use crate::table::ensure_open;
use crate::table::event::TableEvent;
use crate::table::pipeline::{Access, Caller, Command};
use crate::table::state::TableState;
use crate::table::view::TableView;

impl Cases<'_> {
    pub async fn sit(
        &self,
        player: PlayerId,
        id: TableId,
        seat: Option<u8>,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let command = Command::new(id, player, Access::Joining)
            .keyed(key)
            .creating();
        let result = self
            .decide_view(command, |state, caller| sit(state, caller, player, seat))
            .await;
        result.map_err(|e| match e {
            AppError::Store(s) if s.is_unique_violation() => AppError::refused(
                ErrorCode::SeatedElsewhere,
                "the player already sits at a table of this league, or the seat was just taken",
            ),
            other => other,
        })
    }

    pub async fn stand(&self, player: PlayerId, id: TableId) -> Result<TableView, AppError> {
        let command = Command::new(id, player, Access::Locked);
        let reply = self
            .decide_view(command, |state, _| stand(state, player))
            .await?;
        match reply {
            Reply::Fresh(view) => Ok(view),
            Reply::Replayed { .. } => Err(AppError::Internal("a stand has no key".into())),
        }
    }
}

/// `player` takes `seat` (or the lowest free one).
pub(crate) fn sit(
    state: &TableState,
    caller: &Caller,
    player: PlayerId,
    seat: Option<u8>,
) -> Result<TableChange, AppError> {
    ensure_open(state)?;
    given_seats(state)?;
    if state.seat_of(player.0).is_some() {
        return Err(AppError::refused(
            ErrorCode::AlreadySeated,
            "the player already sits at this table",
        ));
    }
    let max = state.rules.max_players;
    let taken: Vec<Seat> = state.seats.iter().map(|s| s.seat).collect();
    let seat = match seat {
        Some(s) if s >= max => {
            return Err(AppError::refused(
                ErrorCode::InvalidSeat,
                format!("seats are numbered 0 to {} (R2)", max - 1),
            ));
        }
        Some(s) if taken.contains(&s) => {
            return Err(AppError::refused(
                ErrorCode::SeatTaken,
                format!("seat {s} is taken"),
            ));
        }
        Some(s) => s,
        None => (0..max)
            .find(|s| !taken.contains(s))
            .ok_or_else(|| AppError::refused(ErrorCode::TableFull, "every seat is taken"))?,
    };
    Ok(TableChange {
        newcomer: caller.newcomer.clone(),
        ..TableChange::events(vec![TableEvent::SeatTaken {
            seat,
            player_id: player.0,
        }])
    })
}

/// `player` stands up, unless dealt into the hand in play.
fn stand(state: &TableState, player: PlayerId) -> Result<TableChange, AppError> {
    given_seats(state)?;
    let seat = state.seat_of(player.0).ok_or_else(|| {
        AppError::refused(
            ErrorCode::NotSeated,
            "the player does not sit at this table",
        )
    })?;
    if state.dealt_in(player.0) {
        return Err(AppError::refused(
            ErrorCode::HandInProgress,
            "a player dealt into the hand stands up when it ends",
        ));
    }
    Ok(TableChange::events(vec![TableEvent::SeatLeft {
        seat,
        player_id: player.0,
    }]))
}

/// 403 `tournament_table` at a table whose seats a tournament gives.
pub(crate) fn given_seats(state: &TableState) -> Result<(), AppError> {
    if state.table.seats_assigned {
        return Err(AppError::refused(
            ErrorCode::TournamentTable,
            "a tournament gives this table's seats: nobody sits down, stands up or seats a bot here",
        ));
    }
    Ok(())
}
