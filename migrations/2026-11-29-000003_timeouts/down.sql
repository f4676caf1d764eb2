DROP INDEX tables_deadline;
ALTER TABLE seats DROP COLUMN timeouts;
