DROP INDEX tables_deadline_minute;
ALTER TABLE tables DROP COLUMN deadline_minute;
ALTER TABLE tables RESET (fillfactor);
CREATE INDEX tables_deadline ON tables (deadline) WHERE deadline IS NOT NULL;
