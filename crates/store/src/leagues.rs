//! Tables `leagues` and `join_requests`.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::schema::{join_requests, leagues, players};
use super::{Conn, StoreError};

#[derive(Debug, Clone, Queryable)]
pub struct League {
    pub id: Uuid,
    pub name: String,
    pub invite_code: String,
    pub starting_balance: i64,
    pub created_by: Uuid,
    pub created_at: DateTime<Utc>,
    /// `open` or `approval` (a CHECK keeps it to these).
    pub join_policy: String,
    /// When the invite code stops working, if it does.
    pub invite_expires_at: Option<DateTime<Utc>>,
    /// Joins the invite code is still good for, if it is limited.
    pub invite_uses_left: Option<i32>,
    /// When the league closed (no human member was left), if it did.
    pub closed_at: Option<DateTime<Utc>>,
    /// Who made the invite code: the creator, then whoever rotated it last.
    pub invite_by: Uuid,
    /// What its tables may say: `phrases`, `text` or `off` (a CHECK keeps it to these).
    pub chat: String,
    /// Whether members watching a table (not seated at it) may talk at it.
    pub watchers_chat: bool,
}

/// A new league's row.
pub struct NewLeague<'a> {
    pub id: Uuid,
    pub name: &'a str,
    pub invite_code: &'a str,
    pub starting_balance: i64,
    pub created_by: Uuid,
    pub join_policy: &'a str,
    pub chat: &'a str,
}

pub async fn find(conn: &mut Conn, id: Uuid) -> Result<Option<League>, StoreError> {
    Ok(leagues::table
        .find(id)
        .first::<League>(conn)
        .await
        .optional()?)
}

/// The league, its row locked until the transaction ends (joins take turns on its invite
/// code's uses).
pub async fn find_for_update(conn: &mut Conn, id: Uuid) -> Result<Option<League>, StoreError> {
    Ok(leagues::table
        .find(id)
        .for_update()
        .first::<League>(conn)
        .await
        .optional()?)
}

/// The league whose invite code is `code`.
pub async fn find_by_invite(conn: &mut Conn, code: &str) -> Result<Option<League>, StoreError> {
    Ok(leagues::table
        .filter(leagues::invite_code.eq(code))
        .first::<League>(conn)
        .await
        .optional()?)
}

/// The league whose invite code is `code`, its row locked until the transaction ends.
pub async fn find_by_invite_for_update(
    conn: &mut Conn,
    code: &str,
) -> Result<Option<League>, StoreError> {
    Ok(leagues::table
        .filter(leagues::invite_code.eq(code))
        .for_update()
        .first::<League>(conn)
        .await
        .optional()?)
}

pub async fn insert(conn: &mut Conn, league: &NewLeague<'_>) -> Result<(), StoreError> {
    diesel::insert_into(leagues::table)
        .values((
            leagues::id.eq(league.id),
            leagues::name.eq(league.name),
            leagues::invite_code.eq(league.invite_code),
            leagues::starting_balance.eq(league.starting_balance),
            leagues::created_by.eq(league.created_by),
            leagues::invite_by.eq(league.created_by),
            leagues::join_policy.eq(league.join_policy),
            leagues::chat.eq(league.chat),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets what league `id`'s tables may say, and whether its members watching may talk.
pub async fn set_chat(
    conn: &mut Conn,
    id: Uuid,
    chat: &str,
    watchers: bool,
) -> Result<(), StoreError> {
    diesel::update(leagues::table.find(id))
        .set((leagues::chat.eq(chat), leagues::watchers_chat.eq(watchers)))
        .execute(conn)
        .await?;
    Ok(())
}

/// Leagues `player` created since `since`.
pub async fn created_since(
    conn: &mut Conn,
    player: Uuid,
    since: DateTime<Utc>,
) -> Result<i64, StoreError> {
    Ok(leagues::table
        .filter(leagues::created_by.eq(player))
        .filter(leagues::created_at.gt(since))
        .count()
        .get_result(conn)
        .await?)
}

/// A new invite code made by admin `by`, good until `expires_at` and for `uses` joins
/// (each when given).
pub async fn set_invite_code(
    conn: &mut Conn,
    id: Uuid,
    by: Uuid,
    code: &str,
    expires_at: Option<DateTime<Utc>>,
    uses: Option<i32>,
) -> Result<(), StoreError> {
    diesel::update(leagues::table.find(id))
        .set((
            leagues::invite_by.eq(by),
            leagues::invite_code.eq(code),
            leagues::invite_expires_at.eq(expires_at),
            leagues::invite_uses_left.eq(uses),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// One use of a limited invite code.
pub async fn use_invite(conn: &mut Conn, id: Uuid) -> Result<(), StoreError> {
    diesel::update(leagues::table.find(id))
        .set(leagues::invite_uses_left.eq(leagues::invite_uses_left - 1))
        .execute(conn)
        .await?;
    Ok(())
}

/// Records that `player` asks to join; a request already there fails with a unique
/// violation.
pub async fn request_to_join(
    conn: &mut Conn,
    league: Uuid,
    player: Uuid,
) -> Result<DateTime<Utc>, StoreError> {
    Ok(diesel::insert_into(join_requests::table)
        .values((
            join_requests::league_id.eq(league),
            join_requests::player_id.eq(player),
        ))
        .returning(join_requests::requested_at)
        .get_result(conn)
        .await?)
}

/// The league's join requests, oldest first: player, username, when.
pub async fn join_requests(
    conn: &mut Conn,
    league: Uuid,
) -> Result<Vec<(Uuid, String, DateTime<Utc>)>, StoreError> {
    Ok(join_requests::table
        .inner_join(players::table)
        .filter(join_requests::league_id.eq(league))
        .order((join_requests::requested_at, join_requests::player_id))
        .select((
            join_requests::player_id,
            players::username,
            join_requests::requested_at,
        ))
        .load(conn)
        .await?)
}

/// Drops `player`'s request to join; whether there was one.
pub async fn drop_join_request(
    conn: &mut Conn,
    league: Uuid,
    player: Uuid,
) -> Result<bool, StoreError> {
    let n = diesel::delete(join_requests::table.find((league, player)))
        .execute(conn)
        .await?;
    Ok(n == 1)
}

/// Marks the league closed (now).
pub async fn close(conn: &mut Conn, id: Uuid) -> Result<(), StoreError> {
    diesel::update(leagues::table.find(id))
        .set(leagues::closed_at.eq(diesel::dsl::now))
        .execute(conn)
        .await?;
    Ok(())
}
