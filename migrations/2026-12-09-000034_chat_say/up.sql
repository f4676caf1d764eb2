-- Saying something at a table, in one call (its statements planned once a session):
-- takes the table's row until the transaction ends (FOR NO KEY UPDATE: the table's
-- messages take turns, so they commit in the order of their ids; and no event commits
-- until the message does, so it comes between the events it was said between); then,
-- read after the wait, what the checks need, and the message stored when the player is a
-- member, seated (or the league lets members watching talk), the league's policy allows
-- it, they are not muted, and they said fewer than `burst` messages at the table in the
-- `secs` seconds before. No row: no such table. The transaction commits without waiting
-- for the disk: a database crash may lose the last moments of chat, never a move.
CREATE FUNCTION chat_say(p_table uuid, p_player uuid, p_secs bigint, p_burst bigint,
    p_phrase text, p_body text)
RETURNS TABLE (version bigint, hand_no integer, chat text, watchers_chat boolean,
    role text, seated boolean, muted_until timestamptz, username text, display_name text,
    now timestamptz, said bigint, first timestamptz, id bigint, said_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    v_now timestamptz;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    PERFORM 1 FROM tables t WHERE t.id = p_table FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    -- The database's clock after the wait: the rate limit counts by it.
    v_now := clock_timestamp();
    -- A statement of its own: its snapshot is taken after the wait.
    RETURN QUERY
    WITH turn AS (SELECT t.version, t.hand_no, l.chat, l.watchers_chat, m.role,
            EXISTS (SELECT 1 FROM seats st WHERE st.table_id = t.id
                AND st.player_id = p_player) AS seated,
            m.chat_muted_until AS muted_until, p.username, p.display_name,
            v_now AS now, s.said, s.first
        FROM tables t JOIN leagues l ON l.id = t.league_id JOIN players p ON p.id = p_player
        LEFT JOIN memberships m ON m.league_id = t.league_id AND m.player_id = p_player,
        (SELECT count(*) AS said, min(c.created_at) AS first FROM chat_messages c
            WHERE c.table_id = p_table AND c.player_id = p_player
            AND c.created_at > v_now - make_interval(secs => p_secs)) s
        WHERE t.id = p_table),
    ins AS (INSERT INTO chat_messages AS c (table_id, player_id, hand_no, after_seq, phrase,
            body, created_at)
        SELECT p_table, p_player, turn.hand_no, turn.version, p_phrase, p_body, v_now
        FROM turn WHERE turn.role IS NOT NULL AND (turn.seated OR turn.watchers_chat)
            AND turn.chat <> 'off' AND (p_body IS NULL OR turn.chat = 'text')
            AND (turn.muted_until IS NULL OR turn.muted_until <= turn.now)
            AND turn.said < p_burst
        RETURNING c.id, c.created_at)
    SELECT turn.version, turn.hand_no, turn.chat, turn.watchers_chat, turn.role,
        turn.seated, turn.muted_until, turn.username, turn.display_name, turn.now,
        turn.said, turn.first, ins.id, ins.created_at
    FROM turn LEFT JOIN ins ON true;
END
$$;
