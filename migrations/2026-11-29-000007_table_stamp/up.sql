-- What a table shows changes with its log (`version`), and with the balances of its seated
-- players and of its pot, which also move outside its log (grants, a member removed, a
-- rebuild's repairs). Each of those bumps `stamp`: a server process may keep what it read
-- of a table for as long as both `version` and `stamp` are unchanged.
ALTER TABLE tables ADD COLUMN stamp bigint NOT NULL DEFAULT 0;
