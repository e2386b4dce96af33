"""Helpers for the games' `metrics(state)` hooks: counters read from a finished game's log."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from .state import State


def event_counts(state: State) -> Counter[str]:
    """How many events of each kind the game logged."""
    return Counter(entry[1] for entry in state.log)


def events_of(state: State, kind: str) -> Iterator[dict[str, Any]]:
    """The public data of every logged event of one kind, in order."""
    for entry in state.log:
        if entry[1] == kind:
            yield entry[3]


def family(group: str, values: dict[str, float]) -> dict[str, float]:
    """Counters shown together in a report: {"group/name": value}."""
    return {f"{group}/{name}": float(value) for name, value in values.items()}


def one_of(group: str, names: Iterable[str], chosen: Iterable[str]) -> dict[str, float]:
    """A family of 0/1 flags: 1 for each name in `chosen` (e.g. how a game ended)."""
    chosen = set(chosen)
    return {f"{group}/{name}": float(name in chosen) for name in names}
