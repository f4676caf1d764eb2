-- A table's hands found without reading its whole log: the few events that open, start,
-- end and close each hand, indexed by hand (the hand list, a hand's record). The queries
-- repeat this predicate so the planner may use the index (`store::events::MARKS`).
CREATE INDEX events_hand_marks ON events (table_id, hand_no, seq)
    WHERE kind IN ('table_created', 'hand_dealt', 'hand_started', 'hand_ended', 'seed_revealed');
