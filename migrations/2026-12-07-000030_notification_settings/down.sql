ALTER TABLE push_messages DROP COLUMN held;
DROP FUNCTION quiet_until(text, time, time, timestamptz);
DROP FUNCTION zone_known(text);
DROP VIEW notification_prefs;
DROP TABLE notification_settings;
