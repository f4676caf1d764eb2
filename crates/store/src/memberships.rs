//! Table `memberships`: who belongs to which league, with which role.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{balances, leagues, memberships, players};
use super::{Conn, StoreError};

/// How a membership row is read.
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

/// The player's role in the league as stored, if they are a member.
pub async fn role(
    conn: &mut Conn,
    league: Uuid,
    player: Uuid,
    lock: RowLock,
) -> Result<Option<String>, StoreError> {
    let query = memberships::table
        .find((league, player))
        .select(memberships::role);
    let role = match lock {
        RowLock::None => query.first::<String>(conn).await,
        RowLock::Share => query.for_share().first::<String>(conn).await,
        RowLock::Update => query.for_update().first::<String>(conn).await,
    };
    Ok(role.optional()?)
}

/// Which of `players` are members of the league, their memberships shared until the
/// transaction ends (a removal of one of them waits for it, or it sees the removal).
pub async fn members_among(
    conn: &mut Conn,
    league: Uuid,
    players: &[Uuid],
) -> Result<Vec<Uuid>, StoreError> {
    Ok(memberships::table
        .filter(memberships::league_id.eq(league))
        .filter(memberships::player_id.eq_any(players))
        .select(memberships::player_id)
        .order(memberships::player_id)
        .for_share()
        .load(conn)
        .await?)
}

/// Mutes the member at the league's tables until `until`; whether they are a member.
pub async fn mute(
    conn: &mut Conn,
    league: Uuid,
    player: Uuid,
    until: chrono::DateTime<chrono::Utc>,
) -> Result<bool, StoreError> {
    let n = diesel::update(memberships::table.find((league, player)))
        .set(memberships::chat_muted_until.eq(until))
        .execute(conn)
        .await?;
    Ok(n == 1)
}

/// Adds a member; a member already there fails with a unique violation.
pub async fn insert(
    conn: &mut Conn,
    league: Uuid,
    player: Uuid,
    role: &str,
) -> Result<(), StoreError> {
    diesel::insert_into(memberships::table)
        .values((
            memberships::league_id.eq(league),
            memberships::player_id.eq(player),
            memberships::role.eq(role),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets a member's role; whether they are a member.
pub async fn set_role(
    conn: &mut Conn,
    league: Uuid,
    player: Uuid,
    role: &str,
) -> Result<bool, StoreError> {
    let updated = diesel::update(memberships::table.find((league, player)))
        .set(memberships::role.eq(role))
        .execute(conn)
        .await?;
    Ok(updated > 0)
}

pub async fn delete(conn: &mut Conn, league: Uuid, player: Uuid) -> Result<(), StoreError> {
    diesel::delete(memberships::table.find((league, player)))
        .execute(conn)
        .await?;
    Ok(())
}

/// The player's leagues, first joined first: id, name, role as stored, and the balance
/// of `account` (the player's) there.
pub async fn of_player(
    conn: &mut Conn,
    player: Uuid,
    account: &str,
) -> Result<Vec<(Uuid, String, String, Option<i64>)>, StoreError> {
    Ok(memberships::table
        .inner_join(leagues::table)
        .left_join(
            balances::table.on(balances::league_id
                .eq(memberships::league_id)
                .and(balances::account.eq(account))),
        )
        .filter(memberships::player_id.eq(player))
        .order(memberships::joined_at.asc())
        .select((
            leagues::id,
            leagues::name,
            memberships::role,
            balances::balance.nullable(),
        ))
        .load(conn)
        .await?)
}

/// A league's member: id, username, display name, avatar, balance and role as stored.
pub type MemberLine = (
    Uuid,
    String,
    Option<String>,
    Option<String>,
    Option<i64>,
    String,
);

/// A league's members.
pub async fn of_league(conn: &mut Conn, league: Uuid) -> Result<Vec<MemberLine>, StoreError> {
    Ok(memberships::table
        .inner_join(players::table)
        .left_join(
            balances::table.on(balances::league_id.eq(memberships::league_id).and(
                balances::account.eq(diesel::dsl::sql::<diesel::sql_types::Text>(
                    "'player:' || memberships.player_id::text",
                )),
            )),
        )
        .filter(memberships::league_id.eq(league))
        .select((
            players::id,
            players::username,
            players::display_name,
            players::avatar,
            balances::balance.nullable(),
            memberships::role,
        ))
        .load(conn)
        .await?)
}

/// The league's bots that sit at none of its tables.
pub async fn idle_bots(conn: &mut Conn, league: Uuid) -> Result<Vec<Uuid>, StoreError> {
    use super::schema::seats;
    Ok(memberships::table
        .filter(memberships::league_id.eq(league))
        .filter(memberships::role.eq("bot"))
        .filter(diesel::dsl::not(diesel::dsl::exists(
            seats::table
                .filter(seats::league_id.eq(memberships::league_id))
                .filter(seats::player_id.eq(memberships::player_id)),
        )))
        .select(memberships::player_id)
        .load(conn)
        .await?)
}

/// The leagues where the player is a member (not a bot), with their role as stored.
pub async fn roles_of(conn: &mut Conn, player: Uuid) -> Result<Vec<(Uuid, String)>, StoreError> {
    Ok(memberships::table
        .filter(memberships::player_id.eq(player))
        .filter(memberships::role.ne("bot"))
        .order(memberships::league_id)
        .select((memberships::league_id, memberships::role))
        .load(conn)
        .await?)
}

/// The league's human members whose accounts go on, but `except`: longest-standing first
/// (by when they joined).
pub async fn live_humans(
    conn: &mut Conn,
    league: Uuid,
    except: Uuid,
) -> Result<Vec<(Uuid, String)>, StoreError> {
    Ok(memberships::table
        .inner_join(players::table)
        .filter(memberships::league_id.eq(league))
        .filter(memberships::player_id.ne(except))
        .filter(memberships::role.ne("bot"))
        .filter(players::is_bot.eq(false))
        .filter(players::deleted_at.is_null())
        .order((memberships::joined_at.asc(), memberships::player_id.asc()))
        .select((memberships::player_id, memberships::role))
        .load(conn)
        .await?)
}

/// The leagues `player` and `other` are both members of, the first `player` joined first:
/// id, name, and `player`'s balance there.
pub async fn shared_leagues(
    conn: &mut Conn,
    player: Uuid,
    other: Uuid,
) -> Result<Vec<(Uuid, String, Option<i64>)>, StoreError> {
    let account = crate::ledger::player_account(player);
    let theirs = diesel::alias!(memberships as theirs);
    Ok(memberships::table
        .inner_join(leagues::table)
        .inner_join(
            theirs.on(theirs
                .field(memberships::league_id)
                .eq(memberships::league_id)
                .and(theirs.field(memberships::player_id).eq(other))),
        )
        .left_join(
            balances::table.on(balances::league_id
                .eq(memberships::league_id)
                .and(balances::account.eq(account))),
        )
        .filter(memberships::player_id.eq(player))
        .order(memberships::joined_at.asc())
        .select((leagues::id, leagues::name, balances::balance.nullable()))
        .load(conn)
        .await?)
}
