"""A review job the tests hold: run in the review workers in place of the timeline, it notes
that it started (a line in a log beside the hold file) and waits until the hold file exists,
so a test can keep reviews queued or computing for as long as it needs."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from ratking.server.rooms.review_queue import timeline_job

HOLD = "RATKING_TEST_REVIEW_HOLD"  # the variable naming the hold file (a test sets it)
MOST = 120  # seconds a held job waits at most


def hold_path() -> Path:
    return Path(os.environ[HOLD])


def started(hold: Path) -> list[str]:
    """The held jobs started so far, in order (each named by its game's seed)."""
    log = hold.with_suffix(".log")
    return log.read_text().split() if log.exists() else []


def held_timeline(record: dict[str, Any], seed: int) -> tuple[dict[str, Any], float]:
    """In a review worker: the timeline, once the hold file exists."""
    hold = hold_path()
    with hold.with_suffix(".log").open("a") as log:
        log.write(f"{record['seed']}\n")
    end = time.monotonic() + MOST
    while not hold.exists() and time.monotonic() < end:
        time.sleep(0.02)
    return timeline_job(record, seed)


def held(tag: str, release: str) -> str:
    """In a worker: note `tag` as started, then wait (busy, as a search is) until the file
    `release` exists; `tag`."""
    hold = hold_path()
    with hold.with_suffix(".log").open("a") as log:
        log.write(f"{tag}\n")
    end = time.monotonic() + MOST
    while not Path(release).exists() and time.monotonic() < end:
        sum(range(10_000))
    return tag


def process_state(pid: int) -> str:
    """A process's state letter in /proc (T: stopped)."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]
