"""Hints: for a person at their turn, what the search bot would play and how it rates the
top three moves (the estimated chance to win after each), searched in the worker pool, never
on the event loop.

The search is the ISMCTS bot (`ratking.bots.ismcts`) with the game's `expert` settings and a
time budget instead of its iterations. It samples `state.determinize(seat, ...)`, so a hint
knows no more than the seat does; and it is sent only to the connection that asked.

The chance shown is the search's mean value of a move: a game played out to its end counts as
a win or a loss (a share for a shared win), one cut short counts the game's estimated win
chance there (`game.evaluate`). Some levels also value finished games partly by their score
margin (You Dirty Rat's `margin=0.3`), which makes the mean no longer a chance to win: hints
search without it, and the page calls the figure an estimate.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from ...core.rng import derive_seed
from ..people import quotas
from ..people.clients import client_of
from ..play.explain import hints_available
from ..play.hint_moves import whole_move
from ..pool.workers import Superseded, WorkerDied, job_of, state_of
from . import Connection, Room
from .connection import person_at

log = logging.getLogger("ratking.server")

HINT_MS = 1500  # search time per hint
TOP = 3
_refusals: set[asyncio.Task] = set()  # refusals being sent (kept referenced until done)


class HintRefused(Exception):
    """A hint that was not given; `.code` is short, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def hint_in_worker(job: tuple, seat: int, ms: float | None, seed: int,
                   iters: int | None = None) -> list[dict[str, Any]]:
    """In a worker process: the top moves for `seat` (to move in the job's state), best
    first, each with its estimated chance to win and the search's visits. The budget is `ms`
    milliseconds (for play: then also at most the expert level's iterations, the cap every
    search a client asks for is held to) or `iters` iterations (the same answer every
    time)."""
    from ...bots.ismcts import SearchBot, SearchSettings
    from ...bots.specs import level_spec, parse_spec

    state = state_of(job)
    if state.current_player != seat:
        raise ValueError(f"seat {seat} is not to move")
    name, options = parse_spec(level_spec(state.game, "expert"))
    if name != "ismcts":
        options = {}
    if iters is None and ms is not None:
        iters = options.get("iters")  # a timed hint stops at the expert's iterations too
    options.update(iters=iters, ms=ms, margin=0.0)  # a finished game: a win or a loss
    root = SearchBot(SearchSettings(**options), seed).search(state)
    ranked = sorted(((child.visits, child.total[seat] / child.visits, action)
                     for action, child in root.children.items() if child.visits),
                    key=lambda t: (t[0], t[1]), reverse=True)
    out = []
    for visits, win, action in ranked[:TOP]:
        # a move of several decisions (Target: Rats) is named whole: from, how many, to
        label, to = whole_move(state, seat, action, root.children[action])
        out.append({"id": action.id, "label": label, "win": round(win, 3), "visits": visits,
                    **({"to": to} if to else {})})
    return out


async def ask(room: Room, conn: Connection, ms: float = HINT_MS) -> dict[str, Any]:
    """The hint message for `conn`'s seat to move, or HintRefused (or Superseded: the table
    moved on while it was searched, and the search was stopped)."""
    if not hints_available():
        raise HintRefused("hint-unavailable", "this server has no search bot to give hints")
    if room.row.rated:
        raise HintRefused("hint-rated", "no hints at a rated table: the game is between the "
                                        "players alone")
    state = room.state
    seat = state.current_player
    if seat is None or seat not in conn.seats:
        raise HintRefused("hint-not-your-turn", "hints are for the player whose turn it is")
    limit, window = quotas.HINTS  # per person, over all their sockets
    if not await quotas.spend(room.rooms, "hint", person_at(room, conn),
                              client_of(conn.socket), limit, window):
        raise HintRefused("hint-slow-down", f"at most {limit} hints in {window:.0f} seconds")
    version = room.version
    seed = derive_seed(derive_seed(room.row.seed, 200 + seat), version)
    moves = await room.rooms.workers.run(hint_in_worker, job_of(state), seat, ms, seed,
                                         key=room.id, version=version)
    return {"type": "hint", "version": version, "seat": seat, "moves": moves}


def start(room: Room, conn: Connection, refuse) -> None:
    """Answer a hint request without holding up the connection's other messages: the search
    runs in the background and its answer (or `refuse(code, message)`) is sent when ready.
    One hint at a time per connection."""
    if conn.hint_task is not None and not conn.hint_task.done():
        busy = asyncio.create_task(refuse("hint-busy", "a hint is already being searched"))
        _refusals.add(busy)
        busy.add_done_callback(_refusals.discard)
        return

    async def answer() -> None:
        try:
            message = await ask(room, conn)
        except HintRefused as exc:
            await refuse(exc.code, str(exc))
            return
        except Superseded:  # the turn was made meanwhile: the page no longer waits for it
            return
        except WorkerDied as exc:  # the pool has told why, in one line
            log.warning("a hint failed at table %s: %s", room.id, exc)
            await refuse("hint-failed", "the hint could not be worked out")
            return
        except Exception:
            log.exception("a hint failed at table %s", room.id)
            await refuse("hint-failed", "the hint could not be worked out")
            return
        async with conn.lock:
            with contextlib.suppress(Exception):  # the page may have closed meanwhile
                await conn.socket.send_json(message)

    conn.hint_task = asyncio.create_task(answer())
