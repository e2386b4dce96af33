"""Progress bars (Rich) with the time left, for every long run."""

from __future__ import annotations

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
