"""Passwords: what one may be, and the hashing of them, bounded.

A password is taken in NFC, so one typed in decomposed form (NFD) matches the same password
typed composed. It is 8 to 200 characters, not blank, and not one of the passwords people
use most (the list that ships with zxcvbn, as NIST SP 800-63B asks for).

Argon2 takes tens of milliseconds of CPU (and 64 MiB) by design, so hashing is kept off the
event loop and bounded: `Hashing` runs the hashes in processes of their own (`hash_work.py`),
at a low OS priority (POSIX nice), with a short queue; a hash asked for while the queue is
full is refused at once (503 with Retry-After), so a burst of sign-ins cannot slow the tables:
the server's process never runs argon2, nor waits for it holding its GIL."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import unicodedata
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import TypeVar

from ... import hash_work
from ...hash_work import hasher
from ..refused import Refused

MIN_PASSWORD = 8
MAX_PASSWORD = 200
BUSY_RETRY = 2  # seconds a refused sign-in is told to wait
T = TypeVar("T")


class BadPassword(ValueError):
    """A password that cannot be used; the message says why, in one line."""


def normal(password: str) -> str:
    """The password as it is hashed and checked: in NFC."""
    return unicodedata.normalize("NFC", password)


@cache
def _common() -> frozenset[str]:
    from zxcvbn.frequency_lists import FREQUENCY_LISTS  # a large module: loaded when needed
    return frozenset(FREQUENCY_LISTS["passwords"])


def check_password(password: str) -> str:
    """The password to hash (NFC), or BadPassword: too short or long, blank, or common."""
    password = normal(password)
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise BadPassword(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    if not password.strip():
        raise BadPassword("a password cannot be only spaces")
    if password.casefold() in _common():
        raise BadPassword("that password is one of the most commonly used: choose another")
    return password


class Hashing:
    """Argon2 hashes and checks in `workers` processes of their own, at POSIX nice `nice`
    (started when first needed, dying with the server), at most `queue` waiting or running;
    past that, Refused (503)."""

    def __init__(self, workers: int = 1, queue: int = 8, nice: int = 19) -> None:
        self.limit = max(1, queue)
        self.pending = 0
        self.workers, self.nice = max(1, workers), nice
        self._pool = self._new_pool()
        # checked against when a name is unknown, so a wrong name costs a wrong password's time
        self._dummy = hasher.hash(secrets.token_hex(16))

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: the server has threads (database, event loop) a fork would copy
        return ProcessPoolExecutor(self.workers, multiprocessing.get_context("spawn"),
                                   initializer=hash_work.start,
                                   initargs=(self.nice, os.getpid()))

    def ready(self) -> None:
        """Refused (503, with Retry-After) if a hash asked for now would wait past the
        queue's limit."""
        if self.pending >= self.limit:
            raise Refused(503, "the server is busy checking passwords: try again in a moment",
                          retry_after=BUSY_RETRY)

    async def _run(self, call: Callable[..., T], *args: object) -> T:
        self.ready()
        self.pending += 1
        try:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._pool, call, *args)
            except BrokenProcessPool:  # a hashing process was killed: new ones, once more
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool()
                return await loop.run_in_executor(self._pool, call, *args)
        finally:
            self.pending -= 1

    async def worker_pid(self) -> int:
        """The id of the hashing process that answers (one is started if none runs)."""
        return await self._run(hash_work.pid)

    async def hash(self, password: str) -> str:
        return await self._run(hash_work.hash_password, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """True if `password` is the one `stored` hashes (None: no account; always False,
        after as long as a check takes)."""
        good = await self._run(hash_work.verify, stored or self._dummy, password)
        return good and stored is not None

    async def rehashed(self, stored: str, password: str) -> str | None:
        """A new hash of a password just checked, if `stored` was made with older
        parameters; else None."""
        if not hasher.check_needs_rehash(stored):
            return None
        return await self.hash(password)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
