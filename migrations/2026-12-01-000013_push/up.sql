-- Web Push: "your turn" to a player's browsers, from the notification outbox.

-- A browser's PushSubscription (its endpoint at a push service, and the keys messages are
-- encrypted to, RFC 8291), for the player signed in when it subscribed.
CREATE TABLE push_subscriptions (
    id uuid PRIMARY KEY,
    player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    -- One browser, one subscription: subscribing again (or as another player) replaces it.
    endpoint text NOT NULL UNIQUE,
    -- The browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret.
    p256dh bytea NOT NULL CHECK (length(p256dh) = 65),
    auth bytea NOT NULL CHECK (length(auth) = 16),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id, created_at);

-- One message to one subscription, sent at least once like a webhook delivery (taken with
-- FOR UPDATE SKIP LOCKED under a lease, retried with backoff for a day); deleted once the
-- push service took it, refused it, or the subscription is gone.
CREATE TABLE push_messages (
    id bigserial PRIMARY KEY,
    subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    kind text NOT NULL,
    -- The notification as a webhook would carry it: `type`, `timestamp`, `data`.
    body text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_messages_due ON push_messages (next_at);
CREATE INDEX push_messages_subscription ON push_messages (subscription_id);

-- Who is watching which table, on which server process: a row per (table, player,
-- process) with a live stream or long-poll, refreshed every few seconds by its process. A
-- player with a fresh row is at the table, and is not pushed "your turn" there.
CREATE TABLE watchers (
    table_id uuid NOT NULL,
    player_id uuid NOT NULL,
    process uuid NOT NULL,
    seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, player_id, process)
);
CREATE INDEX watchers_process ON watchers (process);
