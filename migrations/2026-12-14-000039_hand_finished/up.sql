-- A hand's end (its `seed_revealed` row) queued for the public log and indexed for the
-- exports by one trigger instead of two: every statement that appends events prepares one
-- WHEN test instead of two, and a hand's end calls one function. What each did is
-- unchanged (see the `public_log` and `finished_hands` migrations): written in the
-- transaction that writes the row, whatever process writes it.
CREATE FUNCTION hand_finished() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    number integer := (NEW.payload->>'hand_no')::integer;
    dealt events%ROWTYPE;
BEGIN
    INSERT INTO log_queue (table_id, hand_no, seq, head)
    VALUES (NEW.table_id, number, NEW.seq, NEW.hash)
    ON CONFLICT (table_id, hand_no) DO NOTHING;
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

DROP TRIGGER events_log_queue ON events;
DROP TRIGGER events_finished_hand ON events;
DROP FUNCTION log_queue_hand();
DROP FUNCTION finished_hand();

-- Fired for a hand's end only: other events pass the WHEN test and nothing more.
CREATE TRIGGER events_hand_finished AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.kind = 'seed_revealed') EXECUTE FUNCTION hand_finished();
