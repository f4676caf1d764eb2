DROP TRIGGER standings_ledger ON ledger;
DROP TRIGGER standings_hand ON events;
DROP FUNCTION bourre_standings_ledger();
DROP FUNCTION bourre_standings_hand();
DROP FUNCTION bourre_book_hand(uuid, integer, jsonb, jsonb);
DROP FUNCTION bourre_weng_lin(float8[], float8[], integer[]);
DROP FUNCTION bourre_season_at(uuid, timestamptz);
DROP TABLE standings;
