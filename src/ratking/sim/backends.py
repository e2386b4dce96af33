"""Where a batch's games are played: this machine's processes, or a Ray cluster.

A backend runs a list of jobs (picklable argument tuples) through one module-level function and
hands each job's result back as soon as it is done, in any order. The batch runner sorts the
games back into order, and every game's seed comes from the batch seed and its index, so the
same seed gives the same results on every backend and with any number of workers.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, Protocol

from ..core import RatkingError
from .folders import sigint_held

BACKENDS = ("local", "ray")
# how long a cluster may take: to accept a connection, then to let a trial ray.init finish
REACH_SECONDS = 5.0
CONNECT_SECONDS = 30.0


class Backend(Protocol):
    """Runs `fn(job)` for every job; calls `done(result)` as each one finishes."""

    name: str
    workers: int

    def run(self, fn: Callable[[Any], Any], jobs: Sequence[Any],
            done: Callable[[Any], None]) -> None: ...

    def close(self) -> None: ...


# how long a stopped pool waits for its workers to hand back the games they finished
STOP_SECONDS = 1.5
IN_FLIGHT = 2  # jobs handed to the pool at a time, per worker
POLL_SECONDS = 0.2  # how often a pool at work looks for a held Ctrl-C
_STOP: Any = None  # in a pool's worker: the pool's stop event


def _init_worker(stop: Any) -> None:
    """In a pool's worker: Ctrl-C is the main process's to handle; it asks the workers to
    stop through `stop`, which a job checks between games (stop_requested)."""
    global _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _STOP = stop


def stop_requested() -> bool:
    """In a pool's worker: whether the main process was stopped (Ctrl-C) and wants the games
    finished so far."""
    return _STOP is not None and _STOP.is_set()


class LocalBackend:
    """A pool of `workers` processes on this machine (one: play in this process)."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        if workers.__class__ is not int or workers < 1:
            raise RatkingError(f"workers must be a whole number of at least 1, not {workers!r}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._stop: Any = None

    def run(self, fn: Callable[[Any], Any], jobs: Sequence[Any],
            done: Callable[[Any], None]) -> None:
        """Jobs go to the pool a few at a time (IN_FLIGHT per worker), so a long run holds few
        futures. Ctrl-C is held while the pool works (`sigint_held`) and looked at between
        waits: raised inside concurrent.futures it can leave a future's lock taken, and the
        pool's thread then waits for it for ever when the process exits. On Ctrl-C the
        workers stop after the game they are playing and hand back what they finished
        (`done`), within STOP_SECONDS; workers still busy then are ended; then
        KeyboardInterrupt is raised."""
        if self.workers == 1:
            for job in jobs:
                done(fn(job))
            return
        if self._pool is None:  # kept for the next batch (a sweep or a study runs many)
            self._stop = multiprocessing.Event()
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             initializer=_init_worker, initargs=(self._stop,))
        queued = iter(jobs)
        with sigint_held() as stopped:
            pending = {self._pool.submit(fn, job)
                       for job in itertools.islice(queued, IN_FLIGHT * self.workers)}
            while pending and not stopped:
                finished, pending = wait(pending, timeout=POLL_SECONDS,
                                         return_when=FIRST_COMPLETED)
                for future in finished:
                    done(future.result())
                    for job in itertools.islice(queued, 1):
                        pending.add(self._pool.submit(fn, job))
            if stopped:  # the jobs not yet handed over are dropped
                self._stop.set()
                finished, pending = wait(pending, timeout=STOP_SECONDS)
                for future in finished:
                    if future.exception() is None:
                        done(future.result())
                self._end_workers(bool(pending))

    def _end_workers(self, busy: bool) -> None:
        """After a stop: the pool shut down, its busy workers ended."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if busy:  # a game too long to wait for: its worker is ended
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=not busy)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class RayBackend:
    """Ray tasks: on a local Ray instance started with `workers` CPUs, or on the cluster at
    `address` (then `workers` only sizes the chunks of games sent at a time)."""

    name = "ray"

    def __init__(self, workers: int = 1, address: str | None = None) -> None:
        if workers.__class__ is not int or workers < 1:
            raise RatkingError(f"workers must be a whole number of at least 1, not {workers!r}")
        try:
            import ray
        except ImportError:
            raise RatkingError("the ray backend needs Ray: pip install -e '.[lab]'") from None
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        self.workers = workers
        self.address = address
        self._ray = ray
        self._started = False
        self._remote: dict[Callable, Any] = {}
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "configure_logging": False}
            if address is None:
                # a fresh local instance, sized for this run: few CPUs, a small object store
                options.update(address="local", num_cpus=workers,
                               object_store_memory=80 * 1024 * 1024)
            else:
                check_cluster(address)
                options["address"] = address
            try:
                ray.init(**options)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = address or "a local instance"
                raise RatkingError(f"could not start Ray on {where}: {exc}") from None
            self._started = True

    def run(self, fn: Callable[[Any], Any], jobs: Sequence[Any],
            done: Callable[[Any], None]) -> None:
        ray = self._ray
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = ray.remote(num_cpus=1, max_retries=2)(fn)
        pending = [remote.remote(job) for job in jobs]
        try:
            while pending:
                finished, pending = ray.wait(pending, num_returns=1)
                for ref in finished:
                    done(ray.get(ref))
        finally:
            for ref in pending:
                ray.cancel(ref)

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def check_reachable(address: str) -> None:
    """Fail fast, in one line, if nothing accepts a connection at a cluster's "host:port"
    (also "ray://host:port"); "auto" and other forms are left to Ray."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_SECONDS):
            pass
    except OSError as exc:
        why = exc.strerror or str(exc) or "timed out"
        raise RatkingError(f"--ray-address {address}: nothing answers there "
                           f"({why.lower()})") from None


# connects to the cluster and leaves: run apart, so a silent address can be given up on
_PROBE = ("import sys, ray; ray.init(address=sys.argv[1], include_dashboard=False, "
          "log_to_driver=False, configure_logging=False); ray.shutdown()")


def check_cluster(address: str) -> None:
    """Fail in one line, within REACH_SECONDS + CONNECT_SECONDS, if no Ray cluster answers at
    `address`: ray.init itself would wait for ever. The trial connection runs in a child
    process, which is stopped if it takes too long (ray.init must run on the main thread)."""
    check_reachable(address)
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_BACKEND_LOG_LEVEL": "error"}
    try:
        done = subprocess.run([sys.executable, "-c", _PROBE, address], env=env,
                              capture_output=True, text=True, timeout=CONNECT_SECONDS)
    except subprocess.TimeoutExpired:
        raise RatkingError(f"--ray-address {address}: no Ray cluster answered within "
                           f"{CONNECT_SECONDS:g} s (is it a Ray head node's address?)"
                           ) from None
    if done.returncode != 0:
        lines = [x for x in done.stderr.strip().splitlines() if x.strip()]
        why = lines[-1].strip()[:200] if lines else f"exit code {done.returncode}"
        raise RatkingError(f"--ray-address {address}: could not join the cluster ({why})")


def make_backend(name: str = "local", workers: int = 1, address: str | None = None) -> Backend:
    """A backend by name ("local" or "ray"); `address` is a Ray cluster's, for "ray" only."""
    if name == "local":
        if address is not None:
            raise RatkingError("--ray-address needs --backend ray")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise RatkingError(f"no backend {name!r}; backends: {', '.join(BACKENDS)}")


@contextmanager
def open_backend(name: str = "local", workers: int = 1,
                 address: str | None = None) -> Iterator[Backend]:
    """make_backend, closed (pool or Ray instance stopped) when the block ends."""
    backend = make_backend(name, workers, address)
    try:
        yield backend
    finally:
        backend.close()
