ALTER TABLE ledger DROP COLUMN note;
DROP INDEX ledger_table;
DROP INDEX ledger_to;
DROP INDEX ledger_from;
DROP TABLE seasons;
