-- A session: one sign-in (register or login) and the refresh tokens rotated from it. An
-- access token names its session and is refused once the session has ended, whichever
-- server process sees it.
CREATE TABLE sessions (
    id uuid PRIMARY KEY,
    player_id uuid NOT NULL REFERENCES players (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    -- When its newest refresh token expires; the housekeeper drops it a day later.
    expires_at timestamptz NOT NULL,
    ended_at timestamptz,
    ended_why text CHECK (ended_why IN ('logout', 'logout_all', 'password_changed', 'refresh_reused', 'account_deleted')),
    CHECK ((ended_at IS NULL) = (ended_why IS NULL))
);
CREATE INDEX sessions_player ON sessions (player_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- Refresh tokens, by the SHA-256 of the token (the token itself is never stored). Each is
-- good once: refreshing rotates it, and presenting a rotated one again ends its session.
CREATE TABLE refresh_tokens (
    hash bytea PRIMARY KEY CHECK (length(hash) = 32),
    session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    issued_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    rotated_at timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- A deleted account keeps its row (ledger rows, seats and memberships refer to it) but
-- loses its name and credentials; the name becomes free for someone else.
ALTER TABLE players ADD COLUMN deleted_at timestamptz;
DROP INDEX players_username_key;
CREATE UNIQUE INDEX players_username_key ON players (lower(username)) WHERE deleted_at IS NULL;
