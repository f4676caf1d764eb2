DELETE FROM notifications WHERE kind LIKE 'tournament.%';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('turn.started',
    'turn.reminder', 'hand.ended', 'player.timed_out'));
ALTER TABLE notifications ALTER COLUMN table_id SET NOT NULL;
DROP TABLE tournament_seats;
DROP TABLE tournament_rounds;
DROP TABLE tournament_entries;
DROP TABLE tournaments;
ALTER TABLE tables DROP COLUMN hand_limit, DROP COLUMN seats_assigned;
