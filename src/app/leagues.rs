//! Leagues: create, join by invite code (the starting balance is credited through the ledger).

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::idempotency::{self, IdempotencyKey, Reply};
use super::ids::{LeagueId, PlayerId};
use super::{App, AppError};
use crate::app::ErrorCode;
use crate::store::ledger::{self, Account, Reason, Transfer, player_account};
use crate::store::schema::{balances, leagues, memberships};
use crate::store::{self, Conn, StoreError};

#[derive(Debug, Clone, Queryable, serde::Serialize)]
pub struct League {
    pub id: Uuid,
    pub name: String,
    pub invite_code: String,
    pub starting_balance: i64,
    pub created_by: Uuid,
    pub created_at: DateTime<Utc>,
}

/// A league the player belongs to, with their balance there.
#[derive(Debug, Clone)]
pub struct Membership {
    pub league_id: LeagueId,
    pub league_name: String,
    pub role: Role,
    pub balance: i64,
}

/// Largest starting balance a league may set.
const MAX_STARTING_BALANCE: i64 = 1_000_000_000;

pub(crate) fn invite_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let bytes: [u8; 10] = rand::random();
    bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
        .collect()
}

/// The league, or 404.
pub async fn load_league(conn: &mut Conn, id: LeagueId) -> Result<League, AppError> {
    leagues::table
        .find(id.0)
        .first::<League>(conn)
        .await
        .optional()?
        .ok_or_else(|| AppError::refused(ErrorCode::LeagueNotFound, format!("no league {id}")))
}

/// A member's role in a league.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Manages the league: invite codes, admins, members, grants, seasons.
    Admin,
    Member,
}

impl Role {
    /// As stored in `memberships.role` (a CHECK keeps it to these two).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Member => "member",
        }
    }

    /// A stored role.
    pub fn stored(role: &str) -> Role {
        if role == Role::Admin.as_str() {
            Role::Admin
        } else {
            Role::Member
        }
    }
}

/// How a use case reads a membership row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowLock {
    /// A plain read.
    None,
    /// Shared until the transaction ends: sitting down, which an admin's change to the
    /// member (a grant) must wait for, or be waited for.
    Share,
    /// Locked until the transaction ends: an admin's change to the member.
    Update,
}

/// The player's role in the league, if they are a member.
pub async fn member_role(
    conn: &mut Conn,
    league: LeagueId,
    player: PlayerId,
    lock: RowLock,
) -> Result<Option<Role>, AppError> {
    let query = memberships::table
        .find((league.0, player.0))
        .select(memberships::role);
    let role = match lock {
        RowLock::None => query.first::<String>(conn).await,
        RowLock::Share => query.for_share().first::<String>(conn).await,
        RowLock::Update => query.for_update().first::<String>(conn).await,
    };
    Ok(role.optional()?.as_deref().map(Role::stored))
}

/// [`require_member`], sharing the membership row until the transaction ends (see
/// [`RowLock::Share`]).
pub async fn require_member_shared(
    conn: &mut Conn,
    league: LeagueId,
    player: PlayerId,
) -> Result<Role, AppError> {
    member_role(conn, league, player, RowLock::Share)
        .await?
        .ok_or_else(not_a_member)
}

/// The caller's role in the league, or 403 when they are not a member.
pub async fn require_member(
    conn: &mut Conn,
    league: LeagueId,
    player: PlayerId,
) -> Result<Role, AppError> {
    member_role(conn, league, player, RowLock::None)
        .await?
        .ok_or_else(not_a_member)
}

/// 403 `not_a_member`.
pub(crate) fn not_a_member() -> AppError {
    AppError::refused(
        ErrorCode::NotAMember,
        "only members of the league may do this",
    )
}

impl App {
    pub async fn create_league(
        &self,
        creator: PlayerId,
        name: &str,
        starting_balance: i64,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<League>, AppError> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 80 {
            return Err(AppError::refused(
                ErrorCode::InvalidName,
                "a league name has 1 to 80 characters",
            ));
        }
        if !(0..=MAX_STARTING_BALANCE).contains(&starting_balance) {
            return Err(AppError::refused(
                ErrorCode::InvalidStartingBalance,
                format!("starting_balance must be from 0 to {MAX_STARTING_BALANCE}"),
            ));
        }
        let id = Uuid::new_v4();
        let name = name.to_owned();
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, creator, key.as_ref()).await? {
                return Ok(reply);
            }
            diesel::insert_into(leagues::table)
                .values((
                    leagues::id.eq(id),
                    leagues::name.eq(&name),
                    leagues::invite_code.eq(invite_code()),
                    leagues::starting_balance.eq(starting_balance),
                    leagues::created_by.eq(creator.0),
                ))
                .execute(conn)
                .await?;
            add_member(conn, LeagueId(id), creator, Role::Admin, starting_balance).await?;
            let league = load_league(conn, LeagueId(id)).await?;
            idempotency::fresh(conn, creator, key.as_ref(), 201, league).await
        })
        .await
    }

    pub async fn join_league(
        &self,
        player: PlayerId,
        league_id: LeagueId,
        code: &str,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<League>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let code = code.trim().to_ascii_uppercase();
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, player, key.as_ref()).await? {
                return Ok(reply);
            }
            let league = load_league(conn, league_id).await?;
            if league.invite_code != code {
                return Err(AppError::refused(
                    ErrorCode::WrongInviteCode,
                    "that invite code does not open this league",
                ));
            }
            let existing = memberships::table
                .find((league_id.0, player.0))
                .select(memberships::role)
                .first::<String>(conn)
                .await
                .optional()?;
            if existing.is_some() {
                return Err(AppError::refused(
                    ErrorCode::AlreadyAMember,
                    "the player is already a member of this league",
                ));
            }
            add_member(
                conn,
                league_id,
                player,
                Role::Member,
                league.starting_balance,
            )
            .await?;
            idempotency::fresh(conn, player, key.as_ref(), 201, league).await
        })
        .await
        .map_err(|e| match e {
            AppError::Store(s) if s.is_unique_violation() => AppError::refused(
                ErrorCode::AlreadyAMember,
                "the player is already a member of this league",
            ),
            other => other,
        })
    }

    /// Every league of the player, with the balance there.
    pub async fn memberships(&self, player: PlayerId) -> Result<Vec<Membership>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let account = player_account(player.0);
        let rows: Vec<(Uuid, String, String, Option<i64>)> = memberships::table
            .inner_join(leagues::table)
            .left_join(
                balances::table.on(balances::league_id
                    .eq(memberships::league_id)
                    .and(balances::account.eq(account))),
            )
            .filter(memberships::player_id.eq(player.0))
            .order(memberships::joined_at.asc())
            .select((
                leagues::id,
                leagues::name,
                memberships::role,
                balances::balance.nullable(),
            ))
            .load(&mut conn)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, name, role, balance)| Membership {
                league_id: LeagueId(id),
                league_name: name,
                role: Role::stored(&role),
                balance: balance.unwrap_or(0),
            })
            .collect())
    }
}

async fn add_member(
    conn: &mut Conn,
    league: LeagueId,
    player: PlayerId,
    role: Role,
    starting_balance: i64,
) -> Result<(), StoreError> {
    diesel::insert_into(memberships::table)
        .values((
            memberships::league_id.eq(league.0),
            memberships::player_id.eq(player.0),
            memberships::role.eq(role.as_str()),
        ))
        .execute(conn)
        .await?;
    ledger::record(
        conn,
        &[Transfer {
            league_id: league.0,
            from_account: Account::Treasury,
            to_account: Account::Player(player.0),
            amount: starting_balance,
            reason: Reason::StartingBalance,
            table_id: None,
            hand_no: None,
            event_seq: None,
            note: None,
        }],
    )
    .await?;
    // A member with a zero starting balance still has an account row.
    diesel::insert_into(balances::table)
        .values((
            balances::league_id.eq(league.0),
            balances::account.eq(player_account(player.0)),
            balances::balance.eq(0i64),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(())
}
