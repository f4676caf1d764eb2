-- A player's seats, for their turns (me/turns) and their tables (me/tables).
CREATE INDEX seats_player ON seats (player_id);
