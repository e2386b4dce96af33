"""What the environments share: a game with its spaces checked, and text rendering."""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from ..core import Game, RatkingError, State, make
from ..core.spaces import ActionSpace, Layout, legal_list, tensor_buffer


class Spec:
    """One game, rule set and player count, with its action space and tensor layout.
    `recall`: observations are information-state tensors (`State.information_state`)."""

    def __init__(self, game_id: str, players: int, rules: dict[str, Any],
                 recall: bool = False) -> None:
        if recall.__class__ is not bool:
            raise RatkingError(f"recall must be True or False, not {recall!r}")
        self.game: Game = make(game_id, **rules)
        self.game.check_players(players)
        self.players = players
        self.recall = recall
        space = self.game.action_space(players)
        layout = self.game.observation_layout(players)
        if space is None or layout is None:
            raise RatkingError(f"{self.game.title} has no action space or observation tensor")
        self.space: ActionSpace = space
        self.layout: Layout = layout


class Observations:
    """An environment's observation tensors, each built once per state and seat, and its
    action masks, all handed out as new arrays (a caller may change or keep its own).

    An environment may be asked for the same tensor again before the state changes (an
    agent's `observe` and `last`, an illegal action answered with the same observation). The
    state changes only by `apply`, which counts its steps, so the count tells versions of one
    state apart. A tensor is kept as the encoder's buffer and each call copies it into a new
    array, which costs no more than wrapping it. A mask is read from the kernel's own list of
    legal actions, which it keeps until the next `apply`.
    """

    __slots__ = ("_state", "_steps", "_tensors", "layout", "recall", "space")

    def __init__(self, spec: Spec) -> None:
        self.space = spec.space
        self.layout = spec.layout
        self.recall = spec.recall
        self._state: State | None = None
        self._steps = -1
        self._tensors: dict[int | None, Any] = {}

    def get(self, state: State, seat: int | None) -> np.ndarray:
        """The observation tensor of `seat` (float32; with `recall`, its information
        state)."""
        if state is not self._state or state.steps != self._steps:
            self._state, self._steps, self._tensors = state, state.steps, {}
        buf = self._tensors.get(seat)
        if buf is None:
            buf = self._tensors[seat] = tensor_buffer(state, seat, self.layout, self.recall)
        return np.frombuffer(bytearray(buf), dtype=np.float32)

    def mask(self, state: State) -> np.ndarray:
        """The action mask of the seat to move (int8: 1 for a legal action; all 0 once the
        game is over)."""
        return np.frombuffer(self.space.flags(legal_list(state)), dtype=np.int8)


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
