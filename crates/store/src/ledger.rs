//! The double-entry chip ledger and its balance projection.

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Integer, Nullable, Text, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::schema::{balances, ledger};
use super::standings::HandLine;
use super::{Conn, StoreError};

/// An account of a league's ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Account {
    /// The league's treasury: mints starting balances and grants, and so goes negative.
    Treasury,
    /// A member's chips.
    Player(Uuid),
    /// A table's pot.
    Pot(Uuid),
    /// A tournament's pool: the buy-ins it holds until it pays its prizes or returns them.
    Tournament(Uuid),
}

/// As stored: `treasury`, `player:<id>`, `pot:<table id>`, `tournament:<id>`.
impl std::fmt::Display for Account {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Account::Treasury => f.write_str("treasury"),
            Account::Player(id) => write!(f, "player:{id}"),
            Account::Pot(id) => write!(f, "pot:{id}"),
            Account::Tournament(id) => write!(f, "tournament:{id}"),
        }
    }
}

/// A player's account as stored (see [`Account`]).
pub fn player_account(player: Uuid) -> String {
    Account::Player(player).to_string()
}

/// Why chips moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The treasury credits a new member.
    StartingBalance,
    /// An admin grants chips (or takes them back, to the treasury).
    Grant,
    Ante,
    /// R3a.
    ExtraAnte,
    PotWon,
    /// A bourré player pays the pot (R10c).
    Bourre,
    /// A removed member's chips go back to the treasury.
    MemberRemoved,
    /// A closing table's pot goes back to its players (R10e).
    PotReturned,
    /// A tournament entry's buy-in, held in the tournament's pool.
    BuyIn,
    /// A buy-in returned: the entry withdrawn before the start, or the tournament cancelled.
    BuyInReturned,
    /// A tournament's prize, paid from its pool by place.
    Prize,
}

impl Reason {
    /// The reasons that are play (not minting, grants or removals): what a player's `net`
    /// in the standings counts.
    pub const PLAY: [Reason; 5] = [
        Reason::Ante,
        Reason::ExtraAnte,
        Reason::PotWon,
        Reason::Bourre,
        Reason::PotReturned,
    ];

    pub fn is_play(self) -> bool {
        Reason::PLAY.contains(&self)
    }

    /// As stored in `ledger.reason`.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::StartingBalance => "starting_balance",
            Reason::Grant => "grant",
            Reason::Ante => "ante",
            Reason::ExtraAnte => "extra_ante",
            Reason::PotWon => "pot_won",
            Reason::Bourre => "bourre",
            Reason::MemberRemoved => "member_removed",
            Reason::PotReturned => "pot_returned",
            Reason::BuyIn => "buy_in",
            Reason::BuyInReturned => "buy_in_returned",
            Reason::Prize => "prize",
        }
    }
}

/// One movement of chips, naming what caused it.
#[derive(Debug, Clone)]
pub struct Transfer {
    pub league_id: Uuid,
    pub from_account: Account,
    pub to_account: Account,
    pub amount: i64,
    pub reason: Reason,
    pub table_id: Option<Uuid>,
    pub hand_no: Option<i32>,
    pub event_seq: Option<i64>,
    /// A person's words, for grants.
    pub note: Option<String>,
}

/// The net change of each account the transfers touch, by league and account.
pub fn deltas<'a>(transfers: impl IntoIterator<Item = &'a Transfer>) -> Vec<(Uuid, Account, i64)> {
    let mut deltas: Vec<(Uuid, Account, i64)> = Vec::new();
    let mut add = |league: Uuid, account: Account, delta: i64| match deltas
        .iter_mut()
        .find(|(l, a, _)| *l == league && *a == account)
    {
        Some(entry) => entry.2 += delta,
        None => deltas.push((league, account, delta)),
    };
    for t in transfers {
        add(t.league_id, t.from_account, -t.amount);
        add(t.league_id, t.to_account, t.amount);
    }
    deltas.retain(|(_, _, delta)| *delta != 0);
    deltas.sort_by_cached_key(|(league, account, _)| (*league, account.to_string()));
    deltas
}

/// Transfers of one league as the rows they write, for one statement: ledger entries,
/// credits (which may open a balance; the treasury is always credited, since it may go
/// negative) and debits (which need an existing balance, never taken below zero: the CHECK
/// on `balances`). The one place the debit rule is written, for a table's moves (see
/// [`super::table_write`]) and for every other transfer ([`record`]).
#[derive(Debug)]
pub struct ChipRows {
    /// The league of every row: a statement's transfers are one league's (a table's, or a
    /// member's), and a debit finds its balance by the key `(league, account)`.
    league: Uuid,
    from: Vec<String>,
    to: Vec<String>,
    amount: Vec<i64>,
    reason: Vec<&'static str>,
    table: Vec<Option<Uuid>>,
    hand_no: Vec<Option<i32>>,
    event_seq: Vec<Option<i64>>,
    note: Vec<Option<String>>,
    credit_account: Vec<String>,
    credit_amount: Vec<i64>,
    debit_account: Vec<String>,
    debit_amount: Vec<i64>,
    /// How many balances the debits must find, as a parameter: one statement text (and
    /// one plan) serves any number of debits.
    debits: i64,
}

impl ChipRows {
    /// The rows of `transfers`, all of `league` (those of no chips left out).
    pub fn new(league: Uuid, transfers: &[Transfer]) -> ChipRows {
        let transfers: Vec<&Transfer> = transfers.iter().filter(|t| t.amount != 0).collect();
        debug_assert!(transfers.iter().all(|t| t.league_id == league));
        let (debits, credits): (Vec<_>, Vec<_>) = deltas(transfers.iter().copied())
            .into_iter()
            .partition(|(_, account, delta)| *delta < 0 && *account != Account::Treasury);
        ChipRows {
            league,
            from: transfers
                .iter()
                .map(|t| t.from_account.to_string())
                .collect(),
            to: transfers.iter().map(|t| t.to_account.to_string()).collect(),
            amount: transfers.iter().map(|t| t.amount).collect(),
            reason: transfers.iter().map(|t| t.reason.as_str()).collect(),
            table: transfers.iter().map(|t| t.table_id).collect(),
            hand_no: transfers.iter().map(|t| t.hand_no).collect(),
            event_seq: transfers.iter().map(|t| t.event_seq).collect(),
            note: transfers.iter().map(|t| t.note.clone()).collect(),
            credit_account: credits.iter().map(|d| d.1.to_string()).collect(),
            credit_amount: credits.iter().map(|d| d.2).collect(),
            debit_account: debits.iter().map(|d| d.1.to_string()).collect(),
            debit_amount: debits.iter().map(|d| -d.2).collect(),
            debits: debits.len() as i64,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.amount.is_empty()
    }

    /// The statement's parts `led`, `credit` and `debit` (each left out when it has no
    /// rows), each over the rows of the part `after` names: they run once it has (and only
    /// when it has a row).
    pub fn walk_ctes<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>, after: &str) -> QueryResult<()> {
        if !self.amount.is_empty() {
            out.push_sql(
                ", led AS (INSERT INTO ledger (league_id, from_account, to_account, amount, \
                 reason, table_id, hand_no, event_seq, note) SELECT ",
            );
            out.push_bind_param::<SqlUuid, _>(&self.league)?;
            out.push_sql(&format!(", x.* FROM {after}, unnest("));
            out.push_bind_param::<Array<Text>, _>(&self.from)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<Text>, _>(&self.to)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<BigInt>, _>(&self.amount)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<Text>, _>(&self.reason)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<Nullable<SqlUuid>>, _>(&self.table)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<Nullable<Integer>>, _>(&self.hand_no)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<Nullable<BigInt>>, _>(&self.event_seq)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<Nullable<Text>>, _>(&self.note)?;
            out.push_sql(") AS x)");
        }
        if !self.credit_amount.is_empty() {
            out.push_sql(", credit AS (INSERT INTO balances (league_id, account, balance) SELECT ");
            out.push_bind_param::<SqlUuid, _>(&self.league)?;
            out.push_sql(&format!(", x.* FROM {after}, unnest("));
            out.push_bind_param::<Array<Text>, _>(&self.credit_account)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<BigInt>, _>(&self.credit_amount)?;
            out.push_sql(
                ") AS x ON CONFLICT (league_id, account) \
                 DO UPDATE SET balance = balances.balance + excluded.balance)",
            );
        }
        if !self.debit_amount.is_empty() {
            out.push_sql(&format!(
                ", debit AS (UPDATE balances SET balance = balances.balance - x.amount \
                 FROM {after}, unnest("
            ));
            out.push_bind_param::<Array<Text>, _>(&self.debit_account)?;
            out.push_sql(", ");
            out.push_bind_param::<Array<BigInt>, _>(&self.debit_amount)?;
            // The whole key `(league, account)` as the index's condition, the accounts as an
            // array of their own: the plan reads the debited rows alone. Joined on the
            // account only, a generic plan read every balance of the league and hashed them,
            // a cost growing with the league's members.
            out.push_sql(") AS x(account, amount) WHERE balances.league_id = ");
            out.push_bind_param::<SqlUuid, _>(&self.league)?;
            out.push_sql(" AND balances.account = ANY(");
            out.push_bind_param::<Array<Text>, _>(&self.debit_account)?;
            out.push_sql(") AND balances.account = x.account RETURNING 1)");
        }
        Ok(())
    }

    /// After the statement's final `SELECT ... FROM ...`: fails the statement, as the CHECK
    /// on `balances` would, unless every debit found its balance (see the migration that
    /// made `bourre_missing_debit`).
    pub fn walk_check<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        if !self.debit_amount.is_empty() {
            out.push_sql(" WHERE (SELECT count(*) FROM debit) = ");
            out.push_bind_param::<BigInt, _>(&self.debits)?;
            out.push_sql(" OR bourre_missing_debit()");
        }
        Ok(())
    }
}

/// Transfers outside a table's moves (starting balances, grants, removals) in one
/// statement: first the tables showing the balances they move are stamped, taking their
/// rows in ascending order as every writer does (so what a server process kept of them is
/// read again), then the chips move (see [`ChipRows`]) and the standings book them (see
/// [`Booking`]).
struct Record {
    stamped: Stamped,
    chips: ChipRows,
    booking: Booking,
}

impl QueryFragment<Pg> for Record {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "WITH stamped AS (UPDATE tables SET stamp = stamp + 1 WHERE id IN (SELECT id \
             FROM tables WHERE id = ANY(",
        );
        out.push_bind_param::<Array<SqlUuid>, _>(&self.stamped.pots)?;
        out.push_sql(") OR id IN (SELECT table_id FROM seats WHERE league_id = ANY(");
        out.push_bind_param::<Array<SqlUuid>, _>(&self.stamped.leagues)?;
        out.push_sql(") AND player_id = ANY(");
        out.push_bind_param::<Array<SqlUuid>, _>(&self.stamped.players)?;
        out.push_sql(
            ")) ORDER BY id FOR UPDATE) RETURNING 1), \
             stamped_first AS (SELECT count(*) FROM stamped)",
        );
        self.chips.walk_ctes(out.reborrow(), "stamped_first")?;
        self.booking.walk_ctes(out.reborrow(), "stamped_first")?;
        out.push_sql(" SELECT count(*) FROM stamped_first");
        self.chips.walk_check(out.reborrow())
    }
}

/// The SQL depends on which parts have rows: statements are cached by their text.
impl QueryId for Record {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Record {
    type SqlType = BigInt;
}

/// Records one league's transfers, moves the balances and books the standings, in one
/// statement (see [`Record`]). A balance that would go negative, or a debit of an account
/// that has none, fails it with [`StoreError::Overdrawn`].
pub async fn record(conn: &mut Conn, transfers: &[Transfer]) -> Result<(), StoreError> {
    let Some(league) = transfers
        .iter()
        .find(|t| t.amount != 0)
        .map(|t| t.league_id)
    else {
        return Ok(());
    };
    let statement = Record {
        stamped: Stamped::of(&deltas(transfers.iter().filter(|t| t.amount != 0))),
        chips: ChipRows::new(league, transfers),
        booking: Booking::new(league, transfers, &[]),
    };
    match statement
        .get_result::<i64>(conn)
        .await
        .map_err(StoreError::from)
    {
        Ok(_) => Ok(()),
        Err(e) if e.is_check_violation() => Err(StoreError::Overdrawn(
            "an account these transfers take from".into(),
        )),
        Err(e) => Err(e),
    }
}

/// The leagues, the players and the tables (by their pots) whose balances some deltas move.
struct Stamped {
    leagues: Vec<Uuid>,
    players: Vec<Uuid>,
    pots: Vec<Uuid>,
}

impl Stamped {
    fn of(deltas: &[(Uuid, Account, i64)]) -> Stamped {
        let mut stamped = Stamped {
            leagues: Vec::new(),
            players: Vec::new(),
            pots: Vec::new(),
        };
        for (league, account, _) in deltas {
            match account {
                Account::Player(player) => stamped.players.push(*player),
                Account::Pot(table) => stamped.pots.push(*table),
                // No table shows these.
                Account::Treasury | Account::Tournament(_) => continue,
            }
            if !stamped.leagues.contains(league) {
                stamped.leagues.push(*league);
            }
        }
        stamped
    }
}

/// One ledger entry as members see it.
#[derive(Debug, Serialize, ToSchema, Queryable, Selectable, QueryableByName)]
#[diesel(table_name = ledger)]
pub struct LedgerEntry {
    /// The entry's id; ids increase as entries are written.
    pub id: i64,
    /// `treasury`, `player:<id>`, `pot:<table id>` or `tournament:<id>`.
    #[schema(
        pattern = "^(treasury|player:[0-9a-f-]{36}|pot:[0-9a-f-]{36}|tournament:[0-9a-f-]{36})$"
    )]
    pub from_account: String,
    /// `treasury`, `player:<id>`, `pot:<table id>` or `tournament:<id>`.
    #[schema(
        pattern = "^(treasury|player:[0-9a-f-]{36}|pot:[0-9a-f-]{36}|tournament:[0-9a-f-]{36})$"
    )]
    pub to_account: String,
    /// The chips moved, more than 0.
    pub amount: i64,
    /// One of [`Reason`]'s (the only values ever written).
    #[schema(value_type = Reason)]
    pub reason: String,
    /// The table whose play moved the chips; null for starting balances, grants, removals and
    /// tournaments' buy-ins and prizes.
    pub table_id: Option<Uuid>,
    /// The hand that moved them (a closing table's last hand for its returned pot); null when
    /// `table_id` is.
    pub hand_no: Option<i32>,
    /// The event that caused the entry.
    pub event_seq: Option<i64>,
    /// When the entry was written.
    pub created_at: DateTime<Utc>,
    /// The admin's reason, for grants.
    pub note: Option<String>,
}

/// Where a page of the ledger starts, and which way it runs.
#[derive(Debug, Clone, Copy)]
pub struct Cursor {
    /// The last entry of the previous page; none for the first page.
    pub after: Option<i64>,
    /// Oldest first (ids rising), else newest first.
    pub oldest_first: bool,
}

/// A page of a league's ledger from `cursor`, oldest or newest first, optionally only an
/// account's entries or a table's. Each shape reads the index made for it in its order
/// (`ledger_league`, `ledger_table`, or `ledger_from` and `ledger_to` merged), so a page
/// costs the same however long the league's ledger and whatever other leagues share it.
/// (A plain `ORDER BY id LIMIT n` may be planned on the primary key, through every older
/// entry of other leagues: the ids of the page are taken from its index first.)
pub async fn page(
    conn: &mut Conn,
    league: Uuid,
    cursor: Cursor,
    limit: i64,
    account: Option<&str>,
    table: Option<Uuid>,
) -> Result<Vec<LedgerEntry>, StoreError> {
    use diesel::sql_types::{BigInt, Uuid as SqlUuid};
    let (after, beyond, order) = if cursor.oldest_first {
        (cursor.after.unwrap_or(0), ">", "ASC")
    } else {
        (cursor.after.unwrap_or(i64::MAX), "<", "DESC")
    };
    let Some(account) = account else {
        let query = match table {
            None => diesel::sql_query(format!(
                "SELECT * FROM ledger WHERE id = ANY (ARRAY (SELECT id FROM ledger \
                 WHERE league_id = $1 AND id {beyond} $2 ORDER BY id {order} LIMIT $3)) \
                 ORDER BY id {order}"
            ))
            .into_boxed()
            .bind::<SqlUuid, _>(league)
            .bind::<BigInt, _>(after)
            .bind::<BigInt, _>(limit),
            Some(table) => diesel::sql_query(format!(
                "SELECT * FROM ledger WHERE league_id = $1 AND id = ANY (ARRAY (SELECT id \
                 FROM ledger WHERE table_id = $4 AND id {beyond} $2 ORDER BY id {order} \
                 LIMIT $3)) ORDER BY id {order}"
            ))
            .into_boxed()
            .bind::<SqlUuid, _>(league)
            .bind::<BigInt, _>(after)
            .bind::<BigInt, _>(limit)
            .bind::<SqlUuid, _>(table),
        };
        return Ok(query.load(conn).await?);
    };
    let side = |from: bool| {
        let mut query = ledger::table
            .filter(ledger::league_id.eq(league))
            .limit(limit)
            .select(LedgerEntry::as_select())
            .into_boxed();
        query = if cursor.oldest_first {
            query.filter(ledger::id.gt(after)).order(ledger::id.asc())
        } else {
            query.filter(ledger::id.lt(after)).order(ledger::id.desc())
        };
        query = if from {
            query.filter(ledger::from_account.eq(account.to_owned()))
        } else {
            query.filter(ledger::to_account.eq(account.to_owned()))
        };
        if let Some(table) = table {
            query = query.filter(ledger::table_id.eq(table));
        }
        query
    };
    // An entry's two accounts differ (a CHECK says so): the two sides share no row.
    let mut out: Vec<LedgerEntry> = side(true).load(conn).await?;
    out.extend(side(false).load::<LedgerEntry>(conn).await?);
    out.sort_unstable_by_key(|e| e.id);
    if !cursor.oldest_first {
        out.reverse();
    }
    out.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(out)
}

/// A league's ledger entries made in `[from, until)` (all with `None`): from, to, amount,
/// reason.
pub async fn moves(
    conn: &mut Conn,
    league: Uuid,
    window: Option<(DateTime<Utc>, Option<DateTime<Utc>>)>,
) -> Result<Vec<(String, String, i64, String)>, StoreError> {
    let mut entries = ledger::table
        .filter(ledger::league_id.eq(league))
        .into_boxed();
    if let Some((from, until)) = window {
        entries = entries.filter(ledger::created_at.ge(from));
        if let Some(until) = until {
            entries = entries.filter(ledger::created_at.lt(until));
        }
    }
    Ok(entries
        .select((
            ledger::from_account,
            ledger::to_account,
            ledger::amount,
            ledger::reason,
        ))
        .load(conn)
        .await?)
}

/// Opens an account at 0 unless it has a balance already.
pub async fn open(conn: &mut Conn, league: Uuid, account: &str) -> Result<(), StoreError> {
    diesel::insert_into(balances::table)
        .values((
            balances::league_id.eq(league),
            balances::account.eq(account),
            balances::balance.eq(0i64),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(())
}

/// An account's balance (0 when it never moved).
pub async fn balance(conn: &mut Conn, league: Uuid, account: &str) -> Result<i64, StoreError> {
    Ok(balances::table
        .filter(balances::league_id.eq(league))
        .filter(balances::account.eq(account))
        .select(balances::balance)
        .first(conn)
        .await
        .optional()?
        .unwrap_or(0))
}

/// What one statement adds to its league's standings rows, all time and in the season in
/// which it commits, a row per player: net and grants from its ledger entries, and the
/// counts and Weng-Lin update of a hand that ended (the ratings computed from the rows as
/// they were before it: a player sits at one table of a league at a time, so their hands
/// end one after another).
#[derive(Debug, Default)]
pub struct Booking {
    league: Uuid,
    player: Vec<Uuid>,
    net: Vec<i64>,
    grants: Vec<i64>,
    hands: Vec<i32>,
    pots_won: Vec<i32>,
    split_pots: Vec<i32>,
    bourres: Vec<i32>,
    tricks: Vec<i32>,
    rank: Vec<Option<i32>>,
}

impl Booking {
    /// The rows of `transfers` (all of `league`) and of the hand `ended` (its players'
    /// lines, those who played it out first, in the order of its rating).
    pub fn new(league: Uuid, transfers: &[Transfer], ended: &[HandLine]) -> Booking {
        let mut booking = Booking {
            league,
            ..Booking::default()
        };
        for line in ended {
            let i = booking.row_of(line.player_id);
            booking.hands[i] += 1;
            booking.pots_won[i] += line.pots_won;
            booking.split_pots[i] += line.split_pots;
            booking.bourres[i] += line.bourres;
            booking.tricks[i] += line.tricks;
            booking.rank[i] = line.rank;
        }
        for t in transfers.iter().filter(|t| t.amount != 0) {
            debug_assert_eq!(t.league_id, league);
            let play = t.reason.is_play();
            if !play && t.reason != Reason::Grant {
                continue;
            }
            for (account, signed) in [(t.to_account, t.amount), (t.from_account, -t.amount)] {
                if let Account::Player(p) = account {
                    let i = booking.row_of(p);
                    if play {
                        booking.net[i] += signed;
                    } else {
                        booking.grants[i] += signed;
                    }
                }
            }
        }
        booking
    }

    /// The index of `player`'s row, added if new.
    fn row_of(&mut self, player: Uuid) -> usize {
        if let Some(i) = self.player.iter().position(|p| *p == player) {
            return i;
        }
        self.player.push(player);
        self.net.push(0);
        self.grants.push(0);
        self.hands.push(0);
        self.pots_won.push(0);
        self.split_pots.push(0);
        self.bourres.push(0);
        self.tricks.push(0);
        self.rank.push(None);
        self.player.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.player.is_empty()
    }

    /// Whether the booking moves ratings (a hand played out by two players or more).
    fn rates(&self) -> bool {
        self.rank.iter().flatten().count() >= 2
    }

    /// The statement's parts `bk` (its rows in both seasons), `rated` (when it rates) and
    /// `booked`, over the rows of the part `after` names: they run once it has (and only
    /// when it has a row). Each player's row is found by its key.
    pub fn walk_ctes<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>, after: &str) -> QueryResult<()> {
        if self.is_empty() {
            return Ok(());
        }
        out.push_sql(&format!(
            ", bk AS (SELECT x.*, se.season FROM {after}, unnest("
        ));
        out.push_bind_param::<Array<SqlUuid>, _>(&self.player)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<BigInt>, _>(&self.net)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<BigInt>, _>(&self.grants)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.hands)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.pots_won)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.split_pots)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.bourres)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.tricks)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Nullable<Integer>>, _>(&self.rank)?;
        // The season in which the statement commits: the current one starts where the
        // last closed one closed (seasons holds the closed ones).
        out.push_sql(
            ") WITH ORDINALITY AS x(player_id, net, grants, hands, pots_won, split_pots, \
             bourres, tricks, rank, n), \
             (VALUES (0), (1 + (SELECT count(*)::integer FROM seasons s WHERE s.league_id = ",
        );
        out.push_bind_param::<SqlUuid, _>(&self.league)?;
        out.push_sql(" AND s.closed_at <= now()))) AS se(season))");
        if self.rates() {
            out.push_sql(
                ", rated AS (SELECT a.season, r.player_id, r.mu, r.sigma FROM \
                 (SELECT bk.season, array_agg(bk.player_id ORDER BY bk.n) AS ids, \
                 array_agg(coalesce(st.rating, 25.0) ORDER BY bk.n) AS mu, \
                 array_agg(coalesce(st.rating_uncertainty, 25.0 / 3.0) ORDER BY bk.n) AS sigma, \
                 array_agg(bk.rank ORDER BY bk.n) AS ranks \
                 FROM bk LEFT JOIN LATERAL (SELECT s.rating, s.rating_uncertainty \
                 FROM standings s WHERE s.league_id = ",
            );
            out.push_bind_param::<SqlUuid, _>(&self.league)?;
            out.push_sql(
                " AND s.season = bk.season AND s.player_id = bk.player_id OFFSET 0) st ON true \
                 WHERE bk.rank IS NOT NULL GROUP BY bk.season) a, \
                 LATERAL bourre_weng_lin(a.mu, a.sigma, a.ranks) AS wl, \
                 LATERAL unnest(a.ids, wl.new_mu, wl.new_sigma) AS r(player_id, mu, sigma))",
            );
        }
        out.push_sql(
            ", booked AS (INSERT INTO standings AS st (league_id, season, player_id, net, \
             grants, hands_played, pots_won, split_pots, bourres, tricks",
        );
        out.push_sql(if self.rates() {
            ", rating, rating_uncertainty) SELECT "
        } else {
            ") SELECT "
        });
        out.push_bind_param::<SqlUuid, _>(&self.league)?;
        out.push_sql(
            ", bk.season, bk.player_id, bk.net, bk.grants, bk.hands, bk.pots_won, \
             bk.split_pots, bk.bourres, bk.tricks",
        );
        if self.rates() {
            out.push_sql(
                ", coalesce(r.mu, 25.0), coalesce(r.sigma, 25.0 / 3.0) FROM bk \
                 LEFT JOIN rated r ON r.season = bk.season AND r.player_id = bk.player_id",
            );
        } else {
            out.push_sql(" FROM bk");
        }
        out.push_sql(
            " ON CONFLICT (league_id, season, player_id) DO UPDATE SET \
             net = st.net + EXCLUDED.net, grants = st.grants + EXCLUDED.grants, \
             hands_played = st.hands_played + EXCLUDED.hands_played, \
             pots_won = st.pots_won + EXCLUDED.pots_won, \
             split_pots = st.split_pots + EXCLUDED.split_pots, \
             bourres = st.bourres + EXCLUDED.bourres, tricks = st.tricks + EXCLUDED.tricks",
        );
        if self.rates() {
            // Those who played get their new rating; the others keep theirs.
            out.push_sql(
                ", rating = coalesce((SELECT r.mu FROM rated r WHERE r.season = st.season \
                 AND r.player_id = st.player_id), st.rating), \
                 rating_uncertainty = coalesce((SELECT r.sigma FROM rated r \
                 WHERE r.season = st.season AND r.player_id = st.player_id), \
                 st.rating_uncertainty)",
            );
        }
        out.push_sql(")");
        Ok(())
    }
}
