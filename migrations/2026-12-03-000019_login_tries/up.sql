-- A login try is counted as a failure before its password is checked; `trying` counts the
-- tries of the pair still being checked, so a right password takes back its own try and
-- forgets the failures before it, while the tries still in flight stay counted.
ALTER TABLE login_failures ADD COLUMN trying integer NOT NULL DEFAULT 0 CHECK (trying >= 0);
