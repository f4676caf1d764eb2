//! Tables: create, sit, stand, start a hand, act, and read them back. Each use case is one
//! transaction: load the table and its current hand, let the engine decide, append the
//! events, move the chips, update the projections.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::idempotency::{self, IdempotencyKey, Reply};
use super::ids::{LeagueId, PlayerId, TableId};
use super::leagues::{load_league, require_member};
use super::table_event::{ClientSeed, PlayerAmount, SeatPlayer, TableEvent};
use super::view::{self, TableView};
use super::{App, AppError};
use crate::engine::deck::{self, Deck, hand_key};
use crate::engine::table::{Seated, plan_hand};
use crate::engine::{Action, Card, Event, HandStart, HandState, Seat, TableRules};
use crate::store::events::{self as event_log, EventRow, NewEvent};
use crate::store::ledger::{self, Transfer, player_account, pot_account};
use crate::store::schema::{seats, tables};
use crate::store::{self, Conn, StoreError};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tables)]
pub struct TableRow {
    pub id: Uuid,
    pub league_id: Uuid,
    pub name: String,
    pub rules: Value,
    pub created_by: Uuid,
    pub fixed_decks: Option<Value>,
    pub version: i64,
    pub hand_no: i32,
    pub hand_seq: Option<i64>,
    pub in_hand: bool,
    pub dealer: Option<i16>,
    pub exempt: Vec<Uuid>,
    pub next_seed: Vec<u8>,
    pub to_act: Vec<Uuid>,
    pub deadline: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
}

impl TableRow {
    pub fn rules(&self) -> Result<TableRules, AppError> {
        serde_json::from_value(self.rules.clone())
            .map_err(|e| AppError::Internal(format!("stored rules unreadable: {e}")))
    }
}

/// A seated player with their league balance.
#[derive(Debug, Clone)]
pub struct SeatRow {
    pub seat: Seat,
    pub player_id: Uuid,
    pub username: String,
    pub balance: i64,
    /// The seat's client seed for the next hand, if chosen.
    pub client_seed: Option<String>,
    /// Consecutive turns the seat timed out (two in a row: stood up when the hand ends).
    pub timeouts: i16,
}

/// The current (or last) hand of a table, replayed from its events.
pub struct LoadedHand {
    pub state: HandState,
    pub players: Vec<SeatPlayer>,
    pub server_seed: String,
    pub commitment: String,
    pub fixed_deck: bool,
}

/// A table with everything a use case needs.
pub struct Loaded {
    pub table: TableRow,
    pub rules: TableRules,
    pub seats: Vec<SeatRow>,
    pub hand: Option<LoadedHand>,
    pub last_hash: String,
}

const MAX_NAME: usize = 80;

fn seat_u8(seat: i16) -> Seat {
    u8::try_from(seat).unwrap_or(u8::MAX)
}

pub async fn load_table(conn: &mut Conn, id: TableId) -> Result<TableRow, AppError> {
    tables::table
        .find(id.0)
        .select(TableRow::as_select())
        .first(conn)
        .await
        .optional()?
        .ok_or_else(|| AppError::not_found("table_not_found", format!("no table {id}")))
}

/// seat, player, username, balance, client seed, timeouts.
type SeatTuple = (i16, Uuid, String, Option<i64>, Option<String>, i16);

/// The seats of a table with each player's name and league balance: one prepared
/// statement (cached per connection), index look-ups only.
#[derive(Debug, Clone, Copy, diesel::query_builder::QueryId)]
struct SeatsOf {
    table: Uuid,
}

impl diesel::query_builder::QueryFragment<diesel::pg::Pg> for SeatsOf {
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, diesel::pg::Pg>,
    ) -> QueryResult<()> {
        out.push_sql(
            "SELECT s.seat, s.player_id, \
                    (SELECT p.username FROM players p WHERE p.id = s.player_id), \
                    (SELECT b.balance FROM balances b \
                      WHERE b.league_id = s.league_id \
                        AND b.account = 'player:' || s.player_id::text), \
                    s.client_seed, s.timeouts \
             FROM seats s WHERE s.table_id = ",
        );
        out.push_bind_param::<diesel::sql_types::Uuid, _>(&self.table)?;
        out.push_sql(" ORDER BY s.seat");
        Ok(())
    }
}

impl diesel::query_builder::Query for SeatsOf {
    type SqlType = (
        diesel::sql_types::SmallInt,
        diesel::sql_types::Uuid,
        diesel::sql_types::Text,
        diesel::sql_types::Nullable<diesel::sql_types::BigInt>,
        diesel::sql_types::Nullable<diesel::sql_types::Text>,
        diesel::sql_types::SmallInt,
    );
}

fn seat_rows(rows: Vec<SeatTuple>) -> Vec<SeatRow> {
    rows.into_iter()
        .map(
            |(seat, player_id, username, balance, client_seed, timeouts)| SeatRow {
                seat: seat_u8(seat),
                player_id,
                username,
                balance: balance.unwrap_or(0),
                client_seed,
                timeouts,
            },
        )
        .collect()
}

pub async fn load_seats(conn: &mut Conn, table: &TableRow) -> Result<Vec<SeatRow>, AppError> {
    let rows: Vec<SeatTuple> = SeatsOf { table: table.id }.load(conn).await?;
    Ok(seat_rows(rows))
}

fn parse_event(row: &EventRow) -> Result<TableEvent, AppError> {
    use serde::Deserialize;
    TableEvent::deserialize(&row.payload).map_err(|e| {
        AppError::Internal(format!(
            "event {} of table {} unreadable: {e}",
            row.seq, row.table_id
        ))
    })
}

/// Replays the hand whose events (from its `hand_dealt` on) are `rows`.
fn replay_hand(rows: &[EventRow]) -> Result<Option<LoadedHand>, AppError> {
    let mut hand: Option<LoadedHand> = None;
    let mut dealt: Option<(Vec<SeatPlayer>, String, String, bool)> = None;
    for row in rows {
        match parse_event(row)? {
            TableEvent::HandDealt {
                players,
                server_seed,
                commitment,
                fixed_deck,
                ..
            } => dealt = Some((players, server_seed, commitment, fixed_deck)),
            TableEvent::Hand(Event::HandStarted(start)) => {
                let (players, server_seed, commitment, fixed_deck) = dealt
                    .take()
                    .ok_or_else(|| AppError::Internal("hand_started without hand_dealt".into()))?;
                let state = HandState::start(&start).map_err(AppError::Internal)?;
                hand = Some(LoadedHand {
                    state,
                    players,
                    server_seed,
                    commitment,
                    fixed_deck,
                });
            }
            TableEvent::Hand(event) => {
                let loaded = hand
                    .as_mut()
                    .ok_or_else(|| AppError::Internal("hand event before hand_started".into()))?;
                loaded.state.apply(&event).map_err(|e| {
                    AppError::Internal(format!("event {} does not replay: {e}", row.seq))
                })?;
            }
            _ => {}
        }
    }
    Ok(hand)
}

/// What a use case reads besides the table itself.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Extras {
    /// Lock the table's row (`FOR UPDATE`) before reading the rest.
    pub lock: bool,
    /// Also read this player's role in the table's league.
    pub member: Option<PlayerId>,
    /// Also read the settlement of the hand before the current one.
    pub previous_settlement: bool,
}

/// What [`load_with`] read besides the table.
pub(crate) struct ExtrasRead {
    /// The member's role, when asked and they are a member.
    pub role: Option<String>,
    /// The settlement of the hand before the current one, when asked and there is one.
    pub previous: Option<crate::engine::Settlement>,
}

/// The table's row first (locked when asked), then, pipelined in one round trip, its seats,
/// the current hand's events (only those: the cost does not grow with the table's age),
/// and the extras asked for.
pub(crate) async fn load_with(
    conn: &mut Conn,
    id: TableId,
    extras: Extras,
) -> Result<(Loaded, ExtrasRead), AppError> {
    use crate::store::schema::{events, memberships};
    let query = tables::table.find(id.0).select(TableRow::as_select());
    let table = if extras.lock {
        query.for_update().first(conn).await.optional()?
    } else {
        query.first(conn).await.optional()?
    }
    .ok_or_else(|| AppError::not_found("table_not_found", format!("no table {id}")))?;
    let rules = table.rules()?;
    let shared: &Conn = conn;
    let seats_f = SeatsOf { table: table.id }.load::<SeatTuple>(&mut &*shared);
    // The current hand's events, or the last event when no hand was dealt yet.
    let (from, through) = match table.hand_seq {
        Some(from) => (from, i64::MAX),
        None => (table.version, table.version),
    };
    let events_f = events::table
        .filter(events::table_id.eq(table.id))
        .filter(events::seq.ge(from))
        .filter(events::seq.le(through))
        .order(events::seq.asc())
        .select(EventRow::as_select())
        .load::<EventRow>(&mut &*shared);
    let role_f = async {
        match extras.member {
            Some(player) => memberships::table
                .find((table.league_id, player.0))
                .select(memberships::role)
                .first::<String>(&mut &*shared)
                .await
                .optional(),
            None => Ok(None),
        }
    };
    // The hand before the current one ended with the last `hand_ended` before `hand_seq`
    // (a hand starts only after the previous one ended): a short backward index scan.
    let previous_f = async {
        match table.hand_seq {
            Some(hand_seq) if extras.previous_settlement => {
                previous_hand_ended(shared, table.id, hand_seq).await
            }
            _ => Ok(None),
        }
    };
    let (seats, rows, role, previous) =
        futures_util::future::try_join4(seats_f, events_f, role_f, previous_f).await?;
    let seats = seat_rows(seats);
    let last_hash = match rows.last() {
        Some(row) => row.hash.clone(),
        None if table.version == 0 => event_log::GENESIS_HASH.to_owned(),
        None => {
            return Err(AppError::Internal(format!(
                "table {id} has no event at its version or current hand"
            )));
        }
    };
    let hand = match table.hand_seq {
        Some(_) => replay_hand(&rows)?,
        None => None,
    };
    let previous = match previous {
        Some(payload) => {
            use serde::Deserialize;
            match TableEvent::deserialize(&payload) {
                Ok(TableEvent::Hand(Event::HandEnded(settlement))) => Some(*settlement),
                Ok(_) => None,
                Err(e) => return Err(AppError::Internal(e.to_string())),
            }
        }
        None => None,
    };
    Ok((
        Loaded {
            table,
            rules,
            seats,
            hand,
            last_hash,
        },
        ExtrasRead { role, previous },
    ))
}

pub(crate) async fn load(conn: &mut Conn, id: TableId) -> Result<Loaded, AppError> {
    Ok(load_with(conn, id, Extras::default()).await?.0)
}

/// A closed table takes no more seats or hands.
fn ensure_open(loaded: &Loaded) -> Result<(), AppError> {
    match loaded.table.closed_at {
        Some(_) => Err(AppError::conflict("table_closed", "the table is closed")),
        None => Ok(()),
    }
}

fn seat_of(loaded: &Loaded, player: PlayerId) -> Option<Seat> {
    loaded
        .seats
        .iter()
        .find(|s| s.player_id == player.0)
        .map(|s| s.seat)
}

fn new_seed() -> Vec<u8> {
    let seed: [u8; 32] = rand::random();
    seed.to_vec()
}

fn stored(event: &TableEvent, hand_no: u32) -> Result<NewEvent, AppError> {
    Ok(NewEvent {
        hand_no: i32::try_from(hand_no).unwrap_or(i32::MAX),
        kind: event.kind(),
        payload: serde_json::to_value(event).map_err(|e| AppError::Internal(e.to_string()))?,
    })
}

/// A lost race on `(table_id, seq)` is 409 `version_conflict`; the caller fills in the
/// version the winner left.
fn lost_race(e: StoreError) -> AppError {
    if e.is_unique_violation() {
        AppError::Conflict {
            code: "version_conflict",
            detail: "another request changed the table first: reload it and try again".into(),
            current_version: None,
        }
    } else {
        e.into()
    }
}

/// Appends, mapping a lost race on `(table_id, seq)` to 409 `version_conflict`.
async fn append(
    conn: &mut Conn,
    loaded: &Loaded,
    new: &[NewEvent],
) -> Result<Vec<(i64, String)>, AppError> {
    event_log::append(
        conn,
        loaded.table.id,
        loaded.table.version,
        &loaded.last_hash,
        new,
    )
    .await
    .map_err(lost_race)
}

/// [`append`] without the notice, for writers that call [`App::announce`] after their
/// commit (see [`event_log::append_quiet`]).
async fn append_quiet(
    conn: &mut Conn,
    loaded: &Loaded,
    new: &[NewEvent],
) -> Result<Vec<(i64, String)>, AppError> {
    event_log::append_quiet(
        conn,
        loaded.table.id,
        loaded.table.version,
        &loaded.last_hash,
        new,
    )
    .await
    .map_err(lost_race)
}

impl App {
    /// After a commit that appended quietly: wakes the long-polls and streams of every
    /// process. A failure is only logged: the change is committed, and waiters re-check
    /// the database every few seconds anyway.
    pub(crate) async fn announce(&self, conn: &mut Conn, id: Uuid, version: i64) {
        if let Err(e) = event_log::announce(conn, id, version).await {
            eprintln!("bourre: notice for table {id} at {version}: {e}");
        }
    }
}

fn version_conflict(current: i64) -> AppError {
    AppError::Conflict {
        code: "version_conflict",
        detail: "the table moved on: reload it and try again".into(),
        current_version: Some(current),
    }
}

/// Parses fixed decks (R4a): lists of 52 cards, top first.
fn parse_decks(decks: &[Vec<String>]) -> Result<Vec<Deck>, AppError> {
    decks
        .iter()
        .enumerate()
        .map(|(i, cards)| {
            let cards: Vec<Card> = cards
                .iter()
                .map(|c| c.parse::<Card>())
                .collect::<Result<_, _>>()
                .map_err(|e| AppError::unprocessable("invalid_deck", format!("decks[{i}]: {e}")))?;
            Deck::from_cards(&cards)
                .map_err(|e| AppError::unprocessable("invalid_deck", format!("decks[{i}]: {e}")))
        })
        .collect()
}

/// What the caller asks to create.
pub struct NewTable {
    pub league_id: LeagueId,
    pub name: String,
    pub rules: Value,
    pub decks: Option<Vec<Vec<String>>>,
}

impl App {
    pub async fn create_table(
        &self,
        creator: PlayerId,
        req: NewTable,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let rules: TableRules = serde_json::from_value(req.rules)
            .map_err(|e| AppError::unprocessable("invalid_rules", format!("rules: {e}")))?;
        rules
            .validate()
            .map_err(|e| AppError::unprocessable("invalid_rules", format!("rules.{e}")))?;
        let name = req.name.trim().to_owned();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(AppError::unprocessable(
                "invalid_name",
                format!("a table name has 1 to {MAX_NAME} characters"),
            ));
        }
        let decks = match &req.decks {
            Some(_) if !self.config.allow_fixed_deck => {
                return Err(AppError::unprocessable(
                    "fixed_deck_not_allowed",
                    "fixed decks are only accepted when the server runs with BOURRE_ALLOW_FIXED_DECK=1",
                ));
            }
            Some(decks) => {
                parse_decks(decks)?;
                Some(serde_json::to_value(decks).map_err(|e| AppError::Internal(e.to_string()))?)
            }
            None => None,
        };
        let id = Uuid::new_v4();
        let seed = new_seed();
        let created = TableEvent::TableCreated {
            name: name.clone(),
            rules,
            fixed_decks: decks.is_some(),
            commitment: deck::commitment(&seed),
        };
        let rules_json =
            serde_json::to_value(rules).map_err(|e| AppError::Internal(e.to_string()))?;
        let league_id = req.league_id;
        let mut conn = store::conn(&self.pool).await?;
        conn.transaction::<_, AppError, _>(async move |conn| {
            if let Some(reply) = idempotency::replayed(conn, creator, key.as_ref()).await? {
                return Ok(reply);
            }
            load_league(conn, league_id).await?;
            require_member(conn, league_id, creator).await?;
            diesel::insert_into(tables::table)
                .values((
                    tables::id.eq(id),
                    tables::league_id.eq(league_id.0),
                    tables::name.eq(&name),
                    tables::rules.eq(&rules_json),
                    tables::created_by.eq(creator.0),
                    tables::fixed_decks.eq(&decks),
                    tables::next_seed.eq(&seed),
                    tables::version.eq(1i64),
                ))
                .execute(conn)
                .await?;
            event_log::append(
                conn,
                id,
                0,
                event_log::GENESIS_HASH,
                &[stored(&created, 0)?],
            )
            .await?;
            let loaded = load(conn, TableId(id)).await?;
            let view = view::table_view(&loaded, Some(creator), None);
            idempotency::fresh(conn, creator, key.as_ref(), 201, view).await
        })
        .await
    }

    pub async fn table_view(&self, player: PlayerId, id: TableId) -> Result<TableView, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let (loaded, extras) = load_with(
            &mut conn,
            id,
            Extras {
                lock: false,
                member: Some(player),
                previous_settlement: true,
            },
        )
        .await?;
        if extras.role.is_none() {
            return Err(not_a_member());
        }
        let last_hand = current_or_previous_settlement(&loaded, extras.previous);
        Ok(view::table_view(&loaded, Some(player), last_hand))
    }

    pub async fn sit(
        &self,
        player: PlayerId,
        id: TableId,
        seat: Option<u8>,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                if let Some(reply) = idempotency::replayed(conn, player, key.as_ref()).await? {
                    return Ok(reply);
                }
                let loaded = load(conn, id).await?;
                ensure_open(&loaded)?;
                let league = LeagueId(loaded.table.league_id);
                require_member(conn, league, player).await?;
                if seat_of(&loaded, player).is_some() {
                    return Err(AppError::conflict(
                        "already_seated",
                        "the player already sits at this table",
                    ));
                }
                let taken: Vec<Seat> = loaded.seats.iter().map(|s| s.seat).collect();
                let seat = match seat {
                    Some(s) if s >= loaded.rules.max_players => {
                        return Err(AppError::unprocessable(
                            "invalid_seat",
                            format!(
                                "seats are numbered 0 to {} (R2)",
                                loaded.rules.max_players - 1
                            ),
                        ));
                    }
                    Some(s) if taken.contains(&s) => {
                        return Err(AppError::conflict(
                            "seat_taken",
                            format!("seat {s} is taken"),
                        ));
                    }
                    Some(s) => s,
                    None => (0..loaded.rules.max_players)
                        .find(|s| !taken.contains(s))
                        .ok_or_else(|| AppError::conflict("table_full", "every seat is taken"))?,
                };
                let event = TableEvent::SeatTaken {
                    seat,
                    player_id: player.0,
                };
                let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
                append(conn, &loaded, &[stored(&event, hand_no)?]).await?;
                diesel::insert_into(seats::table)
                    .values((
                        seats::table_id.eq(id.0),
                        seats::seat.eq(i16::from(seat)),
                        seats::player_id.eq(player.0),
                        seats::league_id.eq(league.0),
                    ))
                    .execute(conn)
                    .await?;
                bump_version(conn, &loaded, 1).await?;
                let view = view_after(conn, id, player).await?;
                idempotency::fresh(conn, player, key.as_ref(), 201, view).await
            })
            .await;
        let result = self.with_current_version(id, result).await;
        result.map_err(|e| match e {
            AppError::Store(s) if s.is_unique_violation() => AppError::conflict(
                "seated_elsewhere",
                "the player already sits at a table of this league, or the seat was just taken",
            ),
            other => other,
        })
    }

    pub async fn stand(&self, player: PlayerId, id: TableId) -> Result<TableView, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                let loaded = load(conn, id).await?;
                require_member(conn, LeagueId(loaded.table.league_id), player).await?;
                let seat = seat_of(&loaded, player).ok_or_else(|| {
                    AppError::not_found("not_seated", "the player does not sit at this table")
                })?;
                let dealt_in = loaded.table.in_hand
                    && loaded
                        .hand
                        .as_ref()
                        .is_some_and(|h| h.players.iter().any(|p| p.player_id == player.0));
                if dealt_in {
                    return Err(AppError::conflict(
                        "hand_in_progress",
                        "a player dealt into the hand stands up when it ends",
                    ));
                }
                let event = TableEvent::SeatLeft {
                    seat,
                    player_id: player.0,
                };
                let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
                append(conn, &loaded, &[stored(&event, hand_no)?]).await?;
                diesel::delete(seats::table.find((id.0, i16::from(seat))))
                    .execute(conn)
                    .await?;
                let exempt: Vec<Uuid> = loaded
                    .table
                    .exempt
                    .iter()
                    .copied()
                    .filter(|p| *p != player.0)
                    .collect();
                diesel::update(tables::table.find(id.0))
                    .set(tables::exempt.eq(exempt))
                    .execute(conn)
                    .await?;
                bump_version(conn, &loaded, 1).await?;
                view_after(conn, id, player).await
            })
            .await;
        self.with_current_version(id, result).await
    }

    pub async fn start_hand(
        &self,
        player: PlayerId,
        id: TableId,
        idem: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                if let Some(reply) = idempotency::replayed(conn, player, idem.as_ref()).await? {
                    return Ok(reply);
                }
                let loaded = load(conn, id).await?;
                ensure_open(&loaded)?;
                require_member(conn, LeagueId(loaded.table.league_id), player).await?;
                if seat_of(&loaded, player).is_none() {
                    return Err(AppError::forbidden(
                        "not_seated",
                        "only a seated player may start a hand",
                    ));
                }
                if loaded.table.in_hand {
                    return Err(AppError::conflict(
                        "hand_in_progress",
                        "a hand is already in play",
                    ));
                }
                let rules = loaded.rules;
                let seated: Vec<Seated> = loaded
                    .seats
                    .iter()
                    .map(|s| Seated {
                        seat: s.seat,
                        balance: s.balance,
                        exempt: loaded.table.exempt.contains(&s.player_id),
                    })
                    .collect();
                let plan = plan_hand(&rules, &seated, loaded.table.dealer.map(seat_u8))
                    .map_err(|e| AppError::unprocessable("not_enough_players", e.to_string()))?;
                let hand_no = u32::try_from(loaded.table.hand_no + 1).unwrap_or(u32::MAX);
                let seed = loaded.table.next_seed.clone();
                let client_seeds: Vec<ClientSeed> = loaded
                    .seats
                    .iter()
                    .filter(|s| plan.entrants.iter().any(|e| e.seat == s.seat))
                    .filter_map(|s| {
                        s.client_seed
                            .clone()
                            .map(|seed| ClientSeed { seat: s.seat, seed })
                    })
                    .collect();
                let pairs: Vec<(Seat, &str)> = client_seeds
                    .iter()
                    .map(|c| (c.seat, c.seed.as_str()))
                    .collect();
                let key = hand_key(&seed, &id.0.to_string(), hand_no, &pairs);
                let fixed = match &loaded.table.fixed_decks {
                    Some(value) => {
                        let decks: Vec<Vec<String>> = serde_json::from_value(value.clone())
                            .map_err(|e| AppError::Internal(e.to_string()))?;
                        parse_decks(&decks)?.into_iter().nth(hand_no as usize - 1)
                    }
                    None => None,
                };
                let fixed_deck = fixed.is_some();
                let deck = fixed.unwrap_or_else(|| Deck::shuffled(&key));
                let carried =
                    ledger::balance(conn, loaded.table.league_id, &pot_account(id.0)).await?;
                let start = HandStart {
                    hand_no,
                    dealer: plan.dealer,
                    rules,
                    entrants: plan.entrants.clone(),
                    carried,
                    deck,
                    key,
                };
                let state = HandState::start(&start).map_err(AppError::Internal)?;
                let players: Vec<SeatPlayer> = plan
                    .entrants
                    .iter()
                    .filter_map(|e| {
                        loaded
                            .seats
                            .iter()
                            .find(|s| s.seat == e.seat)
                            .map(|s| SeatPlayer {
                                seat: s.seat,
                                player_id: s.player_id,
                            })
                    })
                    .collect();
                let dealt = TableEvent::HandDealt {
                    hand_no,
                    players: players.clone(),
                    sitting_out: plan.sitting_out.clone(),
                    fixed_deck,
                    commitment: deck::commitment(&seed),
                    server_seed: hex::encode(&seed),
                    client_seeds,
                };
                let started = TableEvent::Hand(Event::HandStarted(Box::new(start)));
                let new = [stored(&dealt, hand_no)?, stored(&started, hand_no)?];
                let written = append_quiet(conn, &loaded, &new).await?;
                let started_seq = written.iter().map(|w| w.0).next_back();
                let league = loaded.table.league_id;
                let transfers: Vec<Transfer> = plan
                    .entrants
                    .iter()
                    .filter(|e| e.ante > 0)
                    .filter_map(|e| {
                        let p = players.iter().find(|p| p.seat == e.seat)?;
                        Some(Transfer {
                            league_id: league,
                            from_account: player_account(p.player_id),
                            to_account: pot_account(id.0),
                            amount: e.ante,
                            reason: "ante",
                            table_id: Some(id.0),
                            hand_no: Some(hand_no as i32),
                            event_seq: started_seq,
                            note: None,
                        })
                    })
                    .collect();
                ledger::record(conn, &transfers).await?;
                diesel::update(seats::table.filter(seats::table_id.eq(id.0)))
                    .set(seats::client_seed.eq(None::<String>))
                    .execute(conn)
                    .await?;
                let hand = LoadedHand {
                    state,
                    players,
                    server_seed: hex::encode(&seed),
                    commitment: deck::commitment(&seed),
                    fixed_deck,
                };
                let (to_act, deadline) = turn_projection(&hand, &rules);
                diesel::update(tables::table.find(id.0))
                    .set((
                        tables::version.eq(loaded.table.version + new.len() as i64),
                        tables::hand_no.eq(hand_no as i32),
                        tables::hand_seq.eq(written.iter().map(|w| w.0).next()),
                        tables::in_hand.eq(true),
                        tables::dealer.eq(Some(i16::from(plan.dealer))),
                        tables::exempt.eq(Vec::<Uuid>::new()),
                        tables::to_act.eq(to_act),
                        tables::deadline.eq(deadline),
                    ))
                    .execute(conn)
                    .await?;
                let view = view_after(conn, id, player).await?;
                idempotency::fresh(conn, player, idem.as_ref(), 201, view).await
            })
            .await;
        if let Ok(Reply::Fresh(view)) = &result {
            self.announce(&mut conn, id.0, view.version).await;
        }
        self.with_current_version(id, result).await
    }

    /// Performs `action` for the caller's seat. Without `expected_version`, a lost race
    /// is retried against the new state; with an idempotency key, a retry returns the
    /// stored response.
    pub async fn act(
        &self,
        player: PlayerId,
        id: TableId,
        expected_version: Option<i64>,
        action: Action,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let mut tries = 0;
        loop {
            tries += 1;
            let result = self
                .act_once(player, id, expected_version, action.clone(), key.clone())
                .await;
            let retry = match &result {
                Err(AppError::Conflict {
                    code: "version_conflict",
                    ..
                }) => expected_version.is_none() || key.is_some(),
                Err(AppError::Store(e)) => e.is_unique_violation() && key.is_some(),
                _ => false,
            };
            if !retry || tries >= 3 {
                return self.with_current_version(id, result).await;
            }
        }
    }

    /// A write that lost the race on the log reports the version the winner left.
    async fn with_current_version<T>(
        &self,
        id: TableId,
        result: Result<T, AppError>,
    ) -> Result<T, AppError> {
        match result {
            Err(AppError::Conflict {
                code: "version_conflict",
                detail,
                current_version: None,
            }) => {
                let mut conn = store::conn(&self.pool).await?;
                let version: i64 = tables::table
                    .find(id.0)
                    .select(tables::version)
                    .first(&mut conn)
                    .await?;
                Err(AppError::Conflict {
                    code: "version_conflict",
                    detail,
                    current_version: Some(version),
                })
            }
            other => other,
        }
    }

    async fn act_once(
        &self,
        player: PlayerId,
        id: TableId,
        expected_version: Option<i64>,
        action: Action,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let reply = conn
            .transaction::<_, AppError, _>(async move |conn| {
                if let Some(reply) = idempotency::replayed(conn, player, key.as_ref()).await? {
                    return Ok(reply);
                }
                // Actions on one table take turns (the sweeper skips a table being acted on),
                // so the state read below is the one this action applies to.
                let (mut loaded, extras) = load_with(
                    conn,
                    id,
                    Extras {
                        lock: true,
                        member: Some(player),
                        previous_settlement: true,
                    },
                )
                .await?;
                if extras.role.is_none() {
                    return Err(not_a_member());
                }
                let seat = seat_of(&loaded, player).ok_or_else(|| {
                    AppError::forbidden("not_seated", "only a seated player may act at this table")
                })?;
                if let Some(expected) = expected_version
                    && expected != loaded.table.version
                {
                    return Err(version_conflict(loaded.table.version));
                }
                // `play_moves` leaves `loaded` as a reload would find it: the view needs no
                // second read.
                play_moves(conn, &mut loaded, Mover::Player(seat, action)).await?;
                let last_hand = current_or_previous_settlement(&loaded, extras.previous);
                let view = view::table_view(&loaded, Some(player), last_hand);
                #[cfg(debug_assertions)]
                check_view_matches_reload(conn, id, player, &view).await?;
                idempotency::fresh(conn, player, key.as_ref(), 200, view).await
            })
            .await?;
        if let Reply::Fresh(view) = &reply {
            self.announce(&mut conn, id.0, view.version).await;
        }
        Ok(reply)
    }
}

/// Who moves: a player by choice, or the server for every seat whose deadline passed.
pub(crate) enum Mover {
    Player(Seat, Action),
    Timeout,
}

/// The pipeline shared by a player's action and a timeout, inside the caller's transaction
/// on a freshly loaded table: the engine decides, the events are appended (a timed-out seat's
/// default action follows a `turn_timed_out` event), chips move, the seats' timeout counts
/// and the projections are updated. When the hand ends, a seat that timed out twice in a
/// row is stood up (`seat_left`) in the same transaction.
///
/// On success `loaded` is what a reload in the same transaction would give (version, turn,
/// deadline, seats, balances, hash). The events are appended without a notice: the caller
/// calls [`App::announce`] with `loaded.table.version` once the transaction committed.
pub(crate) async fn play_moves(
    conn: &mut Conn,
    loaded: &mut Loaded,
    mover: Mover,
) -> Result<(), AppError> {
    let id = loaded.table.id;
    let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
    let Some(hand) = loaded.hand.as_mut().filter(|_| loaded.table.in_hand) else {
        return Err(AppError::Rule(crate::engine::RuleError::WrongPhase(
            "between hands",
        )));
    };
    let player_at = |hand: &LoadedHand, seat: Seat| {
        hand.players
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| p.player_id)
    };
    let mut new: Vec<NewEvent> = Vec::new();
    // The engine's events, each with its index in `new`.
    let mut events: Vec<(usize, Event)> = Vec::new();
    let mut acted: Vec<Uuid> = Vec::new();
    let mut timed_out: Vec<Uuid> = Vec::new();
    match mover {
        Mover::Player(seat, action) => {
            for event in hand.state.act(seat, &action)? {
                events.push((new.len(), event.clone()));
                new.push(stored(&TableEvent::Hand(event), hand_no)?);
            }
            acted.extend(player_at(hand, seat));
        }
        Mover::Timeout => {
            for seat in hand.state.to_act() {
                let Some(action) = crate::engine::bot::timeout_action(&hand.state, seat) else {
                    continue;
                };
                let player_id = player_at(hand, seat)
                    .ok_or_else(|| AppError::Internal(format!("no player at seat {seat}")))?;
                let timed = TableEvent::TurnTimedOut { seat, player_id };
                new.push(stored(&timed, hand_no)?);
                let caused = hand.state.act(seat, &action).map_err(|e| {
                    AppError::Internal(format!("the timeout action was refused: {e}"))
                })?;
                for event in caused {
                    events.push((new.len(), event.clone()));
                    new.push(stored(&TableEvent::Hand(event), hand_no)?);
                }
                timed_out.push(player_id);
            }
            if timed_out.is_empty() {
                return Ok(());
            }
        }
    }
    let ended = events.iter().any(|(_, e)| matches!(e, Event::HandEnded(_)));
    let next_seed = new_seed();
    if ended {
        let revealed = TableEvent::SeedRevealed {
            hand_no,
            server_seed: hand.server_seed.clone(),
            next_commitment: deck::commitment(&next_seed),
        };
        new.push(stored(&revealed, hand_no)?);
    }
    // Timeout counts: a real action resets the actor's, a timeout adds one. The seats were
    // read in this transaction, after the table's lock, so the new counts are known here;
    // only rows that change are written.
    let reset: Vec<Uuid> = loaded
        .seats
        .iter()
        .filter(|s| s.timeouts != 0 && acted.contains(&s.player_id))
        .map(|s| s.player_id)
        .collect();
    for seat in &mut loaded.seats {
        if acted.contains(&seat.player_id) {
            seat.timeouts = 0;
        }
        if timed_out.contains(&seat.player_id) {
            seat.timeouts = seat.timeouts.saturating_add(1);
        }
    }
    if !reset.is_empty() {
        diesel::update(
            seats::table
                .filter(seats::table_id.eq(id))
                .filter(seats::player_id.eq_any(&reset)),
        )
        .set(seats::timeouts.eq(0))
        .execute(conn)
        .await?;
    }
    if !timed_out.is_empty() {
        diesel::update(
            seats::table
                .filter(seats::table_id.eq(id))
                .filter(seats::player_id.eq_any(&timed_out)),
        )
        .set(seats::timeouts.eq(seats::timeouts + 1))
        .execute(conn)
        .await?;
    }
    // Seats are in seat order.
    let sitting_out: Vec<(i16, Uuid)> = if ended {
        loaded
            .seats
            .iter()
            .filter(|s| s.timeouts >= 2)
            .map(|s| (i16::from(s.seat), s.player_id))
            .collect()
    } else {
        Vec::new()
    };
    for (seat, player_id) in &sitting_out {
        let left = TableEvent::SeatLeft {
            seat: seat_u8(*seat),
            player_id: *player_id,
        };
        new.push(stored(&left, hand_no)?);
    }
    let written = append_quiet(conn, loaded, &new).await?;
    let hand = loaded
        .hand
        .as_ref()
        .ok_or_else(|| AppError::Internal("hand vanished".into()))?;
    let (engine_events, engine_written): (Vec<Event>, Vec<(i64, String)>) = events
        .into_iter()
        .filter_map(|(i, e)| written.get(i).map(|w| (e, w.clone())))
        .unzip();
    let transfers = chip_moves(loaded, hand, &engine_events, &engine_written, hand_no);
    let version = loaded.table.version + new.len() as i64;
    // The chips and the table's projection, pipelined in one round trip.
    let shared: &Conn = conn;
    let chips = async {
        ledger::record_shared(shared, &transfers)
            .await
            .map_err(|e| match e {
                StoreError::Overdrawn(account) => {
                    AppError::Internal(format!("{account} would be overdrawn: a rules bug"))
                }
                other => other.into(),
            })
    };
    let exempt: Vec<Uuid> = if ended {
        hand.state
            .settlement()
            .map(|s| {
                s.exempt
                    .iter()
                    .filter_map(|seat| player_at(hand, *seat))
                    .filter(|p| !sitting_out.iter().any(|(_, gone)| gone == p))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let (to_act, deadline) = if ended {
        (Vec::new(), None)
    } else {
        turn_projection(hand, &loaded.rules)
    };
    let projection = async {
        if ended {
            diesel::update(tables::table.find(id))
                .set((
                    tables::version.eq(version),
                    tables::in_hand.eq(false),
                    tables::exempt.eq(&exempt),
                    tables::next_seed.eq(&next_seed),
                    tables::to_act.eq(&to_act),
                    tables::deadline.eq(deadline),
                ))
                .execute(&mut &*shared)
                .await?;
            let seats_gone: Vec<i16> = sitting_out.iter().map(|(seat, _)| *seat).collect();
            if !seats_gone.is_empty() {
                diesel::delete(
                    seats::table
                        .filter(seats::table_id.eq(id))
                        .filter(seats::seat.eq_any(&seats_gone)),
                )
                .execute(&mut &*shared)
                .await?;
            }
        } else {
            diesel::update(tables::table.find(id))
                .set((
                    tables::version.eq(version),
                    tables::to_act.eq(&to_act),
                    tables::deadline.eq(deadline),
                ))
                .execute(&mut &*shared)
                .await?;
        }
        Ok::<_, AppError>(())
    };
    // Both run to the end (one may fail after the other wrote): the first error in
    // statement order is the one reported, and the transaction rolls back.
    let (chips, projection) = futures_util::future::join(chips, projection).await;
    chips?;
    projection?;
    // Leave `loaded` as a reload in this transaction would find it.
    let table = &mut loaded.table;
    table.version = version;
    table.to_act = to_act;
    table.deadline = deadline;
    if ended {
        table.in_hand = false;
        table.exempt = exempt;
        table.next_seed = next_seed;
    }
    if let Some((seq, hash)) = written.last() {
        debug_assert_eq!(*seq, version);
        loaded.last_hash = hash.clone();
    }
    loaded
        .seats
        .retain(|s| !sitting_out.iter().any(|(_, gone)| *gone == s.player_id));
    for t in &transfers {
        for seat in &mut loaded.seats {
            let account = player_account(seat.player_id);
            if t.from_account == account {
                seat.balance -= t.amount;
            }
            if t.to_account == account {
                seat.balance += t.amount;
            }
        }
    }
    Ok(())
}

/// The caller's view of the table as the transaction leaves it.
async fn view_after(conn: &mut Conn, id: TableId, player: PlayerId) -> Result<TableView, AppError> {
    let loaded = load(conn, id).await?;
    let last_hand = last_settlement(conn, &loaded).await?;
    Ok(view::table_view(&loaded, Some(player), last_hand))
}

/// Who must act now, and by when.
fn turn_projection(hand: &LoadedHand, rules: &TableRules) -> (Vec<Uuid>, Option<DateTime<Utc>>) {
    let to_act: Vec<Uuid> = hand
        .state
        .to_act()
        .iter()
        .filter_map(|seat| {
            hand.players
                .iter()
                .find(|p| p.seat == *seat)
                .map(|p| p.player_id)
        })
        .collect();
    let timeout = chrono::Duration::seconds(i64::try_from(rules.turn_timeout_secs).unwrap_or(0));
    // Microseconds: what the database keeps, so a view built from memory equals a reload.
    let deadline =
        (!to_act.is_empty()).then(|| chrono::SubsecRound::trunc_subsecs(Utc::now() + timeout, 6));
    (to_act, deadline)
}

async fn bump_version(conn: &mut Conn, loaded: &Loaded, by: i64) -> Result<(), AppError> {
    diesel::update(tables::table.find(loaded.table.id))
        .set(tables::version.eq(loaded.table.version + by))
        .execute(conn)
        .await?;
    Ok(())
}

/// The ledger entries of a batch of hand events: extra antes, pots won, bourré payments.
fn chip_moves(
    loaded: &Loaded,
    hand: &LoadedHand,
    events: &[Event],
    written: &[(i64, String)],
    hand_no: u32,
) -> Vec<Transfer> {
    let table = loaded.table.id;
    let player_of = |seat: Seat| {
        hand.players
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| player_account(p.player_id))
    };
    let mut out = Vec::new();
    let mut push = |from: Option<String>, to: Option<String>, amount: i64, reason, seq| {
        if let (Some(from_account), Some(to_account)) = (from, to) {
            out.push(Transfer {
                league_id: loaded.table.league_id,
                from_account,
                to_account,
                amount,
                reason,
                table_id: Some(table),
                hand_no: Some(hand_no as i32),
                event_seq: Some(seq),
                note: None,
            });
        }
    };
    let pot = || Some(pot_account(table));
    for (event, (seq, _)) in events.iter().zip(written) {
        match event {
            Event::Declared {
                seat, extra_ante, ..
            } if *extra_ante > 0 => push(player_of(*seat), pot(), *extra_ante, "extra_ante", *seq),
            Event::Revealed { extra_antes, .. } => {
                for extra in extra_antes {
                    push(
                        player_of(extra.seat),
                        pot(),
                        extra.amount,
                        "extra_ante",
                        *seq,
                    );
                }
            }
            Event::HandEnded(settlement) => {
                for payout in &settlement.payouts {
                    push(
                        pot(),
                        player_of(payout.seat),
                        payout.amount,
                        "pot_won",
                        *seq,
                    );
                }
                for bourre in &settlement.bourre {
                    push(player_of(bourre.seat), pot(), bourre.amount, "bourre", *seq);
                }
            }
            _ => {}
        }
    }
    out
}

/// Debug builds (the test suite) check that the view built from memory after an action is
/// the one a reload would give.
#[cfg(debug_assertions)]
async fn check_view_matches_reload(
    conn: &mut Conn,
    id: TableId,
    player: PlayerId,
    view: &TableView,
) -> Result<(), AppError> {
    let (reloaded, extras) = load_with(
        conn,
        id,
        Extras {
            lock: false,
            member: Some(player),
            previous_settlement: true,
        },
    )
    .await?;
    let last_hand = current_or_previous_settlement(&reloaded, extras.previous);
    let again = view::table_view(&reloaded, Some(player), last_hand);
    let (a, b) = (serde_json::to_value(view), serde_json::to_value(&again));
    match (a, b) {
        (Ok(a), Ok(b)) if a == b => Ok(()),
        (a, b) => Err(AppError::Internal(format!(
            "the view built after the action differs from a reload: {a:?} != {b:?}"
        ))),
    }
}

/// Events a hand's `hand_ended` is at most this far before the next hand's first event in
/// practice (its `seed_revealed`, seats left and taken, client seeds set in between).
const PREVIOUS_HAND_WINDOW: i64 = 64;

/// The payload of the last `hand_ended` event before `hand_seq`. Looked for among the
/// `PREVIOUS_HAND_WINDOW` events before it first: a bounded range whatever plan PostgreSQL
/// picks for the prepared statement (an open range let a generic plan read the table's whole
/// history); then, rarely, further back.
async fn previous_hand_ended(
    conn: &Conn,
    table: Uuid,
    hand_seq: i64,
) -> Result<Option<Value>, diesel::result::Error> {
    use crate::store::schema::events;
    let near: Option<Value> = events::table
        .filter(events::table_id.eq(table))
        .filter(events::seq.lt(hand_seq))
        .filter(events::seq.ge(hand_seq - PREVIOUS_HAND_WINDOW))
        .filter(events::kind.eq("hand_ended"))
        .order(events::seq.desc())
        .select(events::payload)
        .first::<Value>(&mut &*conn)
        .await
        .optional()?;
    if near.is_some() || hand_seq - PREVIOUS_HAND_WINDOW <= 1 {
        return Ok(near);
    }
    events::table
        .filter(events::table_id.eq(table))
        .filter(events::seq.lt(hand_seq - PREVIOUS_HAND_WINDOW))
        .filter(events::kind.eq("hand_ended"))
        .order(events::seq.desc())
        .select(events::payload)
        .first::<Value>(&mut &*conn)
        .await
        .optional()
}

fn not_a_member() -> AppError {
    AppError::forbidden("not_a_member", "only members of the league may do this")
}

/// `TableView.last_hand` from what [`load_with`] read: the current hand's settlement when
/// it ended, else the previous hand's.
fn current_or_previous_settlement(
    loaded: &Loaded,
    previous: Option<crate::engine::Settlement>,
) -> Option<crate::engine::Settlement> {
    match loaded.hand.as_ref().and_then(|h| h.state.settlement()) {
        Some(settlement) => Some(settlement.clone()),
        None => previous,
    }
}

/// The settlement of the last finished hand, for `TableView.last_hand`.
async fn last_settlement(
    conn: &mut Conn,
    loaded: &Loaded,
) -> Result<Option<crate::engine::Settlement>, AppError> {
    if let Some(hand) = &loaded.hand
        && let Some(settlement) = hand.state.settlement()
    {
        return Ok(Some(settlement.clone()));
    }
    let Some(hand_seq) = loaded.table.hand_seq else {
        return Ok(None);
    };
    // The previous hand ended with the last `hand_ended` before the current hand's first
    // event: a short bounded scan of the primary key, whatever the table's age.
    let payload = previous_hand_ended(conn, loaded.table.id, hand_seq).await?;
    match payload.map(|p| {
        use serde::Deserialize;
        TableEvent::deserialize(&p)
    }) {
        Some(Ok(TableEvent::Hand(Event::HandEnded(settlement)))) => Ok(Some(*settlement)),
        Some(Err(e)) => Err(AppError::Internal(e.to_string())),
        _ => Ok(None),
    }
}

impl App {
    /// Tables where `player` must act, oldest deadline first.
    pub async fn turns(&self, player: PlayerId) -> Result<Vec<TableRow>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        Ok(tables::table
            .filter(tables::to_act.contains(vec![player.0]))
            .order(tables::deadline.asc())
            .select(TableRow::as_select())
            .load(&mut conn)
            .await?)
    }
}

impl App {
    /// Sets the caller's client seed for the next hand, between hands only: the server's
    /// seed for that hand is already committed. Returns the seat, the hand and the
    /// commitment.
    pub async fn set_client_seed(
        &self,
        player: PlayerId,
        id: TableId,
        seed: &str,
    ) -> Result<(Seat, u32, String), AppError> {
        let valid = (1..=64).contains(&seed.len())
            && seed
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !valid {
            return Err(AppError::unprocessable(
                "invalid_client_seed",
                "a client seed has 1 to 64 characters: letters, digits, '_' or '-'",
            ));
        }
        let seed = seed.to_owned();
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                let loaded = load(conn, id).await?;
                require_member(conn, LeagueId(loaded.table.league_id), player).await?;
                let seat = seat_of(&loaded, player).ok_or_else(|| {
                    AppError::forbidden("not_seated", "only a seated player sets a client seed")
                })?;
                if loaded.table.in_hand {
                    return Err(AppError::conflict(
                        "hand_in_progress",
                        "client seeds are set between hands, for the next one",
                    ));
                }
                let event = TableEvent::ClientSeedSet {
                    seat,
                    player_id: player.0,
                    seed: seed.clone(),
                };
                let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
                append(conn, &loaded, &[stored(&event, hand_no)?]).await?;
                diesel::update(seats::table.find((id.0, i16::from(seat))))
                    .set(seats::client_seed.eq(Some(&seed)))
                    .execute(conn)
                    .await?;
                bump_version(conn, &loaded, 1).await?;
                Ok((seat, hand_no + 1, deck::commitment(&loaded.table.next_seed)))
            })
            .await;
        self.with_current_version(id, result).await
    }
}

impl App {
    /// Closes a table between hands (its creator or a league admin): the chips in its pot
    /// go back to the players seated, equally, the remainder to the lowest seat (R10e);
    /// with nobody seated, to the last hand's players. Everyone stands up.
    pub async fn close_table(
        &self,
        player: PlayerId,
        id: TableId,
        key: Option<IdempotencyKey>,
    ) -> Result<Reply<TableView>, AppError> {
        let mut conn = store::conn(&self.pool).await?;
        let result = conn
            .transaction::<_, AppError, _>(async move |conn| {
                if let Some(reply) = idempotency::replayed(conn, player, key.as_ref()).await? {
                    return Ok(reply);
                }
                let loaded = load(conn, id).await?;
                let league = LeagueId(loaded.table.league_id);
                let role = require_member(conn, league, player).await?;
                if role != "admin" && loaded.table.created_by != player.0 {
                    return Err(AppError::forbidden(
                        "not_admin",
                        "only the table's creator or a league admin closes a table",
                    ));
                }
                ensure_open(&loaded)?;
                if loaded.table.in_hand {
                    return Err(AppError::conflict(
                        "hand_in_progress",
                        "a table closes between hands",
                    ));
                }
                let mut owners: Vec<(Seat, Uuid)> =
                    loaded.seats.iter().map(|s| (s.seat, s.player_id)).collect();
                if owners.is_empty()
                    && let Some(hand) = &loaded.hand
                {
                    owners = hand.players.iter().map(|p| (p.seat, p.player_id)).collect();
                }
                let pot_account = pot_account(id.0);
                let pot = ledger::balance(conn, league.0, &pot_account).await?;
                let seats: Vec<Seat> = owners.iter().map(|(seat, _)| *seat).collect();
                let shares = crate::engine::table::share_equally(pot, &seats);
                let returned: Vec<PlayerAmount> = shares
                    .iter()
                    .filter_map(|share| {
                        owners
                            .iter()
                            .find(|(seat, _)| *seat == share.seat)
                            .map(|(_, p)| PlayerAmount {
                                player_id: *p,
                                amount: share.amount,
                            })
                    })
                    .collect();
                let to_treasury = pot - returned.iter().map(|r| r.amount).sum::<i64>();
                let event = TableEvent::TableClosed {
                    returned: returned.clone(),
                };
                let hand_no = u32::try_from(loaded.table.hand_no).unwrap_or(0);
                let written = append(conn, &loaded, &[stored(&event, hand_no)?]).await?;
                let seq = written.iter().map(|w| w.0).next();
                let mut transfers: Vec<Transfer> = returned
                    .iter()
                    .map(|r| Transfer {
                        league_id: league.0,
                        from_account: pot_account.clone(),
                        to_account: player_account(r.player_id),
                        amount: r.amount,
                        reason: "pot_returned",
                        table_id: Some(id.0),
                        hand_no: Some(loaded.table.hand_no),
                        event_seq: seq,
                        note: None,
                    })
                    .collect();
                transfers.push(Transfer {
                    league_id: league.0,
                    from_account: pot_account.clone(),
                    to_account: crate::store::ledger::TREASURY.to_owned(),
                    amount: to_treasury,
                    reason: "pot_returned",
                    table_id: Some(id.0),
                    hand_no: Some(loaded.table.hand_no),
                    event_seq: seq,
                    note: None,
                });
                ledger::record(conn, &transfers).await?;
                diesel::delete(seats::table.filter(seats::table_id.eq(id.0)))
                    .execute(conn)
                    .await?;
                diesel::update(tables::table.find(id.0))
                    .set((
                        tables::closed_at.eq(Some(Utc::now())),
                        tables::exempt.eq(Vec::<Uuid>::new()),
                    ))
                    .execute(conn)
                    .await?;
                bump_version(conn, &loaded, 1).await?;
                let view = view_after(conn, id, player).await?;
                idempotency::fresh(conn, player, key.as_ref(), 200, view).await
            })
            .await;
        self.with_current_version(id, result).await
    }
}
