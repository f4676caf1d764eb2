-- Standings booked by the write's own statement, where triggers booked them: every statement
-- that moves chips or ends a hand carries its rows (a row per player, computed by the
-- server from the transfers and the hand's settlement) and upserts them by key, with the
-- Weng-Lin update of the hand's players from their rows as they were before it
-- (`bourre_weng_lin`). The triggers parsed the hand's JSON, read its deal event and ran
-- after the statement, a third of a hand's end; a statement-level trigger on the ledger
-- built a transition table for every deal. The same rows as before, ratings included:
-- `bourre rebuild --check` compares them with the standings recomputed from the log.
DROP TRIGGER standings_hand ON events;
DROP TRIGGER standings_ledger ON ledger;
DROP FUNCTION bourre_standings_hand();
DROP FUNCTION bourre_standings_ledger();
DROP FUNCTION bourre_book_hand(uuid, integer, jsonb, jsonb);
