CREATE FUNCTION bourre_book_hand(league uuid, in_season integer, players jsonb, settlement jsonb)
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

CREATE FUNCTION bourre_standings_hand() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE FUNCTION bourre_standings_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER standings_hand AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.kind = 'hand_ended') EXECUTE FUNCTION bourre_standings_hand();

CREATE TRIGGER standings_ledger AFTER INSERT ON ledger
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bourre_standings_ledger();
