-- Native apps' devices (an FCM registration token, or an APNs device token), each of the
-- session that registered it and ending with it; their pushes go through the same outbox
-- as Web Push's, a message for one subscription or one device.
CREATE TABLE devices (
    id uuid PRIMARY KEY,
    player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    platform text NOT NULL CHECK (platform IN ('fcm', 'apns')),
    -- One app install, one device: registered again (by another session) it moves.
    token text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    UNIQUE (platform, token)
);
CREATE INDEX devices_player ON devices (player_id, created_at);
CREATE INDEX devices_session ON devices (session_id);

ALTER TABLE push_messages
    ALTER COLUMN subscription_id DROP NOT NULL,
    ADD COLUMN device_id uuid REFERENCES devices (id) ON DELETE CASCADE,
    ADD CONSTRAINT push_messages_one_target CHECK ((subscription_id IS NULL) <> (device_id IS NULL));
CREATE INDEX push_messages_device ON push_messages (device_id);
