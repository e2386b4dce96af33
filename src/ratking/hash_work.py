"""The work of the server's password-hashing processes (`server/passwords.py`): argon2's hash
and check, and how such a process starts. It lives outside `ratking.server` so that a hashing
process imports argon2 and nothing of the server."""

from __future__ import annotations

import ctypes
import os
import signal
import sys

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

hasher = PasswordHasher()
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies


def start(nice: int, parent: int) -> None:
    """In a new hashing process: step back `nice` (POSIX nice) for the server's event loop
    and its searches, and (on Linux) die with the server (`parent`), even if it was killed."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # it died before the signal was asked for
            os._exit(0)
    if nice > 0 and hasattr(os, "nice"):
        os.nice(nice)


def pid() -> int:
    """This process's id (the server asks it to know its hashing processes)."""
    return os.getpid()


def hash_password(password: str) -> str:
    return hasher.hash(password)


def verify(stored: str, password: str) -> bool:
    """True if `password` is the one `stored` hashes; False for a wrong one or a bad hash."""
    try:
        return hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False
