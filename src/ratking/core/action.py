"""Actions: one small decision, with a short stable id and a human label."""

from __future__ import annotations

from typing import Any


class Action:
    """A legal decision. `id` is stable across runs (records store it); `label` is for people.

    A game builds its actions once and reuses them, so comparing two actions of one game is an
    identity check (fast on the search hot path). `key` is the game's own decoded form.
    """

    __slots__ = ("id", "key", "label")

    def __init__(self, id: str, label: str, key: Any = None) -> None:
        self.id = id
        self.label = label
        self.key = key

    def __repr__(self) -> str:
        return f"Action({self.id!r}, {self.label!r})"

    def __str__(self) -> str:
        return self.id
