DELETE FROM login_failures WHERE failures = 0;
ALTER TABLE login_failures DROP CONSTRAINT login_failures_failures_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_failures_check CHECK (failures > 0);
ALTER TABLE login_failures DROP COLUMN trying;
