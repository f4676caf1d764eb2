DROP TRIGGER events_finished_hand ON events;
DROP FUNCTION finished_hand();
DROP TABLE finished_hand_players;
DROP TABLE finished_hands;
