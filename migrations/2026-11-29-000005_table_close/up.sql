-- A closed table deals no more hands; its pot went back to its players (R10e).
ALTER TABLE tables ADD COLUMN closed_at timestamptz;
