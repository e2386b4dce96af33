"""Work that takes time runs in a pool of worker processes, never on the server's event loop:
a bot that searches chooses its move there (and a hint is searched there), so every other
table keeps its move latency while it thinks.

A job carries the game (its id and rules) and the full state as `state.to_json()`; the worker
rebuilds the state, makes the bot from its spec with a seed, and returns the chosen action's id.
Bots that decide in microseconds (the random and heuristic bots) are cheaper to run in place
than to send: they stay on the event loop unless `inline` says otherwise.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..bots import make_bot
from ..bots.specs import LEVELS, level_spec
from ..core import Game, State, shared
from .budgets import table_spec
from .processes import leave_with_parent

INLINE = ("random", "heuristic", "bot", "normal")  # bot names cheap enough for the event loop
WORKER_NICE = 10  # how far a worker steps back for the event loop (POSIX nice increment)


def default_size() -> int:
    """One process per core but one (the event loop's)."""
    return max(1, (os.cpu_count() or 2) - 1)


def state_of(job: tuple[str, tuple[tuple[str, Any], ...], dict[str, Any]]) -> State:
    game_id, rules, data = job
    return shared(game_id, **dict(rules)).from_json(data)


def _start_worker(step: int) -> None:
    """In a new worker process: step back for the event loop (POSIX nice; 0: not at all), and
    leave when the server does, even if it was killed (no orphan keeps a core busy)."""
    if step > 0 and hasattr(os, "nice"):
        os.nice(step)
    leave_with_parent(lambda: os._exit(0))


def choose_in_worker(job: tuple, spec: str, seed: int) -> str:
    """In a worker process: the id of the action the bot `spec` chooses in the job's state."""
    return make_bot(spec, seed).choose(state_of(job)).id


def job_of(state: State) -> tuple:
    """What a worker needs to rebuild `state`. Made from a clone, so the job cannot change if
    the live state moves on while the job waits to be sent."""
    return (state.game.id, tuple(sorted(state.game.rules.as_dict().items())),
            state.clone().to_json())


class Workers:
    """A process pool of `size` workers (None or 0: one per core but one), started when first
    needed, its processes at POSIX nice `nice`."""

    def __init__(self, size: int | None = None, inline: tuple[str, ...] = INLINE,
                 nice: int = 10) -> None:
        self.size = size or default_size()
        if self.size < 1:
            raise ValueError("the worker pool needs at least one process")
        self.inline = inline
        self.nice = nice
        self._pool: ProcessPoolExecutor | None = None

    @property
    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the server has threads (database, event loop) a fork would copy;
            # workers run at a lower priority, so that where cores are few the event loop
            # (every table's moves) is served first and a search takes what is left
            self._pool = ProcessPoolExecutor(self.size,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker,
                                             initargs=(self.nice,))
        return self._pool

    def runs_inline(self, spec: str, game: Game | None = None) -> bool:
        """Whether bot `spec` is quick enough for the event loop (a level, such as `easy`,
        by what it stands for in `game`)."""
        name = spec.split(":", 1)[0].strip().lower()
        if game is not None and name in LEVELS:
            name = level_spec(game, name).split(":", 1)[0]
        return name in self.inline

    async def choose(self, state: State, spec: str, seed: int) -> str:
        """The id of the action bot `spec` (seeded with `seed`) chooses for the seat to move;
        a searching level within its time budget at a table (budgets.py)."""
        spec = table_spec(spec, state.game)
        if self.runs_inline(spec, state.game):
            return make_bot(spec, seed).choose(state).id
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, choose_in_worker, job_of(state), spec, seed)

    async def run(self, call, *args) -> Any:
        """Run a picklable module-level `call(*args)` in a worker and wait for its answer."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, call, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
