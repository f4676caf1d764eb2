//! An admin makes a tournament, changes it before its start, or cancels it (every buy-in
//! returned); members list and read them.

use chrono::{DateTime, Timelike, Utc};
use diesel_async::AsyncConnection;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::kernel::idempotency::{self, IdempotencyKey, Reply};
use crate::kernel::ids::{LeagueId, PlayerId, TournamentId};
use crate::kernel::paging::{next, parse_time_cursor, time_cursor};
use crate::kernel::player::hold_player;
use crate::kernel::text::{whole, whole_change, whole_list, whole_list_or_null, whole_or_null};
use crate::leagues::admin::require_admin;
use crate::leagues::{ensure_league_open, load_league, require_member};
use crate::store::ledger::{self, Reason, Transfer};
use crate::store::players::Hold;
use crate::store::tournaments::Tournament;
use crate::store::{self, Conn};
use crate::tournaments::settings::{Recurrence, TableSize, TournamentSettings};
use crate::tournaments::view::{self, TournamentOut, TournamentSummary};
use crate::tournaments::{Cases, TournamentStatus, pool_transfer, settings_of, visible};
use crate::{AppError, ErrorCode};

/// Longest tournament name, in characters (its tables are named after it).
pub const MAX_NAME: usize = 60;

/// A page of a league's tournaments.
#[derive(Debug, Serialize, ToSchema)]
pub struct TournamentsPage {
    /// The latest start first.
    pub tournaments: Vec<TournamentSummary>,
    /// The `after` of the next page; null when this page is not full (the last).
    pub next_cursor: Option<String>,
}

/// A new tournament: its name, start and [`TournamentSettings`].
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// 1 to 60 characters, not all spaces.
    #[schema(min_length = 1, max_length = 60)]
    pub name: String,
    /// When it starts: entries close then (but for late registration) and the first round
    /// is seated. In the future.
    pub starts_at: DateTime<Utc>,
    /// Rounds played, 1 to 20.
    #[schema(minimum = 1, maximum = 20)]
    #[serde(deserialize_with = "whole")]
    pub rounds: u32,
    /// Hands each table plays in a round, 1 to 100.
    #[schema(minimum = 1, maximum = 100)]
    #[serde(deserialize_with = "whole")]
    pub hands_per_round: u32,
    /// How many players a table seats.
    pub table_size: TableSize,
    /// Chips each entry puts in the pool; 0 for a free tournament.
    #[schema(minimum = 0, maximum = 1_000_000_000)]
    #[serde(deserialize_with = "whole")]
    pub buy_in: i64,
    /// The pool's percentages by place, best first: each 1 to 100, adding up to 100.
    #[schema(min_items = 1, max_items = 50)]
    #[serde(deserialize_with = "whole_list")]
    pub prizes: Vec<u32>,
    /// Each turn's time at the tournament's tables, in seconds.
    #[schema(minimum = 5, maximum = 604_800)]
    #[serde(deserialize_with = "whole")]
    pub turn_seconds: u32,
    /// Rounds after the start during which players may still enter; less than `rounds`.
    #[schema(minimum = 0, maximum = 19)]
    #[serde(default, deserialize_with = "whole")]
    pub late_registration_rounds: u32,
    /// How long before the start `tournament.starting` is announced (default 900).
    #[schema(minimum = 0, maximum = 604_800, default = 900)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub lead_seconds: Option<u32>,
    /// Round `n` starts no sooner than `starts_at` plus `n - 1` times this; none: at once.
    #[schema(minimum = 60, maximum = 2_592_000)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub round_interval_seconds: Option<u32>,
    /// Most entries (default 1,000).
    #[schema(minimum = 2, maximum = 1000)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub max_entries: Option<u32>,
    /// The tables' rules (`ante` 1 when not given; `max_players` and `turn_timeout_secs`
    /// are the tournament's).
    #[serde(default)]
    #[schema(value_type = Option<crate::engine::TableRules>)]
    pub rules: Option<serde_json::Value>,
    /// Makes the next night when this one starts.
    #[serde(default)]
    pub recurrence: Option<Recurrence>,
}

impl NewTournament {
    fn settings(&self) -> TournamentSettings {
        TournamentSettings {
            rounds: self.rounds,
            hands_per_round: self.hands_per_round,
            table_size: self.table_size,
            buy_in: self.buy_in,
            prizes: self.prizes.clone(),
            turn_seconds: self.turn_seconds,
            late_registration_rounds: self.late_registration_rounds,
            lead_seconds: self.lead_seconds.unwrap_or(900),
            round_interval_seconds: self.round_interval_seconds,
            max_entries: self.max_entries,
            rules: self.rules.clone(),
            recurrence: self.recurrence.clone(),
        }
    }
}

/// `null` kept apart from absent: `Some(None)` clears a field.
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A change to a scheduled tournament: the fields sent replace those kept (`null` clears
/// an optional one); the whole is checked again.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentPatch {
    /// A new name.
    #[schema(min_length = 1, max_length = 60)]
    pub name: Option<String>,
    /// A new start, in the future.
    pub starts_at: Option<DateTime<Utc>>,
    /// New rounds (new seeds are committed to).
    #[schema(minimum = 1, maximum = 20)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub rounds: Option<u32>,
    /// New hands per round.
    #[schema(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub hands_per_round: Option<u32>,
    /// A new table size.
    pub table_size: Option<TableSize>,
    /// Only while nobody has entered.
    #[schema(minimum = 0, maximum = 1_000_000_000)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub buy_in: Option<i64>,
    /// New percentages by place.
    #[schema(min_items = 1, max_items = 50)]
    #[serde(default, deserialize_with = "whole_list_or_null")]
    pub prizes: Option<Vec<u32>>,
    /// A new turn time.
    #[schema(minimum = 5, maximum = 604_800)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub turn_seconds: Option<u32>,
    /// New late registration rounds.
    #[schema(minimum = 0, maximum = 19)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub late_registration_rounds: Option<u32>,
    /// A new lead time.
    #[schema(minimum = 0, maximum = 604_800)]
    #[serde(default, deserialize_with = "whole_or_null")]
    pub lead_seconds: Option<u32>,
    /// A new round interval; `null`: rounds start at once.
    #[serde(default, deserialize_with = "whole_change")]
    #[schema(value_type = Option<u32>, minimum = 60, maximum = 2_592_000)]
    pub round_interval_seconds: Option<Option<u32>>,
    /// A new most entries; `null`: 1,000.
    #[serde(default, deserialize_with = "whole_change")]
    #[schema(value_type = Option<u32>, minimum = 2, maximum = 1000)]
    pub max_entries: Option<Option<u32>>,
    /// New table rules; `null`: the default ones.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<crate::engine::TableRules>)]
    pub rules: Option<Option<serde_json::Value>>,
    /// A new recurrence; `null`: none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Recurrence>)]
    pub recurrence: Option<Option<Recurrence>>,
}

impl TournamentPatch {
    fn apply(self, s: &mut TournamentSettings) {
        let TournamentPatch {
            name: _,
            starts_at: _,
            rounds,
            hands_per_round,
            table_size,
            buy_in,
            prizes,
            turn_seconds,
            late_registration_rounds,
            lead_seconds,
            round_interval_seconds,
            max_entries,
            rules,
            recurrence,
        } = self;
        s.rounds = rounds.unwrap_or(s.rounds);
        s.hands_per_round = hands_per_round.unwrap_or(s.hands_per_round);
        s.table_size = table_size.unwrap_or(s.table_size);
        s.buy_in = buy_in.unwrap_or(s.buy_in);
        s.prizes = prizes.unwrap_or_else(|| s.prizes.clone());
        s.turn_seconds = turn_seconds.unwrap_or(s.turn_seconds);
        s.late_registration_rounds = late_registration_rounds.unwrap_or(s.late_registration_rounds);
        s.lead_seconds = lead_seconds.unwrap_or(s.lead_seconds);
        if let Some(v) = round_interval_seconds {
            s.round_interval_seconds = v;
        }
        if let Some(v) = max_entries {
            s.max_entries = v;
        }
        if let Some(v) = rules {
            s.rules = v;
        }
        if let Some(v) = recurrence {
            s.recurrence = v;
        }
    }
}

/// A checked name.
fn name(text: &str) -> Result<String, AppError> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.chars().count() > MAX_NAME {
        return Err(AppError::refused(
            ErrorCode::InvalidName,
            format!("a tournament's name has 1 to {MAX_NAME} characters, not all spaces"),
        ));
    }
    Ok(trimmed.to_owned())
}

/// A start in the future, to the second (as a recurrence counts).
fn in_future(starts_at: DateTime<Utc>) -> Result<DateTime<Utc>, AppError> {
    let starts_at = starts_at.with_nanosecond(0).unwrap_or(starts_at);
    if starts_at <= Utc::now() {
        return Err(AppError::refused(
            ErrorCode::InvalidTournament,
            "starts_at: in the future",
        ));
    }
    Ok(starts_at)
}

/// One secret seed per round.
pub(crate) fn seeds(rounds: u32) -> Vec<Vec<u8>> {
    (0..rounds)
        .map(|_| rand::random::<[u8; 32]>().to_vec())
        .collect()
}

/// What a night is before it is scheduled: its league, name, maker and stored settings.
pub(crate) struct Night {
    pub league_id: Uuid,
    pub name: String,
    pub created_by: Uuid,
    pub settings: serde_json::Value,
}

impl Night {
    /// The night's row, scheduled at `starts_at` with a seed per round of `rounds`
    /// committed now; `previous_id`: the night it recurs from.
    pub(crate) fn scheduled(
        self,
        starts_at: DateTime<Utc>,
        rounds: u32,
        previous_id: Option<Uuid>,
    ) -> Tournament {
        Tournament {
            id: Uuid::new_v4(),
            league_id: self.league_id,
            name: self.name,
            created_by: self.created_by,
            created_at: Utc::now(),
            starts_at,
            settings: self.settings,
            status: TournamentStatus::Scheduled.as_str().into(),
            round: 0,
            seeds: seeds(rounds),
            announced: false,
            previous_id,
            ended_at: None,
        }
    }
}

/// 409 unless the tournament is still `scheduled`.
fn ensure_scheduled(row: &Tournament) -> Result<(), AppError> {
    match TournamentStatus::stored(&row.status) {
        TournamentStatus::Scheduled => Ok(()),
        TournamentStatus::Running => Err(AppError::refused(
            ErrorCode::TournamentStarted,
            "the tournament started: its settings no longer change",
        )),
        TournamentStatus::Finished | TournamentStatus::Cancelled => Err(ended()),
    }
}

/// 409 `tournament_ended`.
pub(crate) fn ended() -> AppError {
    AppError::refused(
        ErrorCode::TournamentEnded,
        "the tournament finished or was cancelled",
    )
}

/// Returns every entry's buy-in from the pool, in the caller's transaction.
pub(crate) async fn refund_all(conn: &mut Conn, row: &Tournament) -> Result<(), AppError> {
    let entries = store::tournaments::entries(conn, row.id).await?;
    let transfers: Vec<Transfer> = entries
        .iter()
        .filter(|e| e.buy_in > 0)
        .map(|e| pool_transfer(row, e.player_id, e.buy_in, Reason::BuyInReturned))
        .collect();
    ledger::record(conn, &transfers).await?;
    Ok(())
}

impl Cases<'_> {
    /// `POST /v1/leagues/{league_id}/tournaments`: an admin makes a tournament.
    pub async fn create_tournament(
        &self,
        admin: PlayerId,
        league: LeagueId,
        req: NewTournament,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TournamentOut>, AppError> {
        let name = name(&req.name)?;
        let settings = req.settings();
        settings.check()?;
        let starts_at = in_future(req.starts_at)?;
        let per_day = self.config.quotas.tournaments_per_day;
        let stored =
            serde_json::to_value(&settings).map_err(|e| AppError::Internal(e.to_string()))?;
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, admin, key.as_ref()).await? {
                return Ok(reply);
            }
            hold_player(conn, admin, Hold::Exclusive).await?;
            ensure_league_open(&load_league(conn, league).await?)?;
            require_admin(conn, league, admin).await?;
            let day_ago = Utc::now() - chrono::Duration::days(1);
            if store::tournaments::created_since(conn, admin.0, day_ago).await? >= per_day {
                return Err(AppError::refused(
                    ErrorCode::QuotaExceeded,
                    format!("a player creates at most {per_day} tournaments a day"),
                ));
            }
            let row = Night {
                league_id: league.0,
                name,
                created_by: admin.0,
                settings: stored,
            }
            .scheduled(starts_at, settings.rounds, None);
            store::tournaments::insert(conn, &row).await?;
            let out = view::tournament_out(conn, &row, admin).await?;
            idempotency::fresh(conn, admin, key.as_ref(), 201, out).await
        })
        .await
    }

    /// `PATCH /v1/tournaments/{tournament_id}`: an admin changes a scheduled tournament.
    pub async fn change_tournament(
        &self,
        admin: PlayerId,
        id: TournamentId,
        patch: TournamentPatch,
    ) -> Result<TournamentOut, AppError> {
        let new_name = patch.name.as_deref().map(name).transpose()?;
        let starts_at = patch.starts_at.map(in_future).transpose()?;
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            let mut row = visible(conn, id, admin, true).await?;
            require_admin(conn, LeagueId(row.league_id), admin).await?;
            ensure_scheduled(&row)?;
            let before = settings_of(&row)?;
            let mut settings = before.clone();
            patch.apply(&mut settings);
            settings.check()?;
            let entered = store::tournaments::entry_count(conn, row.id).await?;
            if settings.buy_in != before.buy_in && entered > 0 {
                return Err(AppError::refused(
                    ErrorCode::InvalidTournament,
                    "buy_in: changes only while nobody has entered",
                ));
            }
            if settings.most_entries() < entered {
                return Err(AppError::refused(
                    ErrorCode::InvalidTournament,
                    format!("max_entries: {entered} entered already"),
                ));
            }
            if settings.rounds != before.rounds {
                row.seeds = seeds(settings.rounds);
            }
            if let Some(at) = starts_at {
                row.announced &= at == row.starts_at;
                row.starts_at = at;
            }
            if let Some(name) = new_name {
                row.name = name;
            }
            row.settings =
                serde_json::to_value(&settings).map_err(|e| AppError::Internal(e.to_string()))?;
            store::tournaments::save(conn, &row).await?;
            view::tournament_out(conn, &row, admin).await
        })
        .await
    }

    /// `POST /v1/tournaments/{tournament_id}/cancel`: an admin calls it off; every buy-in
    /// goes back, and its tables close as their hands end.
    pub async fn cancel_tournament(
        &self,
        admin: PlayerId,
        id: TournamentId,
    ) -> Result<TournamentOut, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let (out, row) = conn
            .transaction::<_, AppError, _>(async move |conn| {
                let mut row = visible(conn, id, admin, true).await?;
                require_admin(conn, LeagueId(row.league_id), admin).await?;
                if matches!(
                    TournamentStatus::stored(&row.status),
                    TournamentStatus::Finished | TournamentStatus::Cancelled
                ) {
                    return Err(ended());
                }
                cancel(conn, &mut row).await?;
                Ok((view::tournament_out(conn, &row, admin).await?, row))
            })
            .await?;
        // Its tables that are between hands close now; the others when their hand ends.
        self.close_finished_tables(&row, true).await?;
        Ok(out)
    }

    /// `GET /v1/leagues/{league_id}/tournaments`: the league's tournaments, the latest
    /// start first.
    pub async fn league_tournaments(
        &self,
        player: PlayerId,
        league: LeagueId,
        after: Option<&str>,
        limit: i64,
    ) -> Result<TournamentsPage, AppError> {
        let before = after.map(parse_time_cursor).transpose()?;
        let mut conn = store::conn(&self.pool).await?;
        load_league(&mut conn, league).await?;
        require_member(&mut conn, league, player).await?;
        let rows = store::tournaments::in_league(&mut conn, league.0, before, limit).await?;
        let mut tournaments = Vec::with_capacity(rows.len());
        for row in &rows {
            tournaments.push(view::summary(&mut conn, row).await?);
        }
        Ok(TournamentsPage {
            next_cursor: next(&rows, limit, |t| time_cursor(t.starts_at, t.id)),
            tournaments,
        })
    }

    /// `GET /v1/tournaments/{tournament_id}`.
    pub async fn tournament(
        &self,
        player: PlayerId,
        id: TournamentId,
    ) -> Result<TournamentOut, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let row = visible(&mut conn, id, player, false).await?;
        view::tournament_out(&mut conn, &row, player).await
    }
}

/// Cancels `row` (locked) in the caller's transaction: every buy-in returned.
pub(crate) async fn cancel(conn: &mut Conn, row: &mut Tournament) -> Result<(), AppError> {
    refund_all(conn, row).await?;
    row.status = TournamentStatus::Cancelled.as_str().into();
    row.ended_at = Some(Utc::now());
    store::tournaments::save(conn, row).await?;
    Ok(())
}
