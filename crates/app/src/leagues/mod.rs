//! Membership, administration and standings of a league; it knows no table.
//!
//! Leagues: create, join by invite code (the starting balance is credited through the
//! ledger), or ask to join one that admits members on an admin's approval.

pub mod admin;
pub mod discovery;
pub mod history;
pub mod standings;

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::ErrorCode;
use crate::kernel::idempotency::{self, IdempotencyKey, Reply};
use crate::kernel::ids::{LeagueId, PlayerId};
use crate::kernel::player::hold_player;
use crate::store::ledger::{self, Account, Reason, Transfer, player_account};
use crate::store::players::Hold;
use crate::store::{self, Conn, StoreError};

pub use crate::store::leagues::League;

/// What an invite code opens, for the page that offers to join with it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Invite {
    /// The league's name.
    pub league_name: String,
    /// Who made the code (the league's creator, or the admin who rotated it last).
    pub invited_by: String,
    /// Whether joining makes a member now (`open`) or a request an admin decides on.
    pub join_policy: JoinPolicy,
}

/// Who may join a league.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum JoinPolicy {
    /// Anyone with the invite code joins, and is credited the starting balance.
    #[default]
    Open,
    /// The invite code makes a join request; an admin approves it (then the starting
    /// balance is credited) or declines it. Pending players hold no chips.
    Approval,
}

impl JoinPolicy {
    /// As stored in `leagues.join_policy`.
    pub fn as_str(self) -> &'static str {
        match self {
            JoinPolicy::Open => "open",
            JoinPolicy::Approval => "approval",
        }
    }

    pub(crate) fn stored(text: &str) -> JoinPolicy {
        if text == JoinPolicy::Approval.as_str() {
            JoinPolicy::Approval
        } else {
            JoinPolicy::Open
        }
    }
}

/// A league as a caller sees it: the invite code only if they are an admin.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LeagueView {
    /// The league's id.
    pub id: Uuid,
    /// The league's name.
    pub name: String,
    /// Shown to admins only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub invite_code: Option<String>,
    /// When the invite code stops working, if it does (admins only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub invite_expires_at: Option<DateTime<Utc>>,
    /// Joins the invite code is still good for, if limited (admins only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub invite_uses_left: Option<i32>,
    /// What the invite code does: make a member, or a join request.
    pub join_policy: JoinPolicy,
    /// What the league's tables may say.
    pub chat: crate::leagues::ChatPolicy,
    /// Whether members watching a table (not seated at it) may talk at it too (as
    /// `chat` allows).
    pub watchers_chat: bool,
    /// Chips credited to each new member.
    pub starting_balance: i64,
    /// The player who created the league.
    pub created_by: Uuid,
    /// When the league was created.
    pub created_at: DateTime<Utc>,
    /// When the league closed (its last human member's account was deleted): its tables
    /// are closed and nothing joins it any more. Absent while it is open.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub closed_at: Option<DateTime<Utc>>,
}

impl LeagueView {
    /// `league` as a caller with `role` sees it.
    pub fn of(league: League, role: Option<Role>) -> LeagueView {
        let admin = role == Some(Role::Admin);
        LeagueView {
            id: league.id,
            name: league.name,
            invite_code: admin.then_some(league.invite_code),
            invite_expires_at: league.invite_expires_at.filter(|_| admin),
            invite_uses_left: league.invite_uses_left.filter(|_| admin),
            join_policy: JoinPolicy::stored(&league.join_policy),
            chat: crate::leagues::ChatPolicy::stored(&league.chat),
            watchers_chat: league.watchers_chat,
            starting_balance: league.starting_balance,
            created_by: league.created_by,
            created_at: league.created_at,
            closed_at: league.closed_at,
        }
    }
}

/// A new league's policies: who may join, and what its tables may say.
#[derive(Debug, Clone, Copy, Default)]
pub struct Policies {
    pub join: JoinPolicy,
    pub chat: crate::leagues::ChatPolicy,
}

/// A request to join, waiting for an admin.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct JoinRequest {
    /// The league asked to join.
    pub league_id: Uuid,
    /// The player who asks.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
    /// When they asked.
    pub requested_at: DateTime<Utc>,
}

/// What a join did: made a member, or a request waiting for an admin.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Joined {
    Member(LeagueView),
    Pending(JoinRequest),
}

/// Which league an invite code is for.
#[derive(Debug, Clone, Copy)]
pub enum Invitation {
    /// This league (refused unless the code is its own).
    To(LeagueId),
    /// Whichever league has the code (an invite link carries only the code).
    Code,
}

/// A league the player belongs to, with their balance there.
#[derive(Debug, Clone)]
pub struct Membership {
    pub league_id: LeagueId,
    pub league_name: String,
    pub role: Role,
    pub balance: i64,
}

/// 409 `already_a_member`.
fn already_a_member() -> AppError {
    AppError::refused(
        ErrorCode::AlreadyAMember,
        "the player is already a member of this league",
    )
}

/// An invite code as codes are kept: without spaces around, in capitals.
fn stored_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

/// 403 `wrong_invite_code` for a code no league has.
fn unknown_invite() -> AppError {
    AppError::refused(ErrorCode::WrongInviteCode, "no league has that invite code")
}

/// Whether `code` opens `league` now: refused while the league is closed (409
/// `league_closed`), and unless `code` is its invite code, unexpired and not used up (403
/// `wrong_invite_code`).
fn opens(league: &League, code: &str) -> Result<(), AppError> {
    ensure_league_open(league)?;
    let refused = |why: &str| AppError::refused(ErrorCode::WrongInviteCode, why);
    if league.invite_code != code {
        return Err(refused("that invite code does not open this league"));
    }
    if league.invite_expires_at.is_some_and(|t| t <= Utc::now()) {
        return Err(refused(
            "that invite code has expired: ask an admin for a new one",
        ));
    }
    if league.invite_uses_left == Some(0) {
        return Err(refused(
            "that invite code is used up: ask an admin for a new one",
        ));
    }
    Ok(())
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

/// The league, its row locked until the transaction ends (joins, and admins' decisions on
/// them, take turns on it), or 404.
pub(crate) async fn lock_league(conn: &mut Conn, id: LeagueId) -> Result<League, AppError> {
    store::leagues::find_for_update(conn, id.0)
        .await?
        .ok_or_else(|| AppError::refused(ErrorCode::LeagueNotFound, format!("no league {id}")))
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
    /// A server-side bot seated by an admin or a table's creator (`POST
    /// /v1/tables/{table_id}/bots`); it never signs in.
    Bot,
}

impl Role {
    /// As stored in `memberships.role` (a CHECK keeps it to these three).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Member => "member",
            Role::Bot => "bot",
        }
    }

    /// A stored role.
    pub fn stored(role: &str) -> Role {
        match role {
            "admin" => Role::Admin,
            "bot" => Role::Bot,
            _ => Role::Member,
        }
    }
}

pub use crate::store::memberships::RowLock;
use serde::Deserialize;

room_cases!();

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

/// 409 `league_closed` once the league has closed (no human member was left).
pub(crate) fn ensure_league_open(league: &League) -> Result<(), AppError> {
    match league.closed_at {
        None => Ok(()),
        Some(at) => Err(AppError::refused(
            ErrorCode::LeagueClosed,
            format!("the league closed at {at} (no human member was left)"),
        )),
    }
}

/// 403 `not_a_member`.
pub(crate) fn not_a_member() -> AppError {
    AppError::refused(
        ErrorCode::NotAMember,
        "only members of the league may do this",
    )
}

impl Cases<'_> {
    pub async fn create_league(
        &self,
        creator: PlayerId,
        name: &str,
        starting_balance: i64,
        policies: Policies,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<LeagueView>, AppError> {
        if name.trim().is_empty() || name.chars().count() > 80 {
            return Err(AppError::refused(
                ErrorCode::InvalidName,
                "a league name has at most 80 characters, not all spaces",
            ));
        }
        let name = name.trim();
        if !(0..=MAX_STARTING_BALANCE).contains(&starting_balance) {
            return Err(AppError::refused(
                ErrorCode::InvalidStartingBalance,
                format!("starting_balance must be from 0 to {MAX_STARTING_BALANCE}"),
            ));
        }
        let id = Uuid::new_v4();
        let name = name.to_owned();
        let quotas = self.config.quotas;
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, creator, key.as_ref()).await? {
                return Ok(reply);
            }
            hold_player(conn, creator, Hold::Exclusive).await?;
            let guest = store::players::signed_in(conn, creator.0)
                .await?
                .is_some_and(|(_, guest)| guest);
            let per_day = if guest {
                quotas.guest_leagues_per_day
            } else {
                quotas.leagues_per_day
            };
            if guest && per_day == 0 {
                return Err(AppError::refused(
                    ErrorCode::GuestAccount,
                    "a guest cannot create leagues: upgrade the account first \
                     (POST /v1/players/me/upgrade)",
                ));
            }
            let day_ago = Utc::now() - chrono::Duration::days(1);
            if store::leagues::created_since(conn, creator.0, day_ago).await? >= per_day {
                return Err(AppError::refused(
                    ErrorCode::QuotaExceeded,
                    format!("a player creates at most {per_day} leagues a day"),
                ));
            }
            let league = store::leagues::NewLeague {
                id,
                name: &name,
                invite_code: &invite_code(),
                starting_balance,
                created_by: creator.0,
                join_policy: policies.join.as_str(),
                chat: policies.chat.as_str(),
            };
            store::leagues::insert(conn, &league).await?;
            add_member(conn, LeagueId(id), creator, Role::Admin, starting_balance).await?;
            let league = load_league(conn, LeagueId(id)).await?;
            let view = LeagueView::of(league, Some(Role::Admin));
            idempotency::fresh(conn, creator, key.as_ref(), 201, view).await
        })
        .await
    }

    /// What invite code `code` opens (from a client at `addr`, counted with its joins: at
    /// most so many an hour from one address): a code no open league has is refused as a
    /// join would be.
    pub async fn invite(
        &self,
        code: &str,
        addr: Option<std::net::IpAddr>,
    ) -> Result<Invite, AppError> {
        let per_hour = self.config.address_limits.joins_per_hour;
        self.identity()
            .limit_address("invite look-up", addr, per_hour)
            .await?;
        let code = stored_code(code);
        let mut conn = store::conn(&self.pool).await?;
        let league = store::leagues::find_by_invite(&mut conn, &code)
            .await?
            .ok_or_else(unknown_invite)?;
        opens(&league, &code)?;
        Ok(Invite {
            invited_by: store::players::username(&mut conn, league.invite_by)
                .await?
                .unwrap_or_default(),
            join_policy: JoinPolicy::stored(&league.join_policy),
            league_name: league.name,
        })
    }

    /// Joins `league_id` with its invite code (from a client at `addr`: at most so many
    /// joins an hour from one address): a member now, or a request waiting for an admin.
    pub async fn join_league(
        &self,
        player: PlayerId,
        league: Invitation,
        code: &str,
        key: Option<IdempotencyKey>,
        addr: Option<std::net::IpAddr>,
    ) -> Result<Reply<Joined>, AppError> {
        let per_hour = self.config.address_limits.joins_per_hour;
        self.identity()
            .limit_address("league join", addr, per_hour)
            .await?;
        let mut conn = store::conn(&self.pool).await?;
        let code = stored_code(code);
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, player, key.as_ref()).await? {
                return Ok(reply);
            }
            hold_player(conn, player, Hold::Shared).await?;
            let league = match league {
                Invitation::To(id) => lock_league(conn, id).await?,
                Invitation::Code => store::leagues::find_by_invite_for_update(conn, &code)
                    .await?
                    .ok_or_else(unknown_invite)?,
            };
            let league_id = LeagueId(league.id);
            opens(&league, &code)?;
            let existing =
                store::memberships::role(conn, league_id.0, player.0, RowLock::None).await?;
            if existing.is_some() {
                return Err(already_a_member());
            }
            if league.invite_uses_left.is_some() {
                store::leagues::use_invite(conn, league_id.0).await?;
            }
            let joined = match JoinPolicy::stored(&league.join_policy) {
                JoinPolicy::Open => {
                    add_member(
                        conn,
                        league_id,
                        player,
                        Role::Member,
                        league.starting_balance,
                    )
                    .await?;
                    Joined::Member(LeagueView::of(league, Some(Role::Member)))
                }
                JoinPolicy::Approval => {
                    let requested_at = store::leagues::request_to_join(conn, league_id.0, player.0)
                        .await
                        .map_err(|e| match e {
                            e if e.is_unique_violation() => AppError::refused(
                                ErrorCode::JoinRequested,
                                "the player already asked to join; an admin decides",
                            ),
                            e => e.into(),
                        })?;
                    Joined::Pending(JoinRequest {
                        league_id: league_id.0,
                        player_id: player.0,
                        username: store::players::username(conn, player.0)
                            .await?
                            .unwrap_or_default(),
                        requested_at,
                    })
                }
            };
            let status = match joined {
                Joined::Member(_) => 201,
                Joined::Pending(_) => 202,
            };
            idempotency::fresh(conn, player, key.as_ref(), status, joined).await
        })
        .await
        .map_err(|e| match e {
            AppError::Store(s) if s.is_unique_violation() => already_a_member(),
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

pub(crate) async fn add_member(
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

/// What a league's tables may say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChatPolicy {
    /// The catalogue's phrases and emotes only (`GET /v1/chat/phrases`): nothing to
    /// moderate, and every player reads them in their own language.
    #[default]
    Phrases,
    /// Phrases, and free text.
    Text,
    /// Nothing: the tables are silent.
    Off,
}

impl ChatPolicy {
    /// As stored in `leagues.chat`.
    pub fn as_str(self) -> &'static str {
        match self {
            ChatPolicy::Phrases => "phrases",
            ChatPolicy::Text => "text",
            ChatPolicy::Off => "off",
        }
    }

    pub(crate) fn stored(text: &str) -> ChatPolicy {
        [ChatPolicy::Text, ChatPolicy::Off]
            .into_iter()
            .find(|p| p.as_str() == text)
            .unwrap_or(ChatPolicy::Phrases)
    }
}
