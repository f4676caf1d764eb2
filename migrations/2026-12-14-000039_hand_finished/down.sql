DROP TRIGGER events_hand_finished ON events;
DROP FUNCTION hand_finished();

CREATE FUNCTION log_queue_hand() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO log_queue (table_id, hand_no, seq, head)
    VALUES (NEW.table_id, (NEW.payload->>'hand_no')::integer, NEW.seq, NEW.hash)
    ON CONFLICT (table_id, hand_no) DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER events_log_queue AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.kind = 'seed_revealed') EXECUTE FUNCTION log_queue_hand();

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

CREATE TRIGGER events_finished_hand AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.kind = 'seed_revealed') EXECUTE FUNCTION finished_hand();
