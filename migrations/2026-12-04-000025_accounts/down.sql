DROP INDEX players_abandoned_guests;
ALTER TABLE players
    DROP COLUMN guest,
    DROP COLUMN display_name,
    DROP COLUMN avatar,
    DROP COLUMN locale,
    DROP COLUMN time_zone,
    DROP COLUMN seen_at;
