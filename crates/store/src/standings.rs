//! The standings rows (see the `standings` migration): booked by the statement of every
//! write that moves a player's chips in play or by grant, or ends a hand ([`Booking`]);
//! read here, and rewritten by `bourre rebuild`.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::AstPass;
use diesel::sql_types::{Array, BigInt, Integer, Nullable, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::ledger::{Account, Reason, Transfer};
use super::schema::standings;
use super::{Conn, StoreError};

/// All time, as a season number.
pub const ALL_TIME: i32 = 0;

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = standings)]
pub struct Row {
    pub league_id: Uuid,
    pub season: i32,
    pub player_id: Uuid,
    pub net: i64,
    pub grants: i64,
    pub hands_played: i32,
    pub pots_won: i32,
    pub split_pots: i32,
    pub bourres: i32,
    pub tricks: i32,
    pub rating: f64,
    pub rating_uncertainty: f64,
}

/// The rows of one season of a league ([`ALL_TIME`] for all time).
pub async fn of_season(conn: &mut Conn, league: Uuid, season: i32) -> Result<Vec<Row>, StoreError> {
    Ok(standings::table
        .filter(
            standings::league_id
                .eq(league)
                .and(standings::season.eq(season)),
        )
        .select(Row::as_select())
        .load(conn)
        .await?)
}

/// Every row of a league.
pub async fn of_league(conn: &mut Conn, league: Uuid) -> Result<Vec<Row>, StoreError> {
    Ok(standings::table
        .filter(standings::league_id.eq(league))
        .select(Row::as_select())
        .load(conn)
        .await?)
}

/// Replaces every row of a league with `rows`.
pub async fn replace_league(conn: &mut Conn, league: Uuid, rows: &[Row]) -> Result<(), StoreError> {
    diesel::delete(standings::table.filter(standings::league_id.eq(league)))
        .execute(conn)
        .await?;
    for chunk in rows.chunks(1000) {
        diesel::insert_into(standings::table)
            .values(chunk)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// A player's share of a hand that ended: what it adds to their standings rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandLine {
    pub player_id: Uuid,
    pub pots_won: i32,
    pub split_pots: i32,
    pub bourres: i32,
    pub tricks: i32,
    /// For a player who played the hand out: their rank by tricks (1 most; equal tricks
    /// share a rank). The rating update is over these players, in the order given.
    pub rank: Option<i32>,
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

/// Player `player`'s all-time rows in `leagues`.
pub async fn of_player(
    conn: &mut Conn,
    player: Uuid,
    leagues: &[Uuid],
) -> Result<Vec<Row>, StoreError> {
    Ok(standings::table
        .filter(standings::player_id.eq(player))
        .filter(standings::season.eq(ALL_TIME))
        .filter(standings::league_id.eq_any(leagues))
        .select(Row::as_select())
        .load(conn)
        .await?)
}
