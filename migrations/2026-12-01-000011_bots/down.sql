DELETE FROM memberships WHERE role = 'bot';
ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('admin', 'member'));
ALTER TABLE players DROP COLUMN is_bot;
