-- "Your turn" and the other notifications, through a transactional outbox.

-- A league's webhook endpoints (admins add them): where its app backend hears of turns.
CREATE TABLE webhooks (
    id uuid PRIMARY KEY,
    league_id uuid NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    url text NOT NULL,
    events text[] NOT NULL,
    -- The signing secret, `whsec_` + base64 (Standard Webhooks): shown once, when made.
    secret text NOT NULL,
    created_by uuid NOT NULL REFERENCES players (id),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_league ON webhooks (league_id);

-- What a move announces, written in the transaction of the move's events (so none for a
-- refused or rolled-back move, none lost after its commit); only for leagues with a
-- webhook. The dispatcher turns each due row into one delivery per endpoint, then
-- deletes it.
CREATE TABLE notifications (
    id bigserial PRIMARY KEY,
    league_id uuid NOT NULL,
    table_id uuid NOT NULL,
    kind text NOT NULL CHECK (kind IN ('turn.started', 'turn.reminder', 'hand.ended', 'player.timed_out')),
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    due_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_due ON notifications (due_at);

-- One message to one endpoint, delivered at least once: a process takes due rows with
-- FOR UPDATE SKIP LOCKED and leases them (`next_at` moves past the attempt), so no two
-- processes send a row at once; retried with backoff for a day, then failed.
CREATE TABLE deliveries (
    -- The `webhook-id` header: the same on every attempt.
    id text PRIMARY KEY,
    webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    kind text NOT NULL,
    -- The body exactly as signed and sent.
    body text NOT NULL,
    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE INDEX deliveries_due ON deliveries (next_at) WHERE state = 'pending';
CREATE INDEX deliveries_webhook ON deliveries (webhook_id, created_at);
CREATE INDEX deliveries_finished ON deliveries (finished_at) WHERE state <> 'pending';

CREATE TABLE delivery_attempts (
    delivery_id text NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
    attempt integer NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    -- The endpoint's HTTP status; null when it could not be reached (then `error`).
    status integer,
    error text,
    took_ms integer NOT NULL,
    PRIMARY KEY (delivery_id, attempt)
);
