from enum import StrEnum


class SeatLeftType(StrEnum):
    SEAT_LEFT = "seat_left"

    def __str__(self) -> str:
        return str(self.value)
