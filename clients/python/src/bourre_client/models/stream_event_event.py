from enum import StrEnum


class StreamEventEvent(StrEnum):
    CHAT = "chat"
    CHAT_HIDDEN = "chat_hidden"
    CLIENT_SEED_SET = "client_seed_set"
    DECLARED = "declared"
    DREW = "drew"
    HAND_DEALT = "hand_dealt"
    HAND_ENDED = "hand_ended"
    HAND_STARTED = "hand_started"
    PLAYED = "played"
    REVEALED = "revealed"
    SEAT_LEFT = "seat_left"
    SEAT_TAKEN = "seat_taken"
    SEED_REVEALED = "seed_revealed"
    TABLE_CLOSED = "table_closed"
    TABLE_CREATED = "table_created"
    TRICK_WON = "trick_won"
    TURN_TIMED_OUT = "turn_timed_out"
    VIEW = "view"

    def __str__(self) -> str:
        return str(self.value)
