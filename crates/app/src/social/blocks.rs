//! Blocks: a player hides another's free text and chosen names from themselves. Phrases of
//! the catalogue still show (they are the game's words), and the blocked player is not told.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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

/// How long this process trusts the blocks it read of a player, should it not hear of a
/// change: a block or its lift is told to every process as it commits (see
/// [`crate::live`]), and this process's own show at once.
const KEPT_FOR: Duration = Duration::from_secs(5);
/// Players whose blocks one process keeps, at most (beyond, it forgets them all).
const KEPT_PLAYERS: usize = 100_000;

/// The players each player blocked, as this process last read them, so that the views
/// that show names (a table, standings, members, hands) read them once in [`KEPT_FOR`]
/// and not once a request.
#[derive(Clone, Default)]
pub struct KeptBlocks(Arc<Mutex<Kept>>);

/// A player's blocks as read at an instant, or the instant they changed (`None`: not read
/// since).
type Read = (Instant, Option<Arc<[Uuid]>>);

#[derive(Default)]
struct Kept {
    /// Each player's blocks as last read.
    players: HashMap<Uuid, Read>,
    /// When every player's blocks were last forgotten: a read begun before keeps nothing.
    forgotten: Option<Instant>,
}

impl KeptBlocks {
    fn get(&self, player: Uuid) -> Option<Arc<[Uuid]>> {
        let kept = self.0.lock().ok()?;
        match kept.players.get(&player)? {
            (read, Some(blocked)) if read.elapsed() < KEPT_FOR => Some(blocked.clone()),
            _ => None,
        }
    }

    /// Keeps what a read begun at `read` found, unless they changed since it began.
    fn put(&self, player: Uuid, read: Instant, blocked: Arc<[Uuid]>) {
        if let Ok(mut kept) = self.0.lock() {
            if kept.forgotten.is_some_and(|at| at > read) {
                return;
            }
            if kept.players.len() >= KEPT_PLAYERS {
                kept.players.clear();
            }
            match kept.players.get(&player) {
                Some((changed, None)) if *changed > read => {}
                _ => {
                    kept.players.insert(player, (read, Some(blocked)));
                }
            }
        }
    }

    /// The player's blocks changed: read them again.
    pub(crate) fn changed(&self, player: Uuid) {
        if let Ok(mut kept) = self.0.lock() {
            kept.players.insert(player, (Instant::now(), None));
        }
    }

    /// Changes may have gone unheard: read every player's blocks again.
    pub(crate) fn forget(&self) {
        if let Ok(mut kept) = self.0.lock() {
            kept.players.clear();
            kept.forgotten = Some(Instant::now());
        }
    }
}

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

    /// The players `player` blocked (sorted), as read in the last [`KEPT_FOR`].
    pub async fn blocked(&self, player: PlayerId) -> Result<Arc<[Uuid]>, AppError> {
        if let Some(blocked) = self.kept_blocks.get(player.0) {
            return Ok(blocked);
        }
        Ok(self
            .blocks_among(&[player.0])
            .await?
            .remove(&player.0)
            .unwrap_or_else(|| Arc::from([])))
    }

    /// The players each of `players` blocked (sorted), as read in the last [`KEPT_FOR`]
    /// (those not kept read in one query); those who blocked nobody are left out.
    pub async fn blocks_among(
        &self,
        players: &[Uuid],
    ) -> Result<HashMap<Uuid, Arc<[Uuid]>>, AppError> {
        let mut blocks = HashMap::new();
        let mut unread = Vec::new();
        for &player in players {
            match self.kept_blocks.get(player) {
                Some(blocked) if blocked.is_empty() => {}
                Some(blocked) => {
                    blocks.insert(player, blocked);
                }
                None => unread.push(player),
            }
        }
        if unread.is_empty() {
            return Ok(blocks);
        }
        let read = Instant::now();
        let mut conn = store::conn(&self.pool).await?;
        let rows = store::blocks::among(&mut conn, &unread).await?;
        blocks.extend(self.keep_blocks(&unread, rows, read));
        Ok(blocks)
    }

    /// The players each of `players` blocked (sorted), read on `conn` in a transaction
    /// begun at `began`, and kept; those who blocked nobody are left out. What a process
    /// shows at once after a block made through another (whose notice may not have reached
    /// it yet) reads them so: a feed delivering chat, in the transaction that reads the
    /// messages.
    pub(crate) async fn blocks_now(
        &self,
        conn: &mut store::Conn,
        players: &[Uuid],
        began: Instant,
    ) -> Result<HashMap<Uuid, Arc<[Uuid]>>, AppError> {
        let rows = store::blocks::among(conn, players).await?;
        Ok(self.keep_blocks(players, rows, began))
    }

    /// Keeps `rows`, the blocks of `players` as a read begun at `read` found them; each
    /// player's blocks (sorted), those who blocked nobody left out.
    fn keep_blocks(
        &self,
        players: &[Uuid],
        rows: Vec<(Uuid, Uuid)>,
        read: Instant,
    ) -> HashMap<Uuid, Arc<[Uuid]>> {
        let mut made: HashMap<Uuid, Vec<Uuid>> = players.iter().map(|p| (*p, Vec::new())).collect();
        for (blocker, blocked) in rows {
            made.entry(blocker).or_default().push(blocked);
        }
        let mut blocks = HashMap::new();
        for (player, mut blocked) in made {
            blocked.sort_unstable();
            let blocked: Arc<[Uuid]> = blocked.into();
            self.kept_blocks.put(player, read, blocked.clone());
            if !blocked.is_empty() {
                blocks.insert(player, blocked);
            }
        }
        blocks
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
