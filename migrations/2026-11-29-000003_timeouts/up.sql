-- Turn timeouts: a seat's consecutive timeouts (a real action resets it; two in a row and
-- the player is stood up when the hand ends), and the sweeper's look-up of due deadlines.
ALTER TABLE seats ADD COLUMN timeouts smallint NOT NULL DEFAULT 0;
CREATE INDEX tables_deadline ON tables (deadline) WHERE deadline IS NOT NULL;
