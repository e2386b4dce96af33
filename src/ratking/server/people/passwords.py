"""Passwords: what one may be, and the hashing of them, bounded.

A password is taken in NFC, so one typed in decomposed form (NFD) matches the same password
typed composed. It is 8 to 200 characters, not blank, and not one of the passwords people
use most (the list that ships with zxcvbn, as NIST SP 800-63B asks for).

Argon2 takes tens of milliseconds of CPU by design, so hashing is kept off the event loop and
bounded: `Hashing` runs the hashes on a few threads of their own, niced like the search
workers (on Linux), with a short queue; a hash asked for while the queue is full is refused
at once (503 with Retry-After), so a burst of sign-ins cannot slow the tables."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import sys
import threading
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ..refused import Refused

MIN_PASSWORD = 8
MAX_PASSWORD = 200
BUSY_RETRY = 2  # seconds a refused sign-in is told to wait
hasher = PasswordHasher()
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


def _nice(step: int) -> None:
    """Step this thread (and the threads argon2 starts from it) back for the event loop."""
    if step and sys.platform == "linux":
        with contextlib.suppress(OSError):  # not allowed here: run at the loop's own
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), step)


class Hashing:
    """Argon2 hashes and checks on `threads` threads of their own, at most `queue` waiting
    or running; past that, Refused (503)."""

    def __init__(self, threads: int = 1, queue: int = 8, nice: int = 10) -> None:
        self.limit = max(1, queue)
        self.pending = 0
        self._pool = ThreadPoolExecutor(max(1, threads), thread_name_prefix="ratking-hash",
                                        initializer=_nice, initargs=(nice,))
        # checked against when a name is unknown, so a wrong name costs a wrong password's time
        self._dummy = hasher.hash(secrets.token_hex(16))

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
            return await asyncio.get_running_loop().run_in_executor(self._pool, call, *args)
        finally:
            self.pending -= 1

    async def hash(self, password: str) -> str:
        return await self._run(hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """True if `password` is the one `stored` hashes (None: no account; always False,
        after as long as a check takes)."""
        return await self._run(_verify, stored or self._dummy, password) and stored is not None

    async def rehashed(self, stored: str, password: str) -> str | None:
        """A new hash of a password just checked, if `stored` was made with older
        parameters; else None."""
        if not hasher.check_needs_rehash(stored):
            return None
        return await self.hash(password)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _verify(stored: str, password: str) -> bool:
    try:
        return hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False
