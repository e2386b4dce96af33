"""What the table says to explain itself, on top of the board: where each seat stands toward
the goal, who won and by which rule, and every hand in a finished game's replay."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core import State


def standing(state: State, view: dict[str, Any]) -> dict[str, Any] | None:
    """The "how to win" panel, from the view the seat was sent (so it can say no more)."""
    hook = state.game.standing
    return None if hook is None else hook(view)


def ending(state: State) -> dict[str, Any] | None:
    """The end screen's explanation (finished games only)."""
    if not state.is_over:
        return None
    hook = state.game.ending
    if hook is None:
        return None
    return hook(state)


def open_hands(state: State) -> list[dict[str, str]] | None:
    """Every hand, for the replay of a finished game: `state` may be any step of that game."""
    hook = state.game.open_hands
    return None if hook is None else hook(state)


def open_view(state: State) -> dict[str, Any] | None:
    """The spectator's view with every hand face up, for the replay of a finished game (None
    if the game hides no hands)."""
    hook = state.game.open_view
    return None if hook is None else hook(state)


@cache
def hints_available() -> bool:
    """Whether this ratking has the search bot that hints need (rooms/hints.py)."""
    try:
        from ...bots import ismcts  # noqa: F401
    except ImportError:
        return False
    return True
