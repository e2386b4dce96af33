"""One websocket at a table: the seats it holds, the last message it was sent, its rate
limits for chat and hints, and sending one text without interleaving."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fastapi import WebSocket

from ...core import State

if TYPE_CHECKING:
    from .snapshots import Snapshot


@dataclass(eq=False)
class Connection:
    """One websocket: the seats its tokens unlock (none for a spectator), and the last
    snapshot it was sent (a delta is only sent on top of that)."""

    socket: WebSocket
    seats: tuple[int, ...] = ()
    tokens: frozenset[str] = frozenset()  # the hashes of the tokens it said hello with
    held: Snapshot | None = None  # the last message it was sent; None: send a full one
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sending: bool = False
    again: bool = False  # the table changed while a message was being sent
    chatted: deque = field(default_factory=deque)  # when its last chat lines were sent
    hinted: deque = field(default_factory=deque)  # when it last asked for hints
    hint_task: asyncio.Task | None = None  # the hint being searched for it

    def shown_seat(self, state: State) -> int | None:
        """The seat whose view this connection shows: the held seat to move, else the first."""
        if not self.seats:
            return None
        if state.current_player in self.seats:
            return state.current_player
        return self.seats[0]

    @staticmethod
    def within(times: deque, limit: int, window: float) -> bool:
        """A sliding-window rate limit: True (and the moment noted in `times`) if fewer than
        `limit` moments of `times` fall in the last `window` seconds, else False."""
        clock = time.monotonic()
        while times and clock - times[0] > window:
            times.popleft()
        if len(times) >= limit:
            return False
        times.append(clock)
        return True

    async def send_text(self, text: str) -> bool:
        async with self.lock:
            try:
                await self.socket.send_text(text)
            except Exception:  # a closed socket is cleaned up by its reader
                return False
        return True

