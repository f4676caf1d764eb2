-- The public log of hands (docs/guide/public-log.md): an append-only Merkle tree with one
-- leaf per finished hand, sequenced once, in PostgreSQL, by whichever process holds the
-- head's row.

-- Hands finished and not yet in the tree. A hand finishes with its `seed_revealed` event:
-- the trigger below queues it in the transaction that writes it, whatever process or version
-- writes it (during a rolling upgrade, processes that predate the log too), so a rolled-back
-- move queues nothing and no finished hand is missed.
CREATE TABLE log_queue (
    id bigserial PRIMARY KEY,
    table_id uuid NOT NULL,
    hand_no integer NOT NULL,
    -- The `seed_revealed` row: the hand's chain head when it finished.
    seq bigint NOT NULL,
    head text NOT NULL,
    queued_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (table_id, hand_no)
);

CREATE FUNCTION log_queue_hand() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO log_queue (table_id, hand_no, seq, head)
    VALUES (NEW.table_id, (NEW.payload->>'hand_no')::integer, NEW.seq, NEW.hash)
    ON CONFLICT (table_id, hand_no) DO NOTHING;
    RETURN NULL;
END
$$;

-- Fired for a hand's end only: other events pass the WHEN test and nothing more.
CREATE TRIGGER events_log_queue AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.kind = 'seed_revealed') EXECUTE FUNCTION log_queue_hand();

-- The leaves, by index from 0; a hand is in the tree at most once.
CREATE TABLE log_leaves (
    idx bigint PRIMARY KEY CHECK (idx >= 0),
    table_id uuid NOT NULL,
    hand_no integer NOT NULL,
    leaf bytea NOT NULL,
    -- When the sequencer added it (the hand finished at its `seed_revealed` row's
    -- `created_at`): how far the log runs behind the tables.
    added_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (table_id, hand_no)
);

-- The hash of every complete subtree: the node at `level` covering leaves
-- [idx * 2^level, (idx + 1) * 2^level). Level 0 holds the leaves' hashes.
CREATE TABLE log_nodes (
    level smallint NOT NULL CHECK (level BETWEEN 0 AND 63),
    idx bigint NOT NULL CHECK (idx >= 0),
    hash bytea NOT NULL CHECK (length(hash) = 32),
    PRIMARY KEY (level, idx)
);

-- The head: one row, the newest signed checkpoint. Its row lock is the sequencer's turn.
CREATE TABLE log_head (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    size bigint NOT NULL CHECK (size >= 0),
    root bytea NOT NULL CHECK (length(root) = 32),
    -- The signed note of the checkpoint (empty until the first one is signed).
    note text NOT NULL,
    signed_at timestamptz NOT NULL DEFAULT now()
);

-- The tree of no leaves: its root is SHA-256 of nothing.
INSERT INTO log_head (size, root, note)
VALUES (0, decode('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'hex'), '');

-- Hands that finished before the log existed are queued in the order they finished.
INSERT INTO log_queue (table_id, hand_no, seq, head)
SELECT table_id, (payload->>'hand_no')::integer, seq, hash
FROM events WHERE kind = 'seed_revealed'
ORDER BY created_at, table_id, seq
ON CONFLICT (table_id, hand_no) DO NOTHING;
