-- Until when a delivery is being sent (its attempt's lease): how many deliveries each
-- endpoint and each league has in flight, across processes, so that one slow or dead
-- receiver holds up only itself.
ALTER TABLE deliveries ADD COLUMN leased_until timestamptz;
CREATE INDEX deliveries_in_flight ON deliveries (webhook_id) WHERE leased_until IS NOT NULL;
