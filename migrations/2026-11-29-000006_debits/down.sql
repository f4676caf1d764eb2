DROP FUNCTION bourre_missing_debit();
