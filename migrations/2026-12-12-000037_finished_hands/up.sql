-- Finished hands, indexed for the hand-history exports (docs/guide/hand-histories.md): a
-- league's hands and a player's, in the order they finished, each with the span of its
-- rows in the table's log, so that an export reads a page of hands without reading whole
-- logs. A hand is added by the trigger below in the transaction that writes its
-- `seed_revealed` row (its last), whatever process writes it: a hand in play is never here.
CREATE TABLE finished_hands (
    table_id uuid NOT NULL,
    hand_no integer NOT NULL,
    league_id uuid NOT NULL,
    -- When the hand finished: its `seed_revealed` row's `created_at`.
    ended_at timestamptz NOT NULL,
    -- Its rows in the table's log: from its `hand_dealt` to its `seed_revealed`.
    first_seq bigint NOT NULL,
    last_seq bigint NOT NULL,
    PRIMARY KEY (table_id, hand_no)
);
CREATE INDEX finished_hands_league ON finished_hands (league_id, ended_at, table_id, hand_no);

-- Who was dealt into each finished hand.
CREATE TABLE finished_hand_players (
    player_id uuid NOT NULL,
    ended_at timestamptz NOT NULL,
    table_id uuid NOT NULL,
    hand_no integer NOT NULL,
    PRIMARY KEY (player_id, ended_at, table_id, hand_no)
);

CREATE FUNCTION finished_hand() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    number integer := (NEW.payload->>'hand_no')::integer;
    dealt events%ROWTYPE;
BEGIN
    SELECT * INTO dealt FROM events
    WHERE table_id = NEW.table_id AND hand_no = number AND kind = 'hand_dealt'
    ORDER BY seq LIMIT 1;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    INSERT INTO finished_hands (table_id, hand_no, league_id, ended_at, first_seq, last_seq)
    SELECT NEW.table_id, number, t.league_id, NEW.created_at, dealt.seq, NEW.seq
    FROM tables t WHERE t.id = NEW.table_id
    ON CONFLICT (table_id, hand_no) DO NOTHING;
    INSERT INTO finished_hand_players (player_id, ended_at, table_id, hand_no)
    SELECT (p->>'player_id')::uuid, NEW.created_at, NEW.table_id, number
    FROM jsonb_array_elements(dealt.payload->'players') AS p
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;

-- Fired for a hand's end only: other events pass the WHEN test and nothing more.
CREATE TRIGGER events_finished_hand AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.kind = 'seed_revealed') EXECUTE FUNCTION finished_hand();

-- The hands that finished before this index.
INSERT INTO finished_hands (table_id, hand_no, league_id, ended_at, first_seq, last_seq)
SELECT r.table_id, (r.payload->>'hand_no')::integer, t.league_id, r.created_at, d.seq, r.seq
FROM events r
JOIN tables t ON t.id = r.table_id
JOIN events d ON d.table_id = r.table_id AND d.hand_no = (r.payload->>'hand_no')::integer
    AND d.kind = 'hand_dealt'
WHERE r.kind = 'seed_revealed'
ON CONFLICT (table_id, hand_no) DO NOTHING;
INSERT INTO finished_hand_players (player_id, ended_at, table_id, hand_no)
SELECT (p->>'player_id')::uuid, h.ended_at, h.table_id, h.hand_no
FROM finished_hands h
JOIN events d ON d.table_id = h.table_id AND d.seq = h.first_seq,
    jsonb_array_elements(d.payload->'players') AS p
ON CONFLICT DO NOTHING;
