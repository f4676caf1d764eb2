ALTER TABLE leagues DROP COLUMN invite_by;
