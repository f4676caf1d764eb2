-- A seat's optional client seed for the next hand's deck (commit-reveal shuffles).
ALTER TABLE seats ADD COLUMN client_seed text;
