-- Failed logins, shared by every server process: per account (lower-cased username) and
-- client address, and per address over all accounts (account '').
CREATE TABLE login_failures (
    account text NOT NULL,
    address text NOT NULL,
    failures integer NOT NULL CHECK (failures > 0),
    last_failed_at timestamptz NOT NULL,
    blocked_until timestamptz NOT NULL,
    PRIMARY KEY (account, address)
);
CREATE INDEX login_failures_last_failed_at ON login_failures (last_failed_at);

-- Requests counted per client address and hour (registrations, league joins).
CREATE TABLE address_hits (
    action text NOT NULL,
    address text NOT NULL,
    hour timestamptz NOT NULL,
    hits integer NOT NULL CHECK (hits > 0),
    PRIMARY KEY (action, address, hour)
);
CREATE INDEX address_hits_hour ON address_hits (hour);

-- Who may join: anyone with the invite code, or those an admin approves. The invite code
-- may expire, or be good for a number of joins.
ALTER TABLE leagues
    ADD COLUMN join_policy text NOT NULL DEFAULT 'open' CHECK (join_policy IN ('open', 'approval')),
    ADD COLUMN invite_expires_at timestamptz,
    ADD COLUMN invite_uses_left integer CHECK (invite_uses_left >= 0);

-- Players who asked to join a league that admits on approval: not members, no chips.
CREATE TABLE join_requests (
    league_id uuid NOT NULL REFERENCES leagues (id),
    player_id uuid NOT NULL REFERENCES players (id),
    requested_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (league_id, player_id)
);

-- The housekeeper drops replies older than a day.
CREATE INDEX idempotency_created_at ON idempotency (created_at);
