//! What a client lists to find its way: the caller's leagues, a league's members and
//! tables (the lobby), the tables where the caller sits. Every list is a page in a stable
//! order; `next_cursor` (opaque) continues it.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::engine::TableRules;
use crate::identity::profiles::Avatar;
use crate::ids::{LeagueId, PlayerId};
use crate::leagues::{JoinPolicy, Role, load_league, require_member};
pub use crate::store::discovery::TableFilter;
use crate::store::discovery::{self, TableEntryRow};
use crate::store::{self};
use crate::table::view::TableStatus;
use crate::{App, AppError, ErrorCode};

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

impl crate::social::blocks::Named for Member {
    fn player(&self) -> Uuid {
        self.player_id
    }

    fn unname(&mut self) {
        self.display_name = None;
        self.avatar = None;
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MembersPage {
    /// The members, by username.
    pub members: Vec<Member>,
    /// The `after` of the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// A seat to act, and who sits there.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatToAct {
    /// The seat to act, 0-7.
    #[schema(maximum = 7)]
    pub seat: u8,
    /// The player sitting there.
    pub player_id: Uuid,
}

/// A table as a list shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableEntry {
    /// The table's id.
    pub table_id: Uuid,
    /// The league the table belongs to.
    pub league_id: Uuid,
    /// The table's name.
    pub name: String,
    /// Whether the table waits between hands, plays a hand, or is closed.
    pub status: TableStatus,
    /// The rules the table was created with.
    pub rules: TableRules,
    /// How many seats are taken now.
    pub seats_taken: u8,
    /// `rules.max_players`.
    pub max_seats: u8,
    /// The hand in play, or the last one played (0 before the first).
    pub hand_no: i32,
    /// Whose turn it is (several at a simultaneous declaration); empty between hands.
    pub to_act: Vec<SeatToAct>,
    /// When the turn times out.
    pub deadline: Option<DateTime<Utc>>,
    /// The caller's seat here, if they sit here.
    #[schema(maximum = 7)]
    pub my_seat: Option<u8>,
    /// Whether the caller is to act here.
    pub my_turn: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TablesPage {
    /// The tables.
    pub tables: Vec<TableEntry>,
    /// The `after` of the next page; null on the last.
    pub next_cursor: Option<String>,
}

pub(crate) fn bad_cursor() -> AppError {
    AppError::refused(
        ErrorCode::InvalidQuery,
        "after is a next_cursor of this list",
    )
}

fn seat(seat: i16) -> u8 {
    u8::try_from(seat).unwrap_or(u8::MAX)
}

/// A time and an id, as a cursor: `<microseconds>~<id>`.
pub(crate) fn time_cursor(at: DateTime<Utc>, id: impl std::fmt::Display) -> String {
    format!("{}~{id}", at.timestamp_micros())
}

/// A cursor's time: 1 to 18 digits of microseconds (as documented, and as made).
pub(crate) fn parse_micros(text: &str) -> Result<DateTime<Utc>, AppError> {
    let digits = (1..=18).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| text.parse().ok())
        .flatten()
        .and_then(DateTime::from_timestamp_micros)
        .ok_or_else(bad_cursor)
}

/// A cursor's id: hyphenated lower-case hex (as documented, and as made).
fn parse_id(text: &str) -> Result<Uuid, AppError> {
    Uuid::parse_str(text)
        .ok()
        .filter(|id| id.to_string() == text)
        .ok_or_else(bad_cursor)
}

pub(crate) fn parse_time_cursor(text: &str) -> Result<(DateTime<Utc>, Uuid), AppError> {
    let (micros, id) = text.split_once('~').ok_or_else(bad_cursor)?;
    Ok((parse_micros(micros)?, parse_id(id)?))
}

/// The next page's cursor when this one is full.
pub(crate) fn next<T>(items: &[T], limit: i64, cursor: impl Fn(&T) -> String) -> Option<String> {
    (items.len() as i64 >= limit)
        .then(|| items.last().map(cursor))
        .flatten()
}

fn entry(row: TableEntryRow, player: PlayerId) -> Result<TableEntry, AppError> {
    let rules: TableRules = serde_json::from_value(row.rules)
        .map_err(|e| AppError::Internal(format!("stored rules unreadable: {e}")))?;
    let to_act: Vec<SeatToAct> = row
        .to_act_seats
        .iter()
        .zip(&row.to_act_players)
        .map(|(s, p)| SeatToAct {
            seat: seat(*s),
            player_id: *p,
        })
        .collect();
    Ok(TableEntry {
        table_id: row.id,
        league_id: row.league_id,
        name: row.name,
        status: match (row.closed, row.in_hand) {
            (true, _) => TableStatus::Closed,
            (false, true) => TableStatus::Playing,
            (false, false) => TableStatus::Waiting,
        },
        max_seats: rules.max_players,
        rules,
        seats_taken: u8::try_from(row.seats_taken).unwrap_or(u8::MAX),
        hand_no: row.hand_no,
        my_turn: to_act.iter().any(|t| t.player_id == player.0),
        to_act,
        deadline: row.deadline.filter(|_| row.in_hand),
        my_seat: row.my_seat.map(seat),
    })
}

impl App {
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
        let blocked = self.blocked(player).await?;
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
        crate::social::blocks::unname(&mut page.members, &blocked);
        Ok(page)
    }

    /// The league's tables passing `filter`, open ones first, to members.
    pub async fn league_tables(
        &self,
        player: PlayerId,
        id: LeagueId,
        filter: TableFilter,
        after: Option<&str>,
        limit: i64,
    ) -> Result<TablesPage, AppError> {
        let after = match after {
            Some(text) => {
                let (closed, rest) = text.split_once('~').ok_or_else(bad_cursor)?;
                let closed = match closed {
                    "0" => false,
                    "1" => true,
                    _ => return Err(bad_cursor()),
                };
                let (at, table) = parse_time_cursor(rest)?;
                (closed, at, table)
            }
            None => (false, DateTime::<Utc>::UNIX_EPOCH, Uuid::nil()),
        };
        let mut conn = store::conn(&self.pool).await?;
        load_league(&mut conn, id).await?;
        require_member(&mut conn, id, player).await?;
        let rows =
            discovery::tables_of_league(&mut conn, player.0, id.0, filter, after, limit).await?;
        let next_cursor = next(&rows, limit, |r| {
            format!("{}~{}", u8::from(r.closed), time_cursor(r.created_at, r.id))
        });
        Ok(TablesPage {
            tables: rows
                .into_iter()
                .map(|r| entry(r, player))
                .collect::<Result<_, _>>()?,
            next_cursor,
        })
    }

    /// The tables where the caller sits, with whether it is their turn.
    pub async fn my_tables(
        &self,
        player: PlayerId,
        after: Option<&str>,
        limit: i64,
    ) -> Result<TablesPage, AppError> {
        let after = match after {
            Some(text) => parse_id(text)?,
            None => Uuid::nil(),
        };
        let mut conn = store::conn(&self.pool).await?;
        let rows = discovery::tables_of_player(&mut conn, player.0, after, limit).await?;
        let next_cursor = next(&rows, limit, |r| r.id.to_string());
        Ok(TablesPage {
            tables: rows
                .into_iter()
                .map(|r| entry(r, player))
                .collect::<Result<_, _>>()?,
            next_cursor,
        })
    }
}
