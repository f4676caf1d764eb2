-- A login try is counted as a failure before its password is checked; `trying` counts the
-- tries of the pair still being checked, so a right password takes back its own try and
-- forgets the failures before it, while the tries still in flight stay counted (a pair
-- may so count none for a while, until the housekeeper drops it).
ALTER TABLE login_failures ADD COLUMN trying integer NOT NULL DEFAULT 0 CHECK (trying >= 0);
ALTER TABLE login_failures DROP CONSTRAINT login_failures_failures_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_failures_check CHECK (failures >= 0);
