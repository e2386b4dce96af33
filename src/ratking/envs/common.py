"""What the environments share: a game with its spaces checked, and text rendering."""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from ..core import Game, RatkingError, State, make
from ..core.spaces import ActionSpace, Layout, observation


class Spec:
    """One game, rule set and player count, with its action space and tensor layout."""

    def __init__(self, game_id: str, players: int, rules: dict[str, Any]) -> None:
        self.game: Game = make(game_id, **rules)
        self.game.check_players(players)
        self.players = players
        space = self.game.action_space(players)
        layout = self.game.observation_layout(players)
        if space is None or layout is None:
            raise RatkingError(f"{self.game.title} has no action space or observation tensor")
        self.space: ActionSpace = space
        self.layout: Layout = layout


class Observations:
    """An environment's observation tensors, each built once per state and seat.

    A tensor comes from `view(seat)` (core/spaces.py), which costs several decisions, and an
    environment may be asked for the same one again before the state changes (an agent's
    `observe` and `last`, an illegal action answered with the same observation). The state
    changes only by `apply`, which lengthens its history, so the history's length tells
    versions of one state apart. Each caller gets its own copy.
    """

    __slots__ = ("_state", "_steps", "_tensors")

    def __init__(self) -> None:
        self._state: State | None = None
        self._steps = -1
        self._tensors: dict[int | None, np.ndarray] = {}

    def get(self, state: State, seat: int | None) -> np.ndarray:
        steps = len(state.history)
        if state is not self._state or steps != self._steps:
            self._state, self._steps, self._tensors = state, steps, {}
        else:
            found = self._tensors.get(seat)
            if found is not None:
                return found.copy()
        tensor = self._tensors[seat] = observation(state, seat)
        return tensor.copy()


def render_text(state: State, width: int = 100) -> str:
    """The spectator's view as the terminal draws it (ANSI colours included)."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=True, color_system="standard")
    console.print(state.game.render_text(state.view(None)))
    status = (f"Game over ({state.end_reason}): returns {state.returns()}" if state.is_over
              else f"{state.names[state.current_player]} to decide")
    console.print(status, highlight=False, markup=False)
    return out.getvalue()
