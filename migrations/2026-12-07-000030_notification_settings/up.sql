-- What a player is sent, by kind ('turn.started', 'turn.reminder', 'hand.ended') and by
-- channel (Web Push, native devices), and their quiet hours (local times in their profile's
-- time zone, `start` to `end`, over midnight when `end` comes first). A player without a
-- row has the defaults `notification_prefs` gives.
CREATE TABLE notification_settings (
    player_id uuid PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    web_push text[] NOT NULL
        CHECK (web_push <@ ARRAY['turn.started', 'turn.reminder', 'hand.ended']),
    devices text[] NOT NULL
        CHECK (devices <@ ARRAY['turn.started', 'turn.reminder', 'hand.ended']),
    quiet_start time,
    quiet_end time,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((quiet_start IS NULL) = (quiet_end IS NULL)),
    CHECK (quiet_start <> quiet_end)
);

-- Every player's settings, the defaults for a player who never chose: turns and reminders
-- on both channels, hands' ends on neither, quiet from 22:00 to 08:00.
CREATE VIEW notification_prefs AS
SELECT p.id AS player_id,
       p.time_zone,
       coalesce(s.web_push, ARRAY['turn.started', 'turn.reminder']) AS web_push,
       coalesce(s.devices, ARRAY['turn.started', 'turn.reminder']) AS devices,
       CASE WHEN s.player_id IS NULL THEN time '22:00' ELSE s.quiet_start END AS quiet_start,
       CASE WHEN s.player_id IS NULL THEN time '08:00' ELSE s.quiet_end END AS quiet_end
FROM players p
LEFT JOIN notification_settings s ON s.player_id = p.id;

-- Whether PostgreSQL knows time zone `zone` (a profile's must be one it knows, for quiet
-- hours).
CREATE FUNCTION zone_known(zone text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
    PERFORM now() AT TIME ZONE zone;
    RETURN true;
EXCEPTION WHEN invalid_parameter_value THEN
    RETURN false;
END
$$;

-- When the quiet hours `start_at` to `end_at` (local times in `zone`) that `at` falls in
-- end; null when `at` is outside them, or there are none, or no zone (or one PostgreSQL
-- does not know). Around a change of clocks, an end that falls in the hour skipped or
-- repeated is read as PostgreSQL reads such a local time (an hour later, or the first).
CREATE FUNCTION quiet_until(zone text, start_at time, end_at time, at timestamptz)
RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
    here timestamp;
    ends timestamp;
BEGIN
    IF zone IS NULL OR start_at IS NULL OR end_at IS NULL THEN
        RETURN NULL;
    END IF;
    BEGIN
        here := at AT TIME ZONE zone;
    EXCEPTION WHEN invalid_parameter_value THEN
        RETURN NULL;
    END;
    IF (start_at < end_at AND (here::time < start_at OR here::time >= end_at))
        OR (start_at > end_at AND here::time < start_at AND here::time >= end_at) THEN
        RETURN NULL;
    END IF;
    ends := here::date + end_at;
    IF ends <= here THEN
        ends := ends + interval '1 day';
    END IF;
    RETURN ends AT TIME ZONE zone;
END
$$;

-- A message held for the player's quiet hours: due at their end, and dropped then if it is
-- about a turn that is over.
ALTER TABLE push_messages ADD COLUMN held boolean NOT NULL DEFAULT false;
