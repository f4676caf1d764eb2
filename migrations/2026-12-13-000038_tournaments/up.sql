-- League nights: tournaments of a league (docs/guide/tournaments.md). A tournament seats its
-- entrants at tables it opens, round by round; the tables are ordinary tables of the league
-- whose seats are given (not taken) and whose hands are counted. Buy-ins are held in the
-- ledger's `tournament:<id>` account and paid out from it.

-- A table's seats are given by the tournament that opened it (nobody sits down, stands up,
-- or seats a bot there), and it deals at most `hand_limit` hands.
ALTER TABLE tables
    ADD COLUMN seats_assigned boolean NOT NULL DEFAULT false,
    ADD COLUMN hand_limit integer CHECK (hand_limit > 0);

CREATE TABLE tournaments (
    id uuid PRIMARY KEY,
    league_id uuid NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    name text NOT NULL,
    created_by uuid NOT NULL REFERENCES players (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    starts_at timestamptz NOT NULL,
    -- The settings as the organiser gave them (`TournamentSettings`): rounds, hands per
    -- round, table size, buy-in, prizes, turn time, late registration, lead time,
    -- recurrence, the tables' rules.
    settings jsonb NOT NULL,
    status text NOT NULL DEFAULT 'scheduled'
        CHECK (status IN ('scheduled', 'running', 'finished', 'cancelled')),
    -- The round in play (0 before the start).
    round integer NOT NULL DEFAULT 0,
    -- One secret seed per round: the seating draw's. Their SHA-256 are published from the
    -- start; a round's seed is shown once that round is seated.
    seeds bytea[] NOT NULL,
    -- `tournament.starting` was announced.
    announced boolean NOT NULL DEFAULT false,
    -- The night this one recurs from: each night makes at most one next night.
    previous_id uuid UNIQUE REFERENCES tournaments (id) ON DELETE SET NULL,
    ended_at timestamptz
);
CREATE INDEX tournaments_league ON tournaments (league_id, starts_at, id);
CREATE INDEX tournaments_live ON tournaments (starts_at) WHERE status IN ('scheduled', 'running');

-- Who entered. A withdrawal before the start deletes the row (the buy-in returned); after
-- it, `left_round` is set: the player is seated in no later round.
CREATE TABLE tournament_entries (
    tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    -- The earlier entry breaks the last tie.
    entry_no bigserial NOT NULL,
    entered_at timestamptz NOT NULL DEFAULT now(),
    -- The first round the player is seated in (a late entry's is later than 1).
    first_round integer NOT NULL,
    -- `withdrawn` (the player left) or `forfeited` (absent a whole round), from `left_round` on.
    left_as text CHECK (left_as IN ('withdrawn', 'forfeited')),
    left_round integer,
    buy_in bigint NOT NULL CHECK (buy_in >= 0),
    prize bigint,
    place integer,
    PRIMARY KEY (tournament_id, player_id),
    CHECK ((left_as IS NULL) = (left_round IS NULL))
);
CREATE INDEX tournament_entries_player ON tournament_entries (player_id);

-- A round: when it started and ended, and the order its draw took (entry order for the
-- first round, the standings for later ones).
CREATE TABLE tournament_rounds (
    tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round integer NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now(),
    ended_at timestamptz,
    draw_order uuid[] NOT NULL,
    PRIMARY KEY (tournament_id, round)
);

-- Where each player of a round sat: a table and seat, or none (`bye`, or `away`: seated at
-- another table of the league in a hand when the round was drawn). `absent`: at the
-- round's end, a player who had turns and took none.
CREATE TABLE tournament_seats (
    tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round integer NOT NULL,
    player_id uuid NOT NULL,
    table_id uuid REFERENCES tables (id) ON DELETE CASCADE,
    -- The table's place in the round's draw, from 0.
    table_no smallint,
    seat smallint,
    sat_out text CHECK (sat_out IN ('bye', 'away')),
    absent boolean NOT NULL DEFAULT false,
    PRIMARY KEY (tournament_id, round, player_id),
    CHECK ((table_id IS NULL) = (sat_out IS NOT NULL)),
    CHECK ((table_id IS NULL) = (table_no IS NULL))
);
CREATE INDEX tournament_seats_table ON tournament_seats (table_id);

-- Tournaments' notices go through the outbox too: a notification may be about no table.
ALTER TABLE notifications ALTER COLUMN table_id DROP NOT NULL;
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('turn.started',
    'turn.reminder', 'hand.ended', 'player.timed_out', 'tournament.starting',
    'tournament.round_started', 'tournament.finished'));

-- Players are pushed their tournaments' news by default; those who chose what they are pushed
-- before tournaments existed are too, on each channel where they are pushed anything.
ALTER TABLE notification_settings
    DROP CONSTRAINT notification_settings_web_push_check,
    DROP CONSTRAINT notification_settings_devices_check;
ALTER TABLE notification_settings
    ADD CONSTRAINT notification_settings_web_push_check CHECK (web_push <@ ARRAY['turn.started',
        'turn.reminder', 'hand.ended', 'tournament.starting', 'tournament.round_started',
        'tournament.finished']),
    ADD CONSTRAINT notification_settings_devices_check CHECK (devices <@ ARRAY['turn.started',
        'turn.reminder', 'hand.ended', 'tournament.starting', 'tournament.round_started',
        'tournament.finished']);
UPDATE notification_settings SET web_push = web_push || ARRAY['tournament.starting',
    'tournament.round_started', 'tournament.finished'] WHERE cardinality(web_push) > 0;
UPDATE notification_settings SET devices = devices || ARRAY['tournament.starting',
    'tournament.round_started', 'tournament.finished'] WHERE cardinality(devices) > 0;
CREATE OR REPLACE VIEW notification_prefs AS
SELECT p.id AS player_id,
       p.time_zone,
       coalesce(s.web_push, ARRAY['turn.started', 'turn.reminder', 'tournament.starting',
           'tournament.round_started', 'tournament.finished']) AS web_push,
       coalesce(s.devices, ARRAY['turn.started', 'turn.reminder', 'tournament.starting',
           'tournament.round_started', 'tournament.finished']) AS devices,
       CASE WHEN s.player_id IS NULL THEN time '22:00' ELSE s.quiet_start END AS quiet_start,
       CASE WHEN s.player_id IS NULL THEN time '08:00' ELSE s.quiet_end END AS quiet_end
FROM players p
LEFT JOIN notification_settings s ON s.player_id = p.id;
