"""A process that ends with its parent: a worker of the pool (the parent is the server's event
loop) and each server process of `ratking serve --workers N` (the parent is its supervisor),
so that no orphan keeps running."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Callable


def leave_with_parent(leave: Callable[[], None], every: float = 1.0) -> None:
    """Call `leave()` once this process's parent has gone (even killed with -9, which tells
    its children nothing), from a thread that looks every `every` seconds."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        leave()

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


PR_SET_PDEATHSIG, PR_GET_PDEATHSIG = 1, 2  # prctl(2): the signal a process gets when its
# parent dies, set and read


def death_signal() -> int | None:
    """The signal this process gets when its parent dies (0: none), or None off Linux."""
    if not sys.platform.startswith("linux"):
        return None
    found = ctypes.c_int(0)
    ctypes.CDLL(None, use_errno=True).prctl(PR_GET_PDEATHSIG, ctypes.byref(found), 0, 0, 0)
    return found.value


def die_with_parent(parent: int) -> None:
    """End this process the moment its parent (pid `parent`) dies, whatever it is doing: on
    Linux the kernel kills it then (PR_SET_PDEATHSIG; the parent is the thread that started
    it, the server's event loop); elsewhere a thread looks every second. A parent already
    gone ends it at once."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            leave_with_parent(lambda: os._exit(0))
    else:
        leave_with_parent(lambda: os._exit(0))
    if os.getppid() != parent:  # it died before the signal was asked for
        os._exit(0)
