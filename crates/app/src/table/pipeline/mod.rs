//! The one door to a table's state: every command at a table comes in through
//! [`App::decide`] with a pure decision (state in, [`TableChange`] out), and every view
//! through [`App::table_view`]. Behind the door, and nowhere else:
//! - kept tables ([`kept`]): the state this process last read or wrote of a busy table,
//!   relied on only when the database confirms its version and stamp in the same request;
//! - batched checks of those stamps ([`checks`]);
//! - queued group-commit writes ([`writes`], on [`batches`]);
//! - in debug builds (the test suite), the comparison of every state kept or written with a
//!   full read of the table.
//!
//! A deal or a move without an idempotency key is first decided on the kept table with
//! nothing read, and its write is queued with others, guarded by the kept version and stamp
//! and the caller's membership. When that does not conclude (nothing kept, a refusal, a
//! table that moved on), for keyed commands (whose key is looked up, counted and stored in
//! one transaction) and for commands that lock, the table is read (its row locked when the
//! command asks; a kept table once its version and stamp are read unchanged) and the command
//! decided on it, in a transaction with the key's lookup and reply, so a refusal is only
//! ever made on the table as it is. Use
//! cases never see which way was taken.

pub mod batches;
pub mod checks;
pub mod kept;
pub mod sessions;
pub mod write;
pub mod writes;

use std::sync::Arc;

use diesel_async::{AnsiTransactionManager, TransactionManager};
use serde::Serialize;

use crate::kernel::idempotency::{self, IdempotencyKey, Reply};
use crate::kernel::ids::{LeagueId, PlayerId, TableId};
use crate::kernel::player::hold_player;
use crate::leagues::{Role, not_a_member, require_member_shared};
use crate::store::ledger::{self, player_account};
use crate::store::players::Hold;
use crate::store::table_write::Unchecked;
use crate::store::{self, Conn};
use crate::table::Cases;
use crate::table::change::{Newcomer, TableChange};
use crate::table::read::{load_for, load_table, no_table};
use crate::table::state::TableState;
use crate::table::view::{self, TableView};
use crate::{AppError, ErrorCode};
use write::{Writer, write};

/// How a command reads the table it decides on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// As this process keeps it, once the database confirms it unchanged, else as read:
    /// deals and moves, which nothing else needs to wait for.
    Kept,
    /// Its row locked in a transaction: commands that take turns with each other.
    Locked,
    /// [`Access::Locked`], for the caller sitting down: their player row is held first (as
    /// every creation of theirs holds it, see `auth::hold_player`), then their membership
    /// is shared (as admin changes to a member take it: a grant to them waits for the seat,
    /// or the seat for the grant), then their name and league balance read.
    Joining,
    /// [`Access::Locked`], for closing the table: which of the last hand's players are
    /// still members is read, their memberships shared until the commit (a removal of one
    /// waits for the close, or the close sees it).
    Closing,
}

/// A command at a table.
pub struct Command {
    pub table: TableId,
    pub player: PlayerId,
    pub key: Option<IdempotencyKey>,
    pub access: Access,
    /// The status of a fresh reply (stored with it under the key).
    pub status: u16,
    /// Whether a lost race is decided again on the new state, up to three times (not when
    /// the client named the version it decided on).
    pub retry: bool,
}

impl Command {
    /// `player`'s command at `table`, read as `access` asks: no key, a 200 reply, no retry.
    pub fn new(table: TableId, player: PlayerId, access: Access) -> Command {
        Command {
            table,
            player,
            key: None,
            access,
            status: 200,
            retry: false,
        }
    }

    /// With the request's idempotency key, if it sent one.
    pub fn keyed(self, key: Option<IdempotencyKey>) -> Command {
        Command { key, ..self }
    }

    /// Decided again on the new state when it loses a race (see [`Command::retry`]).
    pub fn retrying(self) -> Command {
        Command {
            retry: true,
            ..self
        }
    }

    /// Replying 201: the command creates something (a seat, a hand).
    pub fn creating(self) -> Command {
        Command {
            status: 201,
            ..self
        }
    }
}

/// Who decides, as the door read them.
pub struct Caller {
    /// Their league role, when read (always but on a kept table, whose write then requires
    /// the membership).
    pub role: Option<Role>,
    /// With [`Access::Joining`]: what the table will show of them.
    pub newcomer: Option<Newcomer>,
    /// With [`Access::Closing`]: the last hand's players who are still members.
    pub members: Vec<uuid::Uuid>,
}

impl Cases<'_> {
    /// Decides and writes `command` (see the module's doc); the reply is `answer` of the
    /// state it leaves, stored under the command's key.
    #[tracing::instrument(target = "bourre::app", name = "table_command", skip_all, fields(table = %command.table.0))]
    pub async fn decide<T: Serialize>(
        &self,
        command: Command,
        decide: impl Fn(&TableState, &Caller) -> Result<TableChange, AppError>,
        answer: impl Fn(&TableState) -> T,
    ) -> Result<Reply<T>, AppError> {
        let mut tries = 0;
        loop {
            tries += 1;
            let result = self.decide_once(&command, &decide, &answer).await;
            let again = command.retry && result.as_ref().is_err_and(is_version_conflict);
            if !again || tries >= 3 {
                return self.with_current_version(command.table, result).await;
            }
        }
    }

    /// [`App::decide`] with the caller's view of the state left as the reply.
    pub async fn decide_view(
        &self,
        command: Command,
        decide: impl Fn(&TableState, &Caller) -> Result<TableChange, AppError>,
    ) -> Result<Reply<TableView>, AppError> {
        let player = command.player;
        let blocked = self.kept_blocks.blocked(&self.pool, player).await?;
        self.decide(command, decide, |state| {
            view::table_view(state, Some(player)).unnamed(&blocked)
        })
        .await
    }

    async fn decide_once<T: Serialize>(
        &self,
        command: &Command,
        decide: &impl Fn(&TableState, &Caller) -> Result<TableChange, AppError>,
        answer: &impl Fn(&TableState) -> T,
    ) -> Result<Reply<T>, AppError> {
        // A keyed command is looked up, counted against its player's quota and stored in
        // one transaction (see `idempotency::lookup`), never queued.
        if command.access == Access::Kept
            && command.key.is_none()
            && let Some((after, value)) = self.decide_on_kept(command, decide, answer).await?
        {
            self.committed(command, after).await?;
            return Ok(Reply::Fresh(value));
        }
        let mut pooled = store::conn(&self.pool).await?;
        let conn: &mut Conn = &mut pooled;
        let transaction = command.key.is_some() || command.access != Access::Kept;
        if transaction {
            AnsiTransactionManager::begin_transaction(conn).await?;
        }
        let result = self.decide_on_read(conn, command, decide, answer).await;
        if transaction {
            let end = match &result {
                Ok(_) => AnsiTransactionManager::commit_transaction(conn).await,
                Err(_) => AnsiTransactionManager::rollback_transaction(conn).await,
            };
            if let Err(e) = end {
                // A failed commit leaves nothing behind; a broken connection is dropped by
                // the pool.
                let _ = AnsiTransactionManager::rollback_transaction(conn).await;
                return Err(e.into());
            }
        }
        drop(pooled);
        let (reply, after) = result?;
        if let Some(after) = after {
            self.committed(command, after).await?;
        }
        Ok(reply)
    }

    /// The command (without a key) decided on the table as this process last kept it, with
    /// nothing read, and queued to be committed with others: `None` when that does not
    /// conclude.
    async fn decide_on_kept<T: Serialize>(
        &self,
        command: &Command,
        decide: &impl Fn(&TableState, &Caller) -> Result<TableChange, AppError>,
        answer: &impl Fn(&TableState) -> T,
    ) -> Result<Option<(TableState, T)>, AppError> {
        let Some(before) = self.tables.latest(command.table.0) else {
            return Ok(None);
        };
        let caller = Caller {
            role: None,
            newcomer: None,
            members: Vec::new(),
        };
        let Ok(change) = decide(&before, &caller) else {
            return Ok(None);
        };
        let committed = before.commit(change)?;
        let value = answer(&committed.after);
        let unchecked = Unchecked {
            stamp: before.table.stamp,
            member: command.player.0,
        };
        let queued = Writer::Queued(&self.writes);
        match write(queued, &before, &committed, Some(unchecked)).await {
            Ok(()) => Ok(Some((committed.after, value))),
            Err(e) if is_version_conflict(&e) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The command decided on the table as read (or as kept, once its version and stamp
    /// are read unchanged) and written on `conn`.
    async fn decide_on_read<T: Serialize>(
        &self,
        conn: &mut Conn,
        command: &Command,
        decide: &impl Fn(&TableState, &Caller) -> Result<TableChange, AppError>,
        answer: &impl Fn(&TableState) -> T,
    ) -> Result<(Reply<T>, Option<TableState>), AppError> {
        let (id, player, key) = (command.table, command.player, command.key.as_ref());
        if let Some(reply) = idempotency::replayed(conn, player, key).await? {
            return Ok((reply, None));
        }
        let mut newcomer = None;
        if command.access == Access::Joining {
            // The player's row first, as every creation holds it: a seat never outlives
            // its player's deletion.
            hold_player(conn, player, Hold::Shared).await?;
            let league = LeagueId(load_table(conn, id).await?.league_id);
            require_member_shared(conn, league, player).await?;
            let shown = store::players::shown(conn, player.0)
                .await?
                .ok_or_else(crate::kernel::player::unknown_player)?;
            newcomer = Some(Newcomer {
                username: shown.username,
                display_name: shown.display_name,
                avatar: shown.avatar,
                balance: ledger::balance(conn, league.0, &player_account(player.0)).await?,
                bot: shown.bot,
            });
        }
        let (before, role) = match command.access {
            Access::Kept => {
                let (kept, role) = self.load_kept(conn, id, player).await?;
                (Arc::unwrap_or_clone(kept), role)
            }
            Access::Locked | Access::Joining | Access::Closing => {
                load_for(conn, id, Some(player), true).await?
            }
        };
        if role.is_none() {
            return Err(not_a_member());
        }
        let mut members = Vec::new();
        if command.access == Access::Closing
            && let Some(hand) = &before.hand
        {
            let players: Vec<uuid::Uuid> = hand.players.iter().map(|p| p.player_id).collect();
            members =
                store::memberships::members_among(conn, before.table.league_id, &players).await?;
        }
        let caller = Caller {
            role,
            newcomer,
            members,
        };
        let committed = before.commit(decide(&before, &caller)?)?;
        write(Writer::Conn(conn), &before, &committed, None).await?;
        let value = answer(&committed.after);
        let reply = idempotency::fresh(conn, player, key, command.status, value).await?;
        Ok((reply, Some(committed.after)))
    }

    /// After a command's write committed: the state it left is kept, and announced.
    async fn committed(&self, command: &Command, after: TableState) -> Result<(), AppError> {
        #[cfg(debug_assertions)]
        self.check_kept(command.table, command.player, &after)
            .await?;
        self.after_commit(command.table, after);
        Ok(())
    }

    /// What every committed write of a table sets off, in one place, once its transaction
    /// committed (what it wrote beside its events, standings' lines and notifications, is
    /// in its own statement, see [`write`]): the bots to act next are woken, the state it
    /// left is kept, and the change is announced to every process's feeds and to this
    /// process's dispatcher.
    pub(crate) fn after_commit(&self, table: TableId, after: TableState) {
        let version = after.table.version;
        self.wake_bots(&after);
        self.tables.put(after);
        self.announce(table.0, version);
    }

    /// The table as kept by this process when its version and stamp are unchanged (one
    /// primary-key read), else read in full and kept; with `member`'s role, read fresh.
    async fn load_kept(
        &self,
        conn: &mut Conn,
        id: TableId,
        member: PlayerId,
    ) -> Result<(Arc<TableState>, Option<Role>), AppError> {
        let stamp = checks::stamps(conn, &[(id.0, member.0)])
            .await?
            .pop()
            .flatten()
            .ok_or_else(|| no_table(id))?;
        if let Some(kept) = self.tables.get(id.0, stamp.version, stamp.stamp) {
            #[cfg(debug_assertions)]
            check_matches_reload(conn, id, member, &kept).await?;
            return Ok((kept, stamp.role));
        }
        self.read_kept(conn, id, member).await
    }

    /// Reads the table in full and keeps it; with `member`'s role.
    async fn read_kept(
        &self,
        conn: &mut Conn,
        id: TableId,
        member: PlayerId,
    ) -> Result<(Arc<TableState>, Option<Role>), AppError> {
        let (state, role) = load_for(conn, id, Some(member), false).await?;
        let state = Arc::new(state);
        self.tables.put_shared(state.clone());
        Ok((state, role))
    }

    /// The caller's view of the table, and its entity tag (the table's version and stamp,
    /// and the viewer: it changes whenever the view may): its stamp is checked together
    /// with other requests' (see [`checks`]), and the table is read only when what this
    /// process kept is stale.
    pub async fn table_view(
        &self,
        player: PlayerId,
        id: TableId,
    ) -> Result<(TableView, String), AppError> {
        let stamp = self
            .checks
            .submit((id.0, player.0))
            .await?
            .ok_or_else(|| no_table(id))?;
        if stamp.role.is_none() {
            return Err(not_a_member());
        }
        let kept = match self.tables.get(id.0, stamp.version, stamp.stamp) {
            Some(kept) => {
                #[cfg(debug_assertions)]
                self.check_kept(id, player, &kept).await?;
                kept
            }
            None => {
                let mut conn = store::conn(&self.pool).await?;
                let (kept, role) = self.read_kept(&mut conn, id, player).await?;
                if role.is_none() {
                    return Err(not_a_member());
                }
                kept
            }
        };
        let blocked = self.kept_blocks.blocked(&self.pool, player).await?;
        let view = view::table_view(&kept, Some(player)).unnamed(&blocked);
        // The seats whose names the viewer's blocks hid: a block made or lifted changes it.
        let unnamed: String = kept
            .seats
            .iter()
            .filter(|s| blocked.binary_search(&s.player_id).is_ok())
            .map(|s| format!(".{}", s.seat))
            .collect();
        let tag = format!(
            "\"{}.{}.{}{unnamed}\"",
            kept.table.version,
            kept.table.stamp,
            &player.0.simple().to_string()[..12]
        );
        Ok((view, tag))
    }

    /// After a commit: wakes the long-polls and streams of every process (see
    /// [`crate::live::Live::announce`]), and this process's dispatcher, since the
    /// commit may have written notifications.
    fn announce(&self, id: uuid::Uuid, version: i64) {
        self.live.announce(crate::kernel::notice::Notice {
            table: id,
            seq: version,
            chat: 0,
        });
        self.outbox.notify_one();
    }

    /// A write that lost the race on the log reports the version the winner left.
    async fn with_current_version<T>(
        &self,
        id: TableId,
        result: Result<T, AppError>,
    ) -> Result<T, AppError> {
        match result {
            Err(AppError::Refused {
                code: ErrorCode::VersionConflict,
                detail,
                current_version: None,
            }) => {
                let mut conn = store::conn(&self.pool).await?;
                let version = store::tables::version(&mut conn, id.0).await?;
                Err(AppError::Refused {
                    code: ErrorCode::VersionConflict,
                    detail,
                    current_version: version,
                })
            }
            other => other,
        }
    }

    /// Debug builds: [`check_matches_reload`] on a connection of its own.
    #[cfg(debug_assertions)]
    async fn check_kept(
        &self,
        id: TableId,
        player: PlayerId,
        kept: &TableState,
    ) -> Result<(), AppError> {
        check_matches_reload(&mut *store::conn(&self.pool).await?, id, player, kept).await
    }
}

fn is_version_conflict(e: &AppError) -> bool {
    e.is(ErrorCode::VersionConflict)
}

/// Debug builds (the test suite) check that a table built in memory (after a write, or kept
/// by this process) is what a full read finds, whenever nothing changed in between.
#[cfg(debug_assertions)]
async fn check_matches_reload(
    conn: &mut Conn,
    id: TableId,
    player: PlayerId,
    kept: &TableState,
) -> Result<(), AppError> {
    let (reloaded, _) = load_for(conn, id, Some(player), false).await?;
    let (a, b) = (&reloaded.table, &kept.table);
    if (a.version, a.stamp) != (b.version, b.stamp) {
        return Ok(());
    }
    match (
        serde_json::to_value(view::table_view(&reloaded, Some(player))),
        serde_json::to_value(view::table_view(kept, Some(player))),
    ) {
        (Ok(a), Ok(b)) if a == b && reloaded.last_hash == kept.last_hash => Ok(()),
        (a, b) => Err(AppError::Internal(format!(
            "the table in memory differs from a reload: {a:?} != {b:?}"
        ))),
    }
}
