-- What a table's players say: a phrase of the catalogue (its key) or, where the league
-- allows it, free text; said in hand `hand_no` (0 before the first), after the table's
-- event `after_seq`. Never part of the table's event log or its audit; kept for
-- `BOURRE_CHAT_RETENTION_DAYS`, and a deleted account's free text goes with it.
CREATE TABLE chat_messages (
    id bigserial PRIMARY KEY,
    table_id uuid NOT NULL REFERENCES tables (id),
    player_id uuid NOT NULL REFERENCES players (id),
    hand_no integer NOT NULL,
    after_seq bigint NOT NULL,
    phrase text,
    body text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((phrase IS NULL) <> (body IS NULL))
);
CREATE INDEX chat_messages_table ON chat_messages (table_id, id);
CREATE INDEX chat_messages_player ON chat_messages (player_id, table_id, created_at);
CREATE INDEX chat_messages_created ON chat_messages (created_at);
