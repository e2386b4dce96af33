"""Work that takes time runs in a pool of worker processes, never on the server's event loop:
a bot that searches chooses its move there (and a hint is searched there), so every other
table keeps its move latency while it thinks.

A job carries the game (its id and rules) and the full state as `state.to_json()`; the worker
rebuilds the state, makes the bot from its spec with a seed, and returns the chosen action's id.
Bots that decide in microseconds (the random and heuristic bots) are cheaper to run in place
than to send: they stay on the event loop unless `inline` says otherwise.

The pool is the server's own (`Workers`), not `concurrent.futures`, for three things a server
needs of it:

- Fair between tables: jobs wait in one queue per table (`key`), and a free worker takes the
  next job of the next table in turn, so one table's searches cannot hold every worker.
- Cancelled when no longer wanted: a job whose caller stops waiting (the turn was made, the
  table closed) leaves the queue, or, if a worker is searching it, the worker is interrupted
  (SIGUSR1) and takes the next job. `moved_on(key, version)` ends a table's jobs made for an
  older position the same way (their callers get `Superseded`).
- A worker that dies (the OOM killer, a crash, kill -9) is replaced; the job it held is run
  once more on the new worker, and the log says so in one line. A job that kills two workers
  fails (`WorkerDied`), and the bot's stand-in moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import signal
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ...bots import make_bot
from ...bots.specs import LEVELS, level_spec
from ...core import Game, State
from ..play.cardfiles import table_game
from .budgets import table_spec
from .parent import die_with_parent

log = logging.getLogger("ratking.server")

INLINE = ("random", "heuristic", "bot", "normal")  # bot names cheap enough for the event loop
SERVED_KEPT = 1000  # tables whose last turn the pool remembers
WORKER_NICE = 10  # how far a worker steps back for the event loop (POSIX nice increment)


def default_size() -> int:
    """One process per core but one (the event loop's)."""
    return max(1, (os.cpu_count() or 2) - 1)


def state_of(job: tuple[str, tuple[tuple[str, Any], ...], dict[str, Any]]) -> State:
    game_id, rules, data = job
    return table_game(game_id, dict(rules)).from_json(data)


def _start_worker(step: int, parent: int) -> None:
    """In a new worker process: leave the moment the server (`parent`) does, even if it was
    killed, even mid-search (no orphan keeps a core busy), and step back for the event loop
    (POSIX nice; 0: not at all)."""
    die_with_parent(parent)
    if step > 0 and hasattr(os, "nice"):
        os.nice(step)


def choose_in_worker(job: tuple, spec: str, seed: int) -> str:
    """In a worker process: the id of the action the bot `spec` chooses in the job's state."""
    return make_bot(spec, seed).choose(state_of(job)).id


def job_of(state: State) -> tuple:
    """What a worker needs to rebuild `state`. Made from a clone, so the job cannot change if
    the live state moves on while the job waits to be sent."""
    rules: dict[str, Any] = state.game.rules.as_dict()
    if files := state.game.file_overrides():  # the files themselves: no folder needed there
        rules["card_files"] = files
    return (state.game.id, tuple(sorted(rules.items())), state.clone().to_json())


class WorkerDied(RuntimeError):
    """A job whose worker process died under it, twice."""


class Superseded(Exception):
    """A job for a position the table has moved on from (or a table no longer played)."""


class Interrupted(BaseException):
    """In a worker: the job it runs is no longer wanted (raised by the SIGUSR1 handler)."""


CAN_INTERRUPT = hasattr(signal, "SIGUSR1")
CAN_HOLD = hasattr(signal, "SIGSTOP") and hasattr(signal, "SIGCONT")


@contextlib.contextmanager
def _no_interrupt() -> Iterator[None]:
    """SIGINT ignored meanwhile (from the main thread only): a process started now inherits
    that, so a Ctrl+C sent to the whole process group while it imports does not raise a
    KeyboardInterrupt there, with its traceback (the server handles Ctrl+C itself)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def serve_jobs(conn: Any, cancel: Any, nice: int, parent: int) -> None:
    """A worker process: run the jobs `(number, call, args)` that come on `conn` and send back
    `(number, "ok" | "error" | "cancelled", result)`, until the pipe closes or None comes. A
    SIGUSR1 while job `cancel.value` runs interrupts it."""
    _start_worker(nice, parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle
    running = 0

    def interrupt(_signum: int, _frame: Any) -> None:
        if running and cancel.value == running:
            raise Interrupted

    if CAN_INTERRUPT:
        signal.signal(signal.SIGUSR1, interrupt)
    conn.send((0, "ready", None))  # signals may come from now on
    while True:
        try:
            message = conn.recv()
        except Interrupted:  # a late signal for a job already answered
            continue
        except (EOFError, OSError):
            return
        if message is None:
            return
        number, call, args = message
        try:
            running = number
            if cancel.value == number:  # cancelled before the parent knew it was ready
                raise Interrupted
            answer: tuple = ("ok", call(*args))
            running = 0
        except Interrupted:
            running = 0
            answer = ("cancelled", None)
        except Exception as exc:  # sent back whole if it pickles, else as its text
            running = 0
            answer = ("error", exc)
        try:
            conn.send((number, *answer))
        except Exception:  # pickling failed before anything was written
            conn.send((number, "error", RuntimeError(repr(answer[1])[:500])))


def _tell(loop: asyncio.AbstractEventLoop, call: Callable, *args: Any) -> bool:
    """From a reader thread: `call(*args)` on the event loop; False if the loop is gone."""
    try:
        loop.call_soon_threadsafe(call, *args)
    except RuntimeError:  # closed
        return False
    return True


@dataclass(eq=False)
class Job:
    number: int
    key: Any  # whose queue it waits in (a table's id)
    version: int | None  # the table's position it was made for (None: any)
    call: Callable
    args: tuple
    future: asyncio.Future
    tries: int = 0


@dataclass(eq=False)
class Worker:
    """One worker process, the parent's end of its pipe, and the job it runs."""

    process: Any
    conn: Any
    cancel: Any  # a shared integer: the number of the job to interrupt
    job: Job | None = None
    ready: bool = False  # it has said it handles SIGUSR1
    reader: threading.Thread | None = field(default=None, repr=False)


class Workers:
    """A pool of `size` worker processes (None or 0: one per core but one), started when
    first needed, at POSIX nice `nice`; fair between tables, cancellable, self-healing (see
    the module docstring). The server keeps two: one for bots and hints, and one of its own
    for reviews (`web/reviews.py`), so that a review never holds a worker a bot waits for."""

    def __init__(self, size: int | None = None, inline: tuple[str, ...] = INLINE,
                 nice: int = 10, name: str = "ratking-search") -> None:
        self.size = size or default_size()
        self.name = name  # the processes' name (the review pool's are "ratking-review")
        if self.size < 1:
            raise ValueError("the worker pool needs at least one process")
        self.inline = inline
        self.nice = nice
        self.workers: list[Worker] = []
        self.queues: dict[Any, deque[Job]] = {}  # the jobs waiting, per key
        self.numbers = itertools.count(1)
        self.ticks = itertools.count(1)
        self.served: dict[Any, int] = {}  # per key: when a job of it was last started
        self.replaced = 0  # workers that died and were replaced
        self.interrupted = 0  # searches stopped because nobody waited for them any more
        self.closed = False
        self.on_load: Callable[[int], None] | None = None  # told the jobs waiting or running
        self.told = 0
        self.paused = False  # its processes are stopped (`hold`): another pool goes first
        self._loop: asyncio.AbstractEventLoop | None = None
        # spawn, not fork: the server has threads (database, event loop) a fork would copy
        self._context = multiprocessing.get_context("spawn")

    def runs_inline(self, spec: str, game: Game | None = None) -> bool:
        """Whether bot `spec` is quick enough for the event loop (a level, such as `easy`,
        by what it stands for in `game`)."""
        name = spec.split(":", 1)[0].strip().lower()
        if game is not None and name in LEVELS:
            name = level_spec(game, name).split(":", 1)[0]
        return name in self.inline

    async def choose(self, state: State, spec: str, seed: int, key: Any = None) -> str:
        """The id of the action bot `spec` (seeded with `seed`) chooses for the seat to move,
        a searching level within its time budget at a table (pool/budgets.py); `key` (the table) is
        the queue it waits in, and it is made for the state's version."""
        spec = table_spec(spec, state.game)
        if self.runs_inline(spec, state.game):
            return make_bot(spec, seed).choose(state).id
        return await self.run(choose_in_worker, job_of(state), spec, seed, key=key,
                              version=state.steps)

    async def run(self, call: Callable, *args: Any, key: Any = None,
                  version: int | None = None) -> Any:
        """Run a picklable module-level `call(*args)` in a worker and wait for its answer,
        queued behind `key`'s other jobs. Cancelling the wait cancels the job."""
        if self.closed:
            raise RuntimeError("the worker pool is closed")
        self._loop = asyncio.get_running_loop()
        job = Job(next(self.numbers), key, version, call, args, self._loop.create_future())
        self.queues.setdefault(key, deque()).append(job)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            self._cancel(job)
            raise

    def moved_on(self, key: Any, version: int | None) -> None:
        """Cancel `key`'s jobs made for a position before `version` (None: all its jobs, the
        table is no longer played)."""
        jobs = [*self.queues.get(key, ()), *(w.job for w in self.workers if w.job)]
        for job in jobs:
            if job.key == key and job.version is not None and \
                    (version is None or job.version < version):
                if not job.future.done():
                    job.future.set_exception(Superseded("the table moved on"))
                self._cancel(job)

    @property
    def pids(self) -> list[int]:
        """The process ids of the live workers."""
        return [w.process.pid for w in self.workers]

    @property
    def busy(self) -> int:
        return sum(1 for w in self.workers if w.job is not None)

    @property
    def load(self) -> int:
        """The jobs waiting or running."""
        return sum(len(queue) for queue in self.queues.values()) + self.busy

    def hold(self, stop: bool) -> None:
        """Stop the worker processes where they are (SIGSTOP), or let them go on (SIGCONT):
        the review pool is held while the search pool works, so that a review never takes
        a core from a bot or a hint. Their jobs keep their place; CPU time is not spent.
        A no-op where POSIX signals are missing."""
        if stop == self.paused or not CAN_HOLD:
            return
        self.paused = stop
        for worker in self.workers:
            self._signal(worker, signal.SIGSTOP if stop else signal.SIGCONT)

    def _signal(self, worker: Worker, signum: int) -> None:
        if worker.process.pid:
            with contextlib.suppress(ProcessLookupError):  # died: its reader says so
                os.kill(worker.process.pid, signum)

    def _told(self) -> None:
        """Tell `on_load` how many jobs wait or run, when that changes."""
        now = self.load
        if now != self.told:
            self.told = now
            if self.on_load is not None:
                self.on_load(now)

    def close(self) -> None:
        """Stop every worker; jobs waiting or running are cancelled."""
        self.hold(False)  # a stopped worker could not hear that it is to end
        self.closed = True
        for queue in self.queues.values():
            for job in queue:
                job.future.cancel()
        self.queues.clear()
        for worker in self.workers:
            if worker.job is not None:  # no need to wait for its search
                worker.job.future.cancel()
                worker.process.kill()
            else:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
        for worker in self.workers:
            worker.process.join(2)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(1)
            worker.conn.close()
        self.workers.clear()

    # --- inside the pool ------------------------------------------------------------------

    def _start(self) -> Worker:
        ours, theirs = self._context.Pipe()
        cancel = self._context.Value("q", 0, lock=False)
        process = self._context.Process(target=serve_jobs, name=self.name, daemon=True,
                                        args=(theirs, cancel, self.nice, os.getpid()))
        with _no_interrupt():  # a Ctrl+C while it starts is the server's, not a traceback
            process.start()
        theirs.close()  # ours alone then: its reader hears EOF when the worker dies
        worker = Worker(process, ours, cancel)
        worker.reader = threading.Thread(target=self._read, args=(worker,), daemon=True,
                                         name="search-worker-reader")
        worker.reader.start()
        self.workers.append(worker)
        if self.paused:
            self._signal(worker, signal.SIGSTOP)
        return worker

    def _read(self, worker: Worker) -> None:
        """A thread per worker: hand each answer (or the worker's death) to the event loop."""
        loop = self._loop
        while True:
            try:
                message = worker.conn.recv()
            except (EOFError, OSError):
                break
            except Exception as exc:  # an answer that does not unpickle
                message = (worker.job.number if worker.job else 0, "error", exc)
            if not _tell(loop, self._answered, worker, message):
                return
        _tell(loop, self._died, worker)

    def _dispatch(self) -> None:
        """Give each free worker the next job, the tables taking turns, and tell `on_load`
        how much work is left."""
        self._give()
        self._told()

    def _give(self) -> None:
        """Give each free worker the next job. Workers are started only for jobs waiting (so
        one that dies as it starts is started again only as long as a job, run at most
        twice, waits for it)."""
        if self.closed:
            return
        free = sum(1 for w in self.workers if w.job is None)
        waiting = sum(len(queue) for queue in self.queues.values())
        while len(self.workers) < self.size and waiting > free:
            self._start()
            free += 1
        for worker in self.workers:
            if worker.job is not None:
                continue
            job = self._next()
            if job is None:
                return
            worker.job = job
            try:
                worker.conn.send((job.number, job.call, job.args))
            except OSError:
                pass  # the worker died: its reader tells `_died`, which runs the job again
            except Exception as exc:  # it does not pickle: the caller's mistake
                worker.job = None
                job.future.set_exception(exc)

    def _next(self) -> Job | None:
        """The next job still wanted: of the table with the fewest jobs running, and of those
        the one served longest ago (or never), so a table with many jobs waits its turn."""
        while self.queues:
            running = Counter(w.job.key for w in self.workers if w.job is not None)
            key = min(self.queues, key=lambda k: (running[k], self.served.get(k, 0)))
            queue = self.queues.pop(key)
            job = queue.popleft()
            if queue:
                self.queues[key] = queue
            if not job.future.done():
                self.served[key] = next(self.ticks)
                if len(self.served) > SERVED_KEPT:  # forget tables with nothing waiting
                    self.served = {k: t for k, t in self.served.items() if k in self.queues}
                return job
        return None

    def _cancel(self, job: Job) -> None:
        queue = self.queues.get(job.key)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self.queues[job.key]
            self._told()
            return
        for worker in self.workers:
            if worker.job is job:
                worker.cancel.value = job.number
                self._interrupt(worker)

    def _interrupt(self, worker: Worker) -> None:
        """Signal a ready worker to stop the job `worker.cancel` names (one not yet ready
        looks at `cancel` before it starts a job, and is signalled once it is ready)."""
        if worker.ready and CAN_INTERRUPT and worker.process.pid:
            with contextlib.suppress(ProcessLookupError):  # died: its reader says so
                os.kill(worker.process.pid, signal.SIGUSR1)

    def _answered(self, worker: Worker, message: tuple) -> None:
        number, outcome, result = message
        job = worker.job
        if outcome == "ready":
            worker.ready = True
            if job is not None and worker.cancel.value == job.number:
                self._interrupt(worker)
            return
        if job is None or job.number != number:
            return
        worker.job = None
        if not job.future.done():
            if outcome == "ok":
                job.future.set_result(result)
            elif outcome == "error":
                job.future.set_exception(result)
            else:
                job.future.cancel()
        if outcome == "cancelled":
            self.interrupted += 1
        self._dispatch()

    def _died(self, worker: Worker) -> None:
        """A worker's pipe closed: unless the pool is closing, it died. Its job runs again
        (once) on a new worker."""
        if self.closed or worker not in self.workers:
            return
        self.workers.remove(worker)
        worker.process.join(1)
        worker.conn.close()
        self.replaced += 1
        job = worker.job
        again = job is not None and not job.future.done() and job.tries < 1
        log.warning("ratking: search worker %s died (exit code %s); %s",
                    worker.process.pid, worker.process.exitcode,
                    "the search it held runs again on a new one" if again else
                    "a new one starts with the next search" if job is None
                    or job.future.done() else
                    "the search it held fails (it killed two workers)")
        if job is not None and not job.future.done():
            if again:
                job.tries += 1
                queue = self.queues.pop(job.key, deque())
                queue.appendleft(job)
                self.queues = {job.key: queue, **self.queues}  # its table's turn comes next
            else:
                job.future.set_exception(WorkerDied(f"the search killed two workers "
                                                    f"(last exit code "
                                                    f"{worker.process.exitcode})"))
        self._dispatch()
