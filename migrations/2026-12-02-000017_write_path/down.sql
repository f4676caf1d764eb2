DROP TRIGGER leagues_no_delete ON leagues;
DROP TRIGGER tables_no_delete ON tables;
DROP FUNCTION bourre_no_delete();
ALTER TABLE standings ADD CONSTRAINT standings_league_id_fkey
    FOREIGN KEY (league_id) REFERENCES leagues (id);
ALTER TABLE ledger ADD CONSTRAINT ledger_league_id_fkey
    FOREIGN KEY (league_id) REFERENCES leagues (id);
ALTER TABLE ledger ADD CONSTRAINT ledger_table_id_fkey
    FOREIGN KEY (table_id) REFERENCES tables (id);
ALTER TABLE events ADD CONSTRAINT events_table_id_fkey
    FOREIGN KEY (table_id) REFERENCES tables (id);

CREATE OR REPLACE FUNCTION bourre_book_hand(league uuid, in_season integer, players jsonb, settlement jsonb)
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

CREATE OR REPLACE FUNCTION bourre_standings_hand() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION bourre_standings_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
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
