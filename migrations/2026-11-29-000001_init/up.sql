-- Players, leagues, tables, the event log, the chip ledger and its projections.

CREATE TABLE players (
    id uuid PRIMARY KEY,
    username text NOT NULL,
    password_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX players_username_key ON players (lower(username));

CREATE TABLE leagues (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    invite_code text NOT NULL UNIQUE,
    starting_balance bigint NOT NULL CHECK (starting_balance >= 0),
    created_by uuid NOT NULL REFERENCES players (id),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
    league_id uuid NOT NULL REFERENCES leagues (id),
    player_id uuid NOT NULL REFERENCES players (id),
    role text NOT NULL CHECK (role IN ('admin', 'member')),
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (league_id, player_id)
);
CREATE INDEX memberships_player ON memberships (player_id);

-- A table's summary: a projection of its event log, plus the secret seed of its next hand.
CREATE TABLE tables (
    id uuid PRIMARY KEY,
    league_id uuid NOT NULL REFERENCES leagues (id),
    name text NOT NULL,
    rules jsonb NOT NULL,
    created_by uuid NOT NULL REFERENCES players (id),
    fixed_decks jsonb,
    version bigint NOT NULL DEFAULT 0,
    hand_no integer NOT NULL DEFAULT 0,
    hand_seq bigint,
    in_hand boolean NOT NULL DEFAULT false,
    dealer smallint,
    exempt uuid[] NOT NULL DEFAULT '{}',
    next_seed bytea NOT NULL,
    to_act uuid[] NOT NULL DEFAULT '{}',
    deadline timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tables_league ON tables (league_id);

CREATE TABLE seats (
    table_id uuid NOT NULL REFERENCES tables (id),
    seat smallint NOT NULL CHECK (seat >= 0 AND seat < 8),
    player_id uuid NOT NULL REFERENCES players (id),
    league_id uuid NOT NULL REFERENCES leagues (id),
    sat_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, player_id),
    -- A player's league balance backs one table at a time (R3, R8a).
    UNIQUE (league_id, player_id)
);

-- The truth: every table's events, hash-chained, seq = the table's version.
CREATE TABLE events (
    table_id uuid NOT NULL REFERENCES tables (id),
    seq bigint NOT NULL CHECK (seq > 0),
    hand_no integer NOT NULL,
    kind text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    prev_hash text NOT NULL,
    hash text NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- Double-entry ledger: every entry moves chips from one account to another.
-- Accounts: 'treasury', 'player:<uuid>', 'pot:<uuid>'.
CREATE TABLE ledger (
    id bigserial PRIMARY KEY,
    league_id uuid NOT NULL REFERENCES leagues (id),
    from_account text NOT NULL,
    to_account text NOT NULL,
    amount bigint NOT NULL CHECK (amount > 0),
    reason text NOT NULL,
    table_id uuid REFERENCES tables (id),
    hand_no integer,
    event_seq bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (from_account <> to_account)
);
CREATE INDEX ledger_league ON ledger (league_id, id);

-- Projection of the ledger: one row per account.
CREATE TABLE balances (
    league_id uuid NOT NULL REFERENCES leagues (id),
    account text NOT NULL,
    balance bigint NOT NULL,
    PRIMARY KEY (league_id, account),
    CHECK (balance >= 0 OR account = 'treasury')
);

-- Idempotency: the key, the response and the effects commit together.
CREATE TABLE idempotency (
    player_id uuid NOT NULL REFERENCES players (id),
    key text NOT NULL,
    request_hash text NOT NULL,
    status smallint NOT NULL,
    body jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (player_id, key)
);
