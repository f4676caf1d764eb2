ALTER TABLE login_failures DROP COLUMN trying;
