-- Whether the league's members watching a table (not seated at it) may talk at it.
ALTER TABLE leagues ADD COLUMN watchers_chat boolean NOT NULL DEFAULT false;

-- A message an admin hid (a report's `hide`): gone for everyone, kept for the record.
ALTER TABLE chat_messages ADD COLUMN hidden_at timestamptz,
    ADD COLUMN hidden_by uuid REFERENCES players (id);

-- A member muted by an admin (a report's `mute`) says nothing at the league's tables
-- until then.
ALTER TABLE memberships ADD COLUMN chat_muted_until timestamptz;

-- Who blocked whom: a blocked player's free text and names are hidden from the blocker,
-- and they send the blocker no invitation through the server.
CREATE TABLE blocks (
    blocker uuid NOT NULL REFERENCES players (id),
    blocked uuid NOT NULL REFERENCES players (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker, blocked),
    CHECK (blocker <> blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);

-- What players reported: to the admins of `league_id`, or to the operator when it is
-- null (a report about a league or its admins). `subject` is the player it is about (a
-- message's author, the player, a table's creator); `message_id` the message reported,
-- while it is kept.
CREATE TABLE reports (
    id bigserial PRIMARY KEY,
    reporter uuid NOT NULL REFERENCES players (id),
    kind text NOT NULL CHECK (kind IN ('message', 'player', 'league', 'table')),
    target text NOT NULL,
    league_id uuid REFERENCES leagues (id),
    subject uuid REFERENCES players (id),
    message_id bigint REFERENCES chat_messages (id) ON DELETE SET NULL,
    reason text NOT NULL CHECK (reason IN ('spam', 'harassment', 'hate', 'sexual',
        'cheating', 'impersonation', 'other')),
    note text,
    status text NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'dismissed', 'hidden', 'muted', 'removed')),
    resolved_by uuid REFERENCES players (id),
    resolved_at timestamptz,
    mute_hours integer,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_queue ON reports (league_id, status, id);
CREATE INDEX reports_reporter ON reports (reporter, created_at);

ALTER TABLE league_history DROP CONSTRAINT league_history_kind_check,
    ADD CONSTRAINT league_history_kind_check CHECK (kind IN ('admin_promoted',
        'admin_handed_on', 'member_removed', 'member_deleted', 'webhook_taken_over',
        'league_closed', 'chat_policy_changed', 'report_resolved'));

-- A delivery with no endpoint goes to the operator's channel (`BOURRE_OPERATOR_WEBHOOK_URL`):
-- reports about a league or its admins.
ALTER TABLE deliveries ALTER COLUMN webhook_id DROP NOT NULL;
