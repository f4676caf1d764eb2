DROP INDEX players_username_key;
UPDATE players SET username = 'deleted-' || id WHERE deleted_at IS NOT NULL;
CREATE UNIQUE INDEX players_username_key ON players (lower(username));
ALTER TABLE players DROP COLUMN deleted_at;
DROP TABLE refresh_tokens;
DROP TABLE sessions;
