//! Running tournaments, from any process: announce the start, start (seat the first
//! round), deal each table its hands, end a round when every table closed (absentees
//! forfeit), seat the next by standing, and finish (pay the prizes). The tables move
//! through the table room's door, each its own transaction; the tournament's own steps
//! take its row with `FOR UPDATE SKIP LOCKED`, so one process at a time makes each, once.

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use serde_json::json;
use uuid::Uuid;

use crate::engine::seating;
use crate::kernel::ids::{LeagueId, PlayerId, TableId, TournamentId};
use crate::store::ledger::{self, Reason, Transfer};
use crate::store::tournaments::{Seating, Tournament};
use crate::store::{self, Conn};
use crate::table::commands::assigned::{AssignedTable, open_assigned};
use crate::tournaments::organise::{Night, cancel};
use crate::tournaments::settings::TournamentSettings;
use crate::tournaments::standings::{self, EntryState};
use crate::tournaments::view::standings_of;
use crate::tournaments::{Cases, TournamentStatus, pool_account, pool_transfer, settings_of};
use crate::{App, AppError, ErrorCode};

/// Most tournaments one pass looks at.
const BATCH: i64 = 100;

/// The notifications' kinds.
const STARTING: &str = "tournament.starting";
const ROUND_STARTED: &str = "tournament.round_started";
const FINISHED: &str = "tournament.finished";

impl Cases<'_> {
    /// One pass over the tournaments that may have work.
    pub async fn run_tournaments(&self) -> Result<(), AppError> {
        let live = {
            let mut conn = store::conn(&self.pool).await?;
            store::tournaments::live(&mut conn, BATCH).await?
        };
        for id in live {
            if let Err(e) = self.step(TournamentId(id)).await {
                crate::kernel::obs::warn(
                    "tournaments",
                    json!({"tournament_id": id.to_string(), "cause": e.to_string()}),
                );
            }
        }
        Ok(())
    }

    /// Moves tournament `id` on as far as it can go now.
    async fn step(&self, id: TournamentId) -> Result<(), AppError> {
        let row = {
            let mut conn = store::conn(&self.pool).await?;
            store::tournaments::find(&mut conn, id.0).await?
        };
        let Some(row) = row else {
            return Ok(());
        };
        let cancelled = TournamentStatus::stored(&row.status) == TournamentStatus::Cancelled;
        let round_over = self.close_finished_tables(&row, cancelled).await?;
        if cancelled {
            return Ok(());
        }
        let settings = settings_of(&row)?;
        let now = Utc::now();
        // Before a round is seated (its time has come, and the round before is over), its
        // players stand up at the league's other tables.
        if seats_now(&row, &settings, now) && (row.round == 0 || round_over) {
            self.stand_up_elsewhere(&row).await?;
        }
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            let Some(mut row) = store::tournaments::lock_unless_held(conn, id.0).await? else {
                return Ok(());
            };
            advance(conn, &mut row, now).await
        })
        .await
    }

    /// Deals the next hand at each table of `row`'s round in play that is between hands and
    /// has hands left, and closes those that dealt them all (or cannot deal: too few
    /// players with chips left). With `all`, closes every open table of the tournament
    /// between hands (it was cancelled). Whether every table looked at is closed after.
    pub(crate) async fn close_finished_tables(
        &self,
        row: &Tournament,
        all: bool,
    ) -> Result<bool, AppError> {
        let mut tables: Vec<Uuid> = {
            let mut conn = store::conn(&self.pool).await?;
            store::tournaments::seatings(&mut conn, row.id)
                .await?
                .iter()
                .filter(|s| all || s.round == row.round)
                .filter_map(|s| s.table_id)
                .collect()
        };
        tables.sort_unstable();
        tables.dedup();
        let mut all_closed = true;
        for table in tables {
            let mut conn = store::conn(&self.pool).await?;
            // The row says whether there is anything to do; the seats, who may do it.
            let Some(t) = store::tables::find(&mut conn, table).await? else {
                continue;
            };
            if t.closed_at.is_some() {
                continue;
            }
            if t.in_hand {
                all_closed = false;
                continue;
            }
            let state = crate::table::read::load_for(&mut conn, TableId(table), None, false)
                .await?
                .0;
            drop(conn);
            let seated: Vec<PlayerId> = state.seats.iter().map(|s| PlayerId(s.player_id)).collect();
            let hands_left = t.hand_limit.is_some_and(|limit| t.hand_no < limit);
            if !all
                && hands_left
                && let Some(dealer) = seated.first()
            {
                match self.table().start_hand(*dealer, TableId(table), None).await {
                    Ok(_) => {
                        all_closed = false;
                        continue;
                    }
                    Err(e) if e.code() == Some(ErrorCode::NotEnoughPlayers) => {}
                    // Another process or a player dealt first, or the table moved: next pass.
                    Err(e) if e.code().is_some_and(|c| c.status() == 409) => {
                        all_closed = false;
                        continue;
                    }
                    Err(e) => return Err(e),
                }
            }
            let closer = seated.first().copied().unwrap_or(PlayerId(row.created_by));
            match self.table().close_assigned(closer, TableId(table)).await {
                Ok(()) => {}
                Err(e) if e.code().is_some_and(|c| c.status() == 409) => all_closed = false,
                Err(e) => return Err(e),
            }
        }
        Ok(all_closed)
    }

    /// Entrants about to be seated who sit at another table of the league between hands
    /// stand up there (one in a hand sits this round out, `away`).
    async fn stand_up_elsewhere(&self, row: &Tournament) -> Result<(), AppError> {
        let seated = {
            let mut conn = store::conn(&self.pool).await?;
            let entries = store::tournaments::entries(&mut conn, row.id).await?;
            let players: Vec<Uuid> = entries
                .iter()
                .filter(|e| e.left_as.is_none())
                .map(|e| e.player_id)
                .collect();
            store::tournaments::seated_in_league(&mut conn, row.league_id, &players, true).await?
        };
        for (player, table) in seated {
            match self.table().stand(PlayerId(player), TableId(table)).await {
                Ok(_) => {}
                Err(e) if e.code().is_some_and(|c| matches!(c.status(), 403 | 409)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

/// Whether a pass at `now` seats a round of `row`.
fn seats_now(row: &Tournament, settings: &TournamentSettings, now: DateTime<Utc>) -> bool {
    match TournamentStatus::stored(&row.status) {
        TournamentStatus::Scheduled => now >= row.starts_at,
        TournamentStatus::Running => {
            let next = u32::try_from(row.round).unwrap_or(0) + 1;
            next <= settings.rounds && now >= settings.round_due(row.starts_at, next)
        }
        TournamentStatus::Finished | TournamentStatus::Cancelled => false,
    }
}

/// The tournament's own step at `now`, its row locked.
async fn advance(
    conn: &mut Conn,
    row: &mut Tournament,
    now: DateTime<Utc>,
) -> Result<(), AppError> {
    let settings = settings_of(row)?;
    match TournamentStatus::stored(&row.status) {
        TournamentStatus::Scheduled => {
            let lead = chrono::Duration::seconds(i64::from(settings.lead_seconds));
            if !row.announced && now >= row.starts_at - lead {
                row.announced = true;
                announce(conn, row, STARTING, json!({})).await?;
                store::tournaments::save(conn, row).await?;
            }
            if now >= row.starts_at {
                start(conn, row, &settings).await?;
            }
        }
        TournamentStatus::Running => {
            let rounds = store::tournaments::rounds(conn, row.id).await?;
            let in_play = rounds
                .iter()
                .find(|r| r.round == row.round && r.ended_at.is_none());
            if in_play.is_some() {
                if !round_tables_closed(conn, row).await? {
                    return Ok(());
                }
                end_round(conn, row).await?;
            }
            let played = u32::try_from(row.round).unwrap_or(0);
            if played >= settings.rounds {
                finish(conn, row, &settings).await?;
            } else if now >= settings.round_due(row.starts_at, played + 1) {
                seat_round(conn, row, &settings, played + 1).await?;
            }
        }
        TournamentStatus::Finished | TournamentStatus::Cancelled => {}
    }
    Ok(())
}

/// Queues a notification of `kind` about `row` to the league's webhooks, with `extra`
/// (an object) merged into its data; `players` (`[{player_id, ...}]`) are pushed it.
async fn announce(
    conn: &mut Conn,
    row: &Tournament,
    kind: &str,
    extra: serde_json::Value,
) -> Result<(), AppError> {
    let mut data = json!({
        "league_id": row.league_id,
        "tournament_id": row.id,
        "tournament_name": row.name,
        "starts_at": row.starts_at,
        "round": row.round,
    });
    if let (Some(data), Some(extra)) = (data.as_object_mut(), extra.as_object()) {
        data.extend(extra.clone());
    }
    if kind == STARTING && data.get("players").is_none() {
        let players: Vec<serde_json::Value> = store::tournaments::entries(conn, row.id)
            .await?
            .iter()
            .map(|e| json!({"player_id": e.player_id}))
            .collect();
        data["players"] = json!(players);
    }
    store::tournaments::notify(conn, row.league_id, kind, &data).await?;
    Ok(())
}

/// Starts `row`: the next night made if it recurs (even when this one cannot be played);
/// the first round seated, or the tournament cancelled if too few entered to seat a table.
async fn start(
    conn: &mut Conn,
    row: &mut Tournament,
    settings: &TournamentSettings,
) -> Result<(), AppError> {
    if let Some(recurrence) = &settings.recurrence
        && let Some(next) = recurrence.next_after(row.starts_at)?
    {
        let night = Night {
            league_id: row.league_id,
            name: row.name.clone(),
            created_by: row.created_by,
            settings: row.settings.clone(),
        }
        .scheduled(next, settings.rounds, Some(row.id));
        store::tournaments::insert_next(conn, &night).await?;
    }
    let entries = store::tournaments::entries(conn, row.id).await?;
    if entries.len() < usize::from(settings.table_size.min) {
        return cancel(conn, row).await;
    }
    row.status = TournamentStatus::Running.as_str().into();
    seat_round(conn, row, settings, 1).await
}

/// Whether every table of the round in play is closed.
async fn round_tables_closed(conn: &mut Conn, row: &Tournament) -> Result<bool, AppError> {
    let seatings = store::tournaments::seatings(conn, row.id).await?;
    for table in seatings
        .iter()
        .filter(|s| s.round == row.round)
        .filter_map(|s| s.table_id)
    {
        let open = store::tables::find(conn, table)
            .await?
            .is_some_and(|t| t.closed_at.is_none());
        if open {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Ends the round in play: who took none of their turns is absent, and forfeits the rest.
async fn end_round(conn: &mut Conn, row: &Tournament) -> Result<(), AppError> {
    for player in store::tournaments::mark_absent(conn, row.id, row.round).await? {
        store::tournaments::leave(conn, row.id, player, "forfeited", row.round + 1).await?;
    }
    store::tournaments::end_round(conn, row.id, row.round).await?;
    Ok(())
}

/// Seats round `round` (see [`seating::draw`]): its tables opened with their players,
/// the round's draw and seats recorded, each player told.
async fn seat_round(
    conn: &mut Conn,
    row: &mut Tournament,
    settings: &TournamentSettings,
    round: u32,
) -> Result<(), AppError> {
    let round_i = i32::try_from(round).unwrap_or(i32::MAX);
    let (entries, ranked) = standings_of(conn, row).await?;
    let playing = |p: &Uuid| {
        entries
            .iter()
            .any(|e| e.player_id == *p && e.left_as.is_none() && e.first_round <= round_i)
    };
    // The draw's order: by entry for the first round, by standing after.
    let mut order: Vec<Uuid> = if round == 1 {
        entries.iter().map(|e| e.player_id).collect()
    } else {
        ranked
            .iter()
            .filter(|s| s.state == EntryState::Playing)
            .map(|s| s.player_id)
            .collect()
    };
    order.retain(|p| playing(p));
    let away: Vec<Uuid> = store::tournaments::seated_in_league(conn, row.league_id, &order, false)
        .await?
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    order.retain(|p| !away.contains(p));
    let earlier = store::tournaments::seatings(conn, row.id).await?;
    let had_bye = |p: &Uuid| {
        earlier
            .iter()
            .any(|s| s.player_id == *p && s.sat_out.as_deref() == Some("bye"))
    };
    let seed = usize::try_from(round - 1)
        .ok()
        .and_then(|i| row.seeds.get(i))
        .ok_or_else(|| AppError::Internal(format!("no seed for round {round}")))?;
    let draw = seating::draw(
        seed,
        &row.id.to_string(),
        round,
        &order,
        had_bye,
        usize::from(settings.table_size.min),
        usize::from(settings.table_size.max),
    );
    let rules = settings.table_rules()?;
    let mut seats: Vec<Seating> = Vec::new();
    let seating = |player: Uuid, table: Option<(Uuid, i16, i16)>, sat_out: Option<&str>| Seating {
        tournament_id: row.id,
        round: round_i,
        player_id: player,
        table_id: table.map(|t| t.0),
        table_no: table.map(|t| t.1),
        seat: table.map(|t| t.2),
        sat_out: sat_out.map(str::to_owned),
        absent: false,
    };
    for (n, players) in draw.tables.iter().enumerate() {
        let table = open_assigned(
            conn,
            AssignedTable {
                league: LeagueId(row.league_id),
                name: format!("{} · round {round} · table {}", row.name, n + 1),
                rules,
                opener: PlayerId(row.created_by),
                hand_limit: i32::try_from(settings.hands_per_round).unwrap_or(i32::MAX),
                players,
            },
        )
        .await?;
        for (seat, player) in players.iter().enumerate() {
            seats.push(seating(
                *player,
                Some((
                    table.0,
                    i16::try_from(n).unwrap_or(i16::MAX),
                    i16::try_from(seat).unwrap_or(i16::MAX),
                )),
                None,
            ));
        }
    }
    seats.extend(draw.byes.iter().map(|p| seating(*p, None, Some("bye"))));
    seats.extend(away.iter().map(|p| seating(*p, None, Some("away"))));
    store::tournaments::start_round(conn, row.id, round_i, &order).await?;
    store::tournaments::seat(conn, &seats).await?;
    row.round = round_i;
    store::tournaments::save(conn, row).await?;
    for s in &seats {
        announce(
            conn,
            row,
            ROUND_STARTED,
            json!({"player_id": s.player_id, "table_id": s.table_id, "seat": s.seat,
                   "sat_out": s.sat_out}),
        )
        .await?;
    }
    Ok(())
}

/// Finishes `row`: the pool paid by place (see [`standings::prizes`]), each entry's place
/// and prize recorded, everyone told.
async fn finish(
    conn: &mut Conn,
    row: &mut Tournament,
    settings: &TournamentSettings,
) -> Result<(), AppError> {
    let (_, ranked) = standings_of(conn, row).await?;
    let pool = ledger::balance(conn, row.league_id, &pool_account(row.id).to_string()).await?;
    let prizes = standings::prizes(pool, &settings.prizes, &ranked);
    let transfers: Vec<Transfer> = ranked
        .iter()
        .zip(&prizes)
        .filter(|(_, prize)| **prize > 0)
        .map(|(s, prize)| pool_transfer(row, s.player_id, *prize, Reason::Prize))
        .collect();
    ledger::record(conn, &transfers).await?;
    let mut told = Vec::with_capacity(ranked.len());
    for (s, prize) in ranked.iter().zip(&prizes) {
        store::tournaments::place(
            conn,
            row.id,
            s.player_id,
            i32::try_from(s.place).unwrap_or(0),
            *prize,
        )
        .await?;
        told.push(
            json!({"player_id": s.player_id, "username": s.username, "place": s.place,
                         "chips": s.chips, "prize": prize}),
        );
    }
    row.status = TournamentStatus::Finished.as_str().into();
    row.ended_at = Some(Utc::now());
    store::tournaments::save(conn, row).await?;
    announce(conn, row, FINISHED, json!({"players": told, "pool": pool})).await
}

impl App {
    /// Runs the tournaments now, then every `config.sweep_every`, until the process drains.
    pub async fn run_tournaments_forever(self) {
        while self.drain.stage() == crate::kernel::drain::Stage::Serving {
            if let Err(e) = self.tournaments().run_tournaments().await {
                crate::kernel::obs::warn("tournaments", json!({"cause": e.to_string()}));
            }
            tokio::time::sleep(self.config.sweep_every).await;
        }
    }
}
