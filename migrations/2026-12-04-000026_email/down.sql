ALTER TABLE sessions DROP CONSTRAINT sessions_ended_why_check;
UPDATE sessions SET ended_why = 'password_changed' WHERE ended_why = 'password_reset';
ALTER TABLE sessions ADD CONSTRAINT sessions_ended_why_check CHECK (ended_why IN
    ('logout', 'logout_all', 'password_changed', 'refresh_reused', 'account_deleted'));
DROP TABLE mail_messages;
DROP TABLE mail_codes;
DROP INDEX players_verified_email;
ALTER TABLE players DROP COLUMN email, DROP COLUMN email_verified_at;
