//! League administration (admins only): invite codes, join requests, admins, members,
//! chip grants and seasons; and the league's ledger, to members.

pub use crate::store::ledger::Cursor;
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::ErrorCode;
use crate::kernel::idempotency::{self, IdempotencyKey, Reply};
use crate::kernel::ids::{LeagueId, PlayerId};
use crate::kernel::player::hold_player;
use crate::leagues::history::{self as history, HistoryKind};
use crate::leagues::{
    JoinRequest, League, LeagueView, Role, RowLock, add_member, ensure_league_open, load_league,
    lock_league, member_role, require_member,
};
use crate::store::ledger::{self, Account, Reason, Transfer, player_account};
use crate::store::players::Hold;
use crate::store::{self, Conn, StoreError};

/// Largest single grant.
pub const MAX_GRANT: i64 = 1_000_000_000;
/// Longest an invite code may be good for.
pub const MAX_INVITE_SECS: i64 = 30 * 86_400;
/// Most joins an invite code may be good for.
pub const MAX_INVITE_USES: i32 = 10_000;

/// A member an admin admitted, and what they now hold.
#[derive(Debug, Serialize, ToSchema)]
pub struct Admitted {
    /// The player admitted.
    pub player_id: Uuid,
    /// Their balance in the league now, the starting balance credited.
    pub balance: i64,
}

/// Most ledger entries in one page.
pub const MAX_LEDGER_PAGE: i64 = 200;

/// In the caller's transaction, which locked `league` and checked `admin` is its admin:
/// removes `member` (not its creator, nor while seated), recorded in its history.
pub(crate) async fn remove_in(
    conn: &mut Conn,
    league: &League,
    admin: PlayerId,
    member: PlayerId,
) -> Result<(), AppError> {
    let id = LeagueId(league.id);
    if league.created_by == member.0 {
        return Err(AppError::refused(
            ErrorCode::CannotRemoveCreator,
            "the league's creator stays a member",
        ));
    }
    require_target(conn, id, member).await?;
    let seated = store::seats::count_in_league(conn, id.0, member.0, false).await?;
    if seated > 0 {
        return Err(AppError::refused(
            ErrorCode::MemberSeated,
            "a member seated at a table (with chips in play) cannot be removed: they stand up first",
        ));
    }
    end_membership(conn, id, member, None).await?;
    if keep_an_admin(conn, id, member, "member_removed").await? == Succession::NobodyLeft {
        return Err(AppError::refused(
            ErrorCode::LastAdmin,
            "the league's last human member stays a member (deleting the account closes the \
             league)",
        ));
    }
    history::record(
        conn,
        id,
        HistoryKind::MemberRemoved,
        Some(member),
        Some(admin),
        json!({}),
    )
    .await
}

pub(crate) async fn require_admin(
    conn: &mut Conn,
    league: LeagueId,
    player: PlayerId,
) -> Result<(), AppError> {
    if require_member(conn, league, player).await? == Role::Admin {
        Ok(())
    } else {
        Err(AppError::refused(
            ErrorCode::NotAdmin,
            "only an admin of the league may do this",
        ))
    }
}

/// What became of a league's admin role when a member left it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Succession {
    /// An admin stays.
    Kept,
    /// No admin was left: the server made this member one.
    HandedOn(PlayerId),
    /// No human member whose account goes on is left.
    NobodyLeft,
}

/// In the caller's transaction, with the league's row locked (so two admins leaving at
/// once take turns) and `leaving` no longer an admin: the league keeps an admin. When
/// none is left among its human members whose accounts go on, the longest-standing of them
/// becomes one, and the league's history says so (`reason`: why `leaving` left).
pub(crate) async fn keep_an_admin(
    conn: &mut Conn,
    league: LeagueId,
    leaving: PlayerId,
    reason: &str,
) -> Result<Succession, AppError> {
    let humans = store::memberships::live_humans(conn, league.0, leaving.0).await?;
    let Some((heir, _)) = humans.first() else {
        return Ok(Succession::NobodyLeft);
    };
    if humans
        .iter()
        .any(|(_, role)| Role::stored(role) == Role::Admin)
    {
        return Ok(Succession::Kept);
    }
    let heir = PlayerId(*heir);
    store::memberships::set_role(conn, league.0, heir.0, Role::Admin.as_str()).await?;
    history::record(
        conn,
        league,
        HistoryKind::AdminHandedOn,
        Some(heir),
        None,
        json!({"from": leaving.0, "reason": reason}),
    )
    .await?;
    Ok(Succession::HandedOn(heir))
}

fn no_join_request() -> AppError {
    AppError::refused(
        ErrorCode::JoinRequestNotFound,
        "that player has not asked to join the league",
    )
}

fn member_not_found() -> AppError {
    AppError::refused(
        ErrorCode::MemberNotFound,
        "that player is not a member of the league",
    )
}

/// In the caller's transaction: `member`'s chips back to the treasury (`member_removed`,
/// with `note`) and their membership ended.
pub(crate) async fn end_membership(
    conn: &mut Conn,
    league: LeagueId,
    member: PlayerId,
    note: Option<String>,
) -> Result<(), AppError> {
    let balance = ledger::balance(conn, league.0, &player_account(member.0)).await?;
    ledger::record(
        conn,
        &[Transfer {
            league_id: league.0,
            from_account: Account::Player(member.0),
            to_account: Account::Treasury,
            amount: balance,
            reason: Reason::MemberRemoved,
            table_id: None,
            hand_no: None,
            event_seq: None,
            note,
        }],
    )
    .await?;
    store::memberships::delete(conn, league.0, member.0).await?;
    Ok(())
}

/// The member an admin acts on, or 404 `member_not_found` (other failures pass through).
/// Their membership row stays locked until the transaction ends: a member's admin changes
/// take turns with their sitting down (which shares the row first), so a grant stamps every
/// table the member sits at (see `tables.stamp`).
async fn require_target(
    conn: &mut Conn,
    league: LeagueId,
    member: PlayerId,
) -> Result<(), AppError> {
    member_role(conn, league, member, RowLock::Update)
        .await?
        .map(|_| ())
        .ok_or_else(member_not_found)
}

use crate::leagues::Cases;
pub use crate::store::ledger::LedgerEntry;

/// A page of the ledger, oldest first; `next_cursor` continues it.
#[derive(Debug, Serialize, ToSchema)]
pub struct LedgerPage {
    /// The entries, oldest first.
    pub entries: Vec<LedgerEntry>,
    /// The last entry's id: the `after` of the next page; null on the last page.
    pub next_cursor: Option<i64>,
}

/// A grant done: the member's balance after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Granted {
    /// The member.
    pub player_id: Uuid,
    /// The chips granted (negative: taken back).
    pub amount: i64,
    /// The member's balance after the grant.
    pub balance: i64,
}

/// A closed or running season.
#[derive(Debug, Serialize, ToSchema)]
pub struct Season {
    /// The season's number in the league, from 1.
    pub number: i32,
    /// When it began: when the league was created, or the previous season closed.
    pub started_at: DateTime<Utc>,
    /// When an admin closed it; null for the running season.
    pub closed_at: Option<DateTime<Utc>>,
}

/// The league's seasons, the running one last.
pub async fn seasons_of(conn: &mut Conn, league: &League) -> Result<Vec<Season>, AppError> {
    let closed = store::seasons::closed(conn, league.id).await?;
    let current_start = closed.last().map_or(league.created_at, |s| s.2);
    let mut out: Vec<Season> = closed
        .into_iter()
        .map(|(number, started_at, closed_at)| Season {
            number,
            started_at,
            closed_at: Some(closed_at),
        })
        .collect();
    out.push(Season {
        number: i32::try_from(out.len()).unwrap_or(i32::MAX - 1) + 1,
        started_at: current_start,
        closed_at: None,
    });
    Ok(out)
}

impl Cases<'_> {
    /// The league, to members.
    pub async fn league(
        &self,
        player: PlayerId,
        id: LeagueId,
    ) -> Result<(LeagueView, Role, Vec<Season>), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let league = load_league(&mut conn, id).await?;
        let role = require_member(&mut conn, id, player).await?;
        let seasons = seasons_of(&mut conn, &league).await?;
        Ok((LeagueView::of(league, Some(role)), role, seasons))
    }

    /// A new invite code (admins): the old one stops working. The new one works for
    /// `expires_in_secs` (if given) and for `max_uses` joins (if given).
    pub async fn rotate_invite_code(
        &self,
        admin: PlayerId,
        id: LeagueId,
        expires_in_secs: Option<i64>,
        max_uses: Option<i32>,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<LeagueView>, AppError> {
        if expires_in_secs.is_some_and(|s| !(60..=MAX_INVITE_SECS).contains(&s)) {
            return Err(AppError::refused(
                ErrorCode::InvalidInvite,
                format!("expires_in_secs is from 60 to {MAX_INVITE_SECS}"),
            ));
        }
        if max_uses.is_some_and(|n| !(1..=MAX_INVITE_USES).contains(&n)) {
            return Err(AppError::refused(
                ErrorCode::InvalidInvite,
                format!("max_uses is from 1 to {MAX_INVITE_USES}"),
            ));
        }
        let expires_at = expires_in_secs.map(|s| Utc::now() + chrono::Duration::seconds(s));
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, admin, key.as_ref()).await? {
                return Ok(reply);
            }
            load_league(conn, id).await?;
            require_admin(conn, id, admin).await?;
            let code = crate::leagues::invite_code();
            store::leagues::set_invite_code(conn, id.0, admin.0, &code, expires_at, max_uses)
                .await?;
            let league = LeagueView::of(load_league(conn, id).await?, Some(Role::Admin));
            idempotency::fresh(conn, admin, key.as_ref(), 200, league).await
        })
        .await
    }

    /// Sets what the league's tables may say, and whether members watching may talk
    /// (admins; what is `None` stays); the league's history records a change, with who
    /// made it and what it was.
    pub async fn set_league_chat(
        &self,
        admin: PlayerId,
        id: LeagueId,
        chat: Option<crate::leagues::ChatPolicy>,
        watchers: Option<bool>,
    ) -> Result<LeagueView, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            lock_league(conn, id).await?;
            require_admin(conn, id, admin).await?;
            let league = load_league(conn, id).await?;
            let before = crate::leagues::ChatPolicy::stored(&league.chat);
            let chat = chat.unwrap_or(before);
            let watchers = watchers.unwrap_or(league.watchers_chat);
            if (before, league.watchers_chat) != (chat, watchers) {
                store::leagues::set_chat(conn, id.0, chat.as_str(), watchers).await?;
                history::record(
                    conn,
                    id,
                    HistoryKind::ChatPolicyChanged,
                    None,
                    Some(admin),
                    json!({"from": before.as_str(), "to": chat.as_str(),
                           "watchers_chat": watchers}),
                )
                .await?;
            }
            Ok(LeagueView::of(
                load_league(conn, id).await?,
                Some(Role::Admin),
            ))
        })
        .await
    }

    /// The league's requests to join, oldest first (admins).
    pub async fn join_requests(
        &self,
        admin: PlayerId,
        id: LeagueId,
    ) -> Result<Vec<JoinRequest>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        load_league(&mut conn, id).await?;
        require_admin(&mut conn, id, admin).await?;
        let rows = store::leagues::join_requests(&mut conn, id.0).await?;
        Ok(rows
            .into_iter()
            .map(|(player_id, username, requested_at)| JoinRequest {
                league_id: id.0,
                player_id,
                username,
                requested_at,
            })
            .collect())
    }

    /// Admits `player`, who asked to join (admins): a member now, credited the starting
    /// balance.
    pub async fn admit(
        &self,
        admin: PlayerId,
        id: LeagueId,
        player: PlayerId,
    ) -> Result<Admitted, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            // A deleted account's request went with it: its deletion waits, or is seen.
            hold_player(conn, player, Hold::Shared)
                .await
                .map_err(|_| no_join_request())?;
            // Joins take the league's row first too: a join and its approval take turns.
            let league = lock_league(conn, id).await?;
            require_admin(conn, id, admin).await?;
            ensure_league_open(&league)?;
            if !store::leagues::drop_join_request(conn, id.0, player.0).await? {
                return Err(no_join_request());
            }
            add_member(conn, id, player, Role::Member, league.starting_balance)
                .await
                .map_err(|e| match e {
                    e if e.is_unique_violation() => AppError::refused(
                        ErrorCode::AlreadyAMember,
                        "the player is already a member of this league",
                    ),
                    e => e.into(),
                })?;
            Ok(Admitted {
                player_id: player.0,
                balance: ledger::balance(conn, id.0, &player_account(player.0)).await?,
            })
        })
        .await
    }

    /// Drops `player`'s request to join: declined by an admin, or withdrawn by the player.
    pub async fn drop_join_request(
        &self,
        caller: PlayerId,
        id: LeagueId,
        player: PlayerId,
    ) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            lock_league(conn, id).await?;
            if caller != player {
                require_admin(conn, id, caller).await?;
            }
            if !store::leagues::drop_join_request(conn, id.0, player.0).await? {
                return Err(no_join_request());
            }
            Ok(())
        })
        .await
    }

    /// Makes `member` an admin (admins); the league's history says so.
    pub async fn promote(
        &self,
        admin: PlayerId,
        id: LeagueId,
        member: PlayerId,
    ) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            // A deleted account is no member to promote: its deletion waits, or is seen.
            hold_player(conn, member, Hold::Shared)
                .await
                .map_err(|_| member_not_found())?;
            lock_league(conn, id).await?;
            require_admin(conn, id, admin).await?;
            match member_role(conn, id, member, RowLock::Update).await? {
                None | Some(Role::Bot) => return Err(member_not_found()),
                Some(Role::Admin) => return Ok(()),
                Some(Role::Member) => {}
            }
            store::memberships::set_role(conn, id.0, member.0, Role::Admin.as_str()).await?;
            history::record(
                conn,
                id,
                HistoryKind::AdminPromoted,
                Some(member),
                Some(admin),
                json!({}),
            )
            .await
        })
        .await
    }

    /// Removes a member who sits at none of the league's tables; their chips go back to
    /// the treasury. When they were the last admin (removing themselves), the role passes
    /// to the longest-standing human member. The league's history says so.
    pub async fn remove_member(
        &self,
        admin: PlayerId,
        id: LeagueId,
        member: PlayerId,
    ) -> Result<(), AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            let league = lock_league(conn, id).await?;
            require_admin(conn, id, admin).await?;
            remove_in(conn, &league, admin, member).await
        })
        .await
    }

    /// Grants chips from the treasury (a negative amount takes them back); returns the new
    /// balance.
    pub async fn grant(
        &self,
        admin: PlayerId,
        id: LeagueId,
        member: PlayerId,
        amount: i64,
        reason: &str,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<Granted>, AppError> {
        if amount == 0 || amount.unsigned_abs() > MAX_GRANT.unsigned_abs() {
            return Err(AppError::refused(
                ErrorCode::InvalidAmount,
                format!("a grant is a non-zero amount of at most {MAX_GRANT} chips either way"),
            ));
        }
        if reason.trim().is_empty() || reason.chars().count() > 200 {
            return Err(AppError::refused(
                ErrorCode::InvalidReason,
                "a grant names its reason in at most 200 characters, not all spaces",
            ));
        }
        let reason = reason.trim().to_owned();
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, admin, key.as_ref()).await? {
                return Ok(reply);
            }
            load_league(conn, id).await?;
            require_admin(conn, id, admin).await?;
            require_target(conn, id, member).await?;
            if amount < 0 {
                let in_play = store::seats::count_in_league(conn, id.0, member.0, true).await?;
                if in_play > 0 {
                    return Err(AppError::refused(
                        ErrorCode::HandInProgress,
                        "chips are taken back between hands, not while the player's table plays",
                    ));
                }
            }
            let account = player_account(member.0);
            let (from, to) = if amount > 0 {
                (Account::Treasury, Account::Player(member.0))
            } else {
                (Account::Player(member.0), Account::Treasury)
            };
            ledger::record(
                conn,
                &[Transfer {
                    league_id: id.0,
                    from_account: from,
                    to_account: to,
                    amount: amount.abs(),
                    reason: Reason::Grant,
                    table_id: None,
                    hand_no: None,
                    event_seq: None,
                    note: Some(reason.clone()),
                }],
            )
            .await
            .map_err(|e| match e {
                StoreError::Overdrawn(_) => AppError::refused(
                    ErrorCode::InsufficientBalance,
                    "the member does not have that many chips",
                ),
                other => other.into(),
            })?;
            let granted = Granted {
                player_id: member.0,
                amount,
                balance: ledger::balance(conn, id.0, &account).await?,
            };
            idempotency::fresh(conn, admin, key.as_ref(), 201, granted).await
        })
        .await
    }

    /// Closes the running season; returns it.
    pub async fn close_season(
        &self,
        admin: PlayerId,
        id: LeagueId,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<Season>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, admin, key.as_ref()).await? {
                return Ok(reply);
            }
            let league = load_league(conn, id).await?;
            require_admin(conn, id, admin).await?;
            let current = seasons_of(conn, &league)
                .await?
                .pop()
                .ok_or_else(|| AppError::Internal("no running season".into()))?;
            let now = Utc::now();
            store::seasons::insert(conn, id.0, current.number, current.started_at, now).await?;
            let season = Season {
                closed_at: Some(now),
                ..current
            };
            idempotency::fresh(conn, admin, key.as_ref(), 201, season).await
        })
        .await
    }

    /// A page of the league's ledger, optionally for one player or one table.
    pub async fn ledger_page(
        &self,
        player: PlayerId,
        id: LeagueId,
        cursor: ledger::Cursor,
        limit: i64,
        of_player: Option<Uuid>,
        of_table: Option<Uuid>,
    ) -> Result<LedgerPage, AppError> {
        let limit = limit.clamp(1, MAX_LEDGER_PAGE);
        let mut conn = store::conn(&self.pool).await?;
        load_league(&mut conn, id).await?;
        require_member(&mut conn, id, player).await?;
        let account = of_player.map(player_account);
        let entries = ledger::page(
            &mut conn,
            id.0,
            cursor,
            limit + 1,
            account.as_deref(),
            of_table,
        )
        .await?;
        let mut entries = entries;
        let more = entries.len() as i64 > limit;
        entries.truncate(usize::try_from(limit).unwrap_or(0));
        let next_cursor = if more {
            entries.last().map(|e| e.id)
        } else {
            None
        };
        Ok(LedgerPage {
            entries,
            next_cursor,
        })
    }
}
