DROP INDEX deliveries_in_flight;
ALTER TABLE deliveries DROP COLUMN leased_until;
