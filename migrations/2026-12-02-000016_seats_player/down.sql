DROP INDEX seats_player;
