-- Closed seasons of a league; the current season starts where the last one closed.
CREATE TABLE seasons (
    league_id uuid NOT NULL REFERENCES leagues (id),
    number integer NOT NULL CHECK (number > 0),
    started_at timestamptz NOT NULL,
    closed_at timestamptz NOT NULL,
    PRIMARY KEY (league_id, number)
);

-- The ledger is read per player and per table.
CREATE INDEX ledger_from ON ledger (league_id, from_account, id);
CREATE INDEX ledger_to ON ledger (league_id, to_account, id);
CREATE INDEX ledger_table ON ledger (table_id, id);

-- Why an admin granted or took back chips.
ALTER TABLE ledger ADD COLUMN note text;
