-- What a player used of a daily quota (bots seated so far), per UTC day: counted by one
-- upsert that refuses beyond the quota, so a burst of requests cannot pass it.
CREATE TABLE quota_uses (
    player_id uuid NOT NULL REFERENCES players (id),
    kind text NOT NULL CHECK (kind IN ('bots')),
    day date NOT NULL,
    used integer NOT NULL CHECK (used > 0),
    PRIMARY KEY (player_id, kind, day)
);
CREATE INDEX quota_uses_day ON quota_uses (day);
