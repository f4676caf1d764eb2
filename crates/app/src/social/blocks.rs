//! Blocks: a player hides another's free text and chosen names from themselves. Phrases of
//! the catalogue still show (they are the game's words), and the blocked player is not told.

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::ids::PlayerId;
use crate::kernel::notice::blocks_changed;
use crate::kernel::player::player_not_found;
use crate::social::Cases;
use crate::store;
use crate::{AppError, ErrorCode};

/// A player the caller blocked.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Block {
    /// The player blocked.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
    /// When the caller blocked them.
    pub created_at: DateTime<Utc>,
}

impl From<(Uuid, String, DateTime<Utc>)> for Block {
    fn from((player_id, username, created_at): (Uuid, String, DateTime<Utc>)) -> Block {
        Block {
            player_id,
            username,
            created_at,
        }
    }
}

/// The players the caller blocked, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct Blocks {
    /// Newest first.
    pub blocks: Vec<Block>,
}

/// Most players one player may block.
pub const MAX_BLOCKS: usize = 1000;

impl Cases<'_> {
    /// Blocks `other` for the caller (who shares a league with them): their free text and
    /// chosen names are hidden from the caller from now on. The block and whether it is new.
    pub async fn block(
        &self,
        player: PlayerId,
        other: PlayerId,
    ) -> Result<(Block, bool), AppError> {
        if player == other {
            return Err(AppError::refused(
                ErrorCode::InvalidBlock,
                "a player cannot block themselves",
            ));
        }
        let mut conn = store::conn(&self.pool).await?;
        let shared = store::memberships::shared_leagues(&mut conn, player.0, other.0).await?;
        if shared.is_empty() {
            return Err(player_not_found());
        }
        let blocked = store::blocks::blocked_by(&mut conn, player.0).await?;
        if blocked.len() >= MAX_BLOCKS && !blocked.contains(&other.0) {
            return Err(AppError::refused(
                ErrorCode::InvalidBlock,
                format!("a player blocks at most {MAX_BLOCKS} players"),
            ));
        }
        let new = conn
            .transaction::<_, AppError, _>(async |conn| {
                let new = store::blocks::insert(conn, player.0, other.0).await?;
                if new {
                    store::events::notify(conn, &blocks_changed(player.0)).await?;
                }
                Ok(new)
            })
            .await?;
        self.kept_blocks.changed(player.0);
        let block = store::blocks::find(&mut conn, player.0, other.0)
            .await?
            .map(Block::from)
            .ok_or_else(player_not_found)?;
        Ok((block, new))
    }

    /// Lifts the caller's block of `other`: 404 `player_not_found` when there was none.
    pub async fn unblock(&self, player: PlayerId, other: PlayerId) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let lifted = conn
            .transaction::<_, AppError, _>(async |conn| {
                let lifted = store::blocks::delete(conn, player.0, other.0).await?;
                if lifted {
                    store::events::notify(conn, &blocks_changed(player.0)).await?;
                }
                Ok(lifted)
            })
            .await?;
        if lifted {
            self.kept_blocks.changed(player.0);
            Ok(())
        } else {
            Err(AppError::refused(
                ErrorCode::PlayerNotFound,
                "the caller has not blocked this player",
            ))
        }
    }

    /// The players the caller blocked, newest first.
    pub async fn blocks(&self, player: PlayerId) -> Result<Blocks, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let rows = store::blocks::of(&mut conn, player.0).await?;
        Ok(Blocks {
            blocks: rows.into_iter().map(Block::from).collect(),
        })
    }
}
