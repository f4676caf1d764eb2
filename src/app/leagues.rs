//! Leagues: create, join by invite code (the starting balance is credited through the ledger).

use diesel_async::AsyncConnection;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::auth::require_player;
use super::idempotency::{self, IdempotencyKey, Reply};
use super::ids::{LeagueId, PlayerId};
use super::{App, AppError};
use crate::app::ErrorCode;
use crate::store::ledger::{self, Account, Reason, Transfer, player_account};
use crate::store::{self, Conn, StoreError};

pub use crate::store::leagues::League;

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
    store::leagues::find(conn, id.0)
        .await?
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

pub use crate::store::memberships::RowLock;

/// The player's role in the league, if they are a member.
pub async fn member_role(
    conn: &mut Conn,
    league: LeagueId,
    player: PlayerId,
    lock: RowLock,
) -> Result<Option<Role>, AppError> {
    let role = store::memberships::role(conn, league.0, player.0, lock).await?;
    Ok(role.as_deref().map(Role::stored))
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
            require_player(conn, creator).await?;
            let league = store::leagues::NewLeague {
                id,
                name: &name,
                invite_code: &invite_code(),
                starting_balance,
                created_by: creator.0,
            };
            store::leagues::insert(conn, &league).await?;
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
            require_player(conn, player).await?;
            let league = load_league(conn, league_id).await?;
            if league.invite_code != code {
                return Err(AppError::refused(
                    ErrorCode::WrongInviteCode,
                    "that invite code does not open this league",
                ));
            }
            let existing =
                store::memberships::role(conn, league_id.0, player.0, RowLock::None).await?;
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
        let rows = store::memberships::of_player(&mut conn, player.0, &account).await?;
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
    store::memberships::insert(conn, league.0, player.0, role.as_str()).await?;
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
    ledger::open(conn, league.0, &player_account(player.0)).await
}
