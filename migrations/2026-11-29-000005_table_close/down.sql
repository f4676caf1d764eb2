ALTER TABLE tables DROP COLUMN closed_at;
