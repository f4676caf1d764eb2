-- Accounts beyond a username and a password: guests (no password until they upgrade), a
-- profile (display name, avatar, locale, time zone), and when the player last signed in or
-- refreshed a session (an abandoned guest is deleted after so many days of none).
ALTER TABLE players
    ADD COLUMN guest boolean NOT NULL DEFAULT false,
    ADD COLUMN display_name text,
    ADD COLUMN avatar text,
    ADD COLUMN locale text CHECK (locale IN ('en', 'zh-Hans', 'ja', 'th')),
    ADD COLUMN time_zone text,
    ADD COLUMN seen_at timestamptz NOT NULL DEFAULT now();
UPDATE players SET seen_at = created_at;
CREATE INDEX players_abandoned_guests ON players (seen_at)
    WHERE guest AND deleted_at IS NULL;
