-- What happened to a league that its ledger does not show: admins promoted or handed on,
-- members removed or deleted, webhooks taken over, the league closed. Members read it.
CREATE TABLE league_history (
    id bigserial PRIMARY KEY,
    league_id uuid NOT NULL REFERENCES leagues (id),
    kind text NOT NULL CHECK (kind IN ('admin_promoted', 'admin_handed_on', 'member_removed',
        'member_deleted', 'webhook_taken_over', 'league_closed')),
    -- Whom the entry is about, and who did it (null: the server, on its own).
    player_id uuid REFERENCES players (id),
    by_player_id uuid REFERENCES players (id),
    data jsonb NOT NULL DEFAULT '{}',
    at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX league_history_league ON league_history (league_id, id);

-- A league with no human member left is closed: its tables closed, nothing more joins it.
ALTER TABLE leagues ADD COLUMN closed_at timestamptz;
