"""Report folders written whole or not at all, and Ctrl-C held back while they are swapped in.

A report is drawn into a hidden folder beside its target, then swapped in with two renames
while Ctrl-C waits: a stop while drawing leaves the previous report as it was, a stop after
leaves the complete new one, never an empty or half-written folder. The swap also removes
the previous run's figures. Only a folder that holds a report and nothing else is replaced.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..core import RatkingError
from ..outputs import check_writable_dir

# what a report folder holds (reports of simulate, sweep, tune and arena)
REPORT_FILES = frozenset({"index.html", "games.csv", "figures", "arena.json"})


def check_report_dir(path: Path, option: str = "--report") -> Path:
    """`path` as a report folder: new, empty, or a previous report (which the new one will
    replace); a folder holding anything else is refused, since the report replaces it whole."""
    path = check_writable_dir(path, option)
    if path.is_dir():
        others = sorted(p.name for p in path.iterdir() if p.name not in REPORT_FILES)
        if others:
            shown = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
            raise RatkingError(f"{option} {path} holds files that are not a report ({shown}): "
                               "give a new or empty folder, or a previous report's")
    return path


@contextmanager
def sigint_held() -> Iterator[list[int]]:
    """Hold a Ctrl-C (SIGINT) until the block ends, then raise it (main thread only). The
    block is given the list the held signal goes into, to look at when it wants to know."""
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield caught
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


@contextmanager
def replaced_folder(folder: Path) -> Iterator[Path]:
    """A fresh hidden folder to write into; when the block ends it takes `folder`'s place
    (the old one removed). If the block fails or is stopped, `folder` is left as it was."""
    folder = Path(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    new = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=folder.parent))
    umask = os.umask(0)
    os.umask(umask)
    new.chmod(0o777 & ~umask)
    try:
        yield new
    except BaseException:
        shutil.rmtree(new, ignore_errors=True)
        raise
    old = folder.with_name(f".{folder.name}.old-{os.getpid()}")
    with sigint_held():
        moved = folder.exists()
        if moved:
            folder.rename(old)
        new.rename(folder)
    if moved:
        shutil.rmtree(old, ignore_errors=True)
