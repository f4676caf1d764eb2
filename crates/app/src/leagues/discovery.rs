//! What a client lists to find its way among leagues: the caller's leagues and a league's
//! members (the tables are listed by `table::lobby`). Every list is a page in a stable
//! order; `next_cursor` (opaque) continues it.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::kernel::ids::{LeagueId, PlayerId, seat};
use crate::kernel::paging::next;
use crate::kernel::paging::parse_time_cursor;
use crate::kernel::paging::time_cursor;
use crate::kernel::shown::Avatar;
use crate::leagues::Cases;
use crate::leagues::{JoinPolicy, Role, load_league, require_member};
use crate::store::discovery;
use crate::store::{self};

/// Most items in one page of a list.
pub const MAX_PAGE: i64 = 100;

/// One of the caller's leagues.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyLeague {
    /// The league's id.
    pub league_id: Uuid,
    /// The league's name.
    pub name: String,
    /// The caller's role there.
    pub role: Role,
    /// The caller's chips there.
    pub balance: i64,
    /// What the league's invite code does: make a member, or a join request.
    pub join_policy: JoinPolicy,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeaguesPage {
    /// The caller's leagues, in the order they joined them.
    pub leagues: Vec<MyLeague>,
    /// The `after` of the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// A member of a league.
#[derive(Debug, Serialize, ToSchema)]
pub struct Member {
    /// The member's player id.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
    /// The name they chose to be shown by; null when they chose none or the caller blocked
    /// them (show the username).
    pub display_name: Option<String>,
    /// Their avatar; null when they chose none or the caller blocked them.
    pub avatar: Option<Avatar>,
    /// Their role in the league.
    pub role: Role,
    /// Their chips in the league.
    pub balance: i64,
    /// The table where they sit in this league, if any.
    pub table_id: Option<Uuid>,
    /// Their seat at `table_id`, 0-7; null when they sit nowhere.
    #[schema(maximum = 7)]
    pub seat: Option<u8>,
}

crate::kernel::shown::named_by_player_id!(Member);

#[derive(Debug, Serialize, ToSchema)]
pub struct MembersPage {
    /// The members, by username.
    pub members: Vec<Member>,
    /// The `after` of the next page; null on the last.
    pub next_cursor: Option<String>,
}

impl Cases<'_> {
    /// The caller's leagues, in the order they joined.
    pub async fn my_leagues(
        &self,
        player: PlayerId,
        after: Option<&str>,
        limit: i64,
    ) -> Result<LeaguesPage, AppError> {
        let after = match after {
            Some(text) => parse_time_cursor(text)?,
            None => (DateTime::<Utc>::UNIX_EPOCH, Uuid::nil()),
        };
        let mut conn = store::conn(&self.pool).await?;
        let rows = discovery::leagues_of(&mut conn, player.0, after, limit).await?;
        let next_cursor = next(&rows, limit, |r| time_cursor(r.joined_at, r.league_id));
        Ok(LeaguesPage {
            leagues: rows
                .into_iter()
                .map(|r| MyLeague {
                    league_id: r.league_id,
                    name: r.name,
                    role: Role::stored(&r.role),
                    balance: r.balance,
                    join_policy: JoinPolicy::stored(&r.join_policy),
                })
                .collect(),
            next_cursor,
        })
    }

    /// The league's members by username, to members.
    pub async fn members(
        &self,
        player: PlayerId,
        id: LeagueId,
        after: Option<&str>,
        limit: i64,
    ) -> Result<MembersPage, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        load_league(&mut conn, id).await?;
        require_member(&mut conn, id, player).await?;
        let after = after.unwrap_or("").to_lowercase();
        let rows = discovery::members_of(&mut conn, id.0, &after, limit).await?;
        let next_cursor = next(&rows, limit, |r| r.username.to_lowercase());
        drop(conn);
        let blocked = self.kept_blocks.blocked(&self.pool, player).await?;
        let mut page = MembersPage {
            members: rows
                .into_iter()
                .map(|r| Member {
                    player_id: r.player_id,
                    username: r.username,
                    display_name: r.display_name,
                    avatar: r.avatar.as_deref().and_then(Avatar::stored),
                    role: Role::stored(&r.role),
                    balance: r.balance,
                    table_id: r.table_id,
                    seat: r.seat.map(seat),
                })
                .collect(),
            next_cursor,
        };
        crate::kernel::shown::unname(&mut page.members, &blocked);
        Ok(page)
    }
}
