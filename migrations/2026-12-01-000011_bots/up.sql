-- Server-side bots: players of their own (no credentials, never signed in), members of
-- one league with the role 'bot', whose chips come from and go back to its treasury.
ALTER TABLE players ADD COLUMN is_bot boolean NOT NULL DEFAULT false;
ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('admin', 'member', 'bot'));
