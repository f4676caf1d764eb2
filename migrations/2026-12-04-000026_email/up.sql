-- A player's email, verified by a code sent to it; codes (to verify an email, or to reset
-- a forgotten password) stored hashed; and mail waiting to be sent, in the outbox.
ALTER TABLE players
    ADD COLUMN email text CHECK (email = lower(email)),
    ADD COLUMN email_verified_at timestamptz;
-- One account per verified address: a password reset names the account by it.
CREATE UNIQUE INDEX players_verified_email ON players (email)
    WHERE email_verified_at IS NOT NULL AND deleted_at IS NULL;

-- A short code sent by mail: single-use, short-lived, a bounded number of tries.
CREATE TABLE mail_codes (
    id uuid PRIMARY KEY,
    player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    -- The address the code was sent to: a verification verifies this one.
    email text NOT NULL,
    -- SHA-256 of the code's id and the code: the code itself is not stored here.
    code_hash bytea NOT NULL CHECK (length(code_hash) = 32),
    tries integer NOT NULL DEFAULT 0,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_codes_player ON mail_codes (player_id, purpose, created_at);

-- A message to send, written in the transaction that made its code: sent at least once,
-- taken with FOR UPDATE SKIP LOCKED under a lease and retried with backoff for a day like
-- a webhook delivery; deleted once the mail server took it (or refused it for good).
CREATE TABLE mail_messages (
    id bigserial PRIMARY KEY,
    to_address text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_messages_due ON mail_messages (next_at);

-- A password reset ends every session of the account.
ALTER TABLE sessions DROP CONSTRAINT sessions_ended_why_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_ended_why_check CHECK (ended_why IN
    ('logout', 'logout_all', 'password_changed', 'refresh_reused', 'account_deleted',
     'password_reset'));
