//! A member enters a tournament (its buy-in held in the pool) or withdraws: before the
//! start with the buy-in returned, after it seated in no later round.

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::idempotency::{self, IdempotencyKey, Reply};
use crate::kernel::ids::{LeagueId, PlayerId, TournamentId};
use crate::kernel::player::hold_player;
use crate::leagues::require_member_shared;
use crate::store::ledger::{self, Reason, player_account};
use crate::store::players::Hold;
use crate::store::{self, StoreError};
use crate::tournaments::organise::ended;
use crate::tournaments::view::registration_open;
use crate::tournaments::{Cases, TournamentStatus, pool_transfer, settings_of, visible};
use crate::{AppError, ErrorCode};

/// An entry taken.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentEntry {
    /// The tournament entered.
    pub tournament_id: Uuid,
    /// Who entered: the caller.
    pub player_id: Uuid,
    /// When (the earlier entry breaks the last tie).
    pub entered_at: DateTime<Utc>,
    /// The first round the player is seated in (later than 1 for a late entry).
    pub first_round: u32,
    /// The chips held in the pool for the entry.
    pub buy_in: i64,
    /// The player's balance in the league after it.
    pub balance: i64,
}

impl Cases<'_> {
    /// `POST /v1/tournaments/{tournament_id}/entries`: the caller enters.
    pub async fn enter(
        &self,
        player: PlayerId,
        id: TournamentId,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TournamentEntry>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, player, key.as_ref()).await? {
                return Ok(reply);
            }
            hold_player(conn, player, Hold::Shared).await?;
            // Entries take turns on the tournament's row: the count and the limit hold.
            let row = visible(conn, id, player, true).await?;
            let league = LeagueId(row.league_id);
            require_member_shared(conn, league, player).await?;
            let settings = settings_of(&row)?;
            if !registration_open(&row, &settings) {
                return Err(match TournamentStatus::stored(&row.status) {
                    TournamentStatus::Finished | TournamentStatus::Cancelled => ended(),
                    _ => AppError::refused(
                        ErrorCode::RegistrationClosed,
                        "the tournament takes no more entries",
                    ),
                });
            }
            let already = || {
                AppError::refused(
                    ErrorCode::AlreadyEntered,
                    "the player entered this tournament already",
                )
            };
            if store::tournaments::entered(conn, row.id, player.0).await? {
                return Err(already());
            }
            let most = settings.most_entries();
            if store::tournaments::entry_count(conn, row.id).await? >= most {
                return Err(AppError::refused(
                    ErrorCode::TournamentFull,
                    format!("the tournament takes {most} entries, and has them"),
                ));
            }
            let first_round = row.round + 1;
            let entered_at =
                store::tournaments::enter(conn, row.id, player.0, first_round, settings.buy_in)
                    .await?
                    .ok_or_else(already)?;
            let buy_in = pool_transfer(&row, player.0, settings.buy_in, Reason::BuyIn);
            ledger::record(conn, &[buy_in]).await.map_err(|e| match e {
                StoreError::Overdrawn(_) => AppError::refused(
                    ErrorCode::InsufficientBalance,
                    format!("the buy-in is {} chips", settings.buy_in),
                ),
                other => other.into(),
            })?;
            let out = TournamentEntry {
                tournament_id: row.id,
                player_id: player.0,
                entered_at,
                first_round: u32::try_from(first_round).unwrap_or(1),
                buy_in: settings.buy_in,
                balance: ledger::balance(conn, row.league_id, &player_account(player.0)).await?,
            };
            idempotency::fresh(conn, player, key.as_ref(), 201, out).await
        })
        .await
    }

    /// `DELETE /v1/tournaments/{tournament_id}/entries/me`: the caller withdraws. Before the
    /// start the entry goes and its buy-in comes back; after it, the buy-in stays in the pool
    /// and the player is seated in no later round.
    pub async fn withdraw(&self, player: PlayerId, id: TournamentId) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            let row = visible(conn, id, player, true).await?;
            let not_entered = || {
                AppError::refused(
                    ErrorCode::EntryNotFound,
                    "the player has not entered this tournament",
                )
            };
            match TournamentStatus::stored(&row.status) {
                TournamentStatus::Scheduled => {
                    let buy_in = store::tournaments::delete_entry(conn, row.id, player.0)
                        .await?
                        .ok_or_else(not_entered)?;
                    let back = pool_transfer(&row, player.0, buy_in, Reason::BuyInReturned);
                    ledger::record(conn, &[back]).await?;
                }
                TournamentStatus::Running => {
                    if !store::tournaments::entered(conn, row.id, player.0).await? {
                        return Err(not_entered());
                    }
                    // One who left already stays as they left.
                    store::tournaments::leave(conn, row.id, player.0, "withdrawn", row.round + 1)
                        .await?;
                }
                TournamentStatus::Finished | TournamentStatus::Cancelled => return Err(ended()),
            }
            Ok(())
        })
        .await
    }
}
