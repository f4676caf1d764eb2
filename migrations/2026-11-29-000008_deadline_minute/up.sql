-- The sweeper finds due turns by the minute their deadline falls in. Every move sets its
-- table's deadline, but few change its minute, so most moves can update the table's row in
-- place (a heap-only update: no new entry in any index of `tables`), with room left on
-- each page for the new row version.
DROP INDEX tables_deadline;
ALTER TABLE tables SET (fillfactor = 80);
ALTER TABLE tables ADD COLUMN deadline_minute timestamptz
    GENERATED ALWAYS AS (date_bin('1 minute', deadline, TIMESTAMPTZ '2000-01-01 00:00:00+00')) STORED;
CREATE INDEX tables_deadline_minute ON tables (deadline_minute) WHERE deadline_minute IS NOT NULL;
