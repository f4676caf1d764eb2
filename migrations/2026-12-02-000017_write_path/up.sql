-- The write path's share of PostgreSQL's work, cut without losing a guarantee.
--
-- Standings: a hand's end is booked in one statement (counts and both seasons' ratings in
-- one upsert, the ratings computed from the rows as they were before it, each player's row
-- found by its key), where it took five statements and read every standings row of the
-- league per season; the season is looked up inline, where bourre_season_at (a SQL function
-- that cannot be inlined) was parsed and planned again by every statement that called it.
-- The same rows as before, ratings included: `bourre rebuild --check` compares them with the
-- standings recomputed from the log.

CREATE OR REPLACE FUNCTION bourre_book_hand(league uuid, in_season integer, players jsonb, settlement jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    outcome jsonb := settlement->'outcome';
BEGIN
    WITH w AS (SELECT (p->>'seat')::integer AS seat, (p->>'player_id')::uuid AS pid
                 FROM jsonb_array_elements(players) p),
    se AS (SELECT * FROM (VALUES (0), (in_season)) AS se(season)),
    x AS (SELECT t.n, w.pid,
                 1 + (SELECT count(*)::integer FROM jsonb_array_elements(settlement->'tricks') o
                       WHERE (o->>'amount')::bigint > (t.v->>'amount')::bigint) AS rank
            FROM jsonb_array_elements(settlement->'tricks') WITH ORDINALITY AS t(v, n)
            JOIN w ON w.seat = (t.v->>'seat')::integer),
    agg AS (SELECT se.season, array_agg(x.pid ORDER BY x.n) AS ids,
                   array_agg(coalesce(st.rating, 25.0) ORDER BY x.n) AS mu,
                   array_agg(coalesce(st.rating_uncertainty, 25.0 / 3.0) ORDER BY x.n) AS sigma,
                   array_agg(x.rank ORDER BY x.n) AS ranks
              FROM se CROSS JOIN x
              -- Each player's row by its key (a join would read the league's rows).
              LEFT JOIN LATERAL (SELECT s.rating, s.rating_uncertainty FROM standings s
                                  WHERE s.league_id = league AND s.season = se.season
                                    AND s.player_id = x.pid OFFSET 0) st ON true
             GROUP BY se.season
            HAVING count(*) >= 2),
    rated AS (SELECT agg.season, r.pid, r.mu, r.sigma
                FROM agg, LATERAL bourre_weng_lin(agg.mu, agg.sigma, agg.ranks) AS wl,
                     LATERAL unnest(agg.ids, wl.new_mu, wl.new_sigma) AS r(pid, mu, sigma))
    INSERT INTO standings AS st (league_id, season, player_id, hands_played, pots_won,
                                 split_pots, bourres, tricks, rating, rating_uncertainty)
    SELECT league, se.season, w.pid, 1,
           CASE WHEN outcome->>'type' IN ('won', 'uncontested')
                     AND (outcome->>'seat')::integer = w.seat THEN 1 ELSE 0 END,
           CASE WHEN outcome->>'type' = 'split' AND outcome->'seats' @> to_jsonb(w.seat)
                THEN 1 ELSE 0 END,
           (SELECT count(*)::integer FROM jsonb_array_elements(settlement->'bourre') b
             WHERE (b->>'seat')::integer = w.seat),
           (SELECT coalesce(sum((t->>'amount')::integer), 0)::integer
              FROM jsonb_array_elements(settlement->'tricks') t
             WHERE (t->>'seat')::integer = w.seat),
           coalesce(rated.mu, 25.0), coalesce(rated.sigma, 25.0 / 3.0)
      FROM w CROSS JOIN se
      LEFT JOIN rated ON rated.season = se.season AND rated.pid = w.pid
    ON CONFLICT (league_id, season, player_id) DO UPDATE SET
        hands_played = st.hands_played + EXCLUDED.hands_played,
        pots_won = st.pots_won + EXCLUDED.pots_won,
        split_pots = st.split_pots + EXCLUDED.split_pots,
        bourres = st.bourres + EXCLUDED.bourres,
        tricks = st.tricks + EXCLUDED.tricks,
        -- Those who played get their new rating; the others keep theirs.
        rating = coalesce((SELECT r.mu FROM rated r
                            WHERE r.season = st.season AND r.pid = st.player_id), st.rating),
        rating_uncertainty = coalesce((SELECT r.sigma FROM rated r
                                        WHERE r.season = st.season AND r.pid = st.player_id),
                                      st.rating_uncertainty);
END
$$;

CREATE OR REPLACE FUNCTION bourre_standings_hand() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    league uuid;
    players jsonb;
    in_season integer;
BEGIN
    SELECT t.league_id, e.payload->'players',
           1 + (SELECT count(*)::integer FROM seasons s
                 WHERE s.league_id = t.league_id AND s.closed_at <= NEW.created_at)
      INTO league, players, in_season
      FROM tables t
      JOIN events e ON e.table_id = t.id AND e.seq = t.hand_seq
     WHERE t.id = NEW.table_id AND e.kind = 'hand_dealt' AND e.hand_no = NEW.hand_no;
    IF players IS NOT NULL THEN
        PERFORM bourre_book_hand(league, in_season, players, NEW.payload);
    END IF;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION bourre_standings_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO standings AS st (league_id, season, player_id, net, grants)
    SELECT m.league_id, se.season, substr(a.account, 8)::uuid,
           sum(CASE WHEN m.reason <> 'grant' THEN a.sign * m.amount ELSE 0 END),
           sum(CASE WHEN m.reason = 'grant' THEN a.sign * m.amount ELSE 0 END)
      FROM (SELECT n.*, 1 + (SELECT count(*)::integer FROM seasons s
                              WHERE s.league_id = n.league_id AND s.closed_at <= n.created_at)
                        AS in_season
              FROM new_rows n
             WHERE n.reason IN ('ante', 'extra_ante', 'pot_won', 'bourre', 'pot_returned',
                                'grant')) m
     CROSS JOIN LATERAL (VALUES (m.to_account, 1), (m.from_account, -1)) AS a(account, sign)
     CROSS JOIN LATERAL (VALUES (0), (m.in_season)) AS se(season)
     WHERE a.account LIKE 'player:%'
     GROUP BY 1, 2, 3
    ON CONFLICT (league_id, season, player_id) DO UPDATE SET
        net = st.net + EXCLUDED.net,
        grants = st.grants + EXCLUDED.grants;
    RETURN NULL;
END
$$;

-- Foreign keys whose guarantee the write path already gives, checked on every row of the
-- hottest inserts: an event's or a table's ledger entry's table (and league) is the row the
-- same statement updated; a standings row is written only by the triggers above, for the
-- league of an event or a ledger entry. What the keys also guarded, a parent row removed, is
-- refused outright: tables and leagues are never deleted.
ALTER TABLE events DROP CONSTRAINT events_table_id_fkey;
ALTER TABLE ledger DROP CONSTRAINT ledger_table_id_fkey;
ALTER TABLE ledger DROP CONSTRAINT ledger_league_id_fkey;
ALTER TABLE standings DROP CONSTRAINT standings_league_id_fkey;

CREATE FUNCTION bourre_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% rows are never deleted', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER tables_no_delete BEFORE DELETE OR TRUNCATE ON tables
    FOR EACH STATEMENT EXECUTE FUNCTION bourre_no_delete();
CREATE TRIGGER leagues_no_delete BEFORE DELETE OR TRUNCATE ON leagues
    FOR EACH STATEMENT EXECUTE FUNCTION bourre_no_delete();
