"""The turn timer as players know it: a time bank per turn.

A person's turn is every decision they make in a row (a turn of three steps is one turn), and
the whole turn gets `limit` seconds: the clock starts when the seat comes to move and keeps
running through each of its decisions; it starts afresh only when another seat has moved in
between. When it runs out, the stand-in bot makes the turn's remaining decisions for them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TurnClock:
    """The time bank of the seat to move. Times are the event loop's clock, in seconds."""

    limit: float
    seat: int | None = None
    deadline: float | None = None

    def start(self, seat: int, now: float) -> float:
        """`seat` is to move at `now`: keep its running clock if this continues its turn,
        else give it a full bank. Returns the seconds left (0 once it has run out)."""
        if seat != self.seat or self.deadline is None:
            self.seat = seat
            self.deadline = now + self.limit
        return max(0.0, self.deadline - now)

    def stop(self) -> None:
        """Nobody is on the clock (a bot to move, or the game over)."""
        self.seat = None
        self.deadline = None

    def left(self, now: float) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - now)

    def shown(self, now: float) -> dict[str, float | int] | None:
        """What the page needs to show the clock: whose it is, seconds left, the bank."""
        if self.seat is None or self.deadline is None:
            return None
        return {"seat": self.seat, "left": round(self.left(now) or 0.0, 2), "limit": self.limit}
