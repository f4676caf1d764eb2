//! How players are shown: the names and avatar they chose (dropped for those who blocked
//! them, as this process keeps their blocks) and the language they read.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::error::AppError;
use crate::kernel::ids::PlayerId;
use crate::store::{self, DbPool};

/// What shows a player's chosen names (display name and avatar): to a player who blocked
/// them, only their username shows.
pub trait Named {
    /// The player named.
    fn player(&self) -> Uuid;
    /// Drops the chosen names.
    fn unname(&mut self);
}

/// Implements [`Named`] for a type that shows `player_id` by its `display_name` and
/// `avatar`.
macro_rules! named_by_player_id {
    ($type:ty) => {
        impl $crate::kernel::shown::Named for $type {
            fn player(&self) -> uuid::Uuid {
                self.player_id
            }

            fn unname(&mut self) {
                self.display_name = None;
                self.avatar = None;
            }
        }
    };
}
pub(crate) use named_by_player_id;

/// Drops the chosen names of the players in `blocked` (sorted) from `items`.
pub fn unname<'a, T: Named + 'a>(items: impl IntoIterator<Item = &'a mut T>, blocked: &[Uuid]) {
    for item in items {
        if blocked.binary_search(&item.player()).is_ok() {
            item.unname();
        }
    }
}

/// A picture from the built-in set (no uploads): clients draw each their own way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Avatar {
    Heron,
    Pelican,
    Alligator,
    Crawfish,
    Catfish,
    Turtle,
    Owl,
    Fox,
    Rabbit,
    Raccoon,
    Magnolia,
    Moon,
    Club,
    Diamond,
    Heart,
    Spade,
}

impl Avatar {
    /// Every avatar, in order.
    pub const ALL: [Avatar; 16] = [
        Avatar::Heron,
        Avatar::Pelican,
        Avatar::Alligator,
        Avatar::Crawfish,
        Avatar::Catfish,
        Avatar::Turtle,
        Avatar::Owl,
        Avatar::Fox,
        Avatar::Rabbit,
        Avatar::Raccoon,
        Avatar::Magnolia,
        Avatar::Moon,
        Avatar::Club,
        Avatar::Diamond,
        Avatar::Heart,
        Avatar::Spade,
    ];

    /// The wire name, as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Avatar::Heron => "heron",
            Avatar::Pelican => "pelican",
            Avatar::Alligator => "alligator",
            Avatar::Crawfish => "crawfish",
            Avatar::Catfish => "catfish",
            Avatar::Turtle => "turtle",
            Avatar::Owl => "owl",
            Avatar::Fox => "fox",
            Avatar::Rabbit => "rabbit",
            Avatar::Raccoon => "raccoon",
            Avatar::Magnolia => "magnolia",
            Avatar::Moon => "moon",
            Avatar::Club => "club",
            Avatar::Diamond => "diamond",
            Avatar::Heart => "heart",
            Avatar::Spade => "spade",
        }
    }

    /// The avatar stored as `text`, if any.
    pub fn stored(text: &str) -> Option<Avatar> {
        Avatar::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

/// A language the server writes notifications in (and the web client shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Locale {
    /// English.
    #[serde(rename = "en")]
    En,
    /// Chinese, simplified script.
    #[serde(rename = "zh-Hans")]
    ZhHans,
    /// Japanese.
    #[serde(rename = "ja")]
    Ja,
    /// Thai.
    #[serde(rename = "th")]
    Th,
}

impl Locale {
    /// Every locale, in order.
    pub const ALL: [Locale; 4] = [Locale::En, Locale::ZhHans, Locale::Ja, Locale::Th];

    /// The wire name (a BCP 47 tag), as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::ZhHans => "zh-Hans",
            Locale::Ja => "ja",
            Locale::Th => "th",
        }
    }

    /// The locale stored as `text`, if any.
    pub fn stored(text: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.as_str() == text)
    }
}

/// How long this process trusts the blocks it read of a player, should it not hear of a
/// change: a block or its lift is told to every process as it commits (see
/// the live room's listener), and this process's own show at once.
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

    /// The players `player` blocked (sorted), as read in the last [`KEPT_FOR`].
    pub async fn blocked(&self, pool: &DbPool, player: PlayerId) -> Result<Arc<[Uuid]>, AppError> {
        if let Some(blocked) = self.get(player.0) {
            return Ok(blocked);
        }
        Ok(self
            .among(pool, &[player.0])
            .await?
            .remove(&player.0)
            .unwrap_or_else(|| Arc::from([])))
    }

    /// The players each of `players` blocked (sorted), as read in the last [`KEPT_FOR`]
    /// (those not kept read in one query); those who blocked nobody are left out.
    pub async fn among(
        &self,
        pool: &DbPool,
        players: &[Uuid],
    ) -> Result<HashMap<Uuid, Arc<[Uuid]>>, AppError> {
        let mut blocks = HashMap::new();
        let mut unread = Vec::new();
        for &player in players {
            match self.get(player) {
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
        let mut conn = store::conn(pool).await?;
        let rows = store::blocks::among(&mut conn, &unread).await?;
        blocks.extend(self.keep(&unread, rows, read));
        Ok(blocks)
    }

    /// The players each of `players` blocked (sorted), read on `conn` in a transaction
    /// begun at `began`, and kept; those who blocked nobody are left out. What a process
    /// shows at once after a block made through another (whose notice may not have reached
    /// it yet) reads them so: a feed delivering chat, in the transaction that reads the
    /// messages.
    pub(crate) async fn read_now(
        &self,
        conn: &mut store::Conn,
        players: &[Uuid],
        began: Instant,
    ) -> Result<HashMap<Uuid, Arc<[Uuid]>>, AppError> {
        let rows = store::blocks::among(conn, players).await?;
        Ok(self.keep(players, rows, began))
    }

    /// Keeps `rows`, the blocks of `players` as a read begun at `read` found them; each
    /// player's blocks (sorted), those who blocked nobody left out.
    fn keep(
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
            self.put(player, read, blocked.clone());
            if !blocked.is_empty() {
                blocks.insert(player, blocked);
            }
        }
        blocks
    }
}
