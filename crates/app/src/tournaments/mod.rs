//! Tournaments: a league's scheduled events, which take entries (buy-ins held in the
//! ledger), seat their players at tables they open round by round from a committed seed,
//! rank them, and pay the pool by place; they play through the table room's door and never
//! write a table's log themselves.
//!
//! [`settings`] (what an organiser chooses), [`organise`] (create, change, cancel, read),
//! [`entries`] (enter, withdraw), [`running`] (the start, the rounds, the end: one process at
//! a time per tournament, any process), [`standings`] (ranks and prizes), [`view`] (what is
//! shown).

pub mod entries;
pub mod organise;
pub mod running;
pub mod settings;
pub mod standings;
pub mod view;

use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::ids::{LeagueId, PlayerId, TournamentId};
use crate::leagues::require_member;
use crate::store::ledger::{Account, Reason, Transfer};
use crate::store::tournaments::Tournament;
use crate::store::{self, Conn};
use crate::{AppError, ErrorCode};

room_cases!();

/// Where a tournament is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Taking entries, before its start.
    Scheduled,
    /// Its rounds are being played (late entries may still be taken).
    Running,
    /// Its prizes are paid.
    Finished,
    /// Called off: every buy-in returned.
    Cancelled,
}

impl TournamentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Scheduled => "scheduled",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    /// As stored (a CHECK keeps `tournaments.status` to the four).
    pub fn stored(text: &str) -> TournamentStatus {
        match text {
            "running" => TournamentStatus::Running,
            "finished" => TournamentStatus::Finished,
            "cancelled" => TournamentStatus::Cancelled,
            _ => TournamentStatus::Scheduled,
        }
    }
}

/// 404 `tournament_not_found`.
fn not_found(id: TournamentId) -> AppError {
    AppError::refused(
        ErrorCode::TournamentNotFound,
        format!("no tournament {}", id.0),
    )
}

/// The tournament, if `player` is a member of its league (else 404, as for no tournament:
/// a league's events are its members' business).
async fn visible(
    conn: &mut Conn,
    id: TournamentId,
    player: PlayerId,
    lock: bool,
) -> Result<Tournament, AppError> {
    let row = if lock {
        store::tournaments::lock(conn, id.0).await?
    } else {
        store::tournaments::find(conn, id.0).await?
    };
    let row = row.ok_or_else(|| not_found(id))?;
    match require_member(conn, LeagueId(row.league_id), player).await {
        Ok(_) => Ok(row),
        Err(e) if e.code() == Some(ErrorCode::NotAMember) => Err(not_found(id)),
        Err(e) => Err(e),
    }
}

/// The stored settings.
fn settings_of(row: &Tournament) -> Result<settings::TournamentSettings, AppError> {
    serde_json::from_value(row.settings.clone())
        .map_err(|e| AppError::Internal(format!("tournament {} settings: {e}", row.id)))
}

/// The ledger account holding the tournament's pool.
fn pool_account(id: Uuid) -> Account {
    Account::Tournament(id)
}

/// `amount` chips between `player` and the pool of `row`: into it for a buy-in, out of it
/// for a buy-in returned or a prize.
fn pool_transfer(row: &Tournament, player: Uuid, amount: i64, reason: Reason) -> Transfer {
    let (from_account, to_account) = match reason {
        Reason::BuyIn => (Account::Player(player), pool_account(row.id)),
        _ => (pool_account(row.id), Account::Player(player)),
    };
    Transfer {
        league_id: row.league_id,
        from_account,
        to_account,
        amount,
        reason,
        table_id: None,
        hand_no: None,
        event_seq: None,
        note: None,
    }
}
