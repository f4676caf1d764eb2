-- Standings as rows, kept in the transaction of every write that changes them, so a read
-- is an indexed lookup whatever the league's age. One row per (league, season, player);
-- season 0 is all time. `bourre rebuild --check` compares them with the standings
-- recomputed from the event log and the ledger (`app::standings`), row for row.
CREATE TABLE standings (
    league_id uuid NOT NULL REFERENCES leagues (id),
    season integer NOT NULL CHECK (season >= 0),
    player_id uuid NOT NULL,
    -- Chips won or lost in play, and granted (ledger reasons).
    net bigint NOT NULL DEFAULT 0,
    grants bigint NOT NULL DEFAULT 0,
    hands_played integer NOT NULL DEFAULT 0,
    pots_won integer NOT NULL DEFAULT 0,
    split_pots integer NOT NULL DEFAULT 0,
    bourres integer NOT NULL DEFAULT 0,
    tricks integer NOT NULL DEFAULT 0,
    -- Weng-Lin (skillratings' defaults: 25 and 25/3), over the hands in the order they ended.
    rating double precision NOT NULL DEFAULT 25.0,
    rating_uncertainty double precision NOT NULL DEFAULT 25.0 / 3.0,
    PRIMARY KEY (league_id, season, player_id)
);

-- The season a row written at `at` belongs to: the current one starts where the last
-- closed one closed (seasons holds the closed ones).
CREATE FUNCTION bourre_season_at(league uuid, at timestamptz) RETURNS integer
LANGUAGE sql STABLE AS $$
    SELECT 1 + count(*)::integer FROM seasons WHERE league_id = league AND closed_at <= at
$$;

-- Weng-Lin for one free-for-all game of one-player teams (skillratings'
-- weng_lin_multi_team with its default beta 25/6 and uncertainty tolerance 1e-6): the new
-- ratings of players with ratings `mu`, uncertainties `sigma` and ranks `rank` (1 best;
-- equal ranks tie), in the order given.
CREATE FUNCTION bourre_weng_lin(mu float8[], sigma float8[], rank integer[],
                                OUT new_mu float8[], OUT new_sigma float8[])
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    n integer := coalesce(array_length(mu, 1), 0);
    beta_sq float8 := (25.0 / 6.0) * (25.0 / 6.0);
    s_i float8;
    c float8;
    e_i float8;
    e_q float8;
    p float8;
    score float8;
    omega float8;
    big_delta float8;
BEGIN
    new_mu := mu;
    new_sigma := sigma;
    FOR i IN 1..n LOOP
        s_i := sigma[i] * sigma[i];
        omega := 0;
        big_delta := 0;
        FOR q IN 1..n LOOP
            CONTINUE WHEN q = i;
            c := sqrt(2.0 * beta_sq + (s_i + sigma[q] * sigma[q]));
            e_i := exp(mu[i] / c);
            e_q := exp(mu[q] / c);
            p := e_i / (e_i + e_q);
            score := CASE WHEN rank[q] > rank[i] THEN 1.0
                          WHEN rank[q] = rank[i] THEN 0.5 ELSE 0.0 END;
            omega := omega + (s_i / c) * (score - p);
            big_delta := big_delta + (sqrt(s_i) / c) * s_i / (c * c) * p * (1.0 - p);
        END LOOP;
        new_mu[i] := (s_i / s_i) * omega + mu[i];
        new_sigma[i] := sqrt(s_i * greatest((s_i / s_i) * -big_delta + 1.0, 0.000001));
    END LOOP;
END
$$;

-- A hand's end booked for the players dealt in (`players`: the hand_dealt payload's
-- [{seat, player_id}]), from its settlement, in all time and in `in_season`: hands, pots
-- won, split pots, bourrés, tricks, and the ratings of those who played (ranked by tricks).
CREATE FUNCTION bourre_book_hand(league uuid, in_season integer, players jsonb, settlement jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    outcome jsonb := settlement->'outcome';
    s integer;
    ids uuid[];
    mu float8[];
    sigma float8[];
    ranks integer[];
    rated record;
BEGIN
    INSERT INTO standings AS st (league_id, season, player_id, hands_played, pots_won,
                                 split_pots, bourres, tricks)
    SELECT league, se.season, w.pid, 1,
           CASE WHEN outcome->>'type' IN ('won', 'uncontested')
                     AND (outcome->>'seat')::integer = w.seat THEN 1 ELSE 0 END,
           CASE WHEN outcome->>'type' = 'split' AND outcome->'seats' @> to_jsonb(w.seat)
                THEN 1 ELSE 0 END,
           (SELECT count(*)::integer FROM jsonb_array_elements(settlement->'bourre') b
             WHERE (b->>'seat')::integer = w.seat),
           (SELECT coalesce(sum((t->>'amount')::integer), 0)::integer
              FROM jsonb_array_elements(settlement->'tricks') t
             WHERE (t->>'seat')::integer = w.seat)
      FROM (SELECT (p->>'seat')::integer AS seat, (p->>'player_id')::uuid AS pid
              FROM jsonb_array_elements(players) p) w,
           (VALUES (0), (in_season)) AS se(season)
    ON CONFLICT (league_id, season, player_id) DO UPDATE SET
        hands_played = st.hands_played + EXCLUDED.hands_played,
        pots_won = st.pots_won + EXCLUDED.pots_won,
        split_pots = st.split_pots + EXCLUDED.split_pots,
        bourres = st.bourres + EXCLUDED.bourres,
        tricks = st.tricks + EXCLUDED.tricks;
    FOREACH s IN ARRAY ARRAY[0, in_season] LOOP
        -- Who played, in the settlement's order, with their rank by tricks.
        SELECT array_agg(x.pid ORDER BY x.n), array_agg(st.rating ORDER BY x.n),
               array_agg(st.rating_uncertainty ORDER BY x.n),
               array_agg(1 + (SELECT count(*)::integer
                                FROM jsonb_array_elements(settlement->'tricks') o
                               WHERE (o->>'amount')::bigint > x.amount) ORDER BY x.n)
          INTO ids, mu, sigma, ranks
          FROM (SELECT t.n, (t.v->>'amount')::bigint AS amount, w.pid
                  FROM jsonb_array_elements(settlement->'tricks') WITH ORDINALITY AS t(v, n)
                  JOIN (SELECT (p->>'seat')::integer AS seat, (p->>'player_id')::uuid AS pid
                          FROM jsonb_array_elements(players) p) w
                    ON w.seat = (t.v->>'seat')::integer) x
          JOIN standings st
            ON st.league_id = league AND st.season = s AND st.player_id = x.pid;
        IF coalesce(array_length(ids, 1), 0) >= 2 THEN
            rated := bourre_weng_lin(mu, sigma, ranks);
            UPDATE standings st SET rating = r.mu, rating_uncertainty = r.sigma
              FROM unnest(ids, rated.new_mu, rated.new_sigma) AS r(pid, mu, sigma)
             WHERE st.league_id = league AND st.season = s AND st.player_id = r.pid;
        END IF;
    END LOOP;
END
$$;

CREATE FUNCTION bourre_standings_hand() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    league uuid;
    players jsonb;
BEGIN
    -- The hand's deal is the table's current hand (the same statement may have dealt it).
    SELECT t.league_id, e.payload->'players' INTO league, players
      FROM tables t
      JOIN events e ON e.table_id = t.id AND e.seq = t.hand_seq
     WHERE t.id = NEW.table_id AND e.kind = 'hand_dealt' AND e.hand_no = NEW.hand_no;
    IF players IS NOT NULL THEN
        PERFORM bourre_book_hand(league, bourre_season_at(league, NEW.created_at), players,
                                 NEW.payload);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER standings_hand AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.kind = 'hand_ended') EXECUTE FUNCTION bourre_standings_hand();

-- Net and grants from a statement's ledger rows, in one upsert per statement (a deal's
-- antes, a hand's payouts and bourrés arrive together).
CREATE FUNCTION bourre_standings_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO standings AS st (league_id, season, player_id, net, grants)
    SELECT m.league_id, se.season, substr(a.account, 8)::uuid,
           sum(CASE WHEN m.reason <> 'grant' THEN a.sign * m.amount ELSE 0 END),
           sum(CASE WHEN m.reason = 'grant' THEN a.sign * m.amount ELSE 0 END)
      FROM (SELECT n.*, bourre_season_at(n.league_id, n.created_at) AS in_season
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

CREATE TRIGGER standings_ledger AFTER INSERT ON ledger
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bourre_standings_ledger();

-- What happened before: the ledger summed, and every hand booked in the order hands
-- ended.
INSERT INTO standings AS st (league_id, season, player_id, net, grants)
SELECT l.league_id, se.season, substr(a.account, 8)::uuid,
       sum(CASE WHEN l.reason <> 'grant' THEN a.sign * l.amount ELSE 0 END),
       sum(CASE WHEN l.reason = 'grant' THEN a.sign * l.amount ELSE 0 END)
  FROM ledger l
 CROSS JOIN LATERAL (VALUES (l.to_account, 1), (l.from_account, -1)) AS a(account, sign)
 CROSS JOIN LATERAL (VALUES (0), (bourre_season_at(l.league_id, l.created_at))) AS se(season)
 WHERE a.account LIKE 'player:%'
   AND l.reason IN ('ante', 'extra_ante', 'pot_won', 'bourre', 'pot_returned', 'grant')
 GROUP BY 1, 2, 3;

DO $$
DECLARE
    h record;
BEGIN
    FOR h IN
        SELECT t.league_id, e.created_at, d.payload->'players' AS players, e.payload
          FROM events e
          JOIN tables t ON t.id = e.table_id
          JOIN events d ON d.table_id = e.table_id AND d.hand_no = e.hand_no
                       AND d.kind = 'hand_dealt'
         WHERE e.kind = 'hand_ended'
         ORDER BY e.created_at, e.table_id, e.seq
    LOOP
        PERFORM bourre_book_hand(h.league_id, bourre_season_at(h.league_id, h.created_at),
                                 h.players, h.payload);
    END LOOP;
END
$$;
