ALTER TABLE seats DROP COLUMN client_seed;
