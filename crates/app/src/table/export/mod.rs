//! Hand histories out (docs/guide/hand-histories.md): finished hands in the BHH format
//! ([`format`]), one at a time or a league's or a player's in the order they finished, a
//! page at a time so that an export of any length streams in flat memory; and the replay
//! of an exported hand through the engine ([`replay`]). A hand in play is never exported.

pub mod format;
pub mod replay;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::leagues::require_member;
use crate::store::finished_hands::{self, FinishedHand, TableNames, Whose, Window};
use crate::store::{self, Conn};
use crate::table::Cases;
use crate::table::event::TableEvent;
use crate::table::history::{finished_hand, member_table};
use crate::{App, AppError, ErrorCode};

use format::{BhhFile, BhhNamed, HandContext};

/// Hands read from the database at a time.
const PAGE: i64 = 200;

/// Which of the finished hands an export holds.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExportQuery {
    /// Those that ended at or after this time.
    pub since: Option<DateTime<Utc>>,
    /// Those that ended before this time.
    pub until: Option<DateTime<Utc>>,
    /// Newest first rather than oldest first.
    pub newest_first: bool,
    /// At most this many.
    pub max: Option<u64>,
}

/// An export under way: each [`Export::next_page`] reads the next hands in order.
pub struct Export {
    app: App,
    whose: Whose,
    window: Window,
    /// Hands still wanted (`max`), if bounded.
    left: Option<u64>,
    done: bool,
    /// The players the exporter blocked: their display names are left out.
    blocked: Arc<[Uuid]>,
    /// The names of the tables met so far.
    names: HashMap<Uuid, TableNames>,
}

impl Cases<'_> {
    /// A finished hand in BHH, to league members.
    pub async fn export_hand(
        &self,
        player: PlayerId,
        id: TableId,
        hand_no: u32,
    ) -> Result<BhhFile, AppError> {
        let blocked = self.kept_blocks.blocked(&self.pool, player).await?;
        let mut conn = store::conn(&self.pool).await?;
        let table = member_table(&mut conn, player, id).await?;
        let n = finished_hand(&table, hand_no)?;
        let hand = finished_hands::one(&mut conn, table.id, n)
            .await?
            .ok_or_else(|| {
                AppError::refused(
                    ErrorCode::HandInProgress,
                    "the hand is in play: it is exported when it ends",
                )
            })?;
        let mut names = HashMap::new();
        let mut hands = export_page(self.0, &mut conn, &[hand], &blocked, &mut names).await?;
        hands
            .pop()
            .ok_or_else(|| AppError::Internal(format!("hand {hand_no} of table {} lost", id.0)))
    }

    /// The league's finished hands, to its members.
    pub async fn export_league(
        &self,
        player: PlayerId,
        league: LeagueId,
        query: ExportQuery,
    ) -> Result<Export, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        require_member(&mut conn, league, player).await?;
        drop(conn);
        self.export(player, Whose::League(league.0), query).await
    }

    /// The finished hands the caller was dealt into, at any table.
    pub async fn export_mine(
        &self,
        player: PlayerId,
        query: ExportQuery,
    ) -> Result<Export, AppError> {
        self.export(player, Whose::Player(player.0), query).await
    }

    async fn export(
        &self,
        player: PlayerId,
        whose: Whose,
        query: ExportQuery,
    ) -> Result<Export, AppError> {
        Ok(Export {
            app: self.0.clone(),
            whose,
            window: Window {
                since: query.since,
                until: query.until,
                after: None,
                newest_first: query.newest_first,
                limit: PAGE,
            },
            left: query.max,
            done: query.max == Some(0),
            blocked: self.kept_blocks.blocked(&self.pool, player).await?,
            names: HashMap::new(),
        })
    }
}

impl Export {
    /// The next hands in order; none once the export is complete.
    pub async fn next_page(&mut self) -> Result<Option<Vec<BhhFile>>, AppError> {
        if self.done {
            return Ok(None);
        }
        let mut window = self.window;
        if let Some(left) = self.left {
            window.limit = window.limit.min(i64::try_from(left).unwrap_or(i64::MAX));
        }
        let mut conn = store::conn(&self.app.pool).await?;
        let hands = finished_hands::page(&mut conn, self.whose, window).await?;
        if hands.len() < usize::try_from(window.limit).unwrap_or(usize::MAX) {
            self.done = true;
        }
        let Some(last) = hands.last() else {
            return Ok(None);
        };
        self.window.after = Some((last.ended_at, last.table_id, last.hand_no));
        if let Some(left) = &mut self.left {
            *left = left.saturating_sub(hands.len() as u64);
            self.done |= *left == 0;
        }
        let page =
            export_page(&self.app, &mut conn, &hands, &self.blocked, &mut self.names).await?;
        Ok(Some(page))
    }
}

/// `hands` in BHH: their rows, the names of their tables, leagues and players, and their
/// places in the public log, each read once for the page.
async fn export_page(
    app: &App,
    conn: &mut Conn,
    hands: &[FinishedHand],
    blocked: &[Uuid],
    names: &mut HashMap<Uuid, TableNames>,
) -> Result<Vec<BhhFile>, AppError> {
    let rows = finished_hands::rows(conn, hands).await?;
    let unnamed: Vec<Uuid> = hands
        .iter()
        .map(|h| h.table_id)
        .filter(|t| !names.contains_key(t))
        .collect();
    if !unnamed.is_empty() {
        names.extend(finished_hands::names(conn, &unnamed).await?);
    }
    let logged: HashMap<(Uuid, i32), i64> = finished_hands::log_indexes(conn, hands)
        .await?
        .into_iter()
        .map(|(table, hand, idx)| ((table, hand), idx))
        .collect();
    // Who was dealt in, read from each hand's first row (its deal) as the log's one decoder
    // reads it.
    let mut players: Vec<Uuid> = Vec::new();
    for dealt in rows.iter().filter_map(|hand| hand.first()) {
        if let TableEvent::HandDealt {
            players: seated, ..
        } = TableEvent::decode(dealt.seq, &dealt.payload)?
        {
            players.extend(seated.iter().map(|p| p.player_id));
        }
    }
    players.sort_unstable();
    players.dedup();
    let shown: HashMap<Uuid, (String, Option<String>, bool)> =
        store::players::shown_among(conn, &players)
            .await?
            .into_iter()
            .map(|(id, s)| {
                let display_name = s.display_name.filter(|_| !blocked.contains(&id));
                (id, (s.username, display_name, s.bot))
            })
            .collect();
    let site = app.config.log_key.verifier().name();
    hands
        .iter()
        .zip(&rows)
        .map(|(hand, rows)| {
            let table = names.get(&hand.table_id).ok_or_else(|| {
                AppError::Internal(format!("table {} has no name", hand.table_id))
            })?;
            format::build(
                rows,
                HandContext {
                    site,
                    league: BhhNamed {
                        id: table.league_id,
                        name: table.league.clone(),
                    },
                    table: BhhNamed {
                        id: hand.table_id,
                        name: table.table.clone(),
                    },
                    log_index: logged.get(&(hand.table_id, hand.hand_no)).copied(),
                    shown: &shown,
                },
            )
        })
        .collect()
}
