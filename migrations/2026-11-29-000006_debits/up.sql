-- A move is written in one statement (events, ledger, balances, seats, table). Its debits
-- update existing balances only; when an account to debit has no balance row, the
-- statement calls this to fail as a CHECK on balances would, and rolls back whole.
CREATE FUNCTION bourre_missing_debit() RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'an account to debit has no balance' USING ERRCODE = 'check_violation';
END
$$;
