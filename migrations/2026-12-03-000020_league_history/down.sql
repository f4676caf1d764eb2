ALTER TABLE leagues DROP COLUMN closed_at;
DROP TABLE league_history;
