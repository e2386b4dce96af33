"""Progress bars (Rich) with the time left, for every long run."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class Bar:
    """One task's bar: `advance(k)` as k more units are done; `describe(text)` relabels it."""

    def __init__(self, progress: Progress, task: TaskID) -> None:
        self._progress = progress
        self._task = task

    def advance(self, k: int = 1) -> None:
        self._progress.advance(self._task, k)

    def describe(self, text: str) -> None:
        self._progress.update(self._task, description=text)

    def log(self, text: str) -> None:
        """A line above the bar (it stays when the bar is gone)."""
        self._progress.console.print(text, highlight=False)

    def grow(self, more: int) -> None:
        """Add `more` units still to do (a run that finds more work on its way)."""
        task = self._progress.tasks[self._progress.task_ids.index(self._task)]
        self._progress.update(self._task, total=(task.total or 0) + more)


@contextmanager
def progress_bar(console: Console, description: str, total: int,
                 unit: str = "games") -> Iterator[Bar]:
    """A bar showing done/total, elapsed and remaining time; gone from the screen when done."""
    with Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                  MofNCompleteColumn(), TextColumn(unit), TimeElapsedColumn(),
                  TextColumn("left"), TimeRemainingColumn(), console=console,
                  transient=True) as progress:
        yield Bar(progress, progress.add_task(description, total=total))


@contextmanager
def clock_bar(console: Console, description: str, seconds: float) -> Iterator[Bar]:
    """A bar for a run of known length in time (a load test's phases): it fills with the
    clock, second by second, from a thread of its own, so it moves whatever the run does."""
    total = max(1, round(seconds))
    with progress_bar(console, description, total, "s") as bar:
        stop = threading.Event()

        def tick() -> None:
            start, shown = time.monotonic(), 0
            while not stop.wait(0.25):
                now = min(total, int(time.monotonic() - start))
                if now > shown:
                    bar.advance(now - shown)
                    shown = now

        ticker = threading.Thread(target=tick, name="ratking-clock-bar", daemon=True)
        ticker.start()
        try:
            yield bar
        finally:
            stop.set()
            ticker.join()
