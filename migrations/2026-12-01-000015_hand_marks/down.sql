DROP INDEX events_hand_marks;
