CREATE OR REPLACE VIEW notification_prefs AS
SELECT p.id AS player_id,
       p.time_zone,
       coalesce(s.web_push, ARRAY['turn.started', 'turn.reminder']) AS web_push,
       coalesce(s.devices, ARRAY['turn.started', 'turn.reminder']) AS devices,
       CASE WHEN s.player_id IS NULL THEN time '22:00' ELSE s.quiet_start END AS quiet_start,
       CASE WHEN s.player_id IS NULL THEN time '08:00' ELSE s.quiet_end END AS quiet_end
FROM players p
LEFT JOIN notification_settings s ON s.player_id = p.id;
UPDATE notification_settings SET
    web_push = array(SELECT k FROM unnest(web_push) k WHERE k NOT LIKE 'tournament.%'),
    devices = array(SELECT k FROM unnest(devices) k WHERE k NOT LIKE 'tournament.%');
ALTER TABLE notification_settings
    DROP CONSTRAINT notification_settings_web_push_check,
    DROP CONSTRAINT notification_settings_devices_check;
ALTER TABLE notification_settings
    ADD CONSTRAINT notification_settings_web_push_check
        CHECK (web_push <@ ARRAY['turn.started', 'turn.reminder', 'hand.ended']),
    ADD CONSTRAINT notification_settings_devices_check
        CHECK (devices <@ ARRAY['turn.started', 'turn.reminder', 'hand.ended']);
DELETE FROM notifications WHERE kind LIKE 'tournament.%';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('turn.started',
    'turn.reminder', 'hand.ended', 'player.timed_out'));
ALTER TABLE notifications ALTER COLUMN table_id SET NOT NULL;
DROP TABLE tournament_seats;
DROP TABLE tournament_rounds;
DROP TABLE tournament_entries;
DROP TABLE tournaments;
ALTER TABLE tables DROP COLUMN hand_limit, DROP COLUMN seats_assigned;
