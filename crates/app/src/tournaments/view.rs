//! What a tournament shows its league: settings, rounds with their tables and seeds, live
//! standings and prizes, and the caller's own entry.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppError;
use crate::engine::deck::commitment;
use crate::kernel::ids::PlayerId;
use crate::store::tournaments::{Entry, Round, Seating, Tournament};
use crate::store::{self, Conn};
use crate::tournaments::settings::TournamentSettings;
use crate::tournaments::standings::{self, EntryState, TournamentStanding};
use crate::tournaments::{TournamentStatus, pool_account, settings_of};

/// A tournament in a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentSummary {
    /// The tournament's id.
    pub id: Uuid,
    /// Its league.
    pub league_id: Uuid,
    /// Its name (its tables are named after it).
    pub name: String,
    /// Where it is.
    pub status: TournamentStatus,
    /// When it starts, or started.
    pub starts_at: DateTime<Utc>,
    /// The round in play or last played; 0 before the start.
    pub round: u32,
    /// What the organiser chose.
    pub settings: TournamentSettings,
    /// Entries taken (those who withdrew before the start are not counted).
    pub entries: u32,
    /// Chips in the pool: the buy-ins held.
    pub pool: i64,
    /// Whether the caller may enter now.
    pub registration_open: bool,
    /// The night this one recurs from, if any.
    pub previous_id: Option<Uuid>,
}

/// A player at a round's table.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundSeat {
    /// The seat, 0 to 7.
    #[schema(maximum = 7)]
    pub seat: u8,
    /// Who sits there.
    pub player_id: Uuid,
    /// Their username.
    pub username: String,
}

/// One table of a round.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundTable {
    /// The table (`GET /v1/tables/{table_id}`).
    pub table_id: Uuid,
    /// Its players, by seat.
    pub players: Vec<RoundSeat>,
}

/// One round: its draw and how it went.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentRound {
    /// The round's number, from 1.
    pub round: u32,
    /// When it was seated.
    pub started_at: DateTime<Utc>,
    /// Null while it is played.
    pub ended_at: Option<DateTime<Utc>>,
    /// SHA-256 (hex) of the seed of the round's draw, published from the tournament's making.
    pub commitment: String,
    /// The seed (hex), revealed once the round is seated: with `draw_order` it gives the
    /// tables (docs/guide/tournaments.md says how).
    pub seed: String,
    /// The players the draw took, in its order: by entry for the first round, by standing
    /// for later ones.
    pub draw_order: Vec<Uuid>,
    /// Its tables, in the draw's order (the leaders' first after the first round).
    pub tables: Vec<RoundTable>,
    /// Players with a bye this round.
    pub byes: Vec<Uuid>,
    /// Players left out because they sat in a hand at another table of the league.
    pub away: Vec<Uuid>,
    /// Players who took none of their turns (they forfeit the rest).
    pub absent: Vec<Uuid>,
}

/// The caller's entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MyTournamentEntry {
    /// When the caller entered.
    pub entered_at: DateTime<Utc>,
    /// The first round they are seated in.
    pub first_round: u32,
    /// Whether they still play.
    pub state: EntryState,
    /// Their table in the round in play, if seated there.
    pub table_id: Option<Uuid>,
}

/// A tournament, whole.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentOut {
    #[serde(flatten)]
    pub summary: TournamentSummary,
    pub created_by: Uuid,
    pub created_at: DateTime<Utc>,
    /// When it finished or was cancelled.
    pub ended_at: Option<DateTime<Utc>>,
    /// SHA-256 (hex) of each round's seating seed, round 1 first: published before any
    /// entry, so no draw can be chosen after the field is known.
    pub commitments: Vec<String>,
    /// The rounds seated so far.
    pub rounds: Vec<TournamentRound>,
    /// Best first: live while it runs, final once it finished.
    pub standings: Vec<TournamentStanding>,
    /// What each place would be paid from the pool now (or was paid), first place first.
    pub prizes: Vec<i64>,
    /// The caller's entry, if they entered.
    pub me: Option<MyTournamentEntry>,
    /// The next night, once this recurring one started and made it.
    pub next_id: Option<Uuid>,
}

/// Whether a tournament in `row`'s state takes entries.
pub(crate) fn registration_open(row: &Tournament, settings: &TournamentSettings) -> bool {
    match TournamentStatus::stored(&row.status) {
        TournamentStatus::Scheduled => true,
        TournamentStatus::Running => {
            row.round <= i32::try_from(settings.late_registration_rounds).unwrap_or(0)
                && row.round < i32::try_from(settings.rounds).unwrap_or(0)
        }
        TournamentStatus::Finished | TournamentStatus::Cancelled => false,
    }
}

fn round_no(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

pub(crate) async fn summary(
    conn: &mut Conn,
    row: &Tournament,
) -> Result<TournamentSummary, AppError> {
    let settings = settings_of(row)?;
    let entries = store::tournaments::entry_count(conn, row.id).await?;
    let pool =
        store::ledger::balance(conn, row.league_id, &pool_account(row.id).to_string()).await?;
    Ok(TournamentSummary {
        id: row.id,
        league_id: row.league_id,
        name: row.name.clone(),
        status: TournamentStatus::stored(&row.status),
        starts_at: row.starts_at,
        round: round_no(row.round),
        registration_open: registration_open(row, &settings),
        settings,
        entries: u32::try_from(entries).unwrap_or(0),
        pool,
        previous_id: row.previous_id,
    })
}

/// The standings now, from the tournament's entries and its tables' ledger.
pub(crate) async fn standings_of(
    conn: &mut Conn,
    row: &Tournament,
) -> Result<(Vec<Entry>, Vec<TournamentStanding>), AppError> {
    let entries = store::tournaments::entries(conn, row.id).await?;
    let tallies = store::tournaments::tallies(conn, row.id).await?;
    let ranked = standings::rank(&entries, &tallies);
    Ok((entries, ranked))
}

fn round_out(
    row: &Tournament,
    round: &Round,
    seatings: &[Seating],
    names: &[Entry],
) -> TournamentRound {
    let of_round: Vec<&Seating> = seatings.iter().filter(|s| s.round == round.round).collect();
    let mut tables: Vec<RoundTable> = Vec::new();
    for s in &of_round {
        let (Some(table_id), Some(seat)) = (s.table_id, s.seat) else {
            continue;
        };
        let seated = RoundSeat {
            seat: crate::kernel::ids::seat(seat),
            player_id: s.player_id,
            username: names
                .iter()
                .find(|e| e.player_id == s.player_id)
                .map(|e| e.username.clone())
                .unwrap_or_default(),
        };
        match tables.iter_mut().find(|t| t.table_id == table_id) {
            Some(table) => table.players.push(seated),
            None => tables.push(RoundTable {
                table_id,
                players: vec![seated],
            }),
        }
    }
    let seed = usize::try_from(round.round - 1)
        .ok()
        .and_then(|i| row.seeds.get(i));
    let who = |keep: &dyn Fn(&Seating) -> bool| -> Vec<Uuid> {
        of_round
            .iter()
            .filter(|s| keep(s))
            .map(|s| s.player_id)
            .collect()
    };
    TournamentRound {
        round: round_no(round.round),
        started_at: round.started_at,
        ended_at: round.ended_at,
        commitment: seed.map(|s| commitment(s)).unwrap_or_default(),
        seed: seed.map(hex::encode).unwrap_or_default(),
        draw_order: round.draw_order.clone(),
        tables,
        byes: who(&|s| s.sat_out.as_deref() == Some("bye")),
        away: who(&|s| s.sat_out.as_deref() == Some("away")),
        absent: who(&|s| s.absent),
    }
}

/// The whole tournament as `viewer` sees it.
pub(crate) async fn tournament_out(
    conn: &mut Conn,
    row: &Tournament,
    viewer: PlayerId,
) -> Result<TournamentOut, AppError> {
    let summary = summary(conn, row).await?;
    let (entries, ranked) = standings_of(conn, row).await?;
    let rounds = store::tournaments::rounds(conn, row.id).await?;
    let seatings = store::tournaments::seatings(conn, row.id).await?;
    // Once paid, the pool is empty: the places' money is what was paid out.
    let pool = match summary.status {
        TournamentStatus::Finished => ranked.iter().filter_map(|s| s.prize).sum(),
        _ => summary.pool,
    };
    let prizes = standings::place_money(pool, &summary.settings.prizes, entries.len());
    let me = entries
        .iter()
        .find(|e| e.player_id == viewer.0)
        .map(|e| MyTournamentEntry {
            entered_at: e.entered_at,
            first_round: round_no(e.first_round),
            state: ranked
                .iter()
                .find(|s| s.player_id == viewer.0)
                .map_or(EntryState::Playing, |s| s.state),
            table_id: seatings
                .iter()
                .find(|s| {
                    s.round == row.round
                        && s.player_id == viewer.0
                        && rounds
                            .iter()
                            .any(|r| r.round == row.round && r.ended_at.is_none())
                })
                .and_then(|s| s.table_id),
        });
    let next_id = store::tournaments::next_of(conn, row.id).await?;
    Ok(TournamentOut {
        created_by: row.created_by,
        created_at: row.created_at,
        ended_at: row.ended_at,
        commitments: row.seeds.iter().map(|s| commitment(s)).collect(),
        rounds: rounds
            .iter()
            .map(|r| round_out(row, r, &seatings, &entries))
            .collect(),
        standings: ranked,
        prizes,
        me,
        next_id,
        summary,
    })
}
